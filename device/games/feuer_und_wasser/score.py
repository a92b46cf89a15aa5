"""`tabletop score feuer-und-wasser`: its scoring core on the command line (see its rules page),
registered by module name in device/games/__init__.py."""

from __future__ import annotations

import argparse
from typing import Any

from device.games.scorer import Scorer, parse_coord
from engine.core import IllegalMove


def _fuw_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--board", required=True, help="rows of R, B, . separated by /")
    p.add_argument("--card", required=True, help="the card as laid: RRB/BBR or RB/BB/RR")
    p.add_argument("--at", required=True, help="ROW,COL of the card's top-left field")
    p.add_argument("--player", required=True, choices=["R", "B"])
    p.add_argument("--mode", required=True, choices=["rows", "groups"])


def _fuw_run(args: argparse.Namespace) -> dict[str, Any]:
    from engine.feuer_und_wasser import lay, parse_card, parse_landscape

    board = parse_landscape(args.board)
    card = parse_card(args.card)
    at = parse_coord(args.at, "--at")
    try:
        placed = lay(board, card, at, args.player, args.mode)
    except IllegalMove as error:
        return {"legal": False, "reason": str(error)}
    return {
        "legal": True,
        "length": placed.length,
        "cards": placed.cards,
        "fields": [list(f) for f in placed.fields],
        "board": placed.landscape.notation(),
    }


# --- Day and Night ---------------------------------------------------------------------------


SCORER = Scorer(
    _fuw_args,
    _fuw_run,
    "check a card placement and what it scores",
    dash_values=frozenset({"--at"}),  # `--at -1,2`
)
