"""Reading a saved-games file without writing a byte: the WAL check and in-memory snapshots.

SQLite reads its write-ahead log (WAL) up to the first frame whose checksum fails and silently
drops the rest. That is right after a torn last write, but after one bad byte in the middle (or
a power cut after which the card kept a later write and not an earlier one) it loses every
later transaction without a word. `check_wal` reads the log as SQLite would
(https://www.sqlite.org/fileformat.html#the_write_ahead_log) and also counts the transactions
of the current log whose commit lies *after* the point where reading stops: those were saved
and are lost, and the box says exactly how many (and keeps a copy of the log). The frame where
reading stops is not counted on its own: a frame whose header was written and whose page was
not (or was torn) is what a power cut in the middle of a write leaves, and the change it
belonged to may never have been shown (`docs/box.md`, "What can go wrong").

`snapshot` builds the database as SQLite would see it (the main file with the log's committed
frames applied) in memory, so read-only commands and a box on a full card never write.
"""

from __future__ import annotations

import sqlite3
import struct
from dataclasses import dataclass
from pathlib import Path

from engine.core import TabletopError

WAL_MAGIC = (0x377F0682, 0x377F0683)  # little-endian / big-endian checksums
WAL_HEADER = 32
FRAME_HEADER = 24
SQLITE_HEADER = b"SQLite format 3\x00"


@dataclass(frozen=True)
class WalCheck:
    frames: int  # frames SQLite will use (up to the last valid commit)
    lost: int  # saved changes (commits) of the current log past the point where reading stops
    header_bad: bool  # the log's header is unreadable although the log holds frames
    pages: dict[int, bytes]  # page number -> newest committed content
    db_pages: int  # database size in pages after the last commit (0: no commit)
    page_size: int
    torn: bool = False  # reading stops at a frame of the current log that is cut or torn

    @property
    def cut(self) -> bool:
        """The log shows a power cut's trace (a torn frame, or saved changes past one)."""
        return self.torn or self.header_bad or self.lost > 0

    @property
    def damaged(self) -> bool:
        """Saved changes are lost (a log of zeros, or a torn tail, loses none)."""
        return self.lost > 0


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
        # SQLite ignores the whole log: every commit of the log's first frames is lost (the
        # frames that carry the first frame's salts; the usual 4 KiB pages are assumed when
        # the header's page size is unreadable too)
        size = FRAME_HEADER + (page_size if good_size else 4096)
        commits = 0
        salts = wal[WAL_HEADER + 8 : WAL_HEADER + 16]
        for offset in range(WAL_HEADER, len(wal) - FRAME_HEADER + 1, size):
            head = wal[offset : offset + FRAME_HEADER]
            if head[8:16] != salts:
                break
            commits += struct.unpack(">I", head[4:8])[0] != 0
        return WalCheck(0, commits if has_frames else 0, has_frames, {}, 0, 0)
    big = magic & 1 == 1
    s0, s1 = c1, c2
    pages: dict[int, bytes] = {}
    pending: dict[int, bytes] = {}
    frames = used = db_pages = 0
    offset = WAL_HEADER
    stopped = False
    stop_commit = False  # the frame where reading stopped ends a transaction
    torn = False  # reading stopped at a cut or torn frame of the current log
    past = 0  # commits of the current log after that frame
    while offset + FRAME_HEADER <= len(wal):
        head = wal[offset : offset + FRAME_HEADER]
        pgno, commit, f1, f2, k1, k2 = struct.unpack(">6I", head)
        current = (f1, f2) == (salt1, salt2)
        body = wal[offset + FRAME_HEADER : offset + frame_size]
        if stopped:
            past += current and commit != 0 and len(body) == page_size
        elif not current:
            stopped = True  # an older log's leftovers: the normal end
        elif len(body) < page_size or pgno == 0:
            stopped, stop_commit, torn = True, commit != 0, True
        else:
            n0, n1 = _checksum(head[:8] + body, big, s0, s1)
            if (n0, n1) != (k1, k2):
                stopped, stop_commit, torn = True, commit != 0, True
            else:
                s0, s1 = n0, n1
                frames += 1
                pending[pgno] = body
                if commit:
                    pages.update(pending)
                    pending.clear()
                    used, db_pages = frames, commit
        offset += frame_size
    # the transaction of the stopping frame is lost for certain only if a later one follows
    lost = past + stop_commit if past else 0
    return WalCheck(used, lost, False, pages, db_pages, page_size, torn)


class SnapshotError(TabletopError, ValueError):
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
