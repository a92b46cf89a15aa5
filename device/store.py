"""Saved games in one SQLite file in the state directory, and what keeps them from being lost.

- Tables: `games` (one row a game), `events` (one row per accepted action), `cards` (the card
  registry), `screen` (what the screen showed besides the game), `meta` (the revision: +1 with
  every write). Each accepted input is one transaction, committed before the new screen shows.
- Every row carries a CRC-32 of its values, and each game row its action count: a flipped byte
  in any record, a lost record or a record that no longer decodes is found, never replayed.
- WAL journal with `synchronous=NORMAL`; a background thread fsyncs the WAL within
  `sync_delay` s of a commit (it sleeps while there is nothing to sync). A power cut loses at
  most that last second; `kill -9` loses nothing.
- Backups: `tabletop.backup.sqlite3` (the newest) and older generations `.backup.1`, `.backup.2`,
  written when a game ends and at a start that holds more than the newest backup; a backup is
  never replaced by a state that holds less (a lower revision, or a game missing, damaged or no
  longer finished). Every rename in the directory is followed by a sync of the directory; a
  whole backup a power cut left as `.tmp` is put in place at start, any other leftover removed.
- A power cut is not damage: a log whose end is cut or torn is read as SQLite reads it and
  nothing is said; saved changes past a gap in the log are counted exactly (one revision a
  commit, the schema being revision 1, made in one transaction) and said as lost.
- At start (`Store(directory)`): the WAL is checked (`device.savefile`); a file that is
  damaged (anything that is not a usable save file, a few bytes included) is moved aside and
  the best backup takes its place; a file that holds less than the
  newest backup is kept aside and the backup is used; a game whose records fail their checksum
  is taken from a backup that holds it whole, else cut just before the bad record. A full card
  or an I/O error is never damage: the box reads the games into memory, says saving fails, and
  tries again with every write. `reports` says what happened, for the screen and the log.
- `Store(directory, read_only=True)` (the listing and export commands) reads everything into
  memory and never writes, creates or moves a file.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import shutil
import sqlite3
import threading
import time
import zlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from device import savefile
from engine.core import TabletopError

log = logging.getLogger("tabletop.store")

FILE = "tabletop.sqlite3"
BACKUP = "tabletop.backup.sqlite3"
GENERATIONS = 3  # the newest backup and two older ones
KEPT_COPIES = 3  # copies kept aside of each kind in PRUNED: the newest three
PRUNED = ("wal-damaged", "lesser")  # kinds that never hold the only copy of a game
FULL_BELOW = 256 * 1024  # free bytes under which a failed write counts as a full card
STATUSES = ("playing", "finished", "abandoned")
SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    game TEXT NOT NULL,
    rules_version INTEGER NOT NULL,
    options TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'playing',
    created REAL NOT NULL,
    updated REAL NOT NULL,
    actions INTEGER,
    crc INTEGER
);
CREATE TABLE IF NOT EXISTS events (
    game_id INTEGER NOT NULL REFERENCES games(id),
    seq INTEGER NOT NULL,
    kind TEXT NOT NULL,
    payload TEXT NOT NULL,
    crc INTEGER,
    PRIMARY KEY (game_id, seq)
);
CREATE TABLE IF NOT EXISTS cards (
    uid TEXT PRIMARY KEY,
    card TEXT NOT NULL,
    taught REAL NOT NULL,
    crc INTEGER
);
CREATE TABLE IF NOT EXISTS screen (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    current_game INTEGER,
    ui TEXT NOT NULL,
    crc INTEGER
);
CREATE TABLE IF NOT EXISTS meta (
    key TEXT PRIMARY KEY,
    value INTEGER NOT NULL,
    crc INTEGER
);
"""
# columns added since the first saved games (older files get them at start)
ADDED_COLUMNS = {
    "games": ("actions INTEGER", "crc INTEGER"),
    "events": ("crc INTEGER",),
    "cards": ("crc INTEGER",),
    "screen": ("crc INTEGER",),
}
COLUMNS = {  # every table and its columns, in order, as SCHEMA (and migration) makes them
    "games": (
        "id", "game", "rules_version", "options", "status", "created", "updated", "actions", "crc"
    ),
    "events": ("game_id", "seq", "kind", "payload", "crc"),
    "cards": ("uid", "card", "taught", "crc"),
    "screen": ("id", "current_game", "ui", "crc"),
    "meta": ("key", "value", "crc"),
}  # fmt: skip
LEGACY_TABLES = {"games", "events", "cards", "screen"}  # the first saved games had these
# What reading a damaged file can raise: SQLite's errors, and UnicodeDecodeError when even the
# error message SQLite gives (quoting a damaged schema) is not UTF-8.
DB_ERRORS = (sqlite3.Error, UnicodeDecodeError)
NOT_DAMAGE = {"SQLITE_FULL", "SQLITE_IOERR", "SQLITE_CANTOPEN", "SQLITE_READONLY", "SQLITE_PERM"}
NOT_DAMAGE |= {"SQLITE_BUSY", "SQLITE_LOCKED", "SQLITE_NOMEM", "SQLITE_AUTH"}


class StoreError(TabletopError, RuntimeError):
    """The saved games cannot be read or written; the message is one line. `kind` is "full"
    (no space), "io" (the card or file system fails) or "damaged"."""

    def __init__(self, message: str, kind: str = "io") -> None:
        super().__init__(message)
        self.kind = kind


@dataclass(frozen=True)
class GameRow:
    id: int
    game: str
    rules_version: int
    options: dict[str, Any]
    status: str
    events: int
    problem: str | None = None  # why this game cannot be (fully) replayed, for the listing


