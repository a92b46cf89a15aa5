"""Zweimal's view on the box: what the screen adds to the state (a cursor, a selection) and its
saved form, with the helpers both the input (screen.py) and the drawing (drawing.py) use."""

from __future__ import annotations

from dataclasses import dataclass

from engine.core import Coord
from engine.zweimal.game import (
    State,
)
from engine.zweimal.position import RoadScore, score_roads


@dataclass(frozen=True)
class View:
    """Zweimal's view: the cursor, a picked-up figure (game 2), the set-up on offer (the box's
    dealt layout, or "edit": as on the table), the scoring board after a round (`review`: the
    round's index and the page: a road, or the score after the last road) and a proposed
    step drawn done (`preview`)."""

    cursor: Coord = (0, 0)
    selected: Coord | None = None
    setup: str = "deal"
    proposal: tuple[str, ...] = ()
    review: tuple[int, int] | None = None
    # the box's move or a hint drawn done: the field whose figure (placed or moved there) or
    # road (a card laid: turned) the board shows as it will be; not saved (shown again)
    preview: Coord | None = None
    # the box's own choice of a move for the player (`suggest`): picking up the figure on its
    # first field puts the cursor on the second; not saved (suggested again)
    aim: tuple[Coord, Coord] | None = None


def scoring_roads(state: State, r: int) -> list[RoadScore]:
    return [rs for rs in score_roads(state.round_positions[r]) if rs.winner]


def last_page(state: State, r: int) -> int:
    """The scoring board's last page: one per scoring road (at least one), then the score."""
    return max(1, len(scoring_roads(state, r)))


def cell_size(state: State) -> int:
    return 13 if state.options.size == 4 else 11


def panel_x(state: State) -> int:
    return 1 + state.options.size * cell_size(state) + 4
