"""The lab's figures (issue 49; prints them, not a timed test):

    .venv/bin/python benchmarks/lab.py [SCALE]      # SCALE multiplies the games (default 1)

For each game and pair of agents: games a second of the bare engine loop on one core
(`engine.strength.played`, nothing else), of the lab on one local Dask worker (its record
made, sent back, written to SQLite a game a transaction) and on two; the lab's overhead over
the bare loop (target at most 10%) and two workers' speed-up over one (target at least 1.8
here, 2 cores). A run's local cluster takes about a second to start and close: measured
apart and taken off (a fixed cost, not a game's). Then what a 10,000-game run costs on this
machine and on a cluster of 8 such workers.
"""

from __future__ import annotations

import io
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from device import games  # noqa: E402
from device.lab.play import Spec, agent  # noqa: E402
from device.lab.run import connect, run  # noqa: E402
from engine.strength import played  # noqa: E402

PAIRS = (  # (game, agents, games at SCALE 1)
    ("zweimal", ("greedy", "random"), 300),
    ("zweimal", ("box", "greedy"), 40),
    ("feuer-und-wasser", ("greedy", "random"), 300),
    ("feuer-und-wasser", ("box", "greedy"), 20),
    ("day-and-night", ("greedy", "random"), 30),
    ("wandernde-druiden", ("greedy", "random"), 300),
    ("wandernde-druiden", ("box", "greedy"), 30),
)


def bare(game: str, agents: tuple[str, str], n: int) -> float:
    """Games a second of the engine loop alone, one core."""
    engine = games.GAMES[game].game
    first, second = engine.players[0], engine.players[1]
    started = time.perf_counter()
    for i in range(n):
        a, b = agents if i % 2 == 0 else agents[::-1]
        played(engine, {first: agent(a), second: agent(b)}, 1 + i, 2000, {}, True)
    return n / (time.perf_counter() - started)


def cluster(workers: int) -> float:
    """Seconds to start a local cluster of `workers` and close it (a run's fixed cost)."""
    started = time.monotonic()
    client, local = connect("", workers)
    client.close()
    local.close()
    return time.monotonic() - started


def lab(game: str, agents: tuple[str, str], n: int, workers: int) -> tuple[float, float]:
    """Games a second of a lab run on `workers` local workers, its cluster's start and
    close taken off; and those seconds."""
    fixed = cluster(workers)
    with tempfile.TemporaryDirectory() as folder:
        started = time.monotonic()
        run(Spec(game, (), agents, 1), n, Path(folder) / "run", workers=workers, out=io.StringIO())
        spent = time.monotonic() - started
    return n / max(1e-9, spent - fixed), fixed


def main() -> int:
    scale = float(sys.argv[1]) if len(sys.argv) > 1 else 1.0
    print("tabletop lab: games a second (bare engine loop | lab, 1 worker | lab, 2 workers)")
    for game, agents, base in PAIRS:
        n = max(4, int(base * scale))
        alone = bare(game, agents, n)
        one, start = lab(game, agents, n, 1)
        two, _ = lab(game, agents, n, 2)
        overhead = alone / one - 1
        print(
            f"  {game:18} {' vs '.join(agents):17} {alone:8.1f} | {one:8.1f} | {two:8.1f}"
            f"   overhead {overhead:+.0%} (target at most +10%), 2 workers {two / one:.2f}x"
            f" (target 1.8), start {start:.1f} s; 10,000 games: {10_000 / two / 60:.0f} min"
            f" here, {10_000 / (one * 8) / 60:.1f} min on 8 workers"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