@dataclass(frozen=True)
class GameRead:
    """A game as read back: its row, the actions that pass their checks (in order), and, when
    the replay must stop early, where and why."""

    row: GameRow
    events: list[dict[str, Any]]
    problem: str | None = None


@dataclass
class _Summary:
    """What a file holds, to compare a file with a backup."""

    revision: int | None = 0
    games: dict[int, tuple[str, int, bool]] = field(default_factory=dict)
    # game id -> (status, actions that pass their checks, whole)


def crc(*values: Any) -> int:
    """A row's checksum over its values (their types too)."""
    text = "\x1f".join(repr(v) for v in values)
    return zlib.crc32(text.encode("utf-8", "surrogateescape"))


def _text(data: bytes) -> str:
    return data.decode("utf-8", "surrogateescape")  # bad bytes fail the checksum, not decoding


def _name(error: BaseException) -> str:
    return getattr(error, "sqlite_errorname", "") or ""


def _is_damage(error: BaseException) -> bool:
    name = _name(error)
    if any(name.startswith(n) for n in NOT_DAMAGE):
        return False
    if name:
        return name.startswith(("SQLITE_CORRUPT", "SQLITE_NOTADB", "SQLITE_ERROR", "SQLITE_FORMAT"))
    message = str(error).lower()
    return not any(w in message for w in ("full", "i/o", "unable to open", "readonly", "locked"))


def _kind(error: BaseException) -> str:
    if isinstance(error, sqlite3.Error):
        if _name(error).startswith("SQLITE_FULL") or "full" in str(error).lower():
            return "full"
        return "damaged" if _is_damage(error) else "io"
    if isinstance(error, OSError) and error.errno == 28:  # ENOSPC
        return "full"
    return "io"


class _Unavailable(TabletopError):
    """The file cannot be opened for writing now (full card, I/O error): not damage."""


