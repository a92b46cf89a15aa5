"""Opening the saved-games file at start: the WAL check, damage moved aside, the best backup
in its place, older files migrated; copies kept aside and pruned."""

from __future__ import annotations

import contextlib
import logging
import os
import shutil
import sqlite3
import time
from pathlib import Path

from device.storage import savefile
from device.storage.records import (  # the file's schema, rows and helpers
    ADDED_COLUMNS,
    COLUMNS,
    DB_ERRORS,
    FILE,
    KEPT_COPIES,
    LEGACY_TABLES,
    PRUNED,
    SCHEMA,
    _fsync,
    _holds_more,
    _in_one_transaction,
    _is_damage,
    _older,
    _Summary,
    _text,
    _Unavailable,
    crc,
)

log = logging.getLogger("tabletop.store")


class Opening:
    """The `Store`'s opening part (a mixin: it works on the store's own attributes)."""

    _kept: bool  # a copy of the damaged file is kept aside this session (set by the Store)

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
