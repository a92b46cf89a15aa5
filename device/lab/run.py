"""A lab run: the games of a spec not yet in its folder handed to Dask (a local cluster of
the machine's cores, or the scheduler at `scheduler`), each written to the folder as it
finishes. Nothing here is hand-written for distribution: a game is a pure call
(`play_one(spec, index)`), Dask runs it where it can and again where a worker was lost."""

from __future__ import annotations

import hashlib
import logging
import math
import os
import sys
import time
from pathlib import Path
from typing import IO, Any

from device.lab.play import Batch, Finished, Spec, play_some
from device.lab.results import LabFolder
from device.lab.timing import Timing
from device.lab.until import EVERY, settled
from engine.core import InputError

TASK_SECONDS = 1.5  # a task's games take about this long, once the game's speed is known
IN_FLIGHT = 2  # tasks handed to each core at a time: the next one waits while one plays


def run(
    spec: Spec,
    games: int,
    folder: Path,
    scheduler: str = "",
    workers: int = 0,
    resume: bool = False,
    out: IO[str] | None = None,
    until: float = 0.0,
    client: Any = None,  # dask's Client: a run of many runs hands them all to one cluster
) -> LabFolder:
    """Play the run's games not yet in `folder` (all of them on a new run); the folder, its
    `timing` the run's own timers. `until`: stop once the first games in order settle every
    headline interval narrower than it (device/lab/until.py), `games` at most."""
    lab = LabFolder.create(folder, spec, games, resume, until)
    todo = sorted(set(range(games)) - lab.done())
    if not todo:
        return lab
    rule = Rule(spec, lab, games) if until else None
    if rule is not None and rule.met():
        return lab  # (cut just after its rule was met, before it was written)
    own, cluster = (None, None) if client is not None else connect(scheduler, workers)
    progress = Progress(games, games - len(todo), out or sys.stderr)
    try:
        lab.timing = _play(spec, todo, lab, rule, progress, client or own)
        progress.end()
    finally:
        if own is not None:
            own.close()
        if cluster is not None:
            cluster.close()
    return lab


def _play(
    spec: Spec, todo: list[int], lab: LabFolder, rule: Rule | None, progress: Progress,
    client: Any,
) -> Timing:  # fmt: skip
    """Hand the games out in tasks sized by the game's measured speed (`Tasks`), write each
    task's games as it comes back, stop at the rule; the run's timers."""
    from dask.distributed import as_completed

    cores = sum(client.ncores().values()) or 1
    tasks = Tasks(todo, cores)
    timing = Timing(cores=cores)
    started = time.monotonic()
    running = as_completed(
        [_hand(client, spec, tasks.next()) for _ in range(cores * IN_FLIGHT) if tasks.left]
    )
    # dask is read as untyped (pyproject.toml): its values are checked here
    for future in running:
        batch = future.result()
        if not isinstance(batch, Batch):
            raise InputError(
                "a Dask worker runs another version of this project: install this one on each"
            )
        tasks.learn(batch)
        timing.playing += batch.seconds
        timing.tasks += 1
        timing.games += len(batch.games)
        lab.add(*batch.games)
        for finished in batch.games:
            progress.one()
            if rule is not None and rule.add(finished):
                break
        if rule is not None and lab.stopped is not None:
            client.cancel(list(running.futures))
            break
        if tasks.left:
            running.add(_hand(client, spec, tasks.next()))
    timing.seconds = time.monotonic() - started
    return timing


def _hand(client: Any, spec: Spec, games: tuple[int, ...]) -> Any:  # a dask Future
    return client.submit(play_some, spec, games, key=_key(spec, games))


