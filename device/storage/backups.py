"""The backups (generations, never replaced by less) and what a file holds: summaries, games
repaired from a backup, rows read with their checks."""

from __future__ import annotations

import contextlib
import json
import logging
import os
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from device.storage import savefile
from device.storage.records import (  # the file's schema, rows and helpers
    DB_ERRORS,
    GENERATIONS,
    STATUSES,
    GameRead,
    GameRow,
    _bump,
    _newer,
    _revision,
    _set_revision,
    _Summary,
    crc,
)

log = logging.getLogger("tabletop.store")


class Backups:
    """The `Store`'s backup and checking part (a mixin on the store's own attributes)."""

    # --- backups ----------------------------------------------------------------------------

    def _generation(self, n: int) -> Path:
        return self.backup_path if n == 0 else self.directory / f"tabletop.backup.{n}.sqlite3"

    def _backups(self) -> list[tuple[Path, _Summary]]:
        """The readable backups, the highest revision first (then the newest generation)."""
        found = []
        for n in range(GENERATIONS):
            path = self._generation(n)
            try:
                if not path.is_file():
                    continue
                found.append((n, path, self._file_summary(path)))
            except (OSError, *DB_ERRORS, savefile.SnapshotError) as error:
                log.warning("backup %s unreadable: %s", path, error)
        found.sort(key=lambda f: (-(f[2].revision or 0), f[0]))
        return [(p, s) for _, p, s in found]

    def _file_summary(self, path: Path) -> _Summary:
        """What a whole copy (a backup) holds; it must pass SQLite's integrity check."""
        db = self._memory_copy(path)
        try:
            row = db.execute("PRAGMA integrity_check").fetchone()
            if row is None or row[0] != "ok":
                raise savefile.SnapshotError("integrity_check failed")
            return self._summarise(db)
        finally:
            db.close()

    def _write_backup(
        self,
        db: sqlite3.Connection,
        summary: _Summary | None = None,
        newest: _Summary | None = None,
    ) -> None:
        """A new newest backup (the older ones shift down a generation), unless the newest is
        at this revision or a later one: a backup is never replaced by a state of a lower
        revision. `summary`, `newest`: what the file and the newest backup hold, when the
        caller has read them already."""
        summary = summary or self._summarise(db)
        if newest is None and self.backup_path.exists():
            try:
                copy = self._memory_copy(self.backup_path)
                newest = self._summarise(copy)
                copy.close()
            except (OSError, *DB_ERRORS, savefile.SnapshotError):
                newest = None
        if not _newer(summary, newest):
            if newest is not None and (summary.revision or 0) < (newest.revision or 0):
                log.error(
                    "not refreshing the backup: it is at revision %s, the saved games at %s",
                    newest.revision,
                    summary.revision,
                )
            return
        tmp = self._backup_tmp()
        try:
            target = sqlite3.connect(tmp)
            try:
                target.execute("PRAGMA synchronous=FULL")  # the copy is on the card when done
                db.backup(target)
            finally:
                target.close()
            self._shift_generations()
            os.replace(tmp, self.backup_path)
            self._sync_dir()  # the generations' renames survive a power cut
        except (OSError, *DB_ERRORS) as error:
            log.warning("could not write the backup %s: %s", self.backup_path, error)
            with contextlib.suppress(OSError):
                tmp.unlink()

    def _backup_tmp(self) -> Path:
        return self.backup_path.with_suffix(".tmp")

    def _shift_generations(self) -> None:
        """Each backup one generation older (the oldest is replaced), the newest's name free."""
        for n in range(GENERATIONS - 1, 0, -1):
            older = self._generation(n - 1)
            if older.exists():
                os.replace(older, self._generation(n))

    # --- checking what a file holds -----------------------------------------------------------

    def _summarise(self, db: sqlite3.Connection) -> _Summary:
        """What a file holds: its revision and each game's status and actions (those that
        pass their checks). A file with games and no revision has lost its revision (None):
        it decides nothing."""
        summary = _Summary(revision=_revision(db))
        for row in self._game_rows(db):
            read = self._read_events(db, row)
            summary.games[row.id] = (row.status, len(read.events), read.problem is None)
        if summary.revision == 0 and summary.games:
            summary.revision = None
        return summary

    def _repair_games(
        self, db: sqlite3.Connection, summary: _Summary, backups: list[tuple[Path, _Summary]]
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
            self._keep_copy("damaged")
            source = self._memory_copy(path)
            try:
                for game_id in wanted:
                    self._copy_game(source, db, game_id)
                    log.error("game %s restored from the backup %s", game_id, path)
                    self._report("game_restored", id=game_id)
                    summary.games[game_id] = backup.games[game_id]
            finally:
                source.close()
        if summary.revision is None:  # a damaged revision restarts above every backup's
            value = max([b.revision or 0 for _, b in backups] + [0]) + 1
            self._transaction(lambda db: _set_revision(db, value))
            summary.revision = value + 1
        for row in self._game_rows(db):
            read = self._read_events(db, row)
            if read.problem is not None and row.problem is None:  # a bad row cuts nothing
                self._keep_copy("damaged")
                self.cut(row.id, len(read.events))
                log.error(
                    "game %s: %s; its replay stops before it (no backup holds it whole)",
                    row.id,
                    read.problem,
                )
                self._report("game_cut", id=row.id, action=len(read.events) + 1)

    def _copy_game(self, source: sqlite3.Connection, db: sqlite3.Connection, game_id: int) -> None:
        game = source.execute(
            "SELECT id, game, rules_version, options, status, created, updated, actions, crc"
            " FROM games WHERE id = ?",
            (game_id,),
        ).fetchone()
        events = source.execute(
            "SELECT game_id, seq, kind, payload, crc FROM events WHERE game_id = ? ORDER BY seq",
            (game_id,),
        ).fetchall()
        db.execute("BEGIN IMMEDIATE")
        try:
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
            _bump(db)
            db.execute("COMMIT")
        except DB_ERRORS:
            with contextlib.suppress(sqlite3.Error):
                db.execute("ROLLBACK")
            raise

    def _game_rows(self, db: sqlite3.Connection) -> list[GameRow]:
        """Every game row that can be read; a row that fails its checks is listed with its
        problem (and, where even its id is unreadable, left out)."""
        return list(self._iter_game_rows(db))

    def _iter_game_rows(
        self, db: sqlite3.Connection, where: str = "1", args: tuple = (), order: str = "id"
    ) -> Iterator[GameRow]:
        """The game rows that match `where`, in `order`, each checked only when it is reached
        (a caller that stops early checks no more than it needs)."""
        try:
            rows = db.execute(
                "SELECT id, game, rules_version, options, status, created, actions, crc,"
                " (SELECT COUNT(*) FROM events WHERE game_id = games.id) FROM games"
                f" WHERE {where} ORDER BY {order}",
                args,
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
                        raise ValueError("not an object")
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

    def _read_events(self, db: sqlite3.Connection, row: GameRow) -> GameRead:
        if row.problem is not None:
            return GameRead(row, [], row.problem)
        try:
            rows = db.execute(
                "SELECT game_id, seq, kind, payload, crc FROM events WHERE game_id = ?"
                " ORDER BY seq",
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
                    raise ValueError("not an object")
            except (TypeError, ValueError, RecursionError):
                return GameRead(row, events, f"action {n} does not decode")
            events.append(value)
        if len(events) < row.events:
            return GameRead(row, events, f"action {len(events) + 1} missing")
        return GameRead(row, events)
