"""Feuer und Wasser's view on the box: what the screen adds to the state (a cursor, a selection)
and its saved form, with the helpers both the input (screen.py) and the drawing (drawing.py)
use."""

from __future__ import annotations

from dataclasses import dataclass

from engine.core import Coord
from engine.feuer_und_wasser.game import (
    State,
)

WINDOW = (56, 64)  # the landscape window in pixels (height, width)


PANEL = WINDOW[1] + 3


PREVIEW = 6  # the draw step's card preview: squares of 6 pixels, 18x12 under the points


NAMES = {"R": "fuw.fire", "B": "fuw.water"}


@dataclass(frozen=True)
class View:
    pick: int = 0  # draw step: which of the cards not laid yet
    at: Coord | None = None  # lay step: where the card lies (a legal place)
    turns: int = 0
    tip: tuple[int, int, int] | None = None  # lay step: the best place (row, column, turns) ...
    best: int = 0  # ... and what it gives (found once, when the card is drawn)
    review: tuple[int, int] | None = None  # a finished round: (its index, page)
    shown: bool = False  # the card lies where the box lays it or the hint says: drawn large


def choices(state: State) -> list[str]:
    """The active deck's cards not laid yet, in deck order."""
    return [
        card_id
        for card_id, _ in state.options.deck(state.turn)
        if not state.is_laid(state.turn, card_id)
    ]
