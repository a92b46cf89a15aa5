"""`tabletop score zweimal`: its scoring core on the command line (see its rules page),
registered by module name in device/games/__init__.py."""

from __future__ import annotations

import argparse
from typing import Any

from device.games.scorer import Scorer


def _zweimal_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("notation", help="the position, e.g. '-A-A-B|./|.-B-A|./-A-A-A-B/|B|B|A|B'")


def _zweimal_run(args: argparse.Namespace) -> dict[str, Any]:
    from engine.zweimal import parse_position, score, score_roads

    position = parse_position(args.notation)
    roads = score_roads(position)
    return {
        "scores": score(position),
        "roads": [
            {
                "orientation": rs.road.orientation,
                "fields": [list(f) for f in rs.road.fields],
                "figures": rs.figures,
                "winner": rs.winner,
                "points": rs.points,
            }
            for rs in roads
        ],
    }


# --- Feuer und Wasser ------------------------------------------------------------------------


SCORER = Scorer(
    _zweimal_args,
    _zweimal_run,
    "roads and majority scoring of a position",
    notation_positional=True,  # a notation starts with - (`-A-A...`)
)
