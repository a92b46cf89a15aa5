"""Press to frame, this tree against an earlier commit, measured side by side in one run
(absolute times on a shared machine vary 1.5-2x from day to day; a ratio in one run does not):

    .venv/bin/python benchmarks/compare_press.py [REV] [--presses N] [--rounds R] [--starts S]

REV (default 93be0a6, before the screen fitting, the layout change and solo play) is taken
from git into a temporary folder; both trees run with this virtual environment, each in its
own processes, in alternating rounds (REV, this, REV, this, ...), each playing the same
seeded presses of every game on the simulated box (`tabletop bench`'s player). Printed: per
game the press-to-frame p50 and p99 of each tree over all its rounds and the ratio this/REV,
and each tree's first frame over its import floor (the start of `tabletop run --sim` as a
separate process; goal at most 2).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tarfile
import tempfile
from io import BytesIO
from pathlib import Path

from device.cli.bench import percentile  # the same percentile as `tabletop bench`

ROOT = Path(__file__).resolve().parent.parent

WORKER = r"""
import json, sys
try:
    from device.cli.bench import box as sim, process
except ImportError:  # an earlier layout
    from device.bench import box as sim, process
from device.games import playable

try:  # how this tree's `tabletop` starts, the same way for both trees
    import device.cli.main
    entry = "device.cli.main"
except ImportError:
    entry = "device.cli"
start = f"import sys; from {entry} import main; sys.exit(main())"
process.tabletop = lambda: [sys.executable, "-c", start]

presses, seed, starts = (int(a) for a in sys.argv[1:4])
timed = sim.TimedBox()
out = {"games": {}}
try:
    for i, game in enumerate(sorted(playable())):
        played = sim.play(timed, game, presses, seed=seed + i)
        out["games"][game] = [p.ms for p in played.presses if p.ms is not None]
finally:
    timed.close()
if starts:
    out["first_frame_s"] = process.first_frame_s(starts)
    out["import_floor_s"] = process.import_floor_s(starts)
print(json.dumps(out))
"""


def export(rev: str, into: Path) -> Path:
    """The tree of `rev` (its tracked files) in a folder of its own."""
    data = subprocess.run(
        ["git", "archive", "--format=tar", rev], cwd=ROOT, capture_output=True, check=True
    ).stdout
    with tarfile.open(fileobj=BytesIO(data)) as tar:
        tar.extractall(into, filter="data")
    return into


def measure(tree: Path, presses: int, seed: int, starts: int) -> dict:
    env = {**os.environ, "PYTHONPATH": str(tree)}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    args = [sys.executable, "-c", WORKER, str(presses), str(seed), str(starts)]
    done = subprocess.run(args, cwd=tree, env=env, capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"compare_press: the run in {tree} failed: {done.stderr.strip()[-400:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("rev", nargs="?", default="93be0a6")
    parser.add_argument("--presses", type=int, default=500, help="presses of each game a round")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--starts", type=int, default=3, help="starts timed a round (0: none)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="tabletop-compare-") as tmp:
        trees = {args.rev: export(args.rev, Path(tmp) / "before"), "this": ROOT}
        times: dict[str, dict[str, list[float]]] = {name: {} for name in trees}
        starts: dict[str, list[float]] = {name: [] for name in trees}
        for r in range(args.rounds):
            for name, tree in trees.items():
                print(f"round {r + 1}/{args.rounds}: {name}", file=sys.stderr)
                out = measure(tree, args.presses, 100 * r, args.starts)
                for game, ms in out["games"].items():
                    times[name].setdefault(game, []).extend(ms)
                if args.starts:
                    starts[name].append(out["first_frame_s"] / out["import_floor_s"])
    before, now = times[args.rev], times["this"]
    print(f"press to frame, ms ({args.rounds} rounds of {args.presses} presses a game)")
    print(f"{'game':<20} {'p50 ' + args.rev:>14} {'p50 this':>9} {'ratio':>6}"
          f" {'p99 ' + args.rev:>14} {'p99 this':>9} {'ratio':>6}")  # fmt: skip
    for game in sorted(set(before) & set(now)):
        a50, b50 = percentile(before[game], 0.5), percentile(now[game], 0.5)
        a99, b99 = percentile(before[game], 0.99), percentile(now[game], 0.99)
        print(f"{game:<20} {a50:>14.3f} {b50:>9.3f} {b50 / a50:>6.2f}"
              f" {a99:>14.3f} {b99:>9.3f} {b99 / a99:>6.2f}")  # fmt: skip
    if args.starts:
        for name, ratios in starts.items():
            ratio = sorted(ratios)[len(ratios) // 2]
            print(f"first frame over the import floor, {name}: {ratio:.2f} (goal at most 2)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
