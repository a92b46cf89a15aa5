"""`tabletop score wandernde-druiden`: its scoring core on the command line (see its rules page),
registered by module name in device/games/__init__.py."""

from __future__ import annotations

import argparse
from typing import Any

from device.games.scorer import Scorer, UsageError, parse_ints
from engine.core import IllegalMove


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


SCORER = Scorer(
    _druiden_args,
    _druiden_run,
    "a clash and the best defence",
    dash_values=frozenset({"--attackers", "--defenders", "--assign"}),
)
