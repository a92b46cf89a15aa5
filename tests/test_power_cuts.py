"""Power cuts under strict POSIX crash states: what the box says after one is what it cost.

A real run of the store is recorded: every frame it writes to the log, every sync (the
background sync, called here at the points where it would run), every backup (written whole
and synced before the call that made it returns). From that record, crash states are built
the way a card can be left by a cut: the log as synced, and of each frame written since the
last sync one of kept, never written or torn (a 512-byte-sector prefix of it kept), in any
combination, so a later frame may be kept while an earlier one is lost. For each state the box
starts and:

- never calls it damage, never raises, never loses what was synced or what a backup held, and
  goes on from a state the run really had (never a mix);
- says nothing where nothing was lost: where the state it goes on from is at least the newest
  change that reached the card whole (a commit frame kept whole, checked against the frame
  before it where that one is there) — the last second's changes that never reached the card
  are the documented cost of a cut (docs/box.md);
- where a change that reached the card is lost, says exactly which game lost how many steps,
  as the recorded run had them (after taking the backups into account);
- and the next start is clean: nothing said, the same games.

CI tries 160 crash states; the soak (every crash point, 40 patterns each):

    TABLETOP_POWER_CUTS=all ./dev test tests/test_power_cuts.py
"""

from __future__ import annotations

import os
import random
import shutil
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from device.app.loop import Loop
from device.hw.display import Screen, dummy_device
from device.storage import savefile
from device.storage.losses import POWER_CUT, losses
from device.storage.records import BACKUP, FILE, Summary, revision_of
from device.storage.store import Store
from engine.zweimal.game import GAME
from tests.test_store_faults import UI, _game_actions

STATES = os.environ.get("TABLETOP_POWER_CUTS", "160")
SECTOR = 512
PAGE = 4096
FRAME = 24 + PAGE
GENERATIONS = (BACKUP, "tabletop.backup.1.sqlite3", "tabletop.backup.2.sqlite3")


@dataclass
class Step:
    """The files after one call of the store: the log as written (not yet all synced), the
    log's length at the last sync, the backups, and what the saved games were."""

    wal: bytes
    synced: int
    backups: dict[str, bytes]
    revision: int
    games: dict[int, tuple[str, int]]


@dataclass
class Run:
    main: bytes  # the main file: the run is short enough that it is never checkpointed
    steps: list[Step] = field(default_factory=list)

    def at(self, revision: int) -> dict[int, tuple[str, int]]:
        return next(s.games for s in self.steps if s.revision == revision)


def _games(store: Store) -> dict[int, tuple[str, int]]:
    return {g.id: (g.status, g.events) for g in store.games()}


def _record_run(directory: Path) -> Run:
    """A finished game (so a backup), then a second game with syncs now and then, a move of
    the screen alone, an undo, the end of the game (a backup written before the log it
    copies is synced), a third game and a card taught; nothing synced after the last calls."""
    store = Store(directory, sync_delay=3600)  # the background sync never runs by itself
    steps: list[Step] = []
    synced = [0]

    def snap() -> None:
        wal = (directory / (FILE + "-wal")).read_bytes()
        backups = {n: (directory / n).read_bytes() for n in GENERATIONS if (directory / n).exists()}
        steps.append(Step(wal, synced[0], backups, revision_of(store.db) or 0, _games(store)))

    def sync() -> None:
        store.flush()
        synced[0] = len((directory / (FILE + "-wal")).read_bytes())

    def play(game: int, action) -> None:
        store.record(game, UI, append={"kind": "action", "action": GAME.format_action(action)})
        snap()

    first = _game_actions(1, 5, whole=True)
    game = store.new_game("zweimal", 1, {"variant": "1"}, UI)
    for i, action in enumerate(first):
        last = i == len(first) - 1
        step = {"kind": "action", "action": GAME.format_action(action)}
        store.record(game, UI, append=step, status="finished" if last else None)
    sync()
    main = (directory / FILE).read_bytes()
    snap()
    second = _game_actions(1, 6, whole=False)
    game = store.new_game("zweimal", 1, {"variant": "1"}, UI)
    snap()
    for i, action in enumerate(second[:8]):
        play(game, action)
        if i in (2, 5):
            sync()
    store.record(game, {"mode": "menu"})  # the screen alone
    snap()
    store.record(game, UI, undo=1)
    snap()
    for action in second[7:10]:
        play(game, action)
    store.record(game, UI, status="abandoned")  # a backup, ahead of the synced log
    snap()
    third = store.new_game("zweimal", 1, {"variant": "1"}, UI)
    snap()
    sync()
    for action in second[:3]:
        play(third, action)
    store.teach([("04AABBCC", "zweimal:player-A")])
    snap()
    play(third, second[3])
    assert (directory / FILE).read_bytes() == main, "the run was checkpointed: too long"
    store._stop.set()  # the run ends in a cut: nothing closes the files
    store._dirty.set()
    return Run(main, steps)


@pytest.fixture(scope="module")
def run(tmp_path_factory) -> Run:
    return _record_run(tmp_path_factory.mktemp("run"))