class Store:
    def __init__(self, directory: Path, sync_delay: float = 1.0, read_only: bool = False) -> None:
        self.directory = Path(directory)
        self.path = self.directory / FILE
        self.backup_path = self.directory / BACKUP
        self.read_only = read_only
        self.sync_delay = sync_delay
        self.reports: list[tuple[str, dict[str, Any]]] = []  # catalog keys under "store."
        self.failing: str | None = None  # "full" or "io" while the file cannot be written
        self._kept = False  # a copy of the damaged file is kept aside this session
        # the loop shows a game's end first and writes its backup right after the frame
        # (`write_pending_backup`): the press-to-screen path never waits for the copy
        self.backup_after_frame = False
        self._pending_backup: bool | None = None  # a backup is due (True: after an undone end)
        self._dirty = threading.Event()
        self._stop = threading.Event()
        self._syncer: threading.Thread | None = None
        if read_only:
            try:
                if self.directory.exists() and not self.directory.is_dir():
                    raise NotADirectoryError(20, "not a directory")
                self.directory.stat()
            except FileNotFoundError:
                pass  # nothing saved yet: an empty list, and nothing is created
            except OSError as error:
                raise StoreError(
                    f"cannot use the state directory {self.directory}: {error.strerror}"
                ) from None
            self.db = self._open_read_only()
            return
        try:
            self.directory.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise StoreError(
                f"cannot use the state directory {self.directory}: {error.strerror}"
            ) from None
        if not os.access(self.directory, os.W_OK | os.X_OK):
            raise StoreError(f"cannot use the state directory {self.directory}: not writable")
        try:
            self.db = self._open_writable()
        except _Unavailable as error:
            self._fail(str(error), _kind(error.__cause__ or error))
            self.db = self._open_read_only()
        self._syncer = threading.Thread(target=self._sync_loop, name="store-sync", daemon=True)
        self._syncer.start()

    @property
    def damage(self) -> str | None:
        """The first report's key (kept for callers that show one line)."""
        return self.reports[0][0] if self.reports else None

    def _report(self, key: str, **values: Any) -> None:
        self.reports.append((key, values))

    def _nearly_full(self) -> bool:
        """SQLite often reports a full card as an I/O error: ask the file system."""
        try:
            return shutil.disk_usage(self.directory).free < FULL_BELOW
        except OSError:
            return False

    def _fail(self, message: str, kind: str) -> None:
        if kind != "full" and self._nearly_full():
            kind = "full"
        self.failing = "full" if kind == "full" else "io"
        log.error("saving fails (%s): %s", self.failing, message)
        self._report("write_failed_full" if kind == "full" else "write_failed")

    # --- opening ----------------------------------------------------------------------------

    def _connect(self, path: Path) -> sqlite3.Connection:
        db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        db.text_factory = _text
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=NORMAL")
        db.execute("PRAGMA foreign_keys=ON")
        return db

    def _stamp(self) -> str:
        return time.strftime("%Y%m%d-%H%M%S")

    def _aside(self, why: str) -> Path:
        """Move the main file (and its WAL) aside, kept for the players: never deleted (but
        copies the box no longer needs, `PRUNED`, are kept only for the last few times)."""
        aside = self._free_name(why)
        for suffix in ("", "-wal", "-shm"):
            src = Path(str(self.path) + suffix)
            if src.exists():
                if suffix == "-shm":
                    src.unlink()
                else:
                    src.rename(Path(str(aside) + suffix))
        self._sync_dir()  # the move is durable before anything takes the file's place
        self._prune(why)
        return aside

    def _free_name(self, why: str) -> Path:
        """A name for a file kept aside: the reason and the time (and a number if taken)."""
        name = self.path.with_name(f"{FILE}.{why}-{self._stamp()}")
        n = 1
        while name.exists():
            name = self.path.with_name(f"{FILE}.{why}-{self._stamp()}.{n}")
            n += 1
        return name

    def _keep_copy(self, why: str) -> None:
        """Copy the main file aside once before repairing it in place."""
        if self._kept:
            return
        target = self._free_name(why)
        try:
            if self.path.exists():
                shutil.copyfile(self.path, target)
            wal = Path(str(self.path) + "-wal")
            if wal.exists():
                shutil.copyfile(wal, Path(str(target) + "-wal"))
        except OSError as error:
            raise _Unavailable(f"cannot keep a copy of {self.path}: {error.strerror}") from error
        self._kept = True
        log.error("kept a copy of the saved games as %s", target)
        self._prune(why)

    def _prune(self, why: str) -> None:
        """Keep only the newest `KEPT_COPIES` files of a kind that never holds the only copy
        of a game (a damaged log's copy, a file the backup held more than)."""
        if why not in PRUNED:
            return
        prefix = f"{FILE}.{why}-"
        try:
            names = {
                p.name.removesuffix("-wal")
                for p in self.directory.iterdir()
                if p.name.startswith(prefix)
            }
            kept = sorted(names, key=self._copy_time)
        except OSError as error:
            log.warning("could not list the kept copies: %s", error)
            return
        for name in kept[: max(0, len(kept) - KEPT_COPIES)]:
            for suffix in ("", "-wal"):
                with contextlib.suppress(OSError):
                    (self.directory / (name + suffix)).unlink()
            log.info("removed an old copy %s (the last %d are kept)", name, KEPT_COPIES)

    def _copy_time(self, name: str) -> int:
        """When a kept copy (a file, its log, or both) was written."""
        paths = [self.directory / name, self.directory / f"{name}-wal"]
        return max(p.stat().st_mtime_ns for p in paths if p.exists())

    def _sync_dir(self) -> None:
        """Make renames in the state directory durable (a power cut keeps them)."""
        if not _fsync(self.directory):
            log.warning("cannot open %s to sync it", self.directory)

    def _settle_backup_tmp(self) -> None:
        """A backup written whole whose renames a power cut undid becomes the newest backup
        (if it holds more than the newest); anything else left of a backup is removed."""
        tmp = self._backup_tmp()
        journal = Path(str(tmp) + "-journal")
        if not tmp.exists():
            with contextlib.suppress(OSError):
                journal.unlink()
            return
        summary = None
        if not journal.exists():  # a hot journal: the copy was never committed
            try:
                summary = self._file_summary(tmp)
            except (OSError, *DB_ERRORS, savefile.SnapshotError) as error:
                log.warning("the unfinished backup %s is unreadable: %s", tmp, error)
        newest = dict(self._backups()).get(self.backup_path)
        if summary is not None and (newest is None or _holds_more(summary, newest)):
            try:
                self._shift_generations()
                os.replace(tmp, self.backup_path)
                self._sync_dir()
                log.warning("the backup %s was written whole: it is the newest now", tmp)
                return
            except OSError as error:
                log.warning("could not put the backup %s in place: %s", tmp, error)
        for path in (tmp, journal):
            with contextlib.suppress(OSError):
                path.unlink()

    def _open_writable(self) -> sqlite3.Connection:
        wal_path = Path(str(self.path) + "-wal")
        try:
            wal_bytes = wal_path.read_bytes() if wal_path.exists() else b""
            size = self.path.stat().st_size if self.path.exists() else -1
            journal = Path(str(self.path) + "-journal").exists()  # SQLite rolls it back
        except OSError as error:
            raise _Unavailable(f"cannot read {self.path}: {error.strerror}") from error
        wal = savefile.check_wal(wal_bytes)
        if wal.damaged:
            self._keep_copy("wal-damaged")
            log.error(
                "the log %s has %d saved change(s) past an unreadable part: they are lost "
                "(a copy is kept)",
                wal_path,
                wal.lost,
            )
        elif wal.torn:
            log.warning("the log %s ends in a cut or torn write (a power cut): ignored", wal_path)
        self._settle_backup_tmp()
        backups = self._backups()
        db = None
        summary = _Summary()
        if size <= 0 and not wal.frames:  # missing or empty: nothing SQLite could read
            if backups:
                why = "missing" if size < 0 else "empty"
                if size == 0:
                    self._aside(why)
                log.error("saved games %s: %s; restoring the backup", self.path, why)
                self._report(f"main_{why}")
                self._report("restored")
                return self._restore(backups[0][0])
            self._report_lost(wal.lost)
            return self._fresh()
        if size < 100 and not wal.frames and not journal:
            healthy = False  # a few bytes: shorter than any SQLite file's header
        else:
            try:
                db = self._connect(self.path)
                row = db.execute("PRAGMA integrity_check").fetchone()
                healthy = row is not None and row[0] == "ok"
                if healthy:
                    self._migrate(db)
                    summary = self._summarise(db)
            except DB_ERRORS as error:
                if db is not None:
                    db.close()
                    db = None
                if not _is_damage(error):
                    raise _Unavailable(f"cannot open {self.path}: {error}") from error
                healthy = False
        if not healthy or db is None:
            if db is not None:
                db.close()
            aside = self._aside("damaged")
            log.error("saved games damaged: %s moved aside to %s", self.path, aside)
            self._report("damaged")
            if backups:
                log.error("restoring the backup %s", backups[0][0])
                self._report("restored")
                return self._restore(backups[0][0])
            log.error("no usable backup: starting with no saved games")
            self._report("started_empty")
            return self._fresh()
        if backups and _older(summary, backups[0][1]):
            db.close()
            aside = self._aside("lesser")
            log.error(
                "saved games %s hold less than the backup %s (revision %d < %d, or a game "
                "lost): kept aside as %s, continuing from the backup",
                self.path,
                backups[0][0],
                summary.revision,
                backups[0][1].revision,
                aside,
            )
            if not self._report_lesser(wal, summary, backups[0][1]):
                self._report("restored")
            return self._restore(backups[0][0])
        self._report_lost(wal.lost)
        self.db = db  # repairs write through the usual transactions
        try:
            self._repair_games(db, summary, backups)
            summary = self._summarise(db)
            if not backups or _holds_more(summary, backups[0][1]):
                self._write_backup(db, summary, dict(backups).get(self.backup_path))
        except DB_ERRORS as error:
            db.close()
            raise _Unavailable(f"cannot repair {self.path}: {error}") from error
        return db

    def _report_lesser(self, wal: savefile.WalCheck, main: _Summary, backup: _Summary) -> bool:
        """The file holds less than the backup. After a power cut (the log shows its trace,
        True) only the log's lost changes the backup does not hold are lost (one revision a
        change); otherwise the backup held more."""
        if not wal.cut:
            self._report("lesser")
            return False
        self._report_lost(wal.lost - ((backup.revision or 0) - (main.revision or 0)))
        return True

    def _report_lost(self, n: int) -> None:
        """Saved changes the log held past an unreadable part (a power cut), when any."""
        if n > 0:
            self._report("wal_lost", n=n)

    def _fresh(self) -> sqlite3.Connection:
        try:
            db = self._connect(self.path)
            # a cut leaves all of it or none; the schema is revision 1 (one revision a commit,
            # so a log's lost commits can be compared with a backup's revision)
            first = f"INSERT INTO meta VALUES ('revision', 1, {crc('revision', 1)});\n"
            db.executescript(_in_one_transaction(SCHEMA + first))
            return db
        except DB_ERRORS as error:
            raise _Unavailable(f"cannot create {self.path}: {error}") from error

    def _restore(self, backup: Path) -> sqlite3.Connection:
        try:
            db = self._connect(self.path)
            source = sqlite3.connect(backup)
            try:
                source.backup(db)
            finally:
                source.close()
            db.execute("PRAGMA journal_mode=WAL")
            self._migrate(db)
        except DB_ERRORS as error:
            raise _Unavailable(f"cannot restore {backup}: {error}") from error
        self.flush()  # the restored games are on the card before the box goes on
        return db

    def _migrate(self, db: sqlite3.Connection) -> None:
        """Bring an older file up to the schema: add the checksum columns, fill them in.
        A file whose tables or columns are not exactly ours (a flipped byte in the schema's
        text passes SQLite's own checks) raises `sqlite3.DatabaseError`: it is damaged."""
        tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        if tables and not (LEGACY_TABLES <= tables <= set(COLUMNS)):
            raise sqlite3.DatabaseError(f"schema damaged: tables {sorted(tables)}")
        added = False
        for table, columns in ADDED_COLUMNS.items():
            if table not in tables:
                continue
            have = {r[1] for r in db.execute(f"PRAGMA table_info({table})")}
            for column in columns:
                if column.split()[0] not in have:
                    db.execute(f"ALTER TABLE {table} ADD COLUMN {column}")
                    added = True
        if tables != set(COLUMNS):
            db.executescript(_in_one_transaction(SCHEMA))
        for table, columns in COLUMNS.items():
            found = tuple(r[1] for r in db.execute(f"PRAGMA table_info({table})"))
            if found != columns:
                raise sqlite3.DatabaseError(f"schema damaged: {table} has columns {found}")
        if added:
            self._seal_legacy(db)

    def _seal_legacy(self, db: sqlite3.Connection) -> None:
        """Checksums for the rows of a file written before they existed (as they read now)."""
        db.execute("BEGIN IMMEDIATE")
        try:
            for r in db.execute("SELECT game_id, seq, kind, payload FROM events WHERE crc IS NULL"):
                db.execute(
                    "UPDATE events SET crc = ? WHERE game_id = ? AND seq = ?",
                    (crc(*r), r[0], r[1]),
                )
            games = db.execute(
                "SELECT id, game, rules_version, options, status, created,"
                " (SELECT COUNT(*) FROM events WHERE game_id = games.id) FROM games"
                " WHERE crc IS NULL"
            ).fetchall()
            for g in games:
                db.execute(
                    "UPDATE games SET actions = ?, crc = ? WHERE id = ?", (g[6], crc(*g), g[0])
                )
            for r in db.execute("SELECT uid, card, taught FROM cards WHERE crc IS NULL"):
                db.execute("UPDATE cards SET crc = ? WHERE uid = ?", (crc(*r), r[0]))
            for r in db.execute("SELECT current_game, ui FROM screen WHERE crc IS NULL"):
                db.execute("UPDATE screen SET crc = ? WHERE id = 1", (crc(*r),))
            db.execute("COMMIT")
        except DB_ERRORS:
            with contextlib.suppress(sqlite3.Error):
                db.execute("ROLLBACK")
            raise

    def _open_read_only(self) -> sqlite3.Connection:
        """Everything in memory: the main file with its WAL applied (or, if it is damaged or
        holds less, the best backup). Nothing on disk is created, changed or moved."""
        backups = self._backups()
        db = None
        try:
            wal_path = Path(str(self.path) + "-wal")
            wal = savefile.check_wal(wal_path.read_bytes() if wal_path.exists() else b"")
            if self.path.exists() or wal.frames:
                db = savefile.open_memory(savefile.image(self.path, wal))
                row = db.execute("PRAGMA integrity_check").fetchone()
                if row is None or row[0] != "ok":
                    raise savefile.SnapshotError("integrity_check failed")
                db.text_factory = _text
                self._migrate(db)
                summary = self._summarise(db)
                if backups and _older(summary, backups[0][1]):
                    self._report_lesser(wal, summary, backups[0][1])  # as a start would say it
                    db.close()
                    db = None
                else:
                    self._report_lost(wal.lost)
            elif backups:
                self._report("main_missing")
        except (OSError, *DB_ERRORS, savefile.SnapshotError) as error:
            log.error("saved games %s unreadable: %s", self.path, error)
            self._report("damaged")
            if db is not None:
                db.close()
            db = None
        if db is None and backups:
            if self.reports and self.reports[-1][0] not in ("main_missing", "wal_lost"):
                self._report("restored")
            db = self._memory_copy(backups[0][0])
        if db is None:
            db = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
            db.executescript(SCHEMA)
        db.text_factory = _text
        return db

    def _memory_copy(self, path: Path) -> sqlite3.Connection:
        db = savefile.open_memory(path.read_bytes())
        db.text_factory = _text
        self._migrate(db)
        return db

    # --- backups ----------------------------------------------------------------------------

    def _generation(self, n: int) -> Path:
        return self.backup_path if n == 0 else self.directory / f"tabletop.backup.{n}.sqlite3"

    def _backups(self) -> list[tuple[Path, _Summary]]:
        """The readable backups, the one that holds most first (then the newest)."""
        found = []
        for n in range(GENERATIONS):
            path = self._generation(n)
            try:
                if not path.is_file():
                    continue
                found.append((n, path, self._file_summary(path)))
            except (OSError, *DB_ERRORS, savefile.SnapshotError) as error:
                log.warning("backup %s unreadable: %s", path, error)
        found.sort(key=lambda f: (-(f[2].revision or 0), -_whole_games(f[2]), f[0]))
        return [(p, s) for _, p, s in found]

    def _file_summary(self, path: Path) -> _Summary:
        """What a whole copy (a backup) holds; it must pass SQLite's integrity check."""
        db = self._memory_copy(path)
        try:
            row = db.execute("PRAGMA integrity_check").fetchone()
            if row is None or row[0] != "ok":
                raise savefile.SnapshotError("integrity_check failed")
            return self._summarise(db)
        finally:
            db.close()

    def _write_backup(
        self,
        db: sqlite3.Connection,
        summary: _Summary | None = None,
        newest: _Summary | None = None,
        undone: bool = False,
    ) -> None:
        """A new newest backup (the older ones shift down a generation), unless the newest
        already holds as much: a backup is never replaced by a state that holds less, except
        right after the players took back the end of a finished game (`undone`; the older
        generations still hold it). `newest`: what the newest backup holds, when the caller
        has read it already."""
        summary = summary or self._summarise(db)
        if newest is None and self.backup_path.exists():
            try:
                copy = self._memory_copy(self.backup_path)
                newest = self._summarise(copy)
                copy.close()
            except (OSError, *DB_ERRORS, savefile.SnapshotError):
                newest = None
        if newest is not None and not undone and not _holds_more(summary, newest):
            if _holds_less(summary, newest):
                log.error("not refreshing the backup: it holds more than the saved games")
            return
        tmp = self._backup_tmp()
        try:
            target = sqlite3.connect(tmp)
            try:
                target.execute("PRAGMA synchronous=FULL")  # the copy is on the card when done
                db.backup(target)
            finally:
                target.close()
            self._shift_generations()
            os.replace(tmp, self.backup_path)
            self._sync_dir()  # the generations' renames survive a power cut
        except (OSError, *DB_ERRORS) as error:
            log.warning("could not write the backup %s: %s", self.backup_path, error)
            with contextlib.suppress(OSError):
                tmp.unlink()

    def _backup_tmp(self) -> Path:
        return self.backup_path.with_suffix(".tmp")

    def _shift_generations(self) -> None:
        """Each backup one generation older (the oldest is replaced), the newest's name free."""
        for n in range(GENERATIONS - 1, 0, -1):
            older = self._generation(n - 1)
            if older.exists():
                os.replace(older, self._generation(n))

    # --- checking what a file holds -----------------------------------------------------------

    def _summarise(self, db: sqlite3.Connection) -> _Summary:
        summary = _Summary(revision=_revision(db))
        for row in self._game_rows(db):
            read = self._read_events(db, row)
            summary.games[row.id] = (row.status, len(read.events), read.problem is None)
        return summary

    def _repair_games(
        self, db: sqlite3.Connection, summary: _Summary, backups: list[tuple[Path, _Summary]]
    ) -> None:
        """Each game that fails its checks (or is missing) is taken whole from the backup that
        holds it whole, else cut just before its first bad record. A copy of the file is kept
        aside before the first change."""
        for path, backup in backups:
            wanted = [
                g
                for g, (status, n, whole) in backup.games.items()
                if whole
                and (
                    g not in summary.games
                    or not summary.games[g][2]
                    and summary.games[g][1] <= n
                    or summary.games[g][0] == "playing"
                    and status != "playing"
                )
            ]
            if not wanted:
                continue
            self._keep_copy("damaged")
            source = self._memory_copy(path)
            try:
                for game_id in wanted:
                    self._copy_game(source, db, game_id)
                    log.error("game %s restored from the backup %s", game_id, path)
                    self._report("game_restored", id=game_id)
                    summary.games[game_id] = backup.games[game_id]
            finally:
                source.close()
        if summary.revision is None:  # a damaged revision restarts above every backup's
            value = max([b.revision or 0 for _, b in backups] + [0]) + 1
            self._transaction(lambda db: _set_revision(db, value))
            summary.revision = value + 1
        for row in self._game_rows(db):
            read = self._read_events(db, row)
            if read.problem is not None and row.problem is None:  # a bad row cuts nothing
                self._keep_copy("damaged")
                self.cut(row.id, len(read.events))
                log.error(
                    "game %s: %s; its replay stops before it (no backup holds it whole)",
                    row.id,
                    read.problem,
                )
                self._report("game_cut", id=row.id, action=len(read.events) + 1)

    def _copy_game(self, source: sqlite3.Connection, db: sqlite3.Connection, game_id: int) -> None:
        game = source.execute(
            "SELECT id, game, rules_version, options, status, created, updated, actions, crc"
            " FROM games WHERE id = ?",
            (game_id,),
        ).fetchone()
        events = source.execute(
            "SELECT game_id, seq, kind, payload, crc FROM events WHERE game_id = ? ORDER BY seq",
            (game_id,),
        ).fetchall()
        db.execute("BEGIN IMMEDIATE")
        try:
            db.execute("DELETE FROM events WHERE game_id = ?", (game_id,))
            db.execute("DELETE FROM games WHERE id = ?", (game_id,))
            db.execute(
                "INSERT INTO games (id, game, rules_version, options, status, created, updated,"
                " actions, crc) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                game,
            )
            db.executemany(
                "INSERT INTO events (game_id, seq, kind, payload, crc) VALUES (?, ?, ?, ?, ?)",
                events,
            )
            _bump(db)
            db.execute("COMMIT")
        except DB_ERRORS:
            with contextlib.suppress(sqlite3.Error):
                db.execute("ROLLBACK")
            raise

    def _game_rows(self, db: sqlite3.Connection) -> list[GameRow]:
        """Every game row that can be read; a row that fails its checks is listed with its
        problem (and, where even its id is unreadable, left out)."""
        return list(self._iter_game_rows(db))

    def _iter_game_rows(
        self, db: sqlite3.Connection, where: str = "1", args: tuple = (), order: str = "id"
    ) -> Iterator[GameRow]:
        """The game rows that match `where`, in `order`, each checked only when it is reached
        (a caller that stops early checks no more than it needs)."""
        try:
            rows = db.execute(
                "SELECT id, game, rules_version, options, status, created, actions, crc,"
                " (SELECT COUNT(*) FROM events WHERE game_id = games.id) FROM games"
                f" WHERE {where} ORDER BY {order}",
                args,
            ).fetchall()
        except DB_ERRORS as error:
            log.error("games unreadable: %s", error)
            return
        for gid, game, version, options, status, created, actions, check, count in rows:
            if not isinstance(gid, int):
                continue
            problem = None
            if check is not None and check != crc(
                gid, game, version, options, status, created, actions
            ):
                problem = "game record fails its checksum"
            elif not (isinstance(game, str) and isinstance(version, int) and status in STATUSES):
                problem = "game record unreadable"
            parsed: dict[str, Any] = {}
            if problem is None:
                try:
                    value = json.loads(options)
                    if not isinstance(value, dict):
                        raise ValueError("not an object")
                    parsed = value
                except (TypeError, ValueError, RecursionError):
                    problem = "options do not decode"
            yield GameRow(
                gid,
                game if isinstance(game, str) else "?",
                version if isinstance(version, int) else 0,
                parsed,
                status if status in STATUSES else "damaged",
                actions if isinstance(actions, int) else count,
                problem,
            )

    def _read_events(self, db: sqlite3.Connection, row: GameRow) -> GameRead:
        if row.problem is not None:
            return GameRead(row, [], row.problem)
        try:
            rows = db.execute(
                "SELECT game_id, seq, kind, payload, crc FROM events WHERE game_id = ?"
                " ORDER BY seq",
                (row.id,),
            ).fetchall()
        except DB_ERRORS as error:
            return GameRead(row, [], f"actions unreadable: {error}")
        events: list[dict[str, Any]] = []
        for n, (gid, seq, kind, payload, check) in enumerate(rows, start=1):
            if seq != n:
                return GameRead(row, events, f"action {n} missing")
            if check is not None and check != crc(gid, seq, kind, payload):
                return GameRead(row, events, f"action {n} fails its checksum")
            try:
                value = json.loads(payload)
                if not isinstance(value, dict):
                    raise ValueError("not an object")
            except (TypeError, ValueError, RecursionError):
                return GameRead(row, events, f"action {n} does not decode")
            events.append(value)
        if len(events) < row.events:
            return GameRead(row, events, f"action {len(events) + 1} missing")
        return GameRead(row, events)

    # --- durability -------------------------------------------------------------------------

    def _sync_loop(self) -> None:
        while not self._stop.is_set():
            self._dirty.wait()  # asleep until there is something to sync (or a stop)
            if self._stop.is_set():
                return
            self._stop.wait(self.sync_delay / 2)  # gather a burst of presses into one sync
            self._dirty.clear()
            self.flush()

    def flush(self) -> None:
        """Make every committed transaction durable (fsync the WAL)."""
        if self.read_only or self.failing:
            return
        _fsync(Path(str(self.path) + "-wal"))  # no log yet: nothing to sync

    def close(self) -> None:
        with contextlib.suppress(*DB_ERRORS):
            self.write_pending_backup()
        self._stop.set()
        self._dirty.set()
        if self._syncer is not None:
            self._syncer.join(timeout=2)
        try:
            self.flush()
            self.db.close()
        except DB_ERRORS:  # pragma: no cover - closing a broken file
            pass

    # --- writing ----------------------------------------------------------------------------

    def _writable(self) -> None:
        if self.read_only:
            raise StoreError("the saved games are open read-only", "io")
        if self.failing is None:
            return
        old = self.db
        try:
            db = self._open_writable()
        except (_Unavailable, OSError) as error:
            self.db = old
            self.failing = "full" if self._nearly_full() else "io"
            raise StoreError(f"saving fails: {error}", self.failing) from None
        self.db = db
        if old is not db:
            with contextlib.suppress(sqlite3.Error):
                old.close()
        log.info("saving works again")
        self.failing = None

    def _transaction(self, work: Callable[[sqlite3.Connection], Any]) -> Any:
        """Run `work(db)` in one write transaction that also bumps the revision."""
        self._writable()
        try:
            self.db.execute("BEGIN IMMEDIATE")
            result = work(self.db)
            _bump(self.db)
            self.db.execute("COMMIT")
        except DB_ERRORS as error:
            with contextlib.suppress(sqlite3.Error):
                self.db.execute("ROLLBACK")
            kind = _kind(error)
            if kind != "full" and self._nearly_full():
                kind = "full"
            if kind != "full":
                self.failing = "io"  # reopen (and check the file) before the next write
            raise StoreError(f"saving failed: {error}", kind) from None
        self._dirty.set()
        return result

    def new_game(self, game: str, rules_version: int, options: dict[str, Any], ui: dict) -> int:
        now = time.time()
        text = json.dumps(options)

        def work(db: sqlite3.Connection) -> int:
            cur = db.execute(
                "INSERT INTO games (game, rules_version, options, created, updated, actions)"
                " VALUES (?, ?, ?, ?, ?, 0)",
                (game, rules_version, text, now, now),
            )
            game_id = int(cur.lastrowid or 0)
            db.execute(
                "UPDATE games SET crc = ? WHERE id = ?",
                (crc(game_id, game, rules_version, text, "playing", now, 0), game_id),
            )
            self._save_screen(db, game_id, ui)
            return game_id

        return self._transaction(work)

    def _save_screen(self, db: sqlite3.Connection, game_id: int | None, ui: dict) -> None:
        text = json.dumps(ui)
        db.execute(
            "INSERT INTO screen (id, current_game, ui, crc) VALUES (1, ?, ?, ?) ON CONFLICT(id)"
            " DO UPDATE SET current_game = excluded.current_game, ui = excluded.ui,"
            " crc = excluded.crc",
            (game_id, text, crc(game_id, text)),
        )

    def record(
        self,
        game_id: int | None,
        ui: dict,
        append: dict | None = None,
        undo: bool = False,
        status: str | None = None,
    ) -> None:
        """One input's changes in one transaction: an action appended (or the last one
        undone), the game's status, and what the screen shows."""

        reopened = [False]

        def work(db: sqlite3.Connection) -> None:
            if game_id is not None and (append is not None or undo or status):
                row = db.execute(
                    "SELECT game, rules_version, options, status, created, actions"
                    " FROM games WHERE id = ?",
                    (game_id,),
                ).fetchone()
                if row is None:
                    raise sqlite3.IntegrityError(f"no game {game_id}")
                game, version, options, old_status, created, actions = row
                actions = actions or 0
                if append is not None:
                    actions += 1
                    kind, payload = str(append.get("kind", "")), json.dumps(append)
                    db.execute(
                        "INSERT INTO events (game_id, seq, kind, payload, crc)"
                        " VALUES (?, ?, ?, ?, ?)",
                        (game_id, actions, kind, payload, crc(game_id, actions, kind, payload)),
                    )
                if undo and actions > 0:
                    db.execute(
                        "DELETE FROM events WHERE game_id = ? AND seq = ?", (game_id, actions)
                    )
                    actions -= 1
                    if old_status == "finished":  # the last action undone: playing again
                        old_status, reopened[0] = "playing", True
                new_status = status or old_status
                if old_status == "finished" and new_status == "abandoned":
                    # a finished game stays finished: only taking back its end changes that
                    log.warning("game %s is finished: it is not abandoned", game_id)
                    new_status = "finished"
                db.execute(
                    "UPDATE games SET updated = ?, status = ?, actions = ?, crc = ? WHERE id = ?",
                    (
                        time.time(),
                        new_status,
                        actions,
                        crc(game_id, game, version, options, new_status, created, actions),
                        game_id,
                    ),
                )
            current = None if status == "abandoned" else game_id
            self._save_screen(db, current, ui)

        self._transaction(work)
        if status in ("finished", "abandoned"):
            self._backup_now_or_after_frame(undone=bool(self._pending_backup))
        elif reopened[0]:  # the players took back a finished game's end: that is no loss
            self._backup_now_or_after_frame(undone=True)

    def _backup_now_or_after_frame(self, undone: bool) -> None:
        if self.backup_after_frame:
            self._pending_backup = undone
        else:
            self._write_backup(self.db, undone=undone)

    def write_pending_backup(self) -> None:
        """The backup a game's end (or an undone end) made due, if it is not written yet."""
        undone, self._pending_backup = self._pending_backup, None
        if undone is not None and not self.read_only:
            self._write_backup(self.db, undone=undone)

    def cut(self, game_id: int, keep: int) -> None:
        """Drop a game's actions after the first `keep` (a replay stopped there)."""

        def work(db: sqlite3.Connection) -> None:
            db.execute("DELETE FROM events WHERE game_id = ? AND seq > ?", (game_id, keep))
            row = db.execute(
                "SELECT game, rules_version, options, status, created FROM games WHERE id = ?",
                (game_id,),
            ).fetchone()
            if row is not None:
                db.execute(
                    "UPDATE games SET actions = ?, crc = ? WHERE id = ?",
                    (keep, crc(game_id, *row, keep), game_id),
                )

        self._transaction(work)

    # --- the card registry ------------------------------------------------------------------

    def teach(self, pairs: list[tuple[str, str]]) -> None:
        """Store UID -> card (replacing what a UID was before), all in one transaction."""
        now = time.time()

        def work(db: sqlite3.Connection) -> None:
            for uid, card in pairs:
                db.execute(
                    "INSERT INTO cards (uid, card, taught, crc) VALUES (?, ?, ?, ?)"
                    " ON CONFLICT(uid) DO UPDATE SET card = excluded.card,"
                    " taught = excluded.taught, crc = excluded.crc",
                    (uid, card, now, crc(uid, card, now)),
                )

        self._transaction(work)

    def forget(self, uid: str) -> bool:
        if self.card_for(uid) is None:
            return False
        self._transaction(lambda db: db.execute("DELETE FROM cards WHERE uid = ?", (uid,)))
        return True

    def cards(self, where: str = "1", args: tuple = ()) -> list[tuple[str, str]]:
        """The taught cards that pass their checks (a damaged entry is left out and logged)."""
        try:
            rows = self.db.execute(
                f"SELECT uid, card, taught, crc FROM cards WHERE {where}", args
            ).fetchall()
        except DB_ERRORS as error:
            log.error("card registry unreadable: %s", error)
            return []
        out = []
        for uid, card, taught, check in rows:
            if (check is not None and check != crc(uid, card, taught)) or not (
                isinstance(uid, str) and isinstance(card, str)
            ):
                log.error("card registry: an entry fails its checksum and is left out")
                continue
            out.append((uid, card))
        return sorted(out, key=lambda p: (p[1], p[0]))

    def card_for(self, uid: str) -> str | None:
        found = self.cards("uid = ?", (uid,))  # one row, checked like the rest
        return found[0][1] if found else None

    # --- reading ----------------------------------------------------------------------------

    def screen(self) -> tuple[int | None, dict | None]:
        try:
            row = self.db.execute(
                "SELECT current_game, ui, crc FROM screen WHERE id = 1"
            ).fetchone()
        except DB_ERRORS as error:
            log.error("cannot read the saved screen: %s", error)
            return None, None
        if row is None:
            return None, None
        game_id, ui, check = row
        if check is not None and check != crc(game_id, ui):
            log.error("the saved screen fails its checksum; starting at the menu")
            return None, None
        if game_id is not None and not isinstance(game_id, int):
            return None, None
        try:
            value = json.loads(ui)
        except (TypeError, ValueError, RecursionError):
            return game_id, None
        return game_id, value if isinstance(value, dict) else None

    def game(self, game_id: int) -> GameRow | None:
        return next(self._iter_game_rows(self.db, "id = ?", (game_id,)), None)

    def read_game(self, game_id: int) -> GameRead | None:
        row = self.game(game_id)
        return None if row is None else self._read_events(self.db, row)

    def events(self, game_id: int) -> list[dict[str, Any]]:
        read = self.read_game(game_id)
        return [] if read is None else read.events

    def games(self) -> list[GameRow]:
        rows = self._game_rows(self.db)
        out = []
        for row in rows:
            if row.problem is None:
                problem = self._read_events(self.db, row).problem
                row = replace(row, problem=problem)
            out.append(row)
        return out

    def latest_unfinished(
        self, other_than: int | None, accept: Callable[[GameRow], bool] | None = None
    ) -> int | None:
        """The most recently played unfinished game (but `other_than`) that reads back whole
        and that `accept` takes (the box: a game it can replay). Called after every accepted
        action: only the rows up to the first good one are checked."""
        rows = self._iter_game_rows(
            self.db, "status = 'playing' AND id IS NOT ?", (other_than,), "updated DESC"
        )
        return next(
            (g.id for g in rows if g.problem is None and (accept is None or accept(g))), None
        )


