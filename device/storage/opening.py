"""Opening the saved-games file at start, or again after saving failed: the WAL check, damage
moved aside, the best backup in its place, games repaired from a backup or cut before a bad
record, older files migrated; and the read-only opening the listing commands use, which
changes nothing on disk. What the opening finds is said through the folder's `reports`."""

from __future__ import annotations

import logging
import sqlite3
from functools import partial
from pathlib import Path

from device.storage import savefile
from device.storage.backups import Backups
from device.storage.contents import (
    connect,
    copy_game,
    cut_game,
    game_rows,
    in_transaction,
    memory_copy,
    migrate,
    read_events,
    summarise,
)
from device.storage.folder import Folder
from device.storage.losses import LOSS_LOG, Lost, read_lost
from device.storage.records import (
    DB_ERRORS,
    SCHEMA,
    Reads,
    Remembered,
    Summary,
    Unavailable,
    behind,
    crc,
    decode_text,
    fsync,
    in_one_transaction,
    is_damage,
    newer,
    set_revision,
    unexplained,
)

log = logging.getLogger("tabletop.store")


class Opening:
    """Opens the saved games in `files`, with their `backups`."""

    def __init__(self, files: Folder, backups: Backups) -> None:
        self.files = files
        self.backups = backups
        self.reads: Reads = {}  # what the read-only snapshot found of each game
        self.remembered: Remembered | None = None  # a read-only reader's (records.py)

    def writable(self) -> sqlite3.Connection:
        """Open the file for the box. Which copy is the truth is decided by revision: the file,
        if its revision is at least the newest backup's (whatever it holds: a take-back holds
        less and is still the truth); the backup, if the file's revision is lower (its last
        changes were lost). Damage is only a file that cannot be read, fails its checks, or
        holds games its revision cannot explain."""
        wal, size, journal = self._look()
        lost = read_lost(self.files.path, wal, summarise)  # before anything is written
        self.backups.settle_tmp()
        backups = self.backups.readable()
        newest = backups[0][1] if backups else None
        if size <= 0 and not wal.frames:  # missing or empty: nothing SQLite could read
            return self._nothing_to_read(size, lost, backups)
        if wal.frames and not savefile.has_header(self.files.path):
            self._rebuild(wal)  # SQLite would start a file without its header afresh
        # a few bytes: shorter than any SQLite file's header
        db, healthy, summary = self._open_checked(size < 100 and not wal.frames and not journal)
        strange = (
            newest is not None and behind(summary, newest) and bool(unexplained(summary, newest))
        )
        if not healthy or db is None or strange:
            return self._set_aside_damaged(db, summary, backups, strange)
        if newest is not None and behind(summary, newest):
            return self._go_on_from_backup(db, summary, lost, backups)
        return self._go_on_from_file(db, wal, summary, lost, backups)

    def _look(self) -> tuple[savefile.WalCheck, int, bool]:
        """What lies on disk, read before anything is written: the log checked (a power cut's
        trace in it said at INFO), the file's size (-1: missing) and whether a rollback
        journal lies beside it."""
        wal_path = Path(str(self.files.path) + "-wal")
        try:
            wal_bytes = wal_path.read_bytes() if wal_path.exists() else b""
            size = self.files.path.stat().st_size if self.files.path.exists() else -1
            journal = Path(str(self.files.path) + "-journal").exists()  # SQLite rolls it back
        except OSError as error:
            raise Unavailable(f"cannot read {self.files.path}: {error.strerror}") from error
        wal = savefile.check_wal(wal_bytes)
        if wal.cut:
            log.info(
                "the log %s ends in a cut or torn write (a power cut); %d saved change(s) past it",
                wal_path,
                wal.lost,
            )
        return wal, size, journal

    def _nothing_to_read(
        self, size: int, lost: Lost, backups: list[tuple[Path, Summary]]
    ) -> sqlite3.Connection:
        """The file is missing (`size` -1) or empty, its log holding nothing: the newest
        backup takes its place (an empty file moved aside first), else the box starts with
        no saved games."""
        if backups:
            why = "missing" if size < 0 else "empty"
            if size == 0:
                self.files.aside(why)
            log.error("saved games %s: %s; restoring the backup", self.files.path, why)
            self.files.report(f"main_{why}")
            self.files.report("restored")
            return self._restore(backups[0][0])
        summary = Summary()
        self._say_lost(lost, summary, summary)
        return self._fresh()

    def _open_checked(self, too_short: bool) -> tuple[sqlite3.Connection | None, bool, Summary]:
        """The file opened, its integrity checked, migrated and summarised: the connection
        (None if it could not be opened, or is `too_short` to be a database), whether it is
        healthy, and what it holds (an empty summary unless healthy). An error that is not
        damage (a full card, no permission) is `Unavailable`."""
        db = None
        summary = Summary()
        if too_short:
            return db, False, summary
        try:
            db = connect(self.files.path)
            row = db.execute("PRAGMA integrity_check").fetchone()
            healthy = row is not None and row[0] == "ok"
            if healthy:
                migrate(db)
                summary = summarise(db)
        except DB_ERRORS as error:
            if db is not None:
                db.close()
                db = None
            if not is_damage(error):
                raise Unavailable(f"cannot open {self.files.path}: {error}") from error
            healthy = False
        return db, healthy, summary

    def _set_aside_damaged(
        self,
        db: sqlite3.Connection | None,
        summary: Summary,
        backups: list[tuple[Path, Summary]],
        strange: bool,
    ) -> sqlite3.Connection:
        """The file is damaged (or `strange`: it holds games the later backup does not): it is
        closed and moved aside, and the newest backup takes its place, else the box starts
        with no saved games."""
        newest = backups[0][1] if backups else None
        if db is not None:
            db.close()
        aside = self.files.aside("damaged")
        if strange and newest is not None:
            log.error(
                "saved games %s (revision %s) hold game(s) %s that the later backup "
                "(revision %s) does not: damaged, moved aside to %s",
                self.files.path,
                summary.revision,
                unexplained(summary, newest),
                newest.revision,
                aside,
            )
        else:
            log.error("saved games damaged: %s moved aside to %s", self.files.path, aside)
        self.files.report("damaged")
        if backups:
            log.error("restoring the backup %s", backups[0][0])
            self.files.report("restored")
            return self._restore(backups[0][0])
        log.error("no usable backup: starting with no saved games")
        self.files.report("started_empty")
        return self._fresh()

    def _go_on_from_backup(
        self,
        db: sqlite3.Connection,
        summary: Summary,
        lost: Lost,
        backups: list[tuple[Path, Summary]],
    ) -> sqlite3.Connection:
        """The file is at a lower revision than the newest backup (it lost its last changes,
        which the backup holds): what the cut lost is said, the file moved aside, and the
        backup takes its place."""
        newest = backups[0][1]
        if self._say_lost(lost, summary, newest):
            self.files.keep_copy("wal-damaged")  # before closing the file checkpoints its log
        db.close()
        aside = self.files.aside("lesser")
        log.info(
            "saved games %s are at revision %s, the backup %s at %s: the file lost its "
            "last changes (a power cut) and the backup holds them; continuing from the "
            "backup (the file kept as %s)",
            self.files.path,
            summary.revision,
            backups[0][0],
            newest.revision,
            aside,
        )
        return self._restore(backups[0][0])

    def _go_on_from_file(
        self,
        db: sqlite3.Connection,
        wal: savefile.WalCheck,
        summary: Summary,
        lost: Lost,
        backups: list[tuple[Path, Summary]],
    ) -> sqlite3.Connection:
        """The file is the truth: what a cut lost is said, a cut log started afresh, its
        damaged games repaired, and a backup written if the file is newer than the newest."""
        newest = backups[0][1] if backups else None
        if self._say_lost(lost, summary, summary):
            self.files.keep_copy("wal-damaged")
        try:
            if wal.cut:  # a fresh log: what lies past the cut is never read again
                db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            self._repair_games(db, summary, backups)
            summary = summarise(db)
            if newer(summary, newest):
                self.backups.write(db, summary, newest)
        except DB_ERRORS as error:
            db.close()
            raise Unavailable(f"cannot repair {self.files.path}: {error}") from error
        return db

    def read_only(self) -> sqlite3.Connection:
        """Everything in memory: the main file with its WAL applied (or, if it is damaged or
        behind the newest backup, the best backup). Nothing on disk is created, changed or
        moved; the reports are what a start would say."""
        backups = self.backups.readable()
        newest = backups[0][1] if backups else None
        db = None
        self.reads = {}
        try:
            wal_path = Path(str(self.files.path) + "-wal")
            wal = self._check_log(wal_path)
            if self.files.path.exists() or wal.frames:
                lost = read_lost(self.files.path, wal, summarise)
                db = savefile.open_memory(savefile.image(self.files.path, wal))
                row = db.execute("PRAGMA integrity_check").fetchone()
                if row is None or row[0] != "ok":
                    raise savefile.SnapshotError("integrity_check failed")
                db.text_factory = decode_text
                migrate(db)
                before = self.remembered.games if self.remembered is not None else None
                summary = summarise(db, self.reads, before)
                if newest is not None and behind(summary, newest):
                    if unexplained(summary, newest):
                        raise savefile.SnapshotError("games the later backup does not hold")
                    self._say_lost(lost, summary, newest)
                    db.close()
                    db = None  # the backup is ahead: it is listed, nothing said
                else:
                    self._say_lost(lost, summary, summary)
            elif backups:
                self.files.report("main_missing")
        except (OSError, *DB_ERRORS, savefile.SnapshotError) as error:
            log.error("saved games %s unreadable: %s", self.files.path, error)
            # a file this reader may not read is not damaged: said as what it is
            self.files.report("not_permitted" if isinstance(error, PermissionError) else "damaged")
            if backups:
                self.files.report("restored")
            if db is not None:
                db.close()
            db = None
        if db is None:
            self.reads = {}  # (of a file not taken)
        if self.remembered is not None:
            self.remembered.games = dict(self.reads)
        if db is None and backups:
            db = memory_copy(backups[0][0])
        if db is None:
            db = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
            db.executescript(SCHEMA)
        db.text_factory = decode_text
        return db

    def _check_log(self, wal_path: Path) -> savefile.WalCheck:
        """The log checked as read, a window at a time (the frames a reader found good)."""
        good = self.remembered.frames if self.remembered is not None else None
        if not wal_path.exists():
            return savefile.check_wal(b"", good)
        log_file = savefile.WalFile(wal_path)
        try:
            return savefile.check_wal(log_file, good)
        finally:
            log_file.close()

    def _rebuild(self, wal: savefile.WalCheck) -> None:
        """The file lost its header (cut or overwritten) while its log holds saved changes:
        SQLite would ignore the log and start the file afresh. The log holds the pages it
        changed, so the file is made anew from them (the damaged one kept aside) when that
        gives a whole database; a log of nothing but a new file's schema (a power cut during
        the very first start) is left to SQLite."""
        try:
            rebuilt = savefile.open_memory(savefile.image(self.files.path, wal))
            row = rebuilt.execute("PRAGMA integrity_check").fetchone()
            rebuilt.text_factory = decode_text
            summary = summarise(rebuilt) if row is not None and row[0] == "ok" else None
        except (OSError, *DB_ERRORS, savefile.SnapshotError) as error:
            log.warning("the log %s-wal cannot rebuild its file: %s", self.files.path, error)
            return
        if summary is None or not summary.games and (summary.revision or 0) <= 1:
            rebuilt.close()
            return
        aside = self.files.aside("damaged")
        log.warning(
            "saved games %s had lost their header: rebuilt from their log, nothing lost "
            "(the file kept as %s)",
            self.files.path,
            aside,
        )
        self._restore(rebuilt).close()

    def _say_lost(self, lost: Lost, main: Summary, recovered: Summary) -> bool:
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
            self.files.report(key, **values)
        return True

    def _fresh(self) -> sqlite3.Connection:
        try:
            db = connect(self.files.path)
            # a cut leaves all of it or none; the schema is revision 1 (one revision a commit,
            # so a log's lost commits can be compared with a backup's revision)
            first = f"INSERT INTO meta VALUES ('revision', 1, {crc('revision', 1)});\n"
            db.executescript(in_one_transaction(SCHEMA + first))
            # on the card before anything is written after it (once in the box's life): a cut
            # can then leave only the schema torn, which `read_lost` knows held no game
            fsync(Path(str(self.files.path) + "-wal"))
            return db
        except DB_ERRORS as error:
            raise Unavailable(f"cannot create {self.files.path}: {error}") from error

    def _restore(self, backup: Path | sqlite3.Connection) -> sqlite3.Connection:
        """The main file made anew from a backup (or from a database in memory)."""
        try:
            db = connect(self.files.path)
            source = sqlite3.connect(backup) if isinstance(backup, Path) else backup
            try:
                source.backup(db)
            finally:
                source.close()
            db.execute("PRAGMA journal_mode=WAL")
            migrate(db)
        except DB_ERRORS as error:
            raise Unavailable(f"cannot restore {backup}: {error}") from error
        fsync(self.files.wal)  # the restored games are on the card before the box goes on
        return db

    def _repair_games(
        self, db: sqlite3.Connection, summary: Summary, backups: list[tuple[Path, Summary]]
    ) -> None:
        """Each game that fails its checks, or that a backup holds and the file does not
        (games are never deleted: a revision cannot explain a game missing), is taken whole
        from a backup that holds it whole, else cut just before its first bad record. A game
        that passes its checks is never replaced, whatever a backup holds of it: the file's
        revision is at least the backups' (a take-back holds less and is the truth). A copy
        of the file is kept aside before the first change."""
        for path, backup in backups:
            wanted = [
                g
                for g, (_status, n, whole) in backup.games.items()
                if whole
                and (g not in summary.games or not summary.games[g][2] and summary.games[g][1] <= n)
            ]
            if not wanted:
                continue
            self.files.keep_copy("damaged")
            source = memory_copy(path)
            try:
                for game_id in wanted:
                    copy_game(source, db, game_id)
                    log.error("game %s restored from the backup %s", game_id, path)
                    self.files.report("game_restored", id=game_id)
                    summary.games[game_id] = backup.games[game_id]
            finally:
                source.close()
        if summary.revision is None:  # a damaged revision restarts above every backup's
            value = max([b.revision or 0 for _, b in backups] + [0]) + 1
            in_transaction(db, lambda d: set_revision(d, value))
            summary.revision = value + 1
        for row in game_rows(db):
            read = read_events(db, row)
            if read.problem is not None and row.problem is None:  # a bad row cuts nothing
                self.files.keep_copy("damaged")
                keep = len(read.events)
                in_transaction(db, partial(cut_game, game_id=row.id, keep=keep))
                log.error(
                    "game %s: %s; its replay stops before it (no backup holds it whole)",
                    row.id,
                    read.problem,
                )
                self.files.report("game_cut", id=row.id, action=len(read.events) + 1)
