"""Benchmark of the scoring cores (prints figures; not a test).

    .venv/bin/python benchmarks/scoring.py [--boards N] [--clashes N] [--seed S]

Targets on the development machine (issue 2): worst-case Day and Night adjudication at most
5 ms on dense and sparse 6x8 boards; the Wandernde Druiden best defence for 8 attackers
against 10 defenders at most 20 ms. Each figure is the fastest of a few repeats of the same
input (which filters out other load on the machine), cold caches every time.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.day_and_night import adjudicate, parse_board  # noqa: E402
from engine.day_and_night.areas import holds_two  # noqa: E402
from engine.wandernde_druiden import best_assignment  # noqa: E402

REPEATS = 3


def timed(fn: Callable[[], object], before: Callable[[], None] = lambda: None) -> float:
    best = float("inf")
    for _ in range(REPEATS):
        before()
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best


def random_board(rng: random.Random, fill: float) -> str:
    rows = []
    for _ in range(6):
        rows.append("".join(rng.choice("dnf") if rng.random() < fill else "." for _ in range(8)))
    for symbol in "DN":  # now and then a temple row
        if rng.random() < 0.4:
            r = rng.randrange(6)
            if all(ch not in "DN" for ch in rows[r]):
                rows[r] = symbol * 8
    return "/".join(rows)


# Boards built to make the search work: thin areas, bridges, a star that cannot be split.
HARD_BOARDS = [
    "ffffffff/fnnnnnnf/fnffffnf/fnfddfnf/fnnnnnnf/ffffffff",
    "nfnfnfnf/nnnnnnnn/ffffffnf/nnnnnnnn/nfffffff/nnnnnnnn",
    "dfffffff/dfdnnnnf/ddfffffn/fdnnnnfn/fffffdfn/nnnnnnnn",
    "dddddfnn/fffffdfn/nnnndddd/nffffffn/nnnnnnnn/DDDDDDDD",
    "nnnfnnnf/nfnfnfnf/nfnnnfnn/nfffffff/nnnnnnnn/NNNNNNNN",
    "ndddddnf/nfffffnf/nnnnnnnf/ffffffff/DDDDDDDD/NNNNNNNN",
]


def bench_adjudication(count: int, rng: random.Random) -> None:
    print("Day and Night adjudication (target: worst case at most 5 ms)")
    for label, fill in (("dense", 0.9), ("medium", 0.6), ("sparse", 0.25)):
        times = []
        for _ in range(count):
            text = random_board(rng, fill)
            try:
                board = parse_board(text)
            except ValueError:
                continue
            times.append((timed(lambda b=board: adjudicate(b), holds_two.cache_clear), text))
        report(label, times)
    hard = []
    for text in HARD_BOARDS:
        board = parse_board(text)
        hard.append((timed(lambda b=board: adjudicate(b), holds_two.cache_clear), text))
    report("hand-made hard", hard)


def bench_clash(count: int, rng: random.Random) -> None:
    print("Wandernde Druiden best defence, 8 attackers v 10 defenders (target: 20 ms)")
    kinds = {
        "strengths 1-10, repeats": lambda: [rng.randint(1, 10) for _ in range(10)],
        "distinct strengths 1-12": lambda: rng.sample(range(1, 13), 10),
        "distinct strengths 1-40": lambda: rng.sample(range(1, 41), 10),
    }
    for label, defenders in kinds.items():
        times = []
        for _ in range(count):
            a = [rng.randint(1, 10) for _ in range(8)]
            d = defenders()
            times.append((timed(lambda a=a, d=d: best_assignment(a, d)), f"{a} v {d}"))
        report(label, times)


def report(label: str, times: list[tuple[float, str]]) -> None:
    values = [t for t, _ in times]
    if not values:
        return
    worst, case = max(times)
    print(
        f"  {label:<26} n={len(values):<4} median {statistics.median(values) * 1000:7.2f} ms"
        f"   worst {worst * 1000:7.2f} ms   ({case})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--boards", type=int, default=300, help="random boards per density")
    parser.add_argument("--clashes", type=int, default=100, help="random clashes per kind")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    bench_adjudication(args.boards, rng)
    bench_clash(args.clashes, rng)


if __name__ == "__main__":
    main()
