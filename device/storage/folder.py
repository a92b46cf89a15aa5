"""The state directory's files as the store keeps them: the saved games, their backups'
names, the copies kept aside (moved or copied, named for why and when, the needless ones
pruned), the directory's sync after a rename, and what the store has to say about them
(`reports`, keys under "store." in the catalog)."""

from __future__ import annotations

import contextlib
import logging
import shutil
import time
from pathlib import Path

from device.jsontypes import JsonObject
from device.storage.records import BACKUP, FILE, KEPT_COPIES, PRUNED, Unavailable, fsync

log = logging.getLogger("tabletop.store")


class Folder:
    """The state directory and the saved games' files in it."""

    def __init__(self, directory: Path) -> None:
        self.directory = Path(directory)
        self.path = self.directory / FILE
        self.backup_path = self.directory / BACKUP
        self.reports: list[tuple[str, JsonObject]] = []  # catalog keys under "store."
        self.kept = False  # a copy of the damaged file is kept aside this session

    @property
    def wal(self) -> Path:
        return Path(str(self.path) + "-wal")

    def report(self, key: str, **values: object) -> None:
        self.reports.append((key, values))

    def _stamp(self) -> str:
        return time.strftime("%Y%m%d-%H%M%S")

    def aside(self, why: str) -> Path:
        """Move the main file (and its WAL) aside, kept for the players: never deleted (but
        copies the box no longer needs, `PRUNED`, are kept only for the last few times)."""
        aside = self.free_name(why)
        for suffix in ("", "-wal", "-shm"):
            src = Path(str(self.path) + suffix)
            if src.exists():
                if suffix == "-shm":
                    src.unlink()
                else:
                    src.rename(Path(str(aside) + suffix))
        self.sync()  # the move is durable before anything takes the file's place
        self.prune(why)
        return aside

    def free_name(self, why: str) -> Path:
        """A name for a file kept aside: the reason and the time (and a number if taken)."""
        name = self.path.with_name(f"{FILE}.{why}-{self._stamp()}")
        n = 1
        while name.exists():
            name = self.path.with_name(f"{FILE}.{why}-{self._stamp()}.{n}")
            n += 1
        return name

    def keep_copy(self, why: str) -> None:
        """Copy the main file aside once before repairing it in place."""
        if self.kept:
            return
        target = self.free_name(why)
        try:
            if self.path.exists():
                shutil.copyfile(self.path, target)
            wal = Path(str(self.path) + "-wal")
            if wal.exists():
                shutil.copyfile(wal, Path(str(target) + "-wal"))
        except OSError as error:
            raise Unavailable(f"cannot keep a copy of {self.path}: {error.strerror}") from error
        self.kept = True
        log.error("kept a copy of the saved games as %s", target)
        self.prune(why)

    def prune(self, why: str) -> None:
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

    def sync(self) -> None:
        """Make renames in the state directory durable (a power cut keeps them)."""
        if not fsync(self.directory):
            log.warning("cannot open %s to sync it", self.directory)
