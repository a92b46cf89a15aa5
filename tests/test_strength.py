"""The strength measure (engine/strength.py): the players, the match and its interval."""

from __future__ import annotations

import random

from engine.strength import Tally, box_player, greedy_player, match, play, random_player
from tests.stubgame.engine import STUB, State


def test_the_wilson_interval_holds_the_rate_and_narrows_with_more_games():
    low, high = Tally(18, 0, 2).interval()
    assert low < 0.9 < high and round(low, 3) == 0.699 and round(high, 3) == 0.972
    wide = Tally(9, 0, 1).interval()
    assert wide[0] < low and wide[1] > high
    assert Tally(0, 0, 0).interval() == (0.0, 1.0)


def test_greedy_takes_the_last_stones_and_random_plays_legal_moves():
    two = State(STUB.parse_options({"pile": "2", "starter": "A"}), 2, "A")
    assert greedy_player(STUB, two, random.Random(0)).stones == 2
    for seed in range(10):
        assert STUB.is_legal(two, random_player(STUB, two, random.Random(seed)))


def test_the_box_beats_a_random_player_at_stapel_with_seats_alternating():
    tally = match(STUB, random_player, 8)
    assert tally.games == 8 and tally.wins >= 6
    # the same seeds, the same games
    assert match(STUB, random_player, 8) == tally
    assert play(STUB, {"A": box_player, "B": box_player}, 1) in ("A", "B")
