"""The games' heavy computations, timed: each game's entry names a module of its own figures
(`bench_module`, a `Figures`: device/games/contract.py), e.g. Day and Night's adjudication or
Wandernde Druiden's best defence. Each figure is the fastest of a few runs of the same input
with cold caches (that filters out other load on the machine); the maximum is over the inputs."""

from __future__ import annotations

import time
from collections.abc import Callable

REPEATS = 3


def timed_ms(fn: Callable[[], object], before: Callable[[], None] = lambda: None) -> float:
    best = float("inf")
    for _ in range(REPEATS):
        before()
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best * 1000


def figures(quick: bool) -> dict[str, float]:
    """Every game's figures, in the registry's order."""
    from device.games import GAMES

    found: dict[str, float] = {}
    for entry in GAMES.values():
        if entry.figures is not None:
            found.update(entry.figures.figures(quick))
    return found


def targets() -> dict[str, tuple[str, float]]:
    """Every game's targets for its figures."""
    from device.games import GAMES

    found: dict[str, tuple[str, float]] = {}
    for entry in GAMES.values():
        if entry.figures is not None:
            found.update(entry.figures.TARGETS)
    return found
