"""A lab folder: the run it holds and each game as it finished, in one SQLite file
(`lab.sqlite3`), written a game a transaction, so a run cut at any moment (kill -9, a power
cut) keeps every game it finished and none in part; a game's number is its key, so a game
played twice (a resumed run, a task Dask ran again) counts once."""

from __future__ import annotations

import json
import sqlite3
from dataclasses import asdict
from pathlib import Path

from device.lab.play import Finished, Spec
from device.lab.timing import Timing
from engine.core import DataError, InputError

FILE = "lab.sqlite3"
SCHEMA = """
CREATE TABLE IF NOT EXISTS run (id INTEGER PRIMARY KEY CHECK (id = 1), spec TEXT NOT NULL,
    games INTEGER NOT NULL, until REAL NOT NULL DEFAULT 0, stopped INTEGER);
CREATE TABLE IF NOT EXISTS games (idx INTEGER PRIMARY KEY, seed INTEGER NOT NULL,
    seats TEXT NOT NULL, winner TEXT NOT NULL, actions INTEGER NOT NULL, moves INTEGER NOT NULL,
    first TEXT NOT NULL, points TEXT NOT NULL, record TEXT NOT NULL);
"""


def _spec_text(spec: Spec) -> str:
    return json.dumps(asdict(spec), sort_keys=True)


class LabFolder:
    """A lab folder opened for a run (`create`) or for reading (`open`)."""

    def __init__(
        self,
        folder: Path,
        db: sqlite3.Connection,
        spec: Spec,
        games: int,
        until: float = 0.0,
        stopped: int | None = None,
    ) -> None:
        self.folder, self.db, self.spec, self.games = folder, db, spec, games
        self.until, self.stopped = until, stopped  # (`--until`: device/lab/until.py)
        self.timing: Timing | None = None  # this sitting's own timers, when it played

    @classmethod
    def create(
        cls, folder: Path, spec: Spec, games: int, resume: bool, until: float = 0.0
    ) -> LabFolder:
        """The folder for a run of `games` games of `spec`: new (it must hold no run), or,
        with `resume`, the same run cut before (any other run there is refused); a resumed
        run may ask for more games than before."""
        path = folder / FILE
        if path.exists() and not resume:
            raise InputError(f"{folder} holds a run already: --resume to go on with it")
        if resume and not path.exists():
            raise InputError(f"{folder} holds no run to resume")
        folder.mkdir(parents=True, exist_ok=True)
        try:
            db = _connect(path)
        except sqlite3.DatabaseError as error:
            raise DataError(f"{path}: not a lab's results ({error})") from None
        try:
            db.executescript(SCHEMA)
            row = db.execute("SELECT spec, games, until, stopped FROM run").fetchone()
            if row is None:
                with db:
                    db.execute(
                        "INSERT INTO run VALUES (1, ?, ?, ?, NULL)",
                        (_spec_text(spec), games, until),
                    )
            elif row[0] != _spec_text(spec) or row[2] != until:
                rule = f", --until {row[2]:g}" if row[2] else ""
                raise InputError(
                    f"{folder} holds another run ({_said(row[0])}{rule}); give its own"
                )
            elif games > row[1]:
                with db:
                    db.execute("UPDATE run SET games = ?", (games,))
        except sqlite3.DatabaseError as error:
            db.close()
            raise DataError(f"{path}: not a lab's results ({error})") from None
        except InputError:
            db.close()
            raise
        stopped = row[3] if row else None
        return cls(folder, db, spec, max(games, row[1] if row else 0), until, stopped)

    @classmethod
    def open(cls, folder: Path) -> LabFolder:
        path = folder / FILE
        if not path.is_file():
            raise InputError(f"{folder} holds no lab run ({FILE} missing)")
        try:
            db = _connect(path, read_only=True)
            spec_text, games, until, stopped = db.execute(
                "SELECT spec, games, until, stopped FROM run"
            ).fetchone()
            data = json.loads(spec_text)
            spec = Spec(
                data["game"],
                tuple((k, v) for k, v in data["options"]),
                (data["agents"][0], data["agents"][1]),
                int(data["seed"]),
                bool(data["hands"]),
            )
        except (sqlite3.DatabaseError, TypeError, ValueError, KeyError, IndexError) as error:
            raise DataError(f"{path}: not a lab's results ({error})") from None
        return cls(folder, db, spec, int(games), float(until), stopped)

    def done(self) -> set[int]:
        """The games finished (a run stopped by its rule: every game, as none is due)."""
        if self.stopped is not None:
            return set(range(self.games))
        return {i for (i,) in self.db.execute("SELECT idx FROM games")}

    def stop(self, at: int) -> None:
        """The run's rule was met by its first `at` games: those are the run."""
        with self.db:
            self.db.execute("UPDATE run SET stopped = ?", (at,))
        self.stopped = at

    def add(self, *games: Finished) -> None:
        """Finished games, in one transaction (a game already there: kept as it is)."""
        with self.db:
            self.db.executemany(
                "INSERT OR IGNORE INTO games VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [
                    (g.index, g.seed, json.dumps(g.seats), g.winner, g.actions, g.moves,
                     g.first, json.dumps(g.points), g.record)
                    for g in games
                ],
            )  # fmt: skip

    def finished(self) -> list[Finished]:
        """Every game finished, in order of their numbers."""
        out = []
        try:
            last = self.stopped if self.stopped is not None else -1
            rows = self.db.execute(
                "SELECT * FROM games WHERE ? < 0 OR idx < ? ORDER BY idx", (last, last)
            ).fetchall()
            for idx, seed, seats, winner, actions, moves, first, points, record in rows:
                out.append(
                    Finished(
                        idx,
                        seed,
                        tuple((s, a) for s, a in json.loads(seats)),
                        winner,
                        actions,
                        moves,
                        first,
                        tuple((s, int(p)) for s, p in json.loads(points)),
                        record,
                    )
                )
        except (sqlite3.DatabaseError, TypeError, ValueError) as error:
            raise DataError(f"{self.folder / FILE}: a game does not read ({error})") from None
        return out

    def close(self) -> None:
        self.db.close()


def _connect(path: Path, read_only: bool = False) -> sqlite3.Connection:
    if read_only:
        db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    else:
        db = sqlite3.connect(path)
        # a rollback journal, synced: a power cut loses no game written, and a reader (the
        # web page, a report while the run goes on) opens it read-only writing nothing
        # beside it (a log file would want its index file made by every reader)
        db.execute("PRAGMA journal_mode=DELETE")
        db.execute("PRAGMA synchronous=FULL")
    return db


def _said(spec_text: str) -> str:
    try:
        data = json.loads(spec_text)
        options = " ".join(f"{k}={v}" for k, v in data["options"])
        agents = " vs ".join(data["agents"])
        return f"{data['game']} {options} {agents} seed {data['seed']}".replace("  ", " ")
    except (TypeError, ValueError, KeyError):
        return "unreadable"
