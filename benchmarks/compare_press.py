"""Press to frame and bus bytes, this tree against an earlier commit, measured side by side
in one run (absolute times on a shared machine vary 1.5-2x from day to day; a ratio in one
run does not):

    .venv/bin/python benchmarks/compare_press.py [REV] [--presses N] [--rounds R]
        [--starts S] [--suggest off|on|both]

REV (default adc0edd, the last commit before the setting `suggest`) is taken from git into a
temporary folder; both trees run with this virtual environment, each in its own processes,
in alternating rounds (REV, this, ...; the order turned by one each round, so that no tree
always runs last), each playing the same seeded presses of every game on the simulated box
(`tabletop bench`'s player). This tree plays with the
setting `suggest` off, on, or both (each its own process a round; a tree without the
setting plays as it is). Printed: per game and setting the press-to-frame p50 and p99 of
each tree over all its rounds and the ratio this/REV (issue 60's goal: p99 at most 1.5,
p50 at most 1.15), the bus bytes per press (goal at most 300), and each tree's first frame
over its import floor (the start of `tabletop run --sim` as a separate process).
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
suggest = sys.argv[4]  # "on", "off" or "": the tree's own default
import device.settings as settings
if suggest and "suggest" in settings.Settings.model_fields:  # the box's settings, as told
    plain = settings.Settings.__init__

    def told(self, **values):
        plain(self, **{"suggest": suggest == "on", **values})

    settings.Settings.__init__ = told
timed = sim.TimedBox()
out = {"games": {}, "bytes": {}}
try:
    for i, game in enumerate(sorted(playable())):
        played = sim.play(timed, game, presses, seed=seed + i)
        out["games"][game] = [p.ms for p in played.presses if p.ms is not None]
        out["bytes"][game] = [p.bytes for p in played.presses]
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


def measure(tree: Path, presses: int, seed: int, starts: int, suggest: str = "") -> dict:
    env = {**os.environ, "PYTHONPATH": str(tree)}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    args = [sys.executable, "-c", WORKER, str(presses), str(seed), str(starts), suggest]
    done = subprocess.run(args, cwd=tree, env=env, capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"compare_press: the run in {tree} failed: {done.stderr.strip()[-400:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("rev", nargs="?", default="adc0edd")
    parser.add_argument("--presses", type=int, default=500, help="presses of each game a round")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--starts", type=int, default=3, help="starts timed a round (0: none)")
    parser.add_argument("--suggest", choices=("off", "on", "both"), default="both")
    args = parser.parse_args()
    settings = ("off", "on") if args.suggest == "both" else (args.suggest,)
    runs = [(args.rev, ""), *((f"this, suggest {s}", s) for s in settings)]
    times: dict[str, dict[str, list[float]]] = {name: {} for name, _ in runs}
    sent: dict[str, dict[str, list[int]]] = {name: {} for name, _ in runs}
    starts: dict[str, list[float]] = {name: [] for name, _ in runs}
    with tempfile.TemporaryDirectory(prefix="tabletop-compare-") as tmp:
        before = export(args.rev, Path(tmp) / "before")
        for r in range(args.rounds):
            for name, suggest in runs[r % len(runs) :] + runs[: r % len(runs)]:  # (rotated)
                print(f"round {r + 1}/{args.rounds}: {name}", file=sys.stderr)
                tree = ROOT if suggest else before
                out = measure(tree, args.presses, 100 * r, args.starts, suggest)
                for game, ms in out["games"].items():
                    times[name].setdefault(game, []).extend(ms)
                for game, b in out.get("bytes", {}).items():
                    sent[name].setdefault(game, []).extend(b)
                if args.starts:
                    starts[name].append(out["first_frame_s"] / out["import_floor_s"])
    _report(args, runs, times, sent, starts)
    return 0


def _report(args, runs, times, sent, starts) -> None:
    base = times[args.rev]
    print(f"press to frame, ms ({args.rounds} rounds of {args.presses} presses a game)")
    print(f"{'game':<20} {'tree':<18} {'p50':>7} {'ratio':>6} {'p99':>7} {'ratio':>6}"
          f" {'bytes/press':>11}")  # fmt: skip
    for game in sorted(base):
        a50, a99 = percentile(base[game], 0.5), percentile(base[game], 0.99)
        for name, _ in runs:
            ms = times[name].get(game)
            if not ms:
                continue
            b50, b99 = percentile(ms, 0.5), percentile(ms, 0.99)
            b = sent[name].get(game, [])
            per = f"{sum(b) / len(b):.1f}" if b else "-"
            label = name.removeprefix("this, ")
            print(f"{game:<20} {label:<18} {b50:>7.3f} {b50 / a50:>6.2f} {b99:>7.3f}"
                  f" {b99 / a99:>6.2f} {per:>11}")  # fmt: skip
    if args.starts:
        for name, ratios in starts.items():
            ratio = sorted(ratios)[len(ratios) // 2]
            print(f"first frame over the import floor, {name}: {ratio:.2f}")


if __name__ == "__main__":
    raise SystemExit(main())
