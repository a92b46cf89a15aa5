"""What the saved-games file is: its schema and constants, the checksums, the rows read
back and what a whole file holds (`Summary`), and the small helpers the store's parts share
(device/storage/store.py is the `Store` itself)."""

from __future__ import annotations

import logging
import os
import sqlite3
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from device.jsontypes import JsonObject as JsonObject  # (the store's rows hold it)
from engine.core import TabletopError

log = logging.getLogger("tabletop.store")

FILE = "tabletop.sqlite3"
BACKUP = "tabletop.backup.sqlite3"
GENERATIONS = 3  # the newest backup and two older ones
KEPT_COPIES = 3  # copies kept aside of each kind in PRUNED: the newest three
PRUNED = ("wal-damaged", "lesser")  # kinds that never hold the only copy of a game
FULL_BELOW = 256 * 1024  # free bytes under which a failed write counts as a full card
Status = Literal["playing", "finished", "abandoned"]  # a game as saved
STATUSES: tuple[Status, ...] = ("playing", "finished", "abandoned")
# the reports (catalog keys under "store.") that say saving fails now: no damage, no loss
WRITE_FAILED = frozenset({"write_failed", "write_failed_full"})
Kind = Literal["full", "io", "damaged"]  # why the saved games cannot be read or written
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

    def __init__(self, message: str, kind: Kind = "io") -> None:
        super().__init__(message)
        self.kind = kind


@dataclass(frozen=True)
class GameRow:
    id: int
    game: str
    rules_version: int
    options: JsonObject
    status: Status | Literal["damaged"]
    events: int
    problem: str | None = None  # why this game cannot be (fully) replayed, for the listing


@dataclass(frozen=True)
class GameRead:
    """A game as read back: its row, the actions that pass their checks (in order), and, when
    the replay must stop early, where and why."""

    row: GameRow
    events: list[JsonObject]
    problem: str | None = None


@dataclass
class Summary:
    """What a file holds, to compare a file with a backup."""

    revision: int | None = 0
    games: dict[int, tuple[str, int, bool]] = field(default_factory=dict)
    # game id -> (status, actions that pass their checks, whole)


# game id -> (its mark, its actions that pass their checks, why it stops early or None)
Reads = dict[int, tuple[Any, int, str | None]]


@dataclass
class Remembered:
    """What a reader that looks again and again (the web page, after every action) keeps
    across its read-only looks, so a look reads and checks only what changed since:
    - `frames`: the log's frames it found good (savefile.py `check_wal`);
    - `games`: what it found of each game, by the game's mark: its row, the time of its last
      change, its last action and that action's checksum (contents.py `summarise`);
    - `backups`: each backup's summary, by its file's inode, size and time (a backup is
      written whole and put in place by a rename).
    A byte flipped on the card in what has not changed is seen at the reader's next start
    (the box keeps nothing: at a start it checks everything)."""

    frames: set[tuple[int, ...]] = field(default_factory=set)
    games: Reads = field(default_factory=dict)
    backups: dict[Path, tuple[tuple[int, int, int], Summary]] = field(default_factory=dict)


def crc(*values: object) -> int:
    """A row's checksum over its values (their types too)."""
    text = "\x1f".join(repr(v) for v in values)
    return zlib.crc32(text.encode("utf-8", "surrogateescape"))


def decode_text(data: bytes) -> str:
    return data.decode("utf-8", "surrogateescape")  # bad bytes fail the checksum, not decoding


def _name(error: BaseException) -> str:
    return getattr(error, "sqlite_errorname", "") or ""


def is_damage(error: BaseException) -> bool:
    name = _name(error)
    if any(name.startswith(n) for n in NOT_DAMAGE):
        return False
    if name:
        return name.startswith(("SQLITE_CORRUPT", "SQLITE_NOTADB", "SQLITE_ERROR", "SQLITE_FORMAT"))
    message = str(error).lower()
    return not any(w in message for w in ("full", "i/o", "unable to open", "readonly", "locked"))


def kind_of(error: BaseException) -> Kind:
    if isinstance(error, sqlite3.Error):
        if _name(error).startswith("SQLITE_FULL") or "full" in str(error).lower():
            return "full"
        return "damaged" if is_damage(error) else "io"
    if isinstance(error, OSError) and error.errno == 28:  # ENOSPC
        return "full"
    return "io"


class Unavailable(TabletopError):
    """The file cannot be opened for writing now (full card, I/O error): not damage."""


def fsync(path: Path) -> bool:
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


def in_one_transaction(script: str) -> str:
    return f"BEGIN IMMEDIATE;\n{script}COMMIT;\n"


def revision_of(db: sqlite3.Connection) -> int | None:
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


def bump(db: sqlite3.Connection) -> None:
    set_revision(db, (revision_of(db) or 0) + 1)


def set_revision(db: sqlite3.Connection, value: int) -> None:
    db.execute(
        "INSERT INTO meta (key, value, crc) VALUES ('revision', ?, ?) ON CONFLICT(key)"
        " DO UPDATE SET value = excluded.value, crc = excluded.crc",
        (value, crc("revision", value)),
    )


def behind(main: Summary, backup: Summary) -> bool:
    """Main is an earlier point of the backup's history: its revision is lower, so its last
    changes were lost (a power cut) and the backup holds them. Every change advances the
    revision (an undo and a take-back too), so which copy is newer is never judged by what it
    holds. An unreadable revision decides nothing."""
    if main.revision is None or backup.revision is None:
        return False
    return main.revision < backup.revision


def newer(main: Summary, backup: Summary | None) -> bool:
    """Main is a later point than the backup (a higher revision): a backup of it is due."""
    if backup is None:
        return main.revision is not None
    return main.revision is not None and main.revision > (backup.revision or 0)


def unexplained(main: Summary, backup: Summary) -> list[int]:
    """The games main holds that a later point of its history (the backup) does not: games are
    never deleted, so main is not an earlier point of that history (its revision cannot
    explain them)."""
    return sorted(set(main.games) - set(backup.games))