def _frames(wal: bytes, start: int) -> list[int]:
    """The offsets of the frames written from `start` on."""
    return list(range(start, len(wal) - FRAME + 1, FRAME))


@dataclass(frozen=True)
class Crash:
    what: str
    written: bytes  # the log as the store wrote it up to the cut
    synced: int  # how much of it was synced
    wal: bytes  # the log as the card kept it
    backups: dict[str, bytes]


def _crash_states(run: Run, count: str) -> list[Crash]:
    """Crash states after each step, and in the middle of the next step's frames: the synced
    part as it is; each later frame kept, never written or torn."""
    rng = random.Random(29)
    states = []
    for k in range(1, len(run.steps)):
        step = run.steps[k]
        cuts = [(step.wal, step.synced)]  # after the step (before a sync that follows it)
        if k + 1 < len(run.steps):
            nxt = run.steps[k + 1]
            mid = _frames(nxt.wal, len(step.wal))[1:]  # some of the next step's frames
            if mid:
                cuts.append((nxt.wal[: rng.choice(mid)], nxt.synced))
        for written, synced in cuts:
            unsynced = _frames(written, synced)
            patterns = ["kept", "lost"] + ["random"] * (40 if count == "all" else 8)
            for pattern in patterns:
                wal = bytearray(written[:synced])
                hows = []
                for offset in unsynced:
                    how = pattern
                    if pattern == "random":
                        how = rng.choice(("kept", "kept", "kept", "lost", "torn"))
                    hows.append(how[0])
                    frame = written[offset : offset + FRAME]
                    if how == "kept":
                        wal += frame
                    elif how == "lost":
                        wal += bytes(FRAME)
                    else:  # the sectors up to a point written, the rest not
                        end = (offset + rng.randrange(FRAME)) // SECTOR * SECTOR - offset
                        wal += frame[: max(0, end)] + bytes(FRAME - max(0, end))
                while len(wal) > synced and wal[-FRAME:] == bytes(FRAME):
                    del wal[-FRAME:]  # the file never grew to frames never written
                what = f"step {k}, {len(written)} bytes written, {synced} synced, {''.join(hows)}"
                states.append(Crash(what, written, synced, bytes(wal), step.backups))
    if count != "all":
        states = rng.sample(states, min(int(count), len(states)))
    return states


def _commits(run: Run, written: bytes) -> dict[int, int]:
    """The offset of each step's commit frame in the log, with the revision it made."""
    out = {}
    for step in run.steps:
        if len(step.wal) <= len(written) and written[: len(step.wal)] == step.wal:
            for offset in reversed(_frames(step.wal, 32)):
                if int.from_bytes(step.wal[offset + 4 : offset + 8], "big"):
                    out[offset] = step.revision
                    break
    return out


@dataclass(frozen=True)
class Proof:
    """What the card proves of the changes past the point where SQLite stops reading."""

    revision: int  # the newest change that reached the card whole (0: none past that point)
    whole: bool  # every page those changes wrote is on the card, or known and written again


def _proof(run: Run, crash: Crash) -> Proof:
    """A frame reached the card whole and can be checked when it was kept as written and so
    was the header of the frame before it. SQLite stops at the first frame that did not; the
    changes past it are proven by the commit frames that did. Their pages are all there if
    each frame left out before the last such commit has a header that still names its page
    and that page is written again by a frame that reached the card."""
    commits = _commits(run, crash.written)
    slots = _frames(crash.written, 32)

    def kept(offset: int, size: int = FRAME) -> bool:
        return crash.wal[offset : offset + size] == crash.written[offset : offset + size]

    def good(offset: int) -> bool:
        return kept(offset) and (offset == 32 or kept(offset - FRAME, 24))

    stop = next((i for i, offset in enumerate(slots) if not good(offset)), None)
    if stop is None:
        return Proof(0, True)
    proven = [i for i in range(stop, len(slots)) if slots[i] in commits and good(slots[i])]
    if not proven:
        return Proof(0, True)
    last = proven[-1]
    whole = True
    for i in range(stop, last):
        if good(slots[i]):
            continue
        page = crash.written[slots[i] : slots[i] + 4]
        named = kept(slots[i], 16)  # its page, its commit and the log's salts
        again = any(
            good(slots[j]) and crash.written[slots[j] : slots[j] + 4] == page
            for j in range(i + 1, last + 1)
        )
        whole = whole and named and again
    return Proof(commits[slots[last]], whole)


def _written(run: Run, crash: Crash) -> int:
    """The newest change whose commit frame reached the card at all (its header kept: a torn
    commit frame was written, so its change was saved)."""
    commits = _commits(run, crash.written)
    kept = [
        revision
        for offset, revision in commits.items()
        if crash.wal[offset : offset + 16] == crash.written[offset : offset + 16]
    ]
    return max(kept, default=0)


def _synced(run: Run, crash: Crash) -> int:
    """The revision of the last change wholly in the synced part of the log."""
    commits = _commits(run, crash.written[: crash.synced])
    return max(commits.values(), default=0)


