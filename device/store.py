"""Saved games in one SQLite file in the state directory.

- `games` (one row a game), `events` (one row per accepted action: game_id, seq, kind,
  payload JSON), `screen` (one row: what the screen showed besides the game). Each accepted
  input is one transaction, committed before the new screen is shown.
- WAL journal with `synchronous=NORMAL`: a commit reaches the operating system at once but is
  not flushed to the card on the press-to-screen path (an SD card can stall for tens of ms).
  A background thread flushes the WAL (fsync) within `sync_delay` seconds of a commit. So a
  power cut loses at most that last second of actions; a crash or `kill -9` loses nothing
  (the OS has the data). SQLite's WAL is checksummed: a torn last write is ignored, so a power
  cut never corrupts or loses an older game.
- A file that is damaged anyway (bad sectors, a truncated copy) is moved aside and the last
  backup (`tabletop.backup.sqlite3`, refreshed at start and when a game ends) takes its place;
  `damage` says what happened, for the screen and the log.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import sqlite3
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

log = logging.getLogger("tabletop.store")

FILE = "tabletop.sqlite3"
BACKUP = "tabletop.backup.sqlite3"
SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    game TEXT NOT NULL,
    rules_version INTEGER NOT NULL,
    options TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'playing',
    created REAL NOT NULL,
    updated REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS events (
    game_id INTEGER NOT NULL REFERENCES games(id),
    seq INTEGER NOT NULL,
    kind TEXT NOT NULL,
    payload TEXT NOT NULL,
    PRIMARY KEY (game_id, seq)
);
CREATE TABLE IF NOT EXISTS cards (
    uid TEXT PRIMARY KEY,
    card TEXT NOT NULL,
    taught REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS screen (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    current_game INTEGER,
    ui TEXT NOT NULL
);
"""

SAVE_SCREEN = (
    "INSERT INTO screen (id, current_game, ui) VALUES (1, ?, ?)"
    " ON CONFLICT(id) DO UPDATE SET current_game = excluded.current_game, ui = excluded.ui"
)


class StoreError(RuntimeError):
    """The saved games cannot be read or written; the message is one line."""


@dataclass(frozen=True)
class GameRow:
    id: int
    game: str
    rules_version: int
    options: dict[str, Any]
    status: str
    events: int


