"""Reading a saved-games file without writing a byte: the WAL check and in-memory snapshots.

SQLite reads its write-ahead log (WAL) up to the first frame whose checksum fails and silently
drops the rest. That is right after a torn last write, but after one bad byte in the middle (or
a power cut after which the card kept a later write and not an earlier one) it loses every
later transaction without a word. `check_wal` reads the log as SQLite would
(https://www.sqlite.org/fileformat.html#the_write_ahead_log) and also counts the transactions
of the current log whose commit lies *after* the point where reading stops: those were saved
and are lost unless a backup holds them; their pages, read from those frames (`WalCheck.later`),
show which game lost what (`device/storage/losses.py`). The frame where reading stops is not
counted on its own: a frame whose header was written and whose page was not (or was torn) is
what a power cut in the middle of a write leaves, and the change it belonged to may never have
been shown (`docs/box.md`, "What can go wrong").

`snapshot` builds the database as SQLite would see it (the main file with the log's committed
frames applied) in memory, so read-only commands and a box on a full card never write. A
read-only look reads the log a window at a time (`WalFile`), keeping only its frames' pages.
"""

from __future__ import annotations

import os
import sqlite3
import struct
from dataclasses import dataclass, field
from functools import lru_cache
from operator import mul
from pathlib import Path
from typing import Any

from engine.core import TabletopError

WAL_MAGIC = (0x377F0682, 0x377F0683)  # little-endian / big-endian checksums
WAL_HEADER = 32
FRAME_HEADER = 24
SQLITE_HEADER = b"SQLite format 3\x00"


@dataclass(frozen=True)
class WalCheck:
    frames: int  # frames SQLite will use (up to the last valid commit)
    lost: int  # saved changes (commits) of the current log past the point where reading stops
    # (none unless one of them reached the card whole)
    header_bad: bool  # the log's header is unreadable although the log holds frames
    pages: dict[int, bytes]  # page number -> newest committed content
    db_pages: int  # database size in pages after the last commit (0: no commit)
    page_size: int
    torn: bool = False  # reading stops at a frame of the current log that is cut or torn
    # the lost changes' pages (`lost`): every frame past the stop that can be read, each
    # checked against the checksum the frame before it carries (where that one is there), up
    # to the last commit among them; what they held is compared with the backups
    later: dict[int, bytes] = field(default_factory=dict)
    later_pages: int = 0  # database size in pages after that commit (0: none)
    later_whole: bool = True  # `later` holds every page the lost changes wrote
    # the pages the lost changes wrote, each named by its frame's header, whole or not (None:
    # a frame among them names none this log can vouch for, one never written)
    later_wrote: frozenset[int] | None = frozenset()

    @property
    def cut(self) -> bool:
        """The log shows a power cut's trace (a torn frame, or saved changes past one)."""
        return self.torn or self.header_bad or self.lost > 0


NO_WAL = WalCheck(0, 0, False, {}, 0, 0)