def _fsync(path: Path) -> bool:
    """fsync a file or folder (a failing sync is logged); False if it cannot be opened."""
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return False
    try:
        os.fsync(fd)
    except OSError as error:
        log.error("syncing %s failed: %s", path, error)
    finally:
        os.close(fd)
    return True


def _in_one_transaction(script: str) -> str:
    return f"BEGIN IMMEDIATE;\n{script}COMMIT;\n"


def _revision(db: sqlite3.Connection) -> int | None:
    """The file's revision (+1 with every write); None if it fails its checksum."""
    try:
        row = db.execute("SELECT value, crc FROM meta WHERE key = 'revision'").fetchone()
    except DB_ERRORS:
        return None
    if row is None:
        return 0
    value, check = row
    if not isinstance(value, int) or (check is not None and check != crc("revision", value)):
        log.error("the saved revision fails its checksum")
        return None
    return value


def _bump(db: sqlite3.Connection) -> None:
    _set_revision(db, (_revision(db) or 0) + 1)


def _set_revision(db: sqlite3.Connection, value: int) -> None:
    db.execute(
        "INSERT INTO meta (key, value, crc) VALUES ('revision', ?, ?) ON CONFLICT(key)"
        " DO UPDATE SET value = excluded.value, crc = excluded.crc",
        (value, crc("revision", value)),
    )


def _older(main: _Summary, backup: _Summary) -> bool:
    """Main is an earlier point of the same history than the backup (e.g. the end of its
    write-ahead log was lost). An unreadable revision decides nothing."""
    if main.revision is None or backup.revision is None:
        return False
    return main.revision < backup.revision


def _whole_games(summary: _Summary) -> int:
    return sum(1 for _, _, whole in summary.games.values() if whole)


def _holds_less(main: _Summary, backup: _Summary) -> bool:
    """Main lost something the backup has: an earlier revision (a shorter history), or a
    game the backup holds whole that main lacks or no longer has finished."""
    if _older(main, backup):
        return True
    for game_id, (status, n, whole) in backup.games.items():
        if not whole:
            continue
        mine = main.games.get(game_id)
        if mine is None:
            return True
        if status != "playing" and (mine[0] != status or mine[1] != n):
            return True
    return False


def _holds_more(main: _Summary, backup: _Summary) -> bool:
    return not _holds_less(main, backup) and (
        main.revision != backup.revision or main.games != backup.games
    )
