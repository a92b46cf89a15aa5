"""Day and Night as a player who knows it plays (engine/day_and_night/standing.py): where a
side stands, every move it can weigh, where its pawn can stand, and the box's aim."""

from __future__ import annotations

import random
from dataclasses import replace

from engine.day_and_night.game import GAME
from engine.day_and_night.spells import EXAMPLE
from engine.day_and_night.standing import TILE_KINDS, aimed, pawn_reach, standing
from engine.day_and_night.state import Cast, End, Step
from engine.search import choices, choose
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
        moves = GAME.every_move(state)
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
        moves = set(GAME.every_move(state))
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


def test_the_pawn_s_reach_is_the_area_a_tile_next_to_it_would_make():
    board = "ddd...../......../......../......../......../.......n"
    done = game(board, pawns=((3, 5), (5, 7)), ap=0)  # no step left: where it stands
    assert pawn_reach(done, "day") == (1, 0)
    # on (1,3): a tile on (1,2) or (0,3) would make four; both border the three tiles
    near = game(board, pawns=((1, 3), (5, 7)), ap=0)
    assert pawn_reach(near, "day") == (4, 2)
    far = game(board, pawns=((4, 2), (5, 7)), ap=3)  # one step left: still too far
    assert pawn_reach(far, "day") == (1, 0)
    walking = game(board, pawns=((4, 2), (5, 7)))  # four steps left: it can get next to them
    assert pawn_reach(walking, "day") == (4, 2)


def test_with_no_spell_the_box_steps_to_stand_next_to_its_area():
    state = game("ddd...../......../......../......../......../.......n", pawns=((4, 1), (5, 7)))
    rng = random.Random(2)
    while state.turn == "day":
        action = aimed(state, GAME.every_move(state), [], rng, GAME.apply)
        assert isinstance(action, (Step, End))
        if isinstance(action, End):
            break
        state = GAME.apply(state, action)
    assert state.ap == 0  # every step taken: a card each
    assert pawn_reach(replace(state, ap=0), "day")[0] == 4  # a tile next to it joins the three


def test_the_box_plays_its_aim_with_the_cards_it_holds():
    """The box's move is its aim (`first_guess`), a move the search's sample may not list,
    played only with a card it holds."""
    beyond = 0
    for i, state in enumerate(_states(5, 60)):
        if state.over:
            continue
        offered = choices(GAME, state)
        guess = GAME.first_guess(state, offered, random.Random(i), None)
        answer = choose(GAME, state, random.Random(i), *GAME.search_budget)
        assert answer.action == guess
        beyond += guess not in offered
        held = GAME.first_guess(state, offered, random.Random(i), ["sunrise"])
        assert not isinstance(held, Cast) or held.spell == "sunrise"
    assert beyond > 0


def test_a_won_game_comes_first_for_the_box():
    # seven Day tiles in a row of a temple already built: the eighth is the second temple
    state = game("ddddddd./......../......../......../......../DDDDDDDD")
    action = aimed(state, GAME.every_move(state), None, random.Random(0), GAME.apply)
    after = GAME.apply(state, action)
    assert after.over and after.outcome == "day"


def test_a_guess_the_caller_does_not_accept_never_joins_the_search():
    """`among` (a decision handed to a seat, the cards it holds) bounds the guess too: with
    only the sample's moves accepted, the box answers one of them."""
    for i, state in enumerate(_states(6, 40)):
        if state.over:
            continue
        offered = choices(GAME, state)
        answer = choose(GAME, state, random.Random(i), 0, 0, among=offered.__contains__)
        assert answer.action in offered


def test_the_pawn_s_reach_stops_on_a_crystal_it_cannot_leave():
    # Day's pawn on (2,7), (3,7) and (2,6) entered: its one way is (1,7), a crystallized Night
    # tile, where a Day pawn is held; (1,6), next to two fields that join (0,4) and (0,5),
    # is out of its reach
    board = "....dd../.......n/......../......../......../........"
    walled = frozenset({(2, 7), (3, 7), (2, 6)})
    state = replace(game(board, pawns=((2, 7), (5, 0)), ap=6), entered=walled)
    assert pawn_reach(state, "day") == (3, 2)  # without the crystal: (1,6) in two steps
    held = replace(state, crystals=frozenset({(1, 7)}))
    assert pawn_reach(held, "day") == (1, 0)


def test_the_box_never_hands_the_other_side_its_temple():
    """Night has seven tiles in a row and one below its end: moving that one up (Tagrücken)
    would give Night its temple, which the knowing player's measure counts as good (Night's
    ordinary tiles are fewer); the box lays a tile instead."""
    state = game(
        "......../......../nnnnnnn./.......n/......../dd......",
        pawns=((5, 2), (0, 7)),
        options=GAME.parse_options(GAME.option_defaults),
    )
    for seed in range(6):
        moves = GAME.every_move(state)
        action = aimed(state, moves, ["day-shift", "sunrise"], random.Random(seed), GAME.apply)
        after = GAME.apply(state, action)
        assert after.board.night_temples == 0 and after.pending is None, action
