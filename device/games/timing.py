"""How a game's heavy computations are timed for `tabletop bench` (device/cli/bench/engines.py):
each figure is the fastest of a few runs of the same input with cold caches (that filters out
other load on the machine)."""

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
