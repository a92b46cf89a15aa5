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

from collections import deque

from engine.core import Coord
from engine.zweimal.game import EMPTY, State, road_of

MOVES = ("up", "down", "left", "right")


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


def step(fields: list[Coord], cursor: Coord, button: str) -> Coord:
    """The next field from `cursor` for an arrow, over `fields` (reading order)."""
    if not fields:
        return cursor
    if button in ("left", "right"):
        order = fields
        key = cursor
    else:
        order = sorted(fields, key=lambda f: (f[1], f[0]))
        key = (cursor[1], cursor[0])
    keys = [f if button in ("left", "right") else (f[1], f[0]) for f in order]
    if button in ("right", "down"):
        after = [i for i, k in enumerate(keys) if k > key]
        return order[after[0] if after else 0]
    before = [i for i, k in enumerate(keys) if k < key]
    return order[before[-1] if before else -1]


def graph(fields: list[Coord]) -> dict[Coord, tuple[Coord, ...]]:
    """Each field's four arrow neighbours within `fields` (reading order given)."""
    k = len(fields)
    columns = sorted(fields, key=lambda f: (f[1], f[0]))
    at = {f: i for i, f in enumerate(columns)}
    out = {}
    for i, f in enumerate(fields):
        j = at[f]
        out[f] = (
            columns[(j - 1) % k],
            columns[(j + 1) % k],
            fields[(i - 1) % k],
            fields[(i + 1) % k],
        )
    return out  # up, down, left, right


def distances(fields: list[Coord], start: Coord, table=None) -> dict[Coord, int]:
    """Presses from `start` to each field (breadth-first over the four arrows)."""
    table = table or graph(fields)
    seen = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        near = table.get(here) or tuple(step(fields, here, b) for b in MOVES)
        for there in near:
            if there not in seen:
                seen[there] = seen[here] + 1
                queue.append(there)
    return seen


def start(fields: list[Coord]) -> Coord:
    """The field the others are fewest presses from, on average (ties: reading order)."""
    if not fields:
        return (0, 0)
    if len(fields) <= 2:
        return fields[0]
    table = graph(fields)
    best, best_sum = fields[0], None
    for field in fields:
        total = sum(distances(fields, field, table).values())
        if best_sum is None or total < best_sum:
            best, best_sum = field, total
    return best
