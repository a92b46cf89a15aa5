"""What a saved-games file holds, read with its checks, and the writes every part of the store
shares: a connection as the store opens one, the schema brought up to date, each game's row
and actions read back with their checksums, what a whole file holds (`summarise`), a game
copied from another file or cut after an action, one write transaction."""

from __future__ import annotations

import contextlib
import json
import logging
import sqlite3
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, Literal, TypeVar

from device.storage import savefile
from device.storage.records import (
    ADDED_COLUMNS,
    COLUMNS,
    DB_ERRORS,
    LEGACY_TABLES,
    SCHEMA,
    STATUSES,
    GameRead,
    GameRow,
    Reads,
    Summary,
    bump,
    crc,
    decode_text,
    in_one_transaction,
    revision_of,
)
from engine.core import DataError

log = logging.getLogger("tabletop.store")
T = TypeVar("T")


def connect(path: Path) -> sqlite3.Connection:
    db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    db.text_factory = decode_text
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("PRAGMA synchronous=NORMAL")
    db.execute("PRAGMA foreign_keys=ON")
    return db


def memory_copy(path: Path) -> sqlite3.Connection:
    db = savefile.open_memory(savefile.read_whole(path))
    db.text_factory = decode_text
    migrate(db)
    return db


def migrate(db: sqlite3.Connection) -> None:
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
        db.executescript(in_one_transaction(SCHEMA))
    for table, columns in COLUMNS.items():
        found = tuple(r[1] for r in db.execute(f"PRAGMA table_info({table})"))
        if found != columns:
            raise sqlite3.DatabaseError(f"schema damaged: {table} has columns {found}")
    if added:
        seal_legacy(db)


def seal_legacy(db: sqlite3.Connection) -> None:
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
            db.execute("UPDATE games SET actions = ?, crc = ? WHERE id = ?", (g[6], crc(*g), g[0]))
        for r in db.execute("SELECT uid, card, taught FROM cards WHERE crc IS NULL"):
            db.execute("UPDATE cards SET crc = ? WHERE uid = ?", (crc(*r), r[0]))
        for r in db.execute("SELECT current_game, ui FROM screen WHERE crc IS NULL"):
            db.execute("UPDATE screen SET crc = ? WHERE id = 1", (crc(*r),))
        db.execute("COMMIT")
    except DB_ERRORS:
        with contextlib.suppress(sqlite3.Error):
            db.execute("ROLLBACK")
        raise


def summarise(
    db: sqlite3.Connection, reads: Reads | None = None, before: Reads | None = None
) -> Summary:
    """What a file holds: its revision and each game's status and actions (those that
    pass their checks). A file with games and no revision has lost its revision (None):
    it decides nothing. `reads`: what each game's check found is put there (a read-only
    snapshot, which never changes, checks each game once). `before`: a reader's earlier
    look (the web page's): a game whose mark is the same there is not read again."""
    summary = Summary(revision=revision_of(db))
    marks = game_marks(db) if before is not None else {}
    for row in game_rows(db):
        mark = (row, marks.get(row.id))
        kept = before.get(row.id) if before is not None else None
        if kept is not None and kept[0] == mark:
            found = kept
        else:
            read = read_events(db, row)
            found = (mark, len(read.events), read.problem)
        if reads is not None:
            reads[row.id] = found
        summary.games[row.id] = (row.status, found[1], found[2] is None)
    if summary.revision == 0 and summary.games:
        summary.revision = None
    return summary


# a mark: the game's row and its last action as SQLite gives them (Any: compared, not read)
def game_marks(db: sqlite3.Connection) -> dict[int, tuple[Any, ...]]:
    """What changes with every write of a game's actions, beside its row: the time of its
    last change and its last action with its checksum (an undo and another action leave
    the count as it was)."""
    marks: dict[int, tuple[Any, ...]] = {
        gid: (updated,) for gid, updated in db.execute("SELECT id, updated FROM games")
    }
    last = "SELECT game_id, MAX(seq), crc FROM events GROUP BY game_id"
    for gid, seq, check in db.execute(last):
        marks[gid] = (*marks.get(gid, ()), seq, check)
    return marks


def game_rows(db: sqlite3.Connection) -> list[GameRow]:
    """Every game row that can be read; a row that fails its checks is listed with its
    problem (and, where even its id is unreadable, left out)."""
    return list(iter_game_rows(db))


# Which game rows a caller reads: fixed text, with a game's id as the only parameter.
ROWS = {
    "all": "1 ORDER BY id",
    "one": "id = ? ORDER BY id",  # the game with this id
    "each_last_started": "id IN (SELECT MAX(id) FROM games GROUP BY game) ORDER BY id DESC",
    "unfinished": "status = 'playing' AND id IS NOT ? ORDER BY updated DESC",  # but this id
}
Rows = Literal["all", "one", "each_last_started", "unfinished"]


def iter_game_rows(
    db: sqlite3.Connection, which: Rows = "all", game_id: int | None = None
) -> Iterator[GameRow]:
    """The game rows `which` names (`ROWS`), each checked only when it is reached (a caller
    that stops early checks no more than it needs)."""
    query = ROWS[which]
    try:
        rows = db.execute(
            "SELECT id, game, rules_version, options, status, created, actions, crc,"
            " (SELECT COUNT(*) FROM events WHERE game_id = games.id) FROM games WHERE " + query,
            (game_id,) if "?" in query else (),
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
                    raise DataError("not an object")
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


def read_events(db: sqlite3.Connection, row: GameRow) -> GameRead:
    if row.problem is not None:
        return GameRead(row, [], row.problem)
    try:
        rows = db.execute(
            "SELECT game_id, seq, kind, payload, crc FROM events WHERE game_id = ? ORDER BY seq",
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
                raise DataError("not an object")
        except (TypeError, ValueError, RecursionError):
            return GameRead(row, events, f"action {n} does not decode")
        events.append(value)
    if len(events) < row.events:
        return GameRead(row, events, f"action {len(events) + 1} missing")
    return GameRead(row, events)


def copy_game(source: sqlite3.Connection, db: sqlite3.Connection, game_id: int) -> None:
    game = source.execute(
        "SELECT id, game, rules_version, options, status, created, updated, actions, crc"
        " FROM games WHERE id = ?",
        (game_id,),
    ).fetchone()
    events = source.execute(
        "SELECT game_id, seq, kind, payload, crc FROM events WHERE game_id = ? ORDER BY seq",
        (game_id,),
    ).fetchall()

    def work(db: sqlite3.Connection) -> None:
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

    in_transaction(db, work)


def in_transaction(db: sqlite3.Connection, work: Callable[[sqlite3.Connection], T]) -> T:
    """Run `work(db)` in one write transaction that also bumps the revision; rolled back and
    raised again on a database error."""
    db.execute("BEGIN IMMEDIATE")
    try:
        result = work(db)
        bump(db)
        db.execute("COMMIT")
    except DB_ERRORS:
        with contextlib.suppress(sqlite3.Error):
            db.execute("ROLLBACK")
        raise
    return result


def cut_game(db: sqlite3.Connection, game_id: int, keep: int) -> None:
    """Drop a game's actions after the first `keep` (its replay stops there), its row's count
    and checksum with them (inside a write transaction)."""
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