class Store:
    def __init__(self, directory: Path, sync_delay: float = 1.0) -> None:
        self.directory = Path(directory)
        self.path = self.directory / FILE
        self.backup_path = self.directory / BACKUP
        self.damage: str | None = None
        self.sync_delay = sync_delay
        try:
            self.directory.mkdir(parents=True, exist_ok=True)
            self.db = self._open_checked()
        except (OSError, sqlite3.Error) as error:
            reason = getattr(error, "strerror", None) or str(error)
            raise StoreError(f"cannot use the state directory {self.directory}: {reason}") from None
        self._dirty = threading.Event()
        self._stop = threading.Event()
        self._syncer = threading.Thread(target=self._sync_loop, name="store-sync", daemon=True)
        self._syncer.start()

    # --- opening, damage and backups ---------------------------------------------------------

    def _connect(self, path: Path) -> sqlite3.Connection:
        db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=NORMAL")
        db.execute("PRAGMA foreign_keys=ON")
        return db

    def _healthy(self, path: Path) -> sqlite3.Connection | None:
        try:
            db = self._connect(path)
            row = db.execute("PRAGMA quick_check").fetchone()
            if row is None or row[0] != "ok":
                db.close()
                return None
            db.executescript(SCHEMA)
            return db
        except sqlite3.DatabaseError:
            return None

    def _open_checked(self) -> sqlite3.Connection:
        if not self.path.exists():
            db = self._connect(self.path)
            db.executescript(SCHEMA)
            return db
        db = self._healthy(self.path)
        if db is not None:
            self._write_backup(db)
            return db
        stamp = time.strftime("%Y%m%d-%H%M%S")
        aside = self.path.with_name(f"{FILE}.damaged-{stamp}")
        for suffix in ("", "-wal", "-shm"):
            src = Path(str(self.path) + suffix)
            if src.exists():
                src.rename(Path(str(aside) + suffix))
        log.error("saved games damaged: %s moved aside to %s", self.path, aside)
        if self.backup_path.exists():
            restored = self._healthy(self.backup_path)
            if restored is not None:
                restored.close()
                db = self._connect(self.path)
                source = sqlite3.connect(self.backup_path)
                source.backup(db)
                source.close()
                self.damage = "restored"
                log.error("restored saved games from the backup %s", self.backup_path)
                return db
        self.damage = "started_empty"
        log.error("no usable backup: starting with no saved games")
        db = self._connect(self.path)
        db.executescript(SCHEMA)
        return db

    def _write_backup(self, db: sqlite3.Connection) -> None:
        tmp = self.backup_path.with_suffix(".tmp")
        try:
            target = sqlite3.connect(tmp)
            db.backup(target)
            target.close()
            os.replace(tmp, self.backup_path)
        except (sqlite3.DatabaseError, OSError) as error:
            log.warning("could not write the backup %s: %s", self.backup_path, error)

    # --- durability -------------------------------------------------------------------------

    def _sync_loop(self) -> None:
        while not self._stop.is_set():
            if self._dirty.wait(0.2):
                self._stop.wait(self.sync_delay / 2)  # gather a burst of presses into one sync
                self._dirty.clear()
                self.flush()

    def flush(self) -> None:
        """Make every committed transaction durable (fsync the WAL)."""
        wal = Path(str(self.path) + "-wal")
        try:
            fd = os.open(wal, os.O_RDONLY)
        except FileNotFoundError:
            return
        try:
            os.fsync(fd)
        finally:
            os.close(fd)

    def close(self) -> None:
        self._stop.set()
        self._syncer.join(timeout=2)
        try:
            self.flush()
            self.db.close()
        except sqlite3.Error:  # pragma: no cover - closing a broken file
            pass

    # --- writing ----------------------------------------------------------------------------

    def _transaction(self, statements: list[tuple[str, tuple]]) -> list[int | None]:
        ids: list[int | None] = []
        try:
            self.db.execute("BEGIN IMMEDIATE")
            for sql, args in statements:
                cur = self.db.execute(sql, args)
                ids.append(cur.lastrowid)
            self.db.execute("COMMIT")
        except sqlite3.Error as error:
            with contextlib.suppress(sqlite3.Error):
                self.db.execute("ROLLBACK")
            raise StoreError(f"saving failed: {error}") from None
        self._dirty.set()
        return ids

    def new_game(self, game: str, rules_version: int, options: dict[str, Any], ui: dict) -> int:
        now = time.time()
        self.db.execute("BEGIN IMMEDIATE")
        try:
            cur = self.db.execute(
                "INSERT INTO games (game, rules_version, options, created, updated)"
                " VALUES (?, ?, ?, ?, ?)",
                (game, rules_version, json.dumps(options), now, now),
            )
            game_id = int(cur.lastrowid or 0)
            self._save_screen(game_id, ui)
            self.db.execute("COMMIT")
        except sqlite3.Error as error:
            self.db.execute("ROLLBACK")
            raise StoreError(f"saving failed: {error}") from None
        self._dirty.set()
        return game_id

    def _save_screen(self, game_id: int | None, ui: dict) -> None:
        self.db.execute(SAVE_SCREEN, (game_id, json.dumps(ui)))

    def record(
        self,
        game_id: int | None,
        ui: dict,
        append: dict | None = None,
        undo: bool = False,
        status: str | None = None,
    ) -> None:
        """One input's changes in one transaction: an action appended (or the last one
        undone), the game's status, and what the screen shows."""
        statements: list[tuple[str, tuple]] = []
        now = time.time()
        if game_id is not None and append is not None:
            statements.append(
                (
                    "INSERT INTO events (game_id, seq, kind, payload) VALUES (?, "
                    "(SELECT COALESCE(MAX(seq), 0) + 1 FROM events WHERE game_id = ?), ?, ?)",
                    (game_id, game_id, append.get("kind", ""), json.dumps(append)),
                )
            )
        if game_id is not None and undo:
            statements.append(
                (
                    "DELETE FROM events WHERE game_id = ? AND seq ="
                    " (SELECT MAX(seq) FROM events WHERE game_id = ?)",
                    (game_id, game_id),
                )
            )
        if game_id is not None and (append is not None or undo or status):
            statements.append(
                (
                    "UPDATE games SET updated = ?, status = COALESCE(?, status) WHERE id = ?",
                    (now, status, game_id),
                )
            )
        current = None if status == "abandoned" else game_id
        statements.append((SAVE_SCREEN, (current, json.dumps(ui))))
        self._transaction(statements)
        if status in ("finished", "abandoned"):
            self._write_backup(self.db)

    # --- the card registry ------------------------------------------------------------------

    def teach(self, pairs: list[tuple[str, str]]) -> None:
        """Store UID -> card (replacing what a UID was before), all in one transaction."""
        now = time.time()
        statements: list[tuple[str, tuple]] = [
            (
                "INSERT INTO cards (uid, card, taught) VALUES (?, ?, ?) ON CONFLICT(uid)"
                " DO UPDATE SET card = excluded.card, taught = excluded.taught",
                (uid, card, now),
            )
            for uid, card in pairs
        ]
        self._transaction(statements)

    def forget(self, uid: str) -> bool:
        cur = self.db.execute("SELECT 1 FROM cards WHERE uid = ?", (uid,)).fetchone()
        if cur is None:
            return False
        self._transaction([("DELETE FROM cards WHERE uid = ?", (uid,))])
        return True

    def cards(self) -> list[tuple[str, str]]:
        return [
            (r[0], r[1])
            for r in self.db.execute("SELECT uid, card FROM cards ORDER BY card, uid").fetchall()
        ]

    def card_for(self, uid: str) -> str | None:
        row = self.db.execute("SELECT card FROM cards WHERE uid = ?", (uid,)).fetchone()
        return None if row is None else str(row[0])

    # --- reading ----------------------------------------------------------------------------

    def screen(self) -> tuple[int | None, dict | None]:
        try:
            row = self.db.execute("SELECT current_game, ui FROM screen WHERE id = 1").fetchone()
        except sqlite3.DatabaseError as error:
            raise StoreError(f"cannot read the saved screen: {error}") from None
        if row is None:
            return None, None
        try:
            return row[0], json.loads(row[1])
        except (TypeError, ValueError):
            return row[0], None

    def game(self, game_id: int) -> GameRow | None:
        row = self.db.execute(
            "SELECT id, game, rules_version, options, status,"
            " (SELECT COUNT(*) FROM events WHERE game_id = games.id) FROM games WHERE id = ?",
            (game_id,),
        ).fetchone()
        if row is None:
            return None
        return GameRow(row[0], row[1], row[2], json.loads(row[3]), row[4], row[5])

    def events(self, game_id: int) -> list[dict[str, Any]]:
        rows = self.db.execute(
            "SELECT payload FROM events WHERE game_id = ? ORDER BY seq", (game_id,)
        ).fetchall()
        return [json.loads(r[0]) for r in rows]

    def games(self) -> list[GameRow]:
        rows = self.db.execute(
            "SELECT id, game, rules_version, options, status,"
            " (SELECT COUNT(*) FROM events WHERE game_id = games.id) FROM games ORDER BY id"
        ).fetchall()
        return [GameRow(r[0], r[1], r[2], json.loads(r[3]), r[4], r[5]) for r in rows]

    def latest_unfinished(self, other_than: int | None) -> int | None:
        row = self.db.execute(
            "SELECT id FROM games WHERE status = 'playing' AND id IS NOT ?"
            " ORDER BY updated DESC LIMIT 1",
            (other_than,),
        ).fetchone()
        return None if row is None else int(row[0])
