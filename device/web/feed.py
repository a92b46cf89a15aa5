"""What the web page shows, read from the saved games without ever writing: a snapshot of the
save file (`Store(read_only=True)`: the file and its log read into memory, so a game being
written meanwhile is seen before or after that write, never half of it), taken again only
when the files on disk change.

`Feed` keeps what it has seen of each game: an action the save file no longer holds (an undo
on the box) stays on the page, marked as taken back, while this process runs.
"""

from __future__ import annotations

import functools
import logging
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Concatenate, ParamSpec, TypeVar

from device import games
from device.app.session import ReadBack, other_rules, read_back, same_rules, solo_seat
from device.storage.records import Remembered
from device.storage.store import Store
from device.web.problems import Unreadable, said, stopped
from engine.core import DataError

if TYPE_CHECKING:
    from device.games.entry import Entry
    from engine.contract import AnyGame, Result

log = logging.getLogger("tabletop.web")
KEPT_GAMES = 4  # the games whose states are kept between snapshots (the ones being watched)
T = TypeVar("T")
P = ParamSpec("P")
# the save file and its log on disk, each (size, time) or None (none there)
Signature = tuple[tuple[int, int] | None, ...]


@dataclass(frozen=True)
class Listed:
    """A saved game as the list shows it."""

    id: int
    game: str
    name: str
    status: str
    actions: int
    solo: str  # the seat the box plays ("": two people)
    updated: float
    on_show: bool  # the game on the box's screen
    problem: str = ""


@dataclass(frozen=True)
class Step:
    """One action of a game's record: its number, its notation, its words; `undone`: the box
    took it back (seen here before, no longer saved)."""

    n: int
    notation: str
    words: str
    undone: bool = False
    lang: str = ""  # the words' language


@dataclass(frozen=True)
class GamePage:
    """A saved game, replayed: what its page shows."""

    listed: Listed
    state: object  # the engine's (the page hands it to the engine, never looks inside)
    steps: tuple[Step, ...]
    totals: tuple[tuple[str, tuple[int, ...]], ...]  # each seat's score after each action
    rounds: tuple[dict[str, int], ...]
    result: Result
    replayed: tuple[AnyGame, ReadBack]  # the engine and what was read back (for the record)
    problem: str = ""
    view: object = None  # what the box's screen adds that the board draws (`from_view`)

    @property
    def record(self) -> str:
        """The game record, as `tabletop games export` writes it."""
        from engine.replay import format_record

        engine, back = self.replayed
        told = list(back.told)
        return format_record(engine, back.options, list(back.actions), back.solo, told)


@dataclass
class _Seen:
    """The actions of a game seen so far (an undo keeps them here, marked)."""

    steps: list[Step] = field(default_factory=list)
    scores: list[tuple[int, ...]] = field(default_factory=list)  # each seat's after each action


AWAY = ("menu", "web", "check")  # the box's screens of no game: its menu and what it opens


def _on_show(store: Store) -> int | None:
    """The game on the box's screen as saved: its game, unless the box shows its menu (or
    a page of it: the web page's address, the deck check, a card taught from the menu),
    where the saved screen still names the last game."""
    game_id, ui = store.screen()
    ui = ui if isinstance(ui, dict) else {}
    mode = ui.get("mode")
    if mode in AWAY or (mode == "teach" and not ui.get("teach_in_game")):
        return None
    return game_id


def _locked(method: Callable[Concatenate[Feed, P], T]) -> Callable[Concatenate[Feed, P], T]:
    """One reader at a time (the requests run in threads): the snapshot, the pages."""

    @functools.wraps(method)
    def locked(self: Feed, /, *args: P.args, **kwargs: P.kwargs) -> T:
        with self._lock:
            return method(self, *args, **kwargs)

    return locked


