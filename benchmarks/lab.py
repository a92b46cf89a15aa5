"""The lab's figures (issue 49; prints them, not a timed test):

    .venv/bin/python benchmarks/lab.py [SCALE] [ROUNDS] [GAME ...]
        # SCALE multiplies the games (1), ROUNDS: each measurement's (3), GAME: only these

For each game and pair of agents: games a second of the bare engine loop on one core
(`engine.strength.played`, nothing else), of the lab on one local Dask worker (each game's
record made, sent back, written to SQLite a task a transaction) and on two; the lab's own
time, from the run's own timers (the share of the cores' time spent outside playing games:
handing out, collecting, writing, the progress line; target at most 10%), the lab's
slowdown over the bare loop beside it as information, and two workers' speed-up over one
(target at least 1.8 here, where each task's games take at least a second: the tasks are
sized by the game's measured speed; on 2 cores the run's own process shares them). A run's
local cluster takes about a second to start: a fixed cost, not a game's, printed apart;
each run is timed on a cluster already started and warmed. Then what a 10,000-game run
costs on this machine and on a cluster of 8 such workers.

Each figure is the median of ROUNDS rounds, the three ways taken in turn within a round, so
that a busy second on the machine moves one round and not one way; the lowest and highest
round are printed beside it.
"""

from __future__ import annotations

import io
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from device import games  # noqa: E402
from device.lab.play import Spec, agent  # noqa: E402
from device.lab.run import connect, run  # noqa: E402
from engine.strength import played  # noqa: E402

PAIRS = (  # (game, agents, games at SCALE 1: about 10-15 s on one worker)
    ("zweimal", ("greedy", "random"), 1000),
    ("zweimal", ("box", "greedy"), 24),
    ("feuer-und-wasser", ("greedy", "random"), 500),
    ("feuer-und-wasser", ("box", "greedy"), 500),  # fast: the box's placement is known best
    ("day-and-night", ("greedy", "random"), 24),
    ("wandernde-druiden", ("greedy", "random"), 1000),
    ("wandernde-druiden", ("box", "greedy"), 30),
)


def bare(game: str, agents: tuple[str, str], n: int) -> float:
    """Games a second of the engine loop alone, one core, in a process of its own as a
    worker is (the same games run 2-15% faster or slower from one process to another here:
    measured in this benchmark's own process, warm from the rounds before, they were not
    the games a worker plays)."""
    found = subprocess.run(
        [sys.executable, __file__, "--bare", game, ",".join(agents), str(n)],
        capture_output=True,
        text=True,
        check=True,
    )
    return float(found.stdout)


def bare_here(game: str, agents: tuple[str, str], n: int) -> float:
    """`bare`, in this process: the games and nothing else."""
    engine = games.GAMES[game].game
    first, second = engine.players[0], engine.players[1]
    started = time.perf_counter()
    for i in range(n):
        a, b = agents if i % 2 == 0 else agents[::-1]
        played(engine, {first: agent(a), second: agent(b)}, 1 + i, 2000, {}, True)
    return n / (time.perf_counter() - started)


def lab(game: str, agents: tuple[str, str], n: int, workers: int) -> tuple[float, float, float]:
    """Games a second of a lab run on a local cluster of `workers`, started and warmed (its
    workers have played a game) before the clock starts; the seconds the cluster took to
    start, a run's fixed cost; and the lab's own share of the run by its own timers (the
    cores' time not spent playing games: device/lab/timing.py)."""
    started = time.monotonic()
    client, local = connect("", workers)
    client.close()
    start = time.monotonic() - started
    spec = Spec(game, (), agents, 1)
    try:
        with tempfile.TemporaryDirectory() as folder:
            address = local.scheduler_address
            warm = Path(folder) / "warm"
            run(spec, workers, warm, scheduler=address, out=io.StringIO())
            started = time.monotonic()
            done = run(spec, n, Path(folder) / "run", scheduler=address, out=io.StringIO())
            spent = time.monotonic() - started
            done.close()
    finally:
        local.close()
    assert done.timing is not None
    return n / spent, start, done.timing.own


def spread(values: list[float], form: str) -> str:
    """The median of the rounds, with the lowest and highest beside it."""
    low, high = min(values), max(values)
    return f"{statistics.median(values):{form}} [{low:{form}}-{high:{form}}]"


def main() -> int:
    if sys.argv[1:2] == ["--bare"]:  # (`bare`: a process of its own)
        game, agents, n = sys.argv[2], sys.argv[3].split(","), int(sys.argv[4])
        print(bare_here(game, (agents[0], agents[1]), n))
        return 0
    scale = float(sys.argv[1]) if len(sys.argv) > 1 else 1.0
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    only = set(sys.argv[3:])
    print(
        f"tabletop lab: games a second (bare engine loop | lab, 1 worker | lab, 2 workers),"
        f" median of {rounds} rounds [lowest-highest]"
    )
    for game, agents, base in PAIRS:
        if only and game not in only:
            continue
        n = max(4, int(base * scale))
        alones, ones, twos, starts, owns, owns2 = [], [], [], [], [], []
        for _ in range(rounds):
            alones.append(bare(game, agents, n))
            one, start, own = lab(game, agents, n, 1)
            ones.append(one)
            starts.append(start)
            owns.append(100 * own)
            two, _, own = lab(game, agents, n, 2)
            twos.append(two)
            owns2.append(100 * own)
        overheads = [a / o - 1 for a, o in zip(alones, ones, strict=True)]
        ups = [t / o for t, o in zip(twos, ones, strict=True)]
        alone, one, two = (statistics.median(v) for v in (alones, ones, twos))
        start = statistics.median(starts)
        print(
            f"  {game:18} {' vs '.join(agents):17} {spread(alones, '.1f')} |"
            f" {spread(ones, '.1f')} | {spread(twos, '.1f')}"
            f"   the lab's own time {spread(owns, '.1f')}% on 1 worker,"
            f" {spread(owns2, '.1f')}% on 2 (target at most 10%);"
            f" over the bare loop {spread([100 * v for v in overheads], '+.0f')}%,"
            f" 2 workers {spread(ups, '.2f')}x"
            f" (target 1.8; the run's own process shares the 2 cores), start {start:.1f} s;"
            f" 10,000 games: {10_000 / two / 60:.0f} min"
            f" here, {10_000 / (one * 8) / 60:.1f} min on 8 workers"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
