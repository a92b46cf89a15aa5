"""`tabletop score GAME ...`: the scoring cores of the four games on the command line.

Each game's `Scorer` (named in its entry in `device/games/__init__.py`) is a parser set-up and a
function turning parsed arguments into one JSON-able dict. Bad input raises `UsageError` (exit
status 2, one line on stderr).
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine.core import IllegalMove, InputError, NotationError

NUMBER = re.compile(r"[+-]?[0-9]+")  # ASCII digits only (int() would take '٣' and '²')


class UsageError(InputError):
    """Bad command-line input: one line for stderr, exit status 2."""


@dataclass(frozen=True)
class Scorer:
    add_arguments: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace], dict[str, Any]]
    help: str


def parse_ints(text: str, what: str) -> list[int]:
    """`5,3,2` -> [5, 3, 2]; an empty string is an empty list. Only ASCII digits count."""
    if not isinstance(text, str):  # argparse hands over a list for a bare `--`
        raise UsageError(f"{what}: expected comma-separated numbers like 5,3,2")
    text = text.strip()
    if not text:
        return []
    values = []
    for i, part in enumerate(text.split(",")):
        part = part.strip()
        try:
            if not NUMBER.fullmatch(part):
                raise ValueError(part)
            values.append(int(part))
        except ValueError:
            raise UsageError(
                f"{what}: item {i + 1} ({part!r}) is not a whole number; "
                "expected comma-separated numbers like 5,3,2"
            ) from None
    return values


def parse_coord(text: str, what: str) -> tuple[int, int]:
    parts = parse_ints(text, what)
    if len(parts) != 2:
        raise UsageError(
            f"{what}: expected ROW,COL like 0,2 (either may be negative), got {text!r}"
        )
    return parts[0], parts[1]


# --- Zweimal ---------------------------------------------------------------------------------


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


def _druiden_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--attackers", required=True, help="strengths, e.g. 5,3,2 ('' for none)")
    p.add_argument("--defenders", required=True, help="strengths, e.g. 4,4,1 ('' for none)")
    p.add_argument(
        "--assign",
        help="for each defender the index of the attacker it blocks, e.g. 0,0,1 "
        "(without it: the defender's best assignment)",
    )
    p.add_argument(
        "--mp-rule",
        choices=["once", "per-unblocked"],
        default="once",
        help="MP lost: once per clash with any unblocked attacker (default), or per unblocked one",
    )


def _druiden_run(args: argparse.Namespace) -> dict[str, Any]:
    from engine.wandernde_druiden import MpRule, best_assignment, resolve

    attackers = parse_ints(args.attackers, "--attackers")
    defenders = parse_ints(args.defenders, "--defenders")
    rule = MpRule(args.mp_rule)
    try:
        if args.assign is None:
            outcome = best_assignment(attackers, defenders, rule)
        else:
            outcome = resolve(attackers, defenders, parse_ints(args.assign, "--assign"), rule)
    except IllegalMove as error:
        raise UsageError(str(error)) from None
    return {
        "assignment": list(outcome.assignment),
        "mp_loss": outcome.mp_loss,
        "attackers_discarded": list(outcome.attackers_discarded),
        "defenders_discarded": list(outcome.defenders_discarded),
        "unblocked": list(outcome.unblocked),
        "attack_discarded": outcome.attack_discarded,
        "defense_discarded": outcome.defense_discarded,
    }


ZWEIMAL = Scorer(_zweimal_args, _zweimal_run, "roads and majority scoring of a position")
FEUER_UND_WASSER = Scorer(_fuw_args, _fuw_run, "check a card placement and what it scores")
DAY_AND_NIGHT = Scorer(_dan_args, _dan_run, "adjudicate a board: who can still win")
WANDERNDE_DRUIDEN = Scorer(_druiden_args, _druiden_run, "a clash and the best defence")


def run(scorer: Scorer, args: argparse.Namespace) -> dict[str, Any]:
    try:
        return scorer.run(args)
    except NotationError as error:
        raise UsageError(str(error)) from None