class Feed:
    def __init__(self, state_dir: Path, lang: str = "de") -> None:
        self.state_dir = state_dir
        self.lang = lang
        self._lock = threading.RLock()  # one reader at a time: the snapshot, the pages
        self._signature: Signature | None = None
        self._store: Store | None = None
        self._pages: dict[tuple[int, str], GamePage] = {}  # (of this snapshot, as the list)
        self._listed: list[Listed] | None = None
        self._seen: dict[int, _Seen] = {}
        self._remembered = Remembered()  # of its earlier looks: a look reads what changed
        # the games last read, each with its states (an action more: one played); a few, so
        # a visit through many old games does not keep them all
        self._backs: dict[int, ReadBack] = {}

    def signature(self) -> Signature:
        """The save file and its log as they are on disk (size and time): what says a new
        snapshot is due. Cheap: two `stat`s."""
        out: list[tuple[int, int] | None] = []
        for suffix in ("", "-wal"):
            path = Path(str(self.state_dir / "tabletop.sqlite3") + suffix)
            try:
                st = path.stat()
                out.append((st.st_size, st.st_mtime_ns))
            except OSError:
                out.append(None)
        return tuple(out)

    def _snapshot(self) -> Store:
        """The saved games as they are now (a new read-only snapshot when the files changed;
        read until two looks at the files agree, so no write lands half in it)."""
        with self._lock:
            for _ in range(5):
                before = self.signature()
                if self._store is not None and before == self._signature:
                    return self._store
                quiet = logging.getLogger("tabletop")
                level = quiet.level
                quiet.setLevel(logging.CRITICAL)  # the box says what it finds; the page, once
                try:
                    store = Store(self.state_dir, read_only=True, remembered=self._remembered)
                finally:
                    quiet.setLevel(level)
                if self.signature() == before:
                    if self._store is not None:
                        self._store.close()
                    self._store, self._signature, self._pages = store, before, {}
                    self._listed = None
                    return store
                store.close()
                time.sleep(0.02)
            if self._store is None:
                raise DataError("the saved games kept changing while being read")
            return self._store

    @_locked
    def games(self) -> list[Listed]:
        """The saved games, the one on the box's screen first, then the newest first: read
        once a snapshot (which checked the games changed since the last), then kept."""
        store = self._snapshot()
        if self._listed is not None:
            return list(self._listed)
        on_show = _on_show(store)
        updated = dict(store.db.execute("SELECT id, updated FROM games").fetchall())
        out = []
        for row in store.games():
            entry = games.GAMES.get(row.game)
            problem = row.problem or (other_rules(row) if not same_rules(row) else "") or ""
            out.append(
                Listed(
                    row.id,
                    row.game,
                    entry.name if entry else row.game,
                    row.status,
                    row.events,
                    solo_seat(row),
                    float(updated.get(row.id) or 0),
                    row.id == on_show,
                    problem,
                )
            )
        out.sort(key=lambda g: (not g.on_show, -g.updated, -g.id))
        self._listed = out
        return list(out)

    @_locked
    def on_show(self) -> int | None:
        """The game on the box's screen (None: the menu, or a game no longer saved)."""
        game_id = _on_show(self._snapshot())
        return game_id if any(g.id == game_id for g in self.games()) else None

    @_locked
    def reports(self) -> list[str]:
        """What reading the saved games found (device/storage: `damaged`, `restored`, ...)."""
        return [key for key, _ in self._snapshot().reports]

    @_locked
    def revision(self, game_id: int) -> tuple[object, ...] | None:
        """What changes when the game does: its actions, its status and its last action (an
        undo and another action keep the count); None: not saved (as yet)."""
        store = self._snapshot()
        row = store.db.execute(
            "SELECT actions, status FROM games WHERE id = ?", (game_id,)
        ).fetchone()
        if row is None:
            return None
        last = store.db.execute(
            "SELECT seq, payload FROM events WHERE game_id = ? ORDER BY seq DESC LIMIT 1",
            (game_id,),
        ).fetchone()
        return (*row, *(last or ()), self._view(store, game_id))

    def _view(self, store: Store, game_id: int) -> object:
        """What of the box's saved view of the game its drawing draws, while it is on the
        box's screen (`Drawing.from_view`; None: not on show, or nothing)."""
        _, ui = store.screen()
        view = ui.get("view") if _on_show(store) == game_id and isinstance(ui, dict) else None
        if not isinstance(view, dict):
            return None
        row = store.db.execute("SELECT game FROM games WHERE id = ?", (game_id,)).fetchone()
        entry = games.GAMES.get(row[0]) if row else None
        web = entry.web if entry is not None and entry.playable else None
        try:
            return web.from_view(view) if web is not None else None
        except (TypeError, ValueError, AttributeError):
            return None  # a saved view that does not read: nothing of it is drawn

    @_locked
    def game(self, game_id: int, lang: str) -> GamePage | None:
        """The game replayed for its page (None: no such game); DataError where it cannot be
        read at all."""
        store = self._snapshot()
        key = (game_id, lang)
        if key in self._pages:
            return self._pages[key]
        listed = next((g for g in self.games() if g.id == game_id), None)
        if listed is None:
            return None
        read = store.read_game(game_id)
        entry = games.GAMES.get(listed.game)
        if read is not None and read.row.problem:  # (a game's name that fails its checksum
            raise Unreadable(game_id, read.row.problem)  # is no game's: said first)
        if read is None or entry is None or entry.engine is None:
            raise Unreadable(game_id, key="web.problem.no_rules", game=listed.game)
        if not same_rules(read.row):
            raise Unreadable(game_id, other_rules(read.row))
        try:
            back = read_back(entry, read.row, read.events, start=self._backs.get(game_id))
        except ValueError as error:
            raise Unreadable(game_id, str(error)) from None
        self._backs.pop(game_id, None)
        self._backs[game_id] = back  # the newest last
        while len(self._backs) > KEPT_GAMES:
            del self._backs[next(iter(self._backs))]
        problem = said(read.problem, lang) if read.problem else ""
        if not problem and back.stopped is not None:
            problem = stopped(back.stopped, back.code, back.why, lang, entry.texts)
        page = replace(
            self._page(entry, listed, back, lang, problem), view=self._view(store, game_id)
        )
        self._pages[key] = page
        return page

    def _page(
        self, entry: Entry, listed: Listed, back: ReadBack, lang: str, problem: str
    ) -> GamePage:
        """The page's parts; what the page had for the same actions before (the words, the
        scores after each) is kept, so an action more costs one action's work."""
        engine = entry.game
        words = entry.words
        states = [*back.before, back.state]
        notations = [engine.format_action(a) for a in back.actions]
        seen = self._seen.setdefault(listed.id, _Seen())
        same = 0  # the actions seen before, the same up to here
        for step, notation in zip(seen.steps, notations, strict=False):
            if step.undone or step.notation != notation or step.lang != lang:
                break
            same += 1
        steps = list(seen.steps[:same])
        for n in range(same, len(notations)):
            said = words.describe(back.before[n], back.actions[n], lang) or ""
            steps.append(Step(n + 1, notations[n], said, lang=lang))
        kept = [s for s in seen.steps if s.n > len(steps)]  # saved no more: taken back
        prefix = all(a.notation == b.notation for a, b in zip(seen.steps, steps, strict=False))
        undone = [replace(s, undone=True) for s in kept] if prefix else []
        seats = list(engine.players)
        scores = list(seen.scores[: same + 1])
        for state in states[len(scores) :]:
            totals = engine.result(state).totals
            scores.append(tuple(int(totals.get(seat, 0)) for seat in seats))
        seen.steps, seen.scores = steps + undone, scores
        result = engine.result(back.state)
        return GamePage(
            listed,
            back.state,
            tuple(steps + undone),
            tuple((seat, tuple(s[i] for s in scores)) for i, seat in enumerate(seats)),
            tuple(dict(r.scores) for r in result.rounds),
            result,
            (engine, back),
            problem,
        )

    def close(self) -> None:
        with self._lock:
            if self._store is not None:
                self._store.close()
                self._store = None
