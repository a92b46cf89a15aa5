"""What a power cut cost, game by game.

The log proves which changes were saved: its commits past the point where SQLite stops
reading (`savefile.WalCheck.lost`; their pages, read from those frames, show what they held).
What the box goes on from (the file as SQLite reads it, or the backup that is at a later
revision) may hold all of them, some or none. Only what a game lost is said: its steps, the
whole game, or its last change (an undo or an abandon that is undone again). Changes to the
screen or the card registry alone are no loss to the players' game.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from device.jsontypes import JsonObject
from device.storage import savefile
from device.storage.records import DB_ERRORS, Summary, decode_text, revision_of

# what the log says (ERROR) for each kind of loss; the screen says it from the catalog
# ("store.<key>")
LOSS_LOG = {
    "steps_lost": "game {id}: {n} action(s) lost",
    "game_lost": "game {id} lost, with its {n} action(s)",
    "change_lost": "game {id}: its last change (an undo or its end) lost",
    "wal_lost": "at least {n} saved change(s) lost (what they held cannot be read whole)",
}
POWER_CUT = frozenset(LOSS_LOG)  # the reports that say what a power cut cost (no damage)


def losses(latest: Summary | None, proven: int, recovered: Summary) -> list[tuple[str, JsonObject]]:
    """The losses to report: what `latest` (the newest state the log proves, at revision
    `proven`; None when it cannot be read) holds that `recovered` does not. Nothing when
    `recovered` is at `proven` or later."""
    if recovered.revision is not None and proven <= recovered.revision:
        return []
    if latest is None:  # the lost changes cannot be read whole: counted, not told
        return [("wal_lost", {"n": proven - (recovered.revision or 0)})]
    out: list[tuple[str, JsonObject]] = []
    for game_id, (status, n, _whole) in sorted(latest.games.items()):
        mine = recovered.games.get(game_id)
        if mine is None:
            out.append(("game_lost", {"id": game_id, "n": n}))
        elif n > mine[1]:
            out.append(("steps_lost", {"id": game_id, "n": n - mine[1]}))
        elif (status, n) != mine[:2]:
            out.append(("change_lost", {"id": game_id}))
    return out


@dataclass(frozen=True)
class Lost:
    """What the log proves of the changes past the point where SQLite stops reading."""

    count: int  # how many (`savefile.WalCheck.lost`; 0: none proven)
    latest: Summary | None  # what the file held with them (None: not readable whole)
    revision: int  # the newest revision their pages show (0: none)

    def proven(self, main: Summary) -> int:
        """The revision of the newest of them: what their pages show, or their count after
        the file's own revision (one revision a change), whichever is higher."""
        return max((main.revision or 0) + self.count, self.revision)

    def losses(self, main: Summary, recovered: Summary) -> list[tuple[str, JsonObject]]:
        return losses(self.latest, self.proven(main), recovered) if self.count else []


def read_lost(
    path: Path, wal: savefile.WalCheck, summarise: Callable[[sqlite3.Connection], Summary]
) -> Lost:
    """Read what the lost changes held (the file with their pages applied), where their pages
    are all there; else only the revision their newest copy of the revision's page shows,
    and, where every page they wrote is named and belongs to a table that holds no game (the
    screen, the cards, the revision), the games as the file holds them: none was changed.
    Where the file as SQLite reads it has no tables yet, the first of them made the schema
    (the store's first commit, on its own: `Opening._fresh`), which held no game: it is not
    counted (a cut inside the very first start loses nothing)."""
    if not wal.lost:
        return Lost(0, None, 0)
    base = _Base.read(path, wal, summarise)
    count = wal.lost - (base is not None and base.summary is None)
    if not count or not wal.later_pages:
        return Lost(count, None, 0)
    if wal.later_whole:
        try:
            db = savefile.open_memory(savefile.image(path, wal, later=True))
            try:
                db.text_factory = decode_text
                latest = summarise(db)
                return Lost(count, latest, latest.revision or 0)
            finally:
                db.close()
        except (OSError, *DB_ERRORS, savefile.SnapshotError):
            pass
    revision = _revision_page(path, wal)
    wrote = wal.later_wrote
    if base is not None and wrote is not None and wrote <= base.gameless:
        return Lost(count, base.summary, revision)
    return Lost(count, None, revision)


@dataclass(frozen=True)
class _Base:
    """The file as SQLite reads it (the log up to where reading stops): what it holds (None:
    no tables yet) and its pages that belong to a table or index holding no game."""

    summary: Summary | None
    gameless: frozenset[int]

    @staticmethod
    def read(
        path: Path, wal: savefile.WalCheck, summarise: Callable[[sqlite3.Connection], Summary]
    ) -> _Base | None:
        try:
            db = savefile.open_memory(savefile.image(path, wal))
        except (OSError, savefile.SnapshotError):
            return None
        try:
            db.text_factory = decode_text
            if not db.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()[0]:
                return _Base(None, frozenset())
            summary = summarise(db)
            try:  # (a build of SQLite without its dbstat table: no page is known)
                rows = db.execute(
                    "SELECT pageno FROM dbstat WHERE name NOT IN (SELECT name FROM"
                    " sqlite_master WHERE tbl_name IN ('games', 'events'))"
                ).fetchall()
            except DB_ERRORS:
                rows = []
            return _Base(summary, frozenset(r[0] for r in rows))
        except DB_ERRORS:
            return None
        finally:
            db.close()


def _revision_page(path: Path, wal: savefile.WalCheck) -> int:
    """The revision the newest copy of the `meta` table's page among the lost changes shows
    (put over the file as SQLite reads it); 0 if none is there or it cannot be read."""
    try:
        base = savefile.image(path, wal)
        db = savefile.open_memory(base)
        try:
            row = db.execute(
                "SELECT rootpage FROM sqlite_master WHERE type = 'table' AND name = 'meta'"
            ).fetchone()
        finally:
            db.close()
        root = row[0] if row and isinstance(row[0], int) else 0
        page = wal.later.get(root)
        if page is None:
            return 0
        size = len(page)
        data = bytearray(base) + bytes(max(0, root * size - len(base)))
        data[(root - 1) * size : root * size] = page
        db = savefile.open_memory(data)
        try:
            return revision_of(db) or 0
        finally:
            db.close()
    except (OSError, *DB_ERRORS, savefile.SnapshotError):
        return 0
