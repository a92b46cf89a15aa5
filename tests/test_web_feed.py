"""The web page's feed (device/web/feed.py): a game replayed once, then an action more played
on from the states it had; the games whose states it keeps are a few, however many are read."""

from __future__ import annotations

import random

from device.storage.records import Remembered
from device.storage.store import Store
from device.web.feed import KEPT_GAMES, Feed
from engine.day_and_night.game import GAME, spread_actions
from engine.replay import options_of


def save(store: Store, actions: int, seed: int) -> tuple[int, object]:
    state = GAME.initial(options_of(GAME, {}))
    game_id = store.new_game("day-and-night", GAME.rules_version, {}, {"mode": "game"})
    rng = random.Random(seed)
    for _ in range(actions):
        state = act(store, game_id, state, rng.choice(spread_actions(state)))
    return game_id, state


def act(store: Store, game_id: int, state, action):
    store.record(game_id, {"mode": "game"}, append={"action": GAME.format_action(action)})
    store.flush()
    return GAME.apply(state, action)


def states_of(feed: Feed, game_id: int) -> tuple:
    page = feed.game(game_id, "de")
    assert page is not None and not page.problem
    return page.replayed[1].before


def calls(monkeypatch, owner, name: str, said) -> list:
    """Each call of `owner.name` from now on, as `said` of its arguments says it."""
    out: list = []
    real = getattr(owner, name)

    def call(*args):
        out.append(said(*args))
        return real(*args)

    monkeypatch.setattr(owner, name, call)
    return out


def test_an_action_more_is_played_on_from_the_states_read_before(tmp_path):
    store = Store(tmp_path)
    try:
        game_id, state = save(store, 12, 1)
        feed = Feed(tmp_path)
        before = states_of(feed, game_id)
        state = act(store, game_id, state, spread_actions(state)[0])
        after = states_of(feed, game_id)
        assert len(after) == len(before) + 1
        reused = zip(after[1:], before[1:], strict=False)  # (the first: the options' own)
        assert all(a is b for a, b in reused)  # none of them played again
        assert feed.game(game_id, "de").state == state
    finally:
        store.close()


def test_the_feed_keeps_the_states_of_a_few_games_only(tmp_path):
    store = Store(tmp_path)
    try:
        first, state = save(store, 6, 1)
        others = [save(store, 3, seed)[0] for seed in range(2, 3 + KEPT_GAMES)]
        feed = Feed(tmp_path)
        before = states_of(feed, first)
        for game_id in others:  # more games read than it keeps: the first is let go
            states_of(feed, game_id)
        state = act(store, first, state, spread_actions(state)[0])
        after = states_of(feed, first)
        assert after[:-1] == before
        assert not any(a is b for a, b in zip(after[1:], before[1:], strict=False))
        assert feed.game(first, "de").state == state
    finally:
        store.close()


def test_a_reader_checks_again_only_the_games_changed_since_its_last_look(tmp_path, monkeypatch):
    """The page's snapshots remember what they found of each game (`Remembered`): one
    unchanged since is not read and checked again; one with an action more, or an undo and
    another action between two looks (the same count), is."""
    from device.storage import contents

    store = Store(tmp_path)
    seen = Remembered()
    checked = calls(monkeypatch, contents, "read_events", lambda db, row: row.id)

    def look() -> tuple[list, object]:
        checked.clear()
        snapshot = Store(tmp_path, read_only=True, remembered=seen)
        try:
            return list(checked), snapshot.read_game(changed)
        finally:
            snapshot.close()

    try:
        changed, state = save(store, 8, 1)
        unchanged, _ = save(store, 5, 2)
        assert sorted(look()[0]) == [changed, unchanged]  # the first look checks them all
        state = act(store, changed, state, spread_actions(state)[0])
        again, read = look()
        assert again == [changed] and len(read.events) == 9
        other = spread_actions(GAME.apply(state, spread_actions(state)[0]))[-1]
        redone = {"action": GAME.format_action(other)}
        store.record(changed, {"mode": "game"}, undo=1)  # both before the next look
        store.record(changed, {"mode": "game"}, append=redone)
        store.flush()
        again, read = look()
        assert again == [changed] and len(read.events) == 9 and read.events[-1] == redone
        assert look()[0] == []  # nothing changed: nothing read again
    finally:
        store.close()


def test_a_reader_reads_a_backup_again_only_when_a_new_one_is_put_in_place(tmp_path, monkeypatch):
    """The backups are summarised at every look (which is the newer, the file or a backup);
    a reader remembers each one's summary by its file and reads it again only when a new
    backup was put in place (a game's end writes one)."""
    from device.storage.backups import Backups

    store = Store(tmp_path)
    seen = Remembered()
    read = calls(monkeypatch, Backups, "file_summary", lambda self, path: path.name)

    def look() -> list[str]:
        read.clear()
        Store(tmp_path, read_only=True, remembered=seen).close()
        return sorted(read)

    try:
        first, _ = save(store, 4, 1)
        store.record(first, {"mode": "game"}, status="abandoned")  # a game's end: a backup
        store.flush()
        assert look() == ["tabletop.backup.sqlite3"]
        assert look() == []  # the same backup: not read again
        second, _ = save(store, 3, 2)
        store.record(second, {"mode": "game"}, status="abandoned")
        store.flush()
        assert look() == ["tabletop.backup.1.sqlite3", "tabletop.backup.sqlite3"]
        plain, remembering = (
            Store(tmp_path, read_only=True),
            Store(tmp_path, read_only=True, remembered=seen),
        )
        assert plain.games() == remembering.games()  # the same list either way
        plain.close()
        remembering.close()
    finally:
        store.close()
