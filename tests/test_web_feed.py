"""The web page's feed (device/web/feed.py): a game replayed once, then an action more played
on from the states it had; the games whose states it keeps are a few, however many are read."""

from __future__ import annotations

import random

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
