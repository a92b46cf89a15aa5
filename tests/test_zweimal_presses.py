"""Fewer presses at the table: the cursor moves only over fields where the step is possible
and starts where the others are fewest presses away (device/games/zweimal/cursor.py)."""

import random

from device.games.zweimal import cursor
from device.ui.cursor import distances, start as first_field
from engine.zweimal.game import GAME, Deal, Options, legal_actions
from tests.bench_scripts import load


def test_random_games_need_at_most_two_presses_a_step_on_average():
    presses = load("presses")
    for variant, counts in presses.measure(30).items():
        steps = [c for k, c in counts.items() if k != "set-up"]
        mean = sum(c.presses for c in steps) / sum(c.actions for c in steps)
        assert mean <= 2.0, (variant, mean)


def test_the_cursor_visits_only_possible_fields_and_reaches_all_of_them():
    rng = random.Random(3)
    for variant in (1, 2):
        state = GAME.initial(Options(variant=variant))
        n = state.options.size
        state = GAME.apply(
            state, Deal(tuple("".join(rng.choice("-|") for _ in range(n)) for _ in range(n)))
        )
        while not GAME.is_over(state) and state.phase != "setup":
            fields = cursor.possible(state)
            start = first_field(fields)
            assert start in fields
            reached = distances(fields, start)
            assert set(reached) == set(fields)  # every possible field, nothing else
            best = min(sum(distances(fields, f).values()) for f in fields)
            assert sum(reached.values()) == best  # the start is a 1-median
            state = GAME.apply(state, rng.choice(legal_actions(state)))
