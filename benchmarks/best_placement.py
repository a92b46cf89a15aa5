"""Feuer und Wasser's tip (the best placement) and the box's placement on large landscapes
(prints figures; not a test).

    .venv/bin/python benchmarks/best_placement.py [LANDSCAPES]     # default 20

A thin entry point: the measuring is `device/games/feuer_und_wasser/bench.py`
(`best_placement_ms_max` and `box_placement_ms_max` of `tabletop bench`): random games with
30-card decks until 60 cards lie on the table, then the tip for the drawn card (best of 3
runs), both versions; the box's placement, one card further, when 20, 40 and 60 cards lie.
Target: at most 50 ms each.
"""

from __future__ import annotations

import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from device.games.feuer_und_wasser import bench as engines  # noqa: E402


def main() -> int:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    cards = "/".join(str(n) for n in engines.BOX_AT)
    for name, times in (
        ("the tip on landscapes of 60 cards", engines.best_placement(count)),
        (f"the box's placement at {cards} cards", engines.box_placement(count)),
    ):
        worst = max(times)
        print(f"{name} ({len(times)}; target at most 50 ms)")
        print(f"  median {statistics.median(times):5.1f} ms  worst {worst:5.1f} ms"
              f"  {'ok' if worst <= 50 else 'MISSED'}")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