def _as_summary(run: Run, revision: int) -> Summary:
    games = run.at(revision)
    return Summary(revision, {g: (s, n, True) for g, (s, n) in games.items()})


def _revision_of(data: bytes) -> int:
    db = savefile.open_memory(data)
    try:
        return revision_of(db) or 0
    finally:
        db.close()


def _lay_out(run: Run, crash: Crash, directory: Path) -> None:
    directory.mkdir()
    (directory / FILE).write_bytes(run.main)
    (directory / (FILE + "-wal")).write_bytes(crash.wal)
    for name, data in crash.backups.items():
        (directory / name).write_bytes(data)


def _start(directory: Path) -> tuple[Store, dict[int, tuple[str, int]], int]:
    store = Store(directory)
    return store, _games(store), revision_of(store.db) or 0


def test_power_cuts_cost_what_the_box_says_and_no_more(run, tmp_path):
    said = quiet = 0
    for i, crash in enumerate(_crash_states(run, STATES)):
        directory = tmp_path / f"s{i}"
        _lay_out(run, crash, directory)
        store, games, revision = _start(directory)
        try:
            what = crash.what
            assert {key for key, _ in store.reports} <= POWER_CUT, (what, store.reports)
            assert games == run.at(revision), (what, revision)  # a state the run had
            backed = max([_revision_of(d) for d in crash.backups.values()], default=0)
            assert revision >= backed, (what, revision, backed)  # what the backups hold
            assert revision >= _synced(run, crash), what  # nothing synced is lost
            proof = _proof(run, crash)
            expected = []
            if proof.revision > revision and proof.whole:  # which game lost how many steps
                later, now = _as_summary(run, proof.revision), _as_summary(run, revision)
                expected = losses(later, proof.revision, now)
            elif proof.revision > revision and run.at(proof.revision) == run.at(revision):
                # lost, cannot be read whole, and no game changed (the screen alone): said
                # only where the pages those changes wrote are not all named
                keys = [key for key, _ in store.reports]
                assert keys in ([], ["wal_lost"]), (what, store.reports)
                expected = store.reports
            elif proof.revision > revision:  # lost, but what it held cannot be read whole
                assert [key for key, _ in store.reports] == ["wal_lost"], (what, store.reports)
                n = store.reports[0][1]["n"]
                assert 1 <= n <= _written(run, crash) - revision, (what, n)  # at least n
                expected = store.reports
            assert store.reports == expected, (what, proof, revision)
            said += bool(expected)
            quiet += not expected and savefile.check_wal(crash.wal).lost > 0
        finally:
            store.close()
        again, games_again, _ = _start(directory)  # the next start is clean
        try:
            assert again.reports == [] and games_again == games, crash.what
        finally:
            again.close()
        shutil.rmtree(directory)
    # both were tried: losses said, and changes past a gap that what the box went on from
    # holds (a backup, or the changes were the screen's alone): nothing said
    assert said and quiet, (said, quiet)


def test_the_loss_is_said_on_the_screen_by_game_and_steps(run, tmp_path):
    """A cut after which the card kept the last step's frames but not one of the step before:
    both steps are lost, and the screen says which game and how many."""
    last = run.steps[-1]
    before = run.steps[-2]
    frames = _frames(last.wal, before.synced)
    gap = frames[len(frames) // 3]
    wal = bytearray(last.wal)
    wal[gap + 24 : gap + FRAME] = bytes(PAGE)
    directory = tmp_path / "t"
    directory.mkdir()
    (directory / FILE).write_bytes(run.main)
    (directory / (FILE + "-wal")).write_bytes(bytes(wal))
    for name, data in last.backups.items():
        (directory / name).write_bytes(data)
    store = Store(directory)
    try:
        loop = Loop(store, Screen(dummy_device()), "de")
        ((game, lost),) = [(v["id"], v["n"]) for k, v in store.reports if k == "steps_lost"]
        words = "1 Schritt weg" if lost == 1 else f"{lost} Schritte weg"
        assert loop.box.message == ("Nach Stromausfall", f"#{game}: {words}")
    finally:
        store.close()


def test_every_loss_fits_the_message_screen_in_both_languages():
    """What a cut cost, as the start shows it: the header and a line a game (three games'
    worth at most on one screen), two-digit ids and counts, never cut off or broken in a
    word, a count of one in the singular."""
    from device.app.frame import render
    from device.app.state import BoxState
    from device.ui import fit
    from device.ui.catalog import text

    values = {"id": 12, "n": 27}
    for lang in ("de", "en"):
        lines = [text(f"store.{key}", lang, **values) for key in sorted(POWER_CUT)]
        lines.append(text("store.steps_lost", lang, id=3, n=1))
        assert lines[-1].endswith(("1 Schritt weg", "1 step lost"))
        for line in lines:
            box = BoxState(lang=lang, mode="message", message=(text("store.power_cut", lang), line))
            with fit.strict():
                render(box)
        three = (text("store.power_cut", lang), *lines[:3])
        with fit.strict():
            render(BoxState(lang=lang, mode="message", message=three))
