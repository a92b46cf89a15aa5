"""The backups: the newest and older generations, each written whole and in place by a rename,
never replaced by a state of a lower revision; what a backup holds (its summary); a backup a
power cut left half in place settled at start."""

from __future__ import annotations

import contextlib
import logging
import os
import sqlite3
from pathlib import Path

from device.storage import savefile
from device.storage.contents import memory_copy, summarise
from device.storage.folder import Folder
from device.storage.records import DB_ERRORS, GENERATIONS, Remembered, Summary, newer

log = logging.getLogger("tabletop.store")


class Backups:
    """The backup generations in the state directory (`files`)."""

    def __init__(self, files: Folder) -> None:
        self.files = files
        self.remembered: Remembered | None = None  # a read-only reader's (records.py)

    def generation(self, n: int) -> Path:
        return (
            self.files.backup_path
            if n == 0
            else self.files.directory / f"tabletop.backup.{n}.sqlite3"
        )

    def readable(self) -> list[tuple[Path, Summary]]:
        """The readable backups, the highest revision first (then the newest generation)."""
        found = []
        for n in range(GENERATIONS):
            path = self.generation(n)
            try:
                if not path.is_file():
                    continue
                found.append((n, path, self._summary(path)))
            except (OSError, *DB_ERRORS, savefile.SnapshotError) as error:
                log.warning("backup %s unreadable: %s", path, error)
        found.sort(key=lambda f: (-(f[2].revision or 0), f[0]))
        return [(p, s) for _, p, s in found]

    def _summary(self, path: Path) -> Summary:
        """A backup's summary, or a reader's of the same file (the same inode, size and time:
        a backup is written whole and put in place by a rename)."""
        if self.remembered is None:
            return self.file_summary(path)
        st = path.stat()
        key = (st.st_ino, st.st_size, st.st_mtime_ns)
        kept = self.remembered.backups.get(path)
        if kept is not None and kept[0] == key:
            return kept[1]
        summary = self.file_summary(path)
        self.remembered.backups[path] = (key, summary)
        return summary

    def file_summary(self, path: Path) -> Summary:
        """What a whole copy (a backup) holds; it must pass SQLite's integrity check."""
        db = memory_copy(path)
        try:
            row = db.execute("PRAGMA integrity_check").fetchone()
            if row is None or row[0] != "ok":
                raise savefile.SnapshotError("integrity_check failed")
            return summarise(db)
        finally:
            db.close()

    def write(
        self,
        db: sqlite3.Connection,
        summary: Summary | None = None,
        newest: Summary | None = None,
    ) -> None:
        """A new newest backup (the older ones shift down a generation), unless the newest is
        at this revision or a later one: a backup is never replaced by a state of a lower
        revision. `summary`, `newest`: what the file and the newest backup hold, when the
        caller has read them already."""
        summary = summary or summarise(db)
        if newest is None and self.files.backup_path.exists():
            try:
                copy = memory_copy(self.files.backup_path)
                newest = summarise(copy)
                copy.close()
            except (OSError, *DB_ERRORS, savefile.SnapshotError):
                newest = None
        if not newer(summary, newest):
            if newest is not None and (summary.revision or 0) < (newest.revision or 0):
                log.error(
                    "not refreshing the backup: it is at revision %s, the saved games at %s",
                    newest.revision,
                    summary.revision,
                )
            return
        tmp = self.tmp()
        try:
            target = sqlite3.connect(tmp)
            try:
                target.execute("PRAGMA synchronous=FULL")  # the copy is on the card when done
                db.backup(target)
            finally:
                target.close()
            self.shift()
            os.replace(tmp, self.files.backup_path)
            self.files.sync()  # the generations' renames survive a power cut
        except (OSError, *DB_ERRORS) as error:
            log.warning("could not write the backup %s: %s", self.files.backup_path, error)
            with contextlib.suppress(OSError):
                tmp.unlink()

    def tmp(self) -> Path:
        return self.files.backup_path.with_suffix(".tmp")

    def shift(self) -> None:
        """Each backup one generation older (the oldest is replaced), the newest's name free."""
        for n in range(GENERATIONS - 1, 0, -1):
            older = self.generation(n - 1)
            if older.exists():
                os.replace(older, self.generation(n))

    def settle_tmp(self) -> None:
        """A backup written whole whose renames a power cut undid becomes the newest backup
        (if its revision is above every backup's); anything else left of a backup is
        removed."""
        tmp = self.tmp()
        journal = Path(str(tmp) + "-journal")
        if not tmp.exists():
            with contextlib.suppress(OSError):
                journal.unlink()
            return
        summary = None
        if not journal.exists():  # a hot journal: the copy was never committed
            try:
                summary = self.file_summary(tmp)
            except (OSError, *DB_ERRORS, savefile.SnapshotError) as error:
                log.warning("the unfinished backup %s is unreadable: %s", tmp, error)
        backups = self.readable()
        if summary is not None and newer(summary, backups[0][1] if backups else None):
            try:
                self.shift()
                os.replace(tmp, self.files.backup_path)
                self.files.sync()
                log.warning("the backup %s was written whole: it is the newest now", tmp)
                return
            except OSError as error:
                log.warning("could not put the backup %s in place: %s", tmp, error)
        for path in (tmp, journal):
            with contextlib.suppress(OSError):
                path.unlink()
