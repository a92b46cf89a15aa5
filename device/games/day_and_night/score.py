"""`tabletop score day-and-night`: its scoring core on the command line (see its rules page),
registered by module name in device/games/__init__.py."""

from __future__ import annotations

import argparse
from typing import Any

from device.games.scorer import Scorer


def _dan_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("notation", help="six rows of eight of . d n f D N separated by /")


def _dan_run(args: argparse.Namespace) -> dict[str, Any]:
    from engine.day_and_night import adjudicate, parse_board

    board = parse_board(args.notation)
    verdict = adjudicate(board)
    return {
        "verdict": verdict.verdict,
        "day": {"temples": board.day_temples, "can_win": verdict.day_can_win},
        "night": {"temples": board.night_temples, "can_win": verdict.night_can_win},
        "winning_tiles": [list(t) for t in verdict.winning_tiles],
    }


# --- Wandernde Druiden -----------------------------------------------------------------------


SCORER = Scorer(
    _dan_args,
    _dan_run,
    "adjudicate a board: who can still win",
    notation_positional=True,
)
