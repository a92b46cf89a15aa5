"""Day and Night's view on the box: what the screen adds to the state (a cursor, a selection) and
its saved form, with the helpers both the input (screen.py) and the drawing (drawing.py) use."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.core import Coord
from engine.day_and_night.areas import COLS, fields_of
from engine.day_and_night.choices import castable
from engine.day_and_night.spells import Spell
from engine.day_and_night.state import SIDES, State

CELL = 8


TOP = 4
LEFT = 1  # the board a pixel in from the screen's edge: the cursor's frame shows whole


PANEL = LEFT + COLS * CELL + 3


NAMES = {"day": "dan.day", "night": "dan.night"}


LIST_ROWS = 4  # spells on one page of the list (under them: what the chosen one does)


@dataclass(frozen=True)
class View:
    cursor: Coord = (0, 0)
    mode: str = "board"  # board, spells, targets, temple
    spell: int = 0  # the chosen spell's place in the deck (spells, targets)
    targets: tuple[Coord, ...] = ()  # targets chosen so far; temple: the tiles left out
    built: tuple[Coord, ...] = ()  # a temple just built: its tiles marked until the next press
    built_side: str = ""
    last: tuple[str, str] = ("", "")  # the spell each side cast last: the list starts there
    drawn: int = 0  # cards the last step or spell drew (to take now; the turn's: `draws`)
    upkeep: bool = False  # the turn has just begun: its upkeep is said until the next action
    # the box's own choice of a spell for the player (`suggest`): the list opens on it, and
    # taking it marks its targets up to the last, the cursor on that; not saved
    aim: Any = None


def spells(state: State) -> tuple[Spell, ...]:
    return state.options.decks[SIDES.index(state.turn)]


def offered(state: State) -> list[int]:
    """The places in the deck of the spells that can be cast now (engine/day_and_night:
    cost, prerequisite, the moment, and a way to pick every target), in the list's order:
    the spells the player to move has cast most first, then the deck's order."""
    ids = {s.id for s in castable(state)}
    cast = [spell for side, spell in state.cast if side == state.turn]
    found = [i for i, s in enumerate(spells(state)) if s.id in ids]
    return sorted(found, key=lambda i: -cast.count(spells(state)[i].id))


def temple_area(state: State) -> tuple[Coord, ...]:
    area = state.pending.area if state.pending else 0
    return fields_of(area)


def temple_chosen(state: State, view: View) -> list[Coord]:
    """The 8 tiles the temple view would build: the area but the tiles left out."""
    return [t for t in temple_area(state) if t not in view.targets]
