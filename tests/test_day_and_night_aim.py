"""Day and Night as a player who knows it plays (engine/day_and_night/standing.py): where a
side stands and every move it can weigh."""

from __future__ import annotations

import random

from engine.day_and_night.game import GAME
from engine.day_and_night.spells import EXAMPLE
from engine.day_and_night.standing import TILE_KINDS, every_move, standing
from engine.day_and_night.state import Cast
from engine.search import choices
from engine.strength import knowing_player, random_player
from tests.test_day_and_night_game import game


def _states(seed: int, count: int):
    """States of a random game with the example decks, where a player is to move."""
    rng = random.Random(seed)
    state = GAME.initial(GAME.parse_options(GAME.option_defaults))
    found = []
    while len(found) < count:
        if GAME.is_over(state):
            state = GAME.initial(GAME.parse_options(GAME.option_defaults))
        found.append(state)
        state = GAME.apply(state, random_player(GAME, state, rng))
    return found


def test_where_a_side_stands_temples_then_largest_area_then_tiles_then_hand():
    state = game("dd.d..../d......./......../......../.......n/DDDDDDDD")
    assert standing(state, "day") == (1, 3, 4 - 1, 5)
    assert standing(state, "night") == (0, 1, 1 - 4, 5)
    fixed = game("df.d..../f......./......../......../.......n/........")
    assert standing(fixed, "day")[:2] == (0, 3)  # fixed Day tiles count for Day


def test_every_move_is_legal_and_lays_a_tile_on_every_field_it_can():
    for state in _states(3, 120):
        moves = every_move(state)
        assert moves == [] if state.over else moves
        for action in moves:
            assert GAME.is_legal(state, action), GAME.format_action(action)
        assert len(set(moves)) == len(moves)
        held = {a.spell for a in moves if isinstance(a, Cast)}
        if "dawn" in held:  # a tile anywhere: every empty field
            empty = str(state.board.notation()).count(".")
            assert sum(1 for a in moves if isinstance(a, Cast) and a.spell == "dawn") == empty


def test_every_move_holds_the_sample_s_tile_moves_and_one_of_each_other_spell():
    by_id = {s.id: s for side in ("day", "night") for s in EXAMPLE[side]}
    for state in _states(4, 80):
        moves = set(every_move(state))
        casts = {a.spell for a in moves if isinstance(a, Cast)}
        for action in choices(GAME, state):
            if not isinstance(action, Cast):
                assert action in moves
                continue
            assert action.spell in casts
            spell = by_id[action.spell]
            if all(e.kind in TILE_KINDS and e.count == 1 for e in spell.effects):
                assert action in moves, GAME.format_action(action)
            elif not any(e.kind in TILE_KINDS for e in spell.effects):
                assert sum(1 for a in moves if isinstance(a, Cast) and a.spell == spell.id) == 1


def test_the_knowing_player_grows_its_largest_area():
    # Day holds one "put" (a tile anywhere): next to its three tiles, not anywhere else
    state = game("ddd...../......../......../......../......../.......n")
    rng = random.Random(1)
    action = knowing_player(GAME, state, rng, lambda a: not isinstance(a, Cast) or a.spell == "put")
    assert isinstance(action, Cast) and action.spell == "put"
    assert action.targets[0] in ((0, 3), (1, 0), (1, 1), (1, 2))
    assert standing(GAME.apply(state, action), "day")[1] == 4
