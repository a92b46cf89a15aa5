"""Day and Night: a 6x8 board, spells, mystify and crystallize, temples and adjudication.

The parts: `state.py` (options, actions, the state, the board's fields), `effects.py` (what
a spell's effects do), `temples.py` (temples, the verdict, Day's upkeep), `game.py` (playing a
turn, the contract; `GAME`), `notation.py` (actions and options as text), `choices.py` (what
can be played now, for the box), `spells.py` (spells as data), `adjudication.py` and
`areas.py` (the board's verdict)."""

from engine.day_and_night.adjudication import (
    TEMPLE_SIZE,
    Board,
    Verdict,
    adjudicate,
    can_still_win,
    parse_board,
)
from engine.day_and_night.areas import COLS, ROWS

__all__ = [
    "COLS",
    "ROWS",
    "TEMPLE_SIZE",
    "Board",
    "Verdict",
    "adjudicate",
    "can_still_win",
    "parse_board",
]
