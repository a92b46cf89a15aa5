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
from device.storage.losses import LOSS_LOG, Lost, read_lost
from device.storage.records import (  # the file's schema, rows and helpers
    ADDED_COLUMNS,
    COLUMNS,
    DB_ERRORS,
    FILE,
    KEPT_COPIES,
    LEGACY_TABLES,
    PRUNED,
    SCHEMA,
    _behind,
    _fsync,
    _in_one_transaction,
    _is_damage,
    _newer,
    _Summary,
    _text,
    _Unavailable,
    _unexplained,
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
        of a game (a damaged log's copy, a file a backup was ahead of)."""
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
        (if its revision is above every backup's); anything else left of a backup is
        removed."""
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
        backups = self._backups()
        if summary is not None and _newer(summary, backups[0][1] if backups else None):
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
        """Open the file for the box. Which copy is the truth is decided by revision: the file,
        if its revision is at least the newest backup's (whatever it holds: a take-back holds
        less and is still the truth); the backup, if the file's revision is lower (its last
        changes were lost). Damage is only a file that cannot be read, fails its checks, or
        holds games its revision cannot explain."""
        wal_path = Path(str(self.path) + "-wal")
        try:
            wal_bytes = wal_path.read_bytes() if wal_path.exists() else b""
            size = self.path.stat().st_size if self.path.exists() else -1
            journal = Path(str(self.path) + "-journal").exists()  # SQLite rolls it back
        except OSError as error:
            raise _Unavailable(f"cannot read {self.path}: {error.strerror}") from error
        wal = savefile.check_wal(wal_bytes)
        if wal.cut:
            log.info(
                "the log %s ends in a cut or torn write (a power cut); %d saved change(s) past it",
                wal_path,
                wal.lost,
            )
        lost = read_lost(self.path, wal, self._summarise)  # before anything is written
        self._settle_backup_tmp()
        backups = self._backups()
        newest = backups[0][1] if backups else None
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
            self._say_lost(lost, summary, summary)
            return self._fresh()
        if wal.frames and not savefile.has_header(self.path):
            self._rebuild(wal)  # SQLite would start a file without its header afresh
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
        unexplained = (
            newest is not None and _behind(summary, newest) and bool(_unexplained(summary, newest))
        )
        if not healthy or db is None or unexplained:
            if db is not None:
                db.close()
            aside = self._aside("damaged")
            if unexplained and newest is not None:
                log.error(
                    "saved games %s (revision %s) hold game(s) %s that the later backup "
                    "(revision %s) does not: damaged, moved aside to %s",
                    self.path,
                    summary.revision,
                    _unexplained(summary, newest),
                    newest.revision,
                    aside,
                )
            else:
                log.error("saved games damaged: %s moved aside to %s", self.path, aside)
            self._report("damaged")
            if backups:
                log.error("restoring the backup %s", backups[0][0])
                self._report("restored")
                return self._restore(backups[0][0])
            log.error("no usable backup: starting with no saved games")
            self._report("started_empty")
            return self._fresh()
        if newest is not None and _behind(summary, newest):
            if self._say_lost(lost, summary, newest):
                self._keep_copy("wal-damaged")  # before closing the file checkpoints its log
            db.close()
            aside = self._aside("lesser")
            log.info(
                "saved games %s are at revision %s, the backup %s at %s: the file lost its "
                "last changes (a power cut) and the backup holds them; continuing from the "
                "backup (the file kept as %s)",
                self.path,
                summary.revision,
                backups[0][0],
                newest.revision,
                aside,
            )
            return self._restore(backups[0][0])
        if self._say_lost(lost, summary, summary):
            self._keep_copy("wal-damaged")
        self.db = db  # repairs write through the usual transactions
        try:
            if wal.cut:  # a fresh log: what lies past the cut is never read again
                db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            self._repair_games(db, summary, backups)
            summary = self._summarise(db)
            if _newer(summary, newest):
                self._write_backup(db, summary, newest)
        except DB_ERRORS as error:
            db.close()
            raise _Unavailable(f"cannot repair {self.path}: {error}") from error
        return db

    def _rebuild(self, wal: savefile.WalCheck) -> None:
        """The file lost its header (cut or overwritten) while its log holds saved changes:
        SQLite would ignore the log and start the file afresh. The log holds the pages it
        changed, so the file is made anew from them (the damaged one kept aside) when that
        gives a whole database; a log of nothing but a new file's schema (a power cut during
        the very first start) is left to SQLite."""
        try:
            rebuilt = savefile.open_memory(savefile.image(self.path, wal))
            row = rebuilt.execute("PRAGMA integrity_check").fetchone()
            rebuilt.text_factory = _text
            summary = self._summarise(rebuilt) if row is not None and row[0] == "ok" else None
        except (OSError, *DB_ERRORS, savefile.SnapshotError) as error:
            log.warning("the log %s-wal cannot rebuild its file: %s", self.path, error)
            return
        if summary is None or not summary.games and (summary.revision or 0) <= 1:
            rebuilt.close()
            return
        aside = self._aside("damaged")
        log.warning(
            "saved games %s had lost their header: rebuilt from their log, nothing lost "
            "(the file kept as %s)",
            self.path,
            aside,
        )
        self._restore(rebuilt).close()

    def _say_lost(self, lost: Lost, main: _Summary, recovered: _Summary) -> bool:
        """Say what a power cut lost, game by game: the saved changes the log proves (its
        commits past the point where reading stops) that the state the box goes on from
        (`recovered`: the file, or the backup it took) does not hold. A cut that lost nothing
        (the backup holds it all, or only the screen changed) is logged at INFO and said
        nowhere. True if a game lost something."""
        if not lost.count:
            return False
        found = lost.losses(main, recovered)
        if not found:
            log.info(
                "the log had %d saved change(s) past a cut or torn part: none of them is "
                "lost to a game (revision %s, the box goes on from %s)",
                lost.count,
                lost.proven(main),
                recovered.revision,
            )
            return False
        for key, values in found:
            log.error("after a power cut: %s", LOSS_LOG[key].format(**values))
            self._report(key, **values)
        return True

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

    def _restore(self, backup: Path | sqlite3.Connection) -> sqlite3.Connection:
        """The main file made anew from a backup (or from a database in memory)."""
        try:
            db = self._connect(self.path)
            source = sqlite3.connect(backup) if isinstance(backup, Path) else backup
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
        behind the newest backup, the best backup). Nothing on disk is created, changed or
        moved; the reports are what a start would say."""
        backups = self._backups()
        newest = backups[0][1] if backups else None
        db = None
        try:
            wal_path = Path(str(self.path) + "-wal")
            wal = savefile.check_wal(wal_path.read_bytes() if wal_path.exists() else b"")
            if self.path.exists() or wal.frames:
                lost = read_lost(self.path, wal, self._summarise)
                db = savefile.open_memory(savefile.image(self.path, wal))
                row = db.execute("PRAGMA integrity_check").fetchone()
                if row is None or row[0] != "ok":
                    raise savefile.SnapshotError("integrity_check failed")
                db.text_factory = _text
                self._migrate(db)
                summary = self._summarise(db)
                if newest is not None and _behind(summary, newest):
                    if _unexplained(summary, newest):
                        raise savefile.SnapshotError("games the later backup does not hold")
                    self._say_lost(lost, summary, newest)
                    db.close()
                    db = None  # the backup is ahead: it is listed, nothing said
                else:
                    self._say_lost(lost, summary, summary)
            elif backups:
                self._report("main_missing")
        except (OSError, *DB_ERRORS, savefile.SnapshotError) as error:
            log.error("saved games %s unreadable: %s", self.path, error)
            self._report("damaged")
            if backups:
                self._report("restored")
            if db is not None:
                db.close()
            db = None
        if db is None and backups:
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
