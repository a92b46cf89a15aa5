"""Where the Zweimal cursor may go and where it starts: fewer presses at the table.

The cursor moves only over fields where the current step is possible (a figure goes on a free
field or, in game 2, an own figure that can move is picked up; a card goes on a free field; a
picked-up figure goes one field along its road). `right`/`left` go to the next/previous such
field in reading order, `down`/`up` in column order, wrapping. Each step starts the cursor on
the field from which the others are fewest presses away on average (the 1-median of the
possible fields under these moves): with no better guess of where the players will go, that is
where the next step most likely happens, in presses. `benchmarks/presses.py` measures it.
"""

from __future__ import annotations

from engine.core import Coord
from engine.zweimal.game import State
from engine.zweimal.position import EMPTY, road_of


def move_targets(state: State, source: Coord) -> list[Coord]:
    """The free fields a figure on `source` can move to (one field along its road)."""
    road = road_of(state.position, source).fields
    r, c = source
    return sorted(
        t
        for t in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
        if t in road and state.position.figure_at(t) == EMPTY
    )


def possible(state: State, selected: Coord | None = None) -> list[Coord]:
    """The fields where the current step can happen, in reading order."""
    n = state.options.size
    fields = [(r, c) for r in range(n) for c in range(n)]
    free = [f for f in fields if state.position.figure_at(f) == EMPTY]
    if state.phase == "road":
        return free
    if state.phase == "figure":
        if selected is not None:
            return sorted({selected, *move_targets(state, selected)})
        found = set(free) if state.figures_left(state.turn) > 0 else set()
        if state.options.variant == 2:
            found |= {
                f
                for f in fields
                if state.position.figure_at(f) == state.turn and move_targets(state, f)
            }
        return sorted(found) or fields
    return fields
