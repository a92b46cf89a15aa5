"""Day and Night: a 6x8 board, spells, mystify and crystallize, temples and adjudication."""

from engine.day_and_night.adjudication import (
    COLS,
    ROWS,
    TEMPLE_SIZE,
    Board,
    Verdict,
    adjudicate,
    can_still_win,
    parse_board,
)

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