class Tasks:
    """The games still to hand out, in order, in tasks of consecutive games: one game a
    task until a task has come back, then as many as take `TASK_SECONDS` at the speed the
    last task showed (a fast game many hundred, a slow one a few), never so many that the
    last tasks leave a core idle while another plays on (the rest spread over twice the
    cores)."""

    def __init__(self, todo: list[int], cores: int) -> None:
        self.todo, self.cores, self.at = todo, cores, 0
        self.per_game = 0.0  # seconds, from the last task back (0: none back yet)

    @property
    def left(self) -> int:
        return len(self.todo) - self.at

    def learn(self, batch: Batch) -> None:
        if batch.games:
            self.per_game = batch.seconds / len(batch.games)

    def size(self) -> int:
        if self.per_game <= 0:
            return 1
        wanted = math.ceil(TASK_SECONDS / self.per_game)
        return max(1, min(wanted, self.left // (self.cores * IN_FLIGHT)))

    def next(self) -> tuple[int, ...]:
        games = tuple(self.todo[self.at : self.at + self.size()])
        self.at += len(games)
        return games


class Rule:
    """`--until`: the games finished, looked at after each `EVERY` in order."""

    def __init__(self, spec: Spec, lab: LabFolder, games: int) -> None:
        from device import games as registry

        self.seats = list(registry.GAMES[spec.game].game.players)
        self.lab, self.total = lab, games
        self.have = {g.index: g for g in lab.finished()}
        self.next = EVERY

    def add(self, game: Finished) -> bool:
        self.have[game.index] = game
        return self.met()

    def met(self) -> bool:
        """Whether the next checkpoints reached (their games all in) settle the run: then
        the run is its first games up to there."""
        while self.next <= self.total and all(i in self.have for i in range(self.next)):
            first = [self.have[i] for i in range(self.next)]
            if settled(self.seats, first, self.lab.until):
                self.lab.stop(self.next)
                return True
            self.next += EVERY
        return False


def _key(spec: Spec, chunk: tuple[int, ...]) -> str:
    """A task's name: the same games of the same run the same task everywhere."""
    digest = hashlib.sha256(repr(spec).encode()).hexdigest()[:12]
    return f"lab-{spec.game}-{digest}-{chunk[0]}-{chunk[-1]}"


def connect(scheduler: str, workers: int) -> tuple[Any, Any]:  # dask's Client, LocalCluster
    try:
        from dask.distributed import Client, LocalCluster
    except ImportError:
        raise InputError(
            "the lab runs on Dask, which is not installed: pip install -e '.[lab]'"
        ) from None
    quiet = logging.ERROR
    if scheduler:
        try:
            return Client(scheduler, timeout=10), None
        except (OSError, TimeoutError, ValueError) as error:
            raise InputError(f"cannot reach the Dask scheduler at {scheduler}: {error}") from None
    cluster = LocalCluster(
        n_workers=workers or os.cpu_count() or 1,
        threads_per_worker=1,  # a game is plain Python: a process a core
        processes=True,
        dashboard_address=None,
        silence_logs=quiet,
    )
    return Client(cluster), cluster


class Progress:
    """Games done of the run, games a second and the time left, on one line rewritten in
    place on a terminal, else a line at each tenth of the run."""

    def __init__(self, total: int, done: int, out: IO[str]) -> None:
        self.total, self.done, self.out = total, done, out
        self.started, self.new = time.monotonic(), 0
        self.tty = out.isatty()
        self.said = -1

    def one(self) -> None:
        self.done += 1
        self.new += 1
        tenth = self.done * 10 // self.total
        if self.tty or tenth != self.said:
            self.said = tenth
            self._say("\r" if self.tty else "", "" if self.tty else "\n")

    def _say(self, start: str, end: str) -> None:
        spent = time.monotonic() - self.started
        rate = self.new / spent if spent > 0 else 0.0
        left = (self.total - self.done) / rate if rate else 0.0
        minutes, seconds = divmod(int(left), 60)
        line = f"{self.done}/{self.total} games  {rate:.1f} games/s  {minutes}:{seconds:02d} left"
        self.out.write(f"{start}{line}{end}")
        self.out.flush()

    def end(self) -> None:
        if self.tty:
            self.out.write("\n")
            self.out.flush()
