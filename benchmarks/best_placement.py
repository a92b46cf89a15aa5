"""The Feuer und Wasser best-placement hint on large landscapes (prints figures; not a test).

    .venv/bin/python benchmarks/best_placement.py [LANDSCAPES]     # default 20

A thin entry point: the measuring is `device/games/feuer_und_wasser/bench.py`
(`best_placement_ms_max` of `tabletop bench`): random games with 30-card decks until 60 cards
lie on the table, then the hint for the drawn card (best of 3 runs), both versions. Target: at
most 50 ms.
"""

from __future__ import annotations

import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from device.games.feuer_und_wasser import bench as engines  # noqa: E402


def main() -> int:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    times = engines.best_placement(count)
    worst = max(times)
    print(f"best placement on landscapes of 60 cards ({count}; target at most 50 ms)")
    print(f"  median {statistics.median(times):5.1f} ms  worst {worst:5.1f} ms"
          f"  {'ok' if worst <= 50 else 'MISSED'}")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
