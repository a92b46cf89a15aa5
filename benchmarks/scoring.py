"""Day and Night's adjudication and Wandernde Druiden's best defence (prints figures).

    .venv/bin/python benchmarks/scoring.py [BOARDS] [CLASHES]

A thin entry point: the measuring is each game's `bench.py` (`device/games/day_and_night/`,
`device/games/wandernde_druiden/`), which `tabletop bench` runs with every other figure.
Targets on the development machine: worst adjudication at most 5 ms; best defence 8 v 10 at
most 20 ms.
"""

from __future__ import annotations

import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from device.games.day_and_night import bench as day_and_night  # noqa: E402
from device.games.wandernde_druiden import bench as druiden  # noqa: E402


def line(label: str, times: list[float]) -> None:
    print(f"  {label:<34} n={len(times):<4} median {statistics.median(times):7.2f} ms"
          f"   worst {max(times):7.2f} ms")  # fmt: skip


def main() -> int:
    boards = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    clashes = int(sys.argv[2]) if len(sys.argv) > 2 else 60
    print("Day and Night adjudication (target: worst at most 5 ms)")
    line("dense and medium boards, hard ones", day_and_night.adjudication(boards))
    print("Wandernde Druiden best defence, distinct strengths 0-99 (target: 20 ms)")
    for a, d in ((8, 8), (8, 10), (12, 12)):
        line(f"{a} v {d}", druiden.best_defence(a, d, clashes if a < 12 else 3))
    return 0


if __name__ == "__main__":
    sys.exit(main())
