"""Wandernde Druiden's heavy computation, timed for `tabletop bench`
(device/cli/bench/engines.py): the best defence, 8 v 8, 8 v 10 with ten distinct strengths,
and at the search's limits, 12 v 12 (`best_defense_ms_8v8`, `_8v10`, `_max`)."""

from __future__ import annotations

import random
from functools import partial

from device.games.contract import Frame
from device.games.timing import timed_ms

TARGETS: dict[str, tuple[str, float]] = {
    "best_defense_ms_8v8": ("<=", 20.0),
    "best_defense_ms_8v10": ("<=", 20.0),
}


def figures(quick: bool, frame: Frame, /) -> dict[str, float]:
    return {
        "best_defense_ms_8v8": round(max(best_defence(8, 8, 5 if quick else 60)), 3),
        "best_defense_ms_8v10": round(max(best_defence(8, 10, 5 if quick else 60)), 3),
        "best_defense_ms_max": round(max(best_defence(12, 12, 1 if quick else 5)), 3),
    }


def best_defence(attackers: int, defenders: int, count: int, seed: int = 2026) -> list[float]:
    """Random clashes with distinct strengths 0-99 on both sides: the hard case for the
    search (equal strengths make its multisets small)."""
    from engine.wandernde_druiden import best_assignment

    rng = random.Random(seed)
    times = []
    for _ in range(count):
        a = rng.sample(range(100), attackers)
        d = rng.sample(range(100), defenders)
        times.append(timed_ms(partial(best_assignment, a, d)))
    return times
