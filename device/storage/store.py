"""Saved games in one SQLite file in the state directory, and what keeps them from being lost.

- Tables: `games` (one row a game), `events` (one row per accepted action), `cards` (the card
  registry), `screen` (what the screen showed besides the game), `meta` (the revision: +1 with
  every write). Each accepted input is one transaction, committed before the new screen shows.
- Every row carries a CRC-32 of its values, and each game row its action count: a flipped byte
  in any record, a lost record or a record that no longer decodes is found, never replayed.
- WAL journal with `synchronous=NORMAL`; a background thread fsyncs the WAL within
  `sync_delay` s of a commit (it sleeps while there is nothing to sync). A power cut loses at
  most that last second; `kill -9` loses nothing.
- Backups: `tabletop.backup.sqlite3` (the newest) and older generations `.backup.1`, `.backup.2`,
  written when a game ends (or its end is taken back) and at a start whose file is at a later
  revision than the newest backup; each carries the revision it copied, and a backup is never
  replaced by a lower revision. Every rename in the directory is followed by a sync of the
  directory; a whole backup a power cut left as `.tmp` is put in place at start, any other
  leftover removed.
- Newer is decided by revision, never by what a copy holds (a take-back holds less and is
  still the truth): at start (`Store(directory)`) the file is the truth if its revision is at
  least the newest backup's; a file at a lower revision lost its last changes and the backup
  takes its place without a word. The WAL is checked (`device.storage.savefile`): a log whose
  end is cut or torn is read as SQLite reads it and nothing is said; the changes past a gap
  are read from their frames and compared with what the box goes on from, and only what a
  game lost is said (`device.storage.losses`). Damage is only a file that cannot be read
  (anything that is not a usable save file, a few bytes included: moved aside, the best
  backup takes its place), a game whose records fail their checksum (taken from a backup that
  holds it whole, else cut just before the bad record), or games the revision cannot explain.
  A full card or an I/O error is never damage: the box reads the games into memory, says
  saving fails, and tries again with every write. `reports` says what happened, for the
  screen and the log.
- `Store(directory, read_only=True)` (the listing and export commands) reads everything into
  memory and never writes, creates or moves a file.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import shutil
import sqlite3
import threading
import time
from collections.abc import Callable
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import Literal, TypeVar

from device.storage.backups import Backups
from device.storage.contents import (
    cut_game,
    game_rows,
    in_transaction,
    iter_game_rows,
    read_events,
)
from device.storage.folder import Folder
from device.storage.opening import Opening
from device.storage.records import (
    DB_ERRORS,
    FULL_BELOW,
    GameRead,
    GameRow,
    JsonObject,
    Kind,
    Remembered,
    Status,
    StoreError,
    Unavailable,
    crc,
    fsync,
    kind_of,
)

log = logging.getLogger("tabletop.store")
T = TypeVar("T")


class Store:
    """The saved games, for the box and the commands: a facade over its parts, each with its
    own state: the directory's files and what is said about them (`files`, folder.py), the
    backup generations (`backups`, backups.py) and the opening of the file (`opening`,
    opening.py); what a file holds is read by contents.py."""

    def __init__(
        self,
        directory: Path,
        sync_delay: float = 1.0,
        read_only: bool = False,
        remembered: Remembered | None = None,
    ) -> None:
        """`remembered` (read-only): what this reader kept of its earlier looks (the web
        page's; records.py `Remembered`): a look reads and checks only what changed since,
        and adds what it found."""
        self.files = Folder(directory)
        self.backups = Backups(self.files)
        self.opening = Opening(self.files, self.backups)
        self.opening.remembered = self.backups.remembered = remembered if read_only else None
        self.directory = self.files.directory
        self.path = self.files.path
        self.backup_path = self.files.backup_path
        self.read_only = read_only
        self.sync_delay = sync_delay
        self.reports = self.files.reports  # catalog keys under "store."
        self.failing: Literal["full", "io"] | None = None  # while the file cannot be written
        # the loop shows a game's end first and writes its backup right after the frame
        # (`write_pending_backup`): the press-to-screen path never waits for the copy
        self.backup_after_frame = False
        self._pending_backup = False  # a game's end made a backup due (after its frame)
        self._dirty = threading.Event()
        self._stop = threading.Event()
        self._syncer: threading.Thread | None = None
        if read_only:
            try:
                if self.directory.exists() and not self.directory.is_dir():
                    raise NotADirectoryError(20, "not a directory")
                self.directory.stat()
            except FileNotFoundError:
                pass  # nothing saved yet: an empty list, and nothing is created
            except OSError as error:
                raise StoreError(
                    f"cannot use the state directory {self.directory}: {error.strerror}"
                ) from None
            self.db = self.opening.read_only()
            return
        try:
            self.directory.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise StoreError(
                f"cannot use the state directory {self.directory}: {error.strerror}"
            ) from None
        if not os.access(self.directory, os.W_OK | os.X_OK):
            raise StoreError(f"cannot use the state directory {self.directory}: not writable")
        try:
            self.db = self.opening.writable()
        except Unavailable as error:
            self._fail(str(error), kind_of(error.__cause__ or error))
            self.db = self.opening.read_only()
        self._syncer = threading.Thread(target=self._sync_loop, name="store-sync", daemon=True)
        self._syncer.start()

    @property
    def damage(self) -> str | None:
        """The first report's key (kept for callers that show one line)."""
        return self.reports[0][0] if self.reports else None

    def _nearly_full(self) -> bool:
        """SQLite often reports a full card as an I/O error: ask the file system."""
        try:
            return shutil.disk_usage(self.directory).free < FULL_BELOW
        except OSError:
            return False

    def _fail(self, message: str, kind: Kind) -> None:
        if kind != "full" and self._nearly_full():
            kind = "full"
        self.failing = "full" if kind == "full" else "io"
        log.error("saving fails (%s): %s", self.failing, message)
        self.files.report("write_failed_full" if kind == "full" else "write_failed")

    # --- durability -------------------------------------------------------------------------

    def _sync_loop(self) -> None:
        while not self._stop.is_set():
            self._dirty.wait()  # asleep until there is something to sync (or a stop)
            if self._stop.is_set():
                return
            self._stop.wait(self.sync_delay / 2)  # gather a burst of presses into one sync
            self._dirty.clear()
            self.flush()

    def flush(self) -> None:
        """Make every committed transaction durable (fsync the WAL)."""
        if self.read_only or self.failing:
            return
        fsync(Path(str(self.path) + "-wal"))  # no log yet: nothing to sync

    def close(self) -> None:
        with contextlib.suppress(*DB_ERRORS):
            self.write_pending_backup()
        self._stop.set()
        self._dirty.set()
        if self._syncer is not None:
            self._syncer.join(timeout=2)
        try:
            self.flush()
            self.db.close()
        except DB_ERRORS:  # pragma: no cover - closing a broken file
            pass

    # --- writing ----------------------------------------------------------------------------

    def _writable(self) -> None:
        if self.read_only:
            raise StoreError("the saved games are open read-only", "io")
        if self.failing is None:
            return
        old = self.db
        try:
            db = self.opening.writable()
        except (Unavailable, OSError) as error:
            self.db = old
            self.failing = "full" if self._nearly_full() else "io"
            raise StoreError(f"saving fails: {error}", self.failing) from None
        self.db = db
        if old is not db:
            with contextlib.suppress(sqlite3.Error):
                old.close()
        log.info("saving works again")
        self.failing = None

    def _transaction(self, work: Callable[[sqlite3.Connection], T]) -> T:
        """Run `work(db)` in one write transaction that also bumps the revision."""
        self._writable()
        try:
            result = in_transaction(self.db, work)  # rolled back on a database error
        except DB_ERRORS as error:
            kind = kind_of(error)
            if kind != "full" and self._nearly_full():
                kind = "full"
            if kind != "full":
                self.failing = "io"  # reopen (and check the file) before the next write
            raise StoreError(f"saving failed: {error}", kind) from None
        self._dirty.set()
        return result

    def new_game(self, game: str, rules_version: int, options: JsonObject, ui: JsonObject) -> int:
        now = time.time()
        text = json.dumps(options)

        def work(db: sqlite3.Connection) -> int:
            cur = db.execute(
                "INSERT INTO games (game, rules_version, options, created, updated, actions)"
                " VALUES (?, ?, ?, ?, ?, 0)",
                (game, rules_version, text, now, now),
            )
            game_id = int(cur.lastrowid or 0)
            db.execute(
                "UPDATE games SET crc = ? WHERE id = ?",
                (crc(game_id, game, rules_version, text, "playing", now, 0), game_id),
            )
            self._save_screen(db, game_id, ui)
            return game_id

        return self._transaction(work)

    def _save_screen(self, db: sqlite3.Connection, game_id: int | None, ui: JsonObject) -> None:
        text = json.dumps(ui)
        db.execute(
            "INSERT INTO screen (id, current_game, ui, crc) VALUES (1, ?, ?, ?) ON CONFLICT(id)"
            " DO UPDATE SET current_game = excluded.current_game, ui = excluded.ui,"
            " crc = excluded.crc",
            (game_id, text, crc(game_id, text)),
        )

    def record(
        self,
        game_id: int | None,
        ui: JsonObject,
        append: JsonObject | None = None,
        undo: int = 0,
        status: Status | None = None,
    ) -> None:
        """One input's changes in one transaction: an action appended (or the last `undo`
        actions undone), the game's status, and what the screen shows."""

        def work(db: sqlite3.Connection) -> bool:
            reopened = False
            if game_id is not None and (append is not None or undo or status):
                reopened = self._change_game(db, game_id, append, undo, status)
            current = None if status == "abandoned" else game_id
            self._save_screen(db, current, ui)
            return reopened

        reopened = self._transaction(work)
        if status in ("finished", "abandoned") or reopened:
            # a game's end, or its end taken back (a later revision: the older generations
            # keep the end)
            self._backup_now_or_after_frame()

    def _change_game(
        self,
        db: sqlite3.Connection,
        game_id: int,
        append: JsonObject | None,
        undo: int,
        status: Status | None,
    ) -> bool:
        """A game's part of one input (inside its write transaction): the action appended,
        or the last `undo` actions undone, and the game's row with its new status, count and
        checksum. True if an undo took back the game's end (it is playing again)."""
        reopened = False
        row = db.execute(
            "SELECT game, rules_version, options, status, created, actions FROM games WHERE id = ?",
            (game_id,),
        ).fetchone()
        if row is None:
            raise sqlite3.IntegrityError(f"no game {game_id}")
        game, version, options, old_status, created, actions = row
        actions = actions or 0
        if append is not None:
            actions += 1
            kind, payload = str(append.get("kind", "")), json.dumps(append)
            db.execute(
                "INSERT INTO events (game_id, seq, kind, payload, crc) VALUES (?, ?, ?, ?, ?)",
                (game_id, actions, kind, payload, crc(game_id, actions, kind, payload)),
            )
        for _ in range(int(undo)):
            if actions <= 0:
                break
            db.execute("DELETE FROM events WHERE game_id = ? AND seq = ?", (game_id, actions))
            actions -= 1
            if old_status == "finished":  # the last action undone: playing again
                old_status, reopened = "playing", True
        new_status = status or old_status
        if old_status == "finished" and new_status == "abandoned":
            # a finished game stays finished: only taking back its end changes that
            log.warning("game %s is finished: it is not abandoned", game_id)
            new_status = "finished"
        db.execute(
            "UPDATE games SET updated = ?, status = ?, actions = ?, crc = ? WHERE id = ?",
            (
                time.time(),
                new_status,
                actions,
                crc(game_id, game, version, options, new_status, created, actions),
                game_id,
            ),
        )
        return reopened

    def _backup_now_or_after_frame(self) -> None:
        if self.backup_after_frame:
            self._pending_backup = True
        else:
            self.backups.write(self.db)

    def write_pending_backup(self) -> None:
        """The backup a game's end (or a take-back of it) made due, if it is not written yet."""
        due, self._pending_backup = self._pending_backup, False
        if due and not self.read_only:
            self.backups.write(self.db)

    def cut(self, game_id: int, keep: int) -> None:
        """Drop a game's actions after the first `keep` (a replay stopped there)."""
        self._transaction(partial(cut_game, game_id=game_id, keep=keep))

    # --- the card registry ------------------------------------------------------------------

    def teach(self, pairs: list[tuple[str, str]]) -> None:
        """Store UID -> card (replacing what a UID was before), all in one transaction."""
        now = time.time()

        def work(db: sqlite3.Connection) -> None:
            for uid, card in pairs:
                db.execute(
                    "INSERT INTO cards (uid, card, taught, crc) VALUES (?, ?, ?, ?)"
                    " ON CONFLICT(uid) DO UPDATE SET card = excluded.card,"
                    " taught = excluded.taught, crc = excluded.crc",
                    (uid, card, now, crc(uid, card, now)),
                )

        self._transaction(work)

    def forget(self, uid: str) -> bool:
        if self.card_for(uid) is None:
            return False
        self._transaction(lambda db: db.execute("DELETE FROM cards WHERE uid = ?", (uid,)))
        return True

    def cards(self, uid: str | None = None) -> list[tuple[str, str]]:
        """The taught cards that pass their checks (a damaged entry is left out and logged):
        all of them, or the one of this `uid`."""
        query = "SELECT uid, card, taught, crc FROM cards"
        try:
            if uid is None:
                rows = self.db.execute(query).fetchall()
            else:
                rows = self.db.execute(f"{query} WHERE uid = ?", (uid,)).fetchall()
        except DB_ERRORS as error:
            log.error("card registry unreadable: %s", error)
            return []
        out = []
        for uid, card, taught, check in rows:
            if (check is not None and check != crc(uid, card, taught)) or not (
                isinstance(uid, str) and isinstance(card, str)
            ):
                log.error("card registry: an entry fails its checksum and is left out")
                continue
            out.append((uid, card))
        return sorted(out, key=lambda p: (p[1], p[0]))

    def card_for(self, uid: str) -> str | None:
        found = self.cards(uid)  # one row, checked like the rest
        return found[0][1] if found else None

    # --- reading ----------------------------------------------------------------------------

    def screen(self) -> tuple[int | None, JsonObject | None]:
        try:
            row = self.db.execute(
                "SELECT current_game, ui, crc FROM screen WHERE id = 1"
            ).fetchone()
        except DB_ERRORS as error:
            log.error("cannot read the saved screen: %s", error)
            return None, None
        if row is None:
            return None, None
        game_id, ui, check = row
        if check is not None and check != crc(game_id, ui):
            log.error("the saved screen fails its checksum; starting at the menu")
            return None, None
        if game_id is not None and not isinstance(game_id, int):
            return None, None
        try:
            value = json.loads(ui)
        except (TypeError, ValueError, RecursionError):
            return game_id, None
        return game_id, value if isinstance(value, dict) else None

    def game(self, game_id: int) -> GameRow | None:
        return next(iter_game_rows(self.db, "one", game_id), None)

    def read_game(self, game_id: int) -> GameRead | None:
        row = self.game(game_id)
        return None if row is None else read_events(self.db, row)

    def _problem(self, row: GameRow) -> str | None:
        """Why a game's actions stop early (None: they read whole); a read-only snapshot
        never changes, so there each game is checked once (at its summary)."""
        kept = self.opening.reads.get(row.id) if self.read_only else None
        if kept is not None and kept[0][0] == row:
            return kept[2]
        return read_events(self.db, row).problem

    def events(self, game_id: int) -> list[JsonObject]:
        read = self.read_game(game_id)
        return [] if read is None else read.events

    def games(self) -> list[GameRow]:
        rows = game_rows(self.db)
        out = []
        for row in rows:
            if row.problem is None:
                row = replace(row, problem=self._problem(row))
            out.append(row)
        return out

    def last_started(self) -> list[tuple[str, JsonObject]]:
        """Each game's most recently started one, as (game, its saved options), the last
        started first: what the new-game menu opens on. A row that fails its checks is
        left out."""
        rows = iter_game_rows(self.db, "each_last_started")
        return [(row.game, row.options) for row in rows if row.problem is None]

    def latest_unfinished(
        self, other_than: int | None, accept: Callable[[GameRow], bool] | None = None
    ) -> int | None:
        """The most recently played unfinished game (but `other_than`) that reads back whole
        and that `accept` takes (the box: a game it can replay). Called after every accepted
        action: only the rows up to the first good one are checked."""
        rows = iter_game_rows(self.db, "unfinished", other_than)
        return next(
            (g.id for g in rows if g.problem is None and (accept is None or accept(g))), None
        )