def _checksum(data: bytes, big: bool, s0: int, s1: int) -> tuple[int, int]:
    """SQLite's WAL checksum over `data` (pairs of 32-bit words), going on from (s0, s1):
    s0 += a + s1; s1 += b + s0, a pair at a time, mod 2**32 (`_checksum_loop`). The same
    in closed form: each pair's part in the end sums is a fixed weight (a power of the step's
    matrix), so the frames of a long log take two dot products each, not a loop in Python
    (the web page reads the log after every action)."""
    words = struct.unpack(f"{'>' if big else '<'}{len(data) // 4}I", data)
    p, q, r, t, w0a, w0b, w1a, w1b = _weights(len(words) // 2)
    a, b = words[0::2], words[1::2]
    mask = 0xFFFFFFFF
    s0n = p * s0 + q * s1 + sum(map(mul, w0a, a)) + sum(map(mul, w0b, b))
    s1n = r * s0 + t * s1 + sum(map(mul, w1a, a)) + sum(map(mul, w1b, b))
    return s0n & mask, s1n & mask


def _checksum_loop(data: bytes, big: bool, s0: int, s1: int) -> tuple[int, int]:
    """The checksum as SQLite writes it down, a pair of words at a time (what `_checksum`
    computes; a test compares the two)."""
    words = struct.unpack(f"{'>' if big else '<'}{len(data) // 4}I", data)
    mask = 0xFFFFFFFF
    for i in range(0, len(words), 2):
        s0 = (s0 + words[i] + s1) & mask
        s1 = (s1 + words[i + 1] + s0) & mask
    return s0, s1


@lru_cache(maxsize=8)
def _weights(n: int) -> tuple[Any, ...]:
    """For n pairs: M**n = [[p, q], [r, t]] (M = [[1, 1], [1, 2]], one pair's step) and each
    pair's weights in the end sums: pair k adds M**(n-1-k) applied to (a, a + b)."""
    mask = 0xFFFFFFFF
    powers = [(1, 0, 0, 1)]  # M**0, M**1, ... (mod 2**32)
    for _ in range(n):
        p, q, r, t = powers[-1]
        powers.append(((p + q) & mask, (p + 2 * q) & mask, (r + t) & mask, (r + 2 * t) & mask))
    w0a, w0b, w1a, w1b = [], [], [], []
    for k in range(n):
        p, q, r, t = powers[n - 1 - k]
        w0a.append(p + q)
        w0b.append(q)
        w1a.append(r + t)
        w1b.append(t)
    return (*powers[n], tuple(w0a), tuple(w0b), tuple(w1a), tuple(w1b))


@dataclass
class _Later:
    """The frames past the point where SQLite stops reading: the commits among them (the
    lost changes), the pages of those that can be read, and whether those pages are all of
    what the lost changes wrote."""

    commits: int = 0  # commit frames taken
    headers: int = 0  # commit frames up to the last one taken whose header names this log
    pages: dict[int, bytes] = field(default_factory=dict)
    db_pages: int = 0
    whole: bool = True
    wrote: frozenset[int] | None = frozenset()  # (`WalCheck.later_wrote`)


def _later(
    wal: bytes | WalFile,
    offset: int,
    page_size: int,
    salts: bytes,
    bigs: tuple[bool, ...],
    before: tuple[int, int] | None,
    pending: dict[int, bytes],
    missing: list[int | None],
) -> _Later:
    """Read the frames from `offset` on that belong to the log with `salts`. A frame is taken
    if its checksum, continued from the one the frame before it carries (`before` for the
    first), matches: it reached the card whole. One that fails its check (cut or torn), or
    whose predecessor is not there to check it against (never written), is left out. The
    commits are the frames taken that end a transaction: each a saved change that reached
    the card. `pending`: the pages of the transaction under way where reading stopped (read
    whole before it); `missing`: the pages of the frames already left out (None: not even
    the page is known). The lost changes' pages are whole if every frame left out before the
    last commit taken is of a page that a later frame taken writes again."""
    out = _Later()
    pending = dict(pending)
    missing = list(missing)
    left_out: list[int | None] = []  # pages of the frames left out since the last commit
    named: list[int | None] = [*pending, *missing]  # every frame's page since the stop
    headers = 0  # commit frames named by their header so far, taken or not
    frame_size = FRAME_HEADER + page_size
    while offset + FRAME_HEADER <= len(wal):
        head = wal[offset : offset + FRAME_HEADER]
        # (an older log's frame is left by its header: its page is never read)
        body = wal[offset + FRAME_HEADER : offset + frame_size] if head[8:16] == salts else b""
        offset += frame_size
        pgno, commit, _f1, _f2, k1, k2 = struct.unpack(">6I", head)
        if head[8:16] != salts or len(body) < page_size:
            before = None  # not this log's frame: the next one cannot be checked
            missing.append(None)
            named.append(None)
            continue
        named.append(pgno or None)
        headers += commit != 0
        ok = (
            pgno != 0
            and before is not None
            and any(_checksum(head[:8] + body, big, *before) == (k1, k2) for big in bigs)
        )
        before = (k1, k2)
        if not ok:
            missing.append(pgno or None)  # cut, torn, or not to be checked
            continue
        pending[pgno] = body
        missing = [m for m in missing if m != pgno]  # written again, whole
        if commit:
            out.commits += 1
            out.pages.update(pending)
            pending.clear()
            out.db_pages = commit
            out.headers = headers  # a torn commit before this one was saved too
            left_out = list(missing)
            out.wrote = None if None in named else frozenset(p for p in named if p)
    out.whole = not left_out
    return out


GOOD_MAX = 200_000  # frames a reader remembers as checked (`check_wal`'s `good`)


def check_wal(wal: bytes | WalFile, good: set[tuple[int, ...]] | None = None) -> WalCheck:
    """What SQLite will read of this log, and how many frames of it are past a bad one.

    `good`: frames a reader that looks again and again (the web page, after every action)
    found good before, kept by that reader. SQLite appends a log's frames and writes none
    again until the log starts anew with new salts, so a frame at the same place, with the
    same salts, the same checksum before it and the same of its own is not summed again. The
    box never passes it: at a start every frame is checked, so a bit flipped on the card
    since is found."""
    if len(wal) < WAL_HEADER:
        return NO_WAL
    magic, _version, page_size, _seq, salt1, salt2, c1, c2 = struct.unpack(">8I", wal[:32])
    good_size = page_size >= 512 and page_size <= 65536 and page_size & (page_size - 1) == 0
    if magic not in WAL_MAGIC or not good_size or _checksum(wal[:24], magic & 1, 0, 0) != (c1, c2):
        return _header_bad(wal, magic, page_size if good_size else 4096, (c1, c2))
    big = magic & 1 == 1
    read = _read_as_sqlite(wal, page_size, big, (salt1, salt2), (c1, c2), good)
    later = _later(
        wal,
        read.offset + FRAME_HEADER + page_size,
        page_size,
        wal[16:24],
        (big,),
        read.before,
        read.pending,
        read.stopped,
    )
    # saved changes past the stop are lost for certain only if one of them reached the card
    # whole; then every commit frame there counts (a torn one was written, so it was saved),
    # the stopping frame's too
    lost = later.headers + read.stop_commit if later.commits else 0
    return WalCheck(
        read.used,
        lost,
        False,
        read.pages,
        read.db_pages,
        page_size,
        read.torn,
        later.pages,
        later.db_pages,
        later.whole,
        later.wrote,
    )


def _header_bad(
    wal: bytes | WalFile, magic: int, page_size: int, checksum: tuple[int, int]
) -> WalCheck:
    """The log's header is unreadable: SQLite ignores the whole log, so every commit of the
    log's first frames is lost (the frames that carry the first frame's salts; `page_size`:
    the usual 4 KiB pages when the header's page size is unreadable too)."""
    if len(wal) < WAL_HEADER + FRAME_HEADER:  # no frames
        return NO_WAL
    bigs = (magic & 1 == 1,) if magic in WAL_MAGIC else (True, False)
    salts = wal[WAL_HEADER + 8 : WAL_HEADER + 16]
    later = _later(wal, WAL_HEADER, page_size, salts, bigs, checksum, {}, [])
    lost = later.headers if later.commits else 0
    return WalCheck(
        0, lost, True, {}, 0, 0, False, later.pages, later.db_pages, later.whole, later.wrote
    )


@dataclass
class _Read:
    """What SQLite reads of the current log (its frames up to the last commit before the
    point where reading stops) and that point: where and why it stops."""

    offset: int  # where reading stopped
    used: int  # frames up to the last commit read
    db_pages: int  # database size in pages after that commit (0: none)
    pages: dict[int, bytes]  # page number -> newest committed content
    pending: dict[int, bytes]  # the pages of the transaction under way at the stop
    stop_commit: bool  # the frame where reading stopped ends a transaction
    torn: bool  # reading stopped at a cut or torn frame of the current log
    before: tuple[int, int] | None  # the checksum the stopping frame carries
    stopped: list[int | None]  # the stopping frame's page (None: not known)


def _read_as_sqlite(
    wal: bytes | WalFile,
    page_size: int,
    big: bool,
    salts: tuple[int, int],
    sums: tuple[int, int],
    good: set[tuple[int, ...]] | None,
) -> _Read:
    """Read the frames of the log with `salts` as SQLite does, each checksum going on from
    the one before (`sums`: the header's), up to the first frame of an older log (the normal
    end) or one that is cut or torn. The frames found good are added to `good`."""
    known: set[tuple[int, ...]] = good if good is not None else set()
    salt1, salt2 = salts
    s0, s1 = sums
    frame_size = FRAME_HEADER + page_size
    pages: dict[int, bytes] = {}
    pending: dict[int, bytes] = {}
    frames = used = db_pages = 0
    offset = WAL_HEADER
    stop_commit = False
    torn = False
    before: tuple[int, int] | None = None
    stopped: list[int | None] = []
    while offset + FRAME_HEADER <= len(wal):
        head = wal[offset : offset + FRAME_HEADER]
        pgno, commit, f1, f2, k1, k2 = struct.unpack(">6I", head)
        body = wal[offset + FRAME_HEADER : offset + frame_size]
        if (f1, f2) != (salt1, salt2):
            stopped = [None]  # an older log's leftovers (the normal end), or never written
            break
        whole = len(body) == page_size and pgno != 0
        checked = (salt1, salt2, offset, s0, s1, k1, k2)  # a frame found good before
        if not whole or (
            checked not in known and _checksum(head[:8] + body, big, s0, s1) != (k1, k2)
        ):
            stop_commit, torn, before = commit != 0, True, (k1, k2)
            stopped = [pgno or None]
            break
        if good is not None:
            if len(good) >= GOOD_MAX:
                good.clear()
            good.add(checked)
        s0, s1 = k1, k2
        frames += 1
        pending[pgno] = body
        if commit:
            pages.update(pending)
            pending.clear()
            used, db_pages = frames, commit
        offset += frame_size
    return _Read(offset, used, db_pages, pages, pending, stop_commit, torn, before, stopped)


class WalFile:
    """A log read where `check_wal` asks (its length and slices, as of bytes), a window at a
    time, never whole: a full log is 4 MiB, mostly an older log's leftovers, and a reader
    that looks again after every action (the web page) then keeps no copy of it. Its length
    is the file's when opened; a file cut meanwhile reads short there, as a torn end does."""

    WINDOW = 64 * 1024

    def __init__(self, path: Path) -> None:
        self._file = path.open("rb")
        self._size = os.fstat(self._file.fileno()).st_size
        self._start = 0
        self._window = b""

    def __len__(self) -> int:
        return self._size

    def __getitem__(self, part: slice) -> bytes:
        start, stop, _ = part.indices(self._size)
        if stop <= start:
            return b""
        offset = start - self._start
        if offset >= 0 and stop - self._start <= len(self._window):
            return self._window[offset : stop - self._start]
        fd = self._file.fileno()
        if stop - start > self.WINDOW:
            return os.pread(fd, stop - start, start)
        self._window, self._start = os.pread(fd, self.WINDOW, start), start
        return self._window[: stop - start]

    def close(self) -> None:
        self._file.close()


class SnapshotError(TabletopError, ValueError):
    """The file is not a database SQLite could read (one line)."""


def image(path: Path, wal: WalCheck, later: bool = False) -> bytearray:
    """The database file as SQLite sees it: the main file with the log's commits applied
    (`wal`: the log as `check_wal` read it). `later`: with the lost changes' pages applied
    too (what the log held before a power cut lost part of it; it may be inconsistent where
    a page was lost, so read it with care)."""
    data = read_whole(path) if path.exists() else bytearray()
    size = wal.page_size or 4096
    steps = [(wal.pages, wal.db_pages)] + ([(wal.later, wal.later_pages)] if later else [])
    for pages, db_pages in steps:
        if not db_pages:
            continue
        need = db_pages * size
        if len(data) < need:
            data.extend(bytes(need - len(data)))
        for pgno, body in pages.items():
            if pgno <= db_pages:
                data[(pgno - 1) * size : pgno * size] = body
        del data[need:]
    return data


def read_whole(path: Path) -> bytearray:
    """A file's bytes, read straight into the buffer that is returned (one copy in memory,
    not two: a snapshot is the whole save file)."""
    with path.open("rb") as file:
        data = bytearray(os.fstat(file.fileno()).st_size)
        got = file.readinto(data)  # (a file cut meanwhile reads short: what it holds)
    del data[got:]
    return data


def has_header(path: Path) -> bool:
    """The file starts with an SQLite header (SQLite reads its log only then)."""
    try:
        with path.open("rb") as file:
            head = file.read(100)
    except OSError:
        return False
    return len(head) == 100 and head.startswith(SQLITE_HEADER)


def open_memory(data: bytes | bytearray) -> sqlite3.Connection:
    """An in-memory database from a file image (empty data: an empty database). A bytearray
    is used as it is (its header then says rollback journal), bytes are copied first."""
    db = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
    if not data:
        return db
    if len(data) < 100 or not data.startswith(SQLITE_HEADER):
        db.close()
        raise SnapshotError("not an SQLite database")
    patched = data if isinstance(data, bytearray) else bytearray(data)
    patched[18] = patched[19] = 1  # WAL mode -> rollback journal, as a memory database needs
    try:
        db.deserialize(patched)
    except sqlite3.Error as error:
        db.close()
        raise SnapshotError(str(error)) from None
    return db
