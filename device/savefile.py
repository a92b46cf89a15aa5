"""Reading a saved-games file without writing a byte: the WAL check and in-memory snapshots.

SQLite reads its write-ahead log (WAL) up to the first frame whose checksum fails and silently
drops the rest. That is right after a torn last write, but after one bad byte in the middle it
loses every later transaction without a word. `check_wal` reads the log as SQLite would
(https://www.sqlite.org/fileformat.html#the_write_ahead_log) and also counts the frames of the
current log that lie *after* the point where reading stops: if there are any, saved changes
were lost, and the box says so (and keeps a copy of the log) instead of starting quietly.

`snapshot` builds the database as SQLite would see it (the main file with the log's committed
frames applied) in memory, so read-only commands and a box on a full card never write.
"""

from __future__ import annotations

import sqlite3
import struct
from dataclasses import dataclass
from pathlib import Path

WAL_MAGIC = (0x377F0682, 0x377F0683)  # little-endian / big-endian checksums
WAL_HEADER = 32
FRAME_HEADER = 24
SQLITE_HEADER = b"SQLite format 3\x00"


@dataclass(frozen=True)
class WalCheck:
    frames: int  # frames SQLite will use (up to the last valid commit)
    lost: int  # frames of the current log after the point where reading stops (0: all well)
    header_bad: bool  # the log's header is unreadable although the log holds frames
    pages: dict[int, bytes]  # page number -> newest committed content
    db_pages: int  # database size in pages after the last commit (0: no commit)
    page_size: int

    @property
    def damaged(self) -> bool:
        return self.lost > 0 or self.header_bad


NO_WAL = WalCheck(0, 0, False, {}, 0, 0)


def _checksum(data: bytes, big: bool, s0: int, s1: int) -> tuple[int, int]:
    words = struct.unpack(f"{'>' if big else '<'}{len(data) // 4}I", data)
    mask = 0xFFFFFFFF
    for i in range(0, len(words), 2):
        s0 = (s0 + words[i] + s1) & mask
        s1 = (s1 + words[i + 1] + s0) & mask
    return s0, s1


def check_wal(wal: bytes) -> WalCheck:
    """What SQLite will read of this log, and how many frames of it are past a bad one."""
    if len(wal) < WAL_HEADER:
        return NO_WAL
    magic, _version, page_size, _seq, salt1, salt2, c1, c2 = struct.unpack(">8I", wal[:32])
    frame_size = FRAME_HEADER + page_size
    has_frames = len(wal) >= WAL_HEADER + FRAME_HEADER
    good_size = page_size >= 512 and page_size <= 65536 and page_size & (page_size - 1) == 0
    if magic not in WAL_MAGIC or not good_size or _checksum(wal[:24], magic & 1, 0, 0) != (c1, c2):
        # SQLite ignores the whole log: every frame in it is lost (their count assumes the
        # usual 4 KiB pages when the header's page size is unreadable too)
        size = FRAME_HEADER + (page_size if good_size else 4096)
        return WalCheck(0, max(0, (len(wal) - WAL_HEADER) // size), has_frames, {}, 0, 0)
    big = magic & 1 == 1
    s0, s1 = c1, c2
    pages: dict[int, bytes] = {}
    pending: dict[int, bytes] = {}
    frames = used = db_pages = 0
    offset = WAL_HEADER
    stopped = False
    lost = 0
    while offset + FRAME_HEADER <= len(wal):
        head = wal[offset : offset + FRAME_HEADER]
        pgno, commit, f1, f2, k1, k2 = struct.unpack(">6I", head)
        current = (f1, f2) == (salt1, salt2)
        body = wal[offset + FRAME_HEADER : offset + frame_size]
        if stopped:
            lost += current
        elif not current:
            stopped = True  # an older log's leftovers: the normal end
        elif len(body) < page_size or pgno == 0:
            stopped, lost = True, 1
        else:
            n0, n1 = _checksum(head[:8] + body, big, s0, s1)
            if (n0, n1) != (k1, k2):
                stopped, lost = True, 1
            else:
                s0, s1 = n0, n1
                frames += 1
                pending[pgno] = body
                if commit:
                    pages.update(pending)
                    pending.clear()
                    used, db_pages = frames, commit
        offset += frame_size
    return WalCheck(used, lost, False, pages, db_pages, page_size)


class SnapshotError(ValueError):
    """The file is not a database SQLite could read (one line)."""


def image(path: Path, wal: WalCheck | None = None) -> bytes:
    """The database file as SQLite sees it: the main file with the log's commits applied."""
    data = bytearray(path.read_bytes()) if path.exists() else bytearray()
    if wal is None:
        wal_path = Path(str(path) + "-wal")
        wal = check_wal(wal_path.read_bytes()) if wal_path.exists() else NO_WAL
    if wal.db_pages:
        size = wal.page_size
        need = wal.db_pages * size
        if len(data) < need:
            data.extend(bytes(need - len(data)))
        for pgno, body in wal.pages.items():
            if pgno <= wal.db_pages:
                data[(pgno - 1) * size : pgno * size] = body
        del data[need:]
    return bytes(data)


def open_memory(data: bytes) -> sqlite3.Connection:
    """An in-memory database from a file image (empty data: an empty database)."""
    db = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
    if not data:
        return db
    if len(data) < 100 or not data.startswith(SQLITE_HEADER):
        db.close()
        raise SnapshotError("not an SQLite database")
    patched = bytearray(data)
    patched[18] = patched[19] = 1  # WAL mode -> rollback journal, as a memory database needs
    try:
        db.deserialize(bytes(patched))
    except sqlite3.Error as error:
        db.close()
        raise SnapshotError(str(error)) from None
    return db
