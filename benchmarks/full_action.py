"""Day and Night: one full action on crowded boards (prints figures; not a test).

    .venv/bin/python benchmarks/full_action.py [BOARDS]      # default 30

A thin entry point: the measuring is `device/games/day_and_night/bench.py` (`full_action_ms_max`
of `tabletop bench`). Every action the engine offers on boards of 32+ tiles is timed as the box
does it: apply (temple check, adjudication), the next view, the frame. Target: at most 10 ms.
"""

from __future__ import annotations

import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from device.cli.bench.engines import frame  # noqa: E402
from device.games.day_and_night import bench as engines  # noqa: E402


def main() -> int:
    boards = int(sys.argv[1]) if len(sys.argv) > 1 else 30
    times = engines.full_action(boards, frame)
    worst = max(times)
    print(f"Day and Night, one full action on crowded boards ({len(times)} actions)")
    print(f"  median {statistics.median(times):.2f} ms  worst {worst:.2f} ms"
          f"  {'ok' if worst <= 10 else 'MISSED'}  (target: at most 10 ms)")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
