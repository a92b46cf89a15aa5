"""A lab run: the games of a spec not yet in its folder handed to Dask (a local cluster of
the machine's cores, or the scheduler at `scheduler`), each written to the folder as it
finishes. Nothing here is hand-written for distribution: a game is a pure call
(`play_one(spec, index)`), Dask runs it where it can and again where a worker was lost."""

from __future__ import annotations

import hashlib
import logging
import os
import sys
import time
from pathlib import Path
from typing import IO, Any

from device.lab.play import Finished, Spec, play_some
from device.lab.results import LabFolder
from device.lab.until import EVERY, settled
from engine.core import InputError

CHUNK = 32  # the most games in one task


def run(
    spec: Spec,
    games: int,
    folder: Path,
    scheduler: str = "",
    workers: int = 0,
    resume: bool = False,
    out: IO[str] | None = None,
    until: float = 0.0,
) -> LabFolder:
    """Play the run's games not yet in `folder` (all of them on a new run); the folder.
    `until`: stop once the first games in order settle every headline interval narrower
    than it (device/lab/until.py), `games` at most."""
    lab = LabFolder.create(folder, spec, games, resume, until)
    todo = sorted(set(range(games)) - lab.done())
    if not todo:
        return lab
    rule = Rule(spec, lab, games) if until else None
    if rule is not None and rule.met():
        return lab  # (cut just after its rule was met, before it was written)
    client, cluster = connect(scheduler, workers)
    progress = Progress(games, games - len(todo), out or sys.stderr)
    try:
        from dask.distributed import as_completed

        chunks = _chunks(todo, sum(client.ncores().values()) or 1)
        keys = [_key(spec, chunk) for chunk in chunks]
        futures = client.map(play_some, [spec] * len(chunks), chunks, key=keys)
        # dask is read as untyped (pyproject.toml): its values are checked here
        for _, some in as_completed(futures, with_results=True):
            lab.add(*some)
            for finished in some:
                progress.one()
                if rule is not None and rule.add(finished):
                    break
            if rule is not None and lab.stopped is not None:
                client.cancel(futures)
                break
        progress.end()
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
    return lab


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


def _chunks(todo: list[int], cores: int) -> list[tuple[int, ...]]:
    """The games to play in tasks of a few consecutive games each: enough tasks for every
    core to have eight (a worker lost, a slow game: the rest still spread), each at most
    `CHUNK` games."""
    size = max(1, min(CHUNK, len(todo) // (cores * 8)))
    return [tuple(todo[i : i + size]) for i in range(0, len(todo), size)]


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
