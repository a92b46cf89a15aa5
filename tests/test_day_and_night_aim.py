"""Day and Night as a player who knows it plays (engine/day_and_night/standing.py): where a
side stands, every move it can weigh, where its pawn can stand, and the box's aim."""

from __future__ import annotations

import random
from dataclasses import replace

from engine.contract import Scores
from engine.day_and_night.game import GAME
from engine.day_and_night.spells import EXAMPLE, Effect, Spell
from engine.day_and_night.standing import TILE_KINDS, aimed, hopes, pawn_reach, standing
from engine.day_and_night.state import Cast, End, Options, Step
from engine.search import choices, choose
from engine.strength import CAPPED, box_player, knowing_player, played, random_player
from tests.test_day_and_night_game import SPELLS, game

POWERS = ("mystify", "crystallize")


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


def test_where_a_side_stands_its_hope_temples_area_tiles_powers_then_cards():
    state = game("dd.d..../d......./......../......../.......n/DDDDDDDD")
    # it can still win; its temples, the other's (fewer first); its largest area; its tiles
    # less the other's; the cards its deck still gives less this turn's four steps; its
    # powers; its hand (kept while the deck gives); its pawn for its cards (deck empty only)
    assert standing(state, "day") == (1, 1, 0, 3, 4 - 1, 4 - 65, 0, 5, 0)
    assert standing(state, "night") == (1, 0, -1, 1, 1 - 4, 0 - 65, 0, 5, 0)
    fixed = game("df.d..../f......./......../......../.......n/........")
    assert standing(fixed, "day")[1:4] == (0, 0, 3)  # fixed Day tiles count for Day
    assert standing(fixed, "day")[6] == 2  # and are held in its largest area


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
            elif not any(e.kind in (*TILE_KINDS, *POWERS) for e in spell.effects):
                assert sum(1 for a in moves if isinstance(a, Cast) and a.spell == spell.id) == 1


def test_the_knowing_player_grows_its_largest_area():
    # Day holds one "put" (a tile anywhere): next to its three tiles, not anywhere else
    state = game("ddd...../......../......../......../......../.......n")
    rng = random.Random(1)
    action = knowing_player(GAME, state, rng, lambda a: not isinstance(a, Cast) or a.spell == "put")
    assert isinstance(action, Cast) and action.spell == "put"
    assert action.targets[0] in ((0, 3), (1, 0), (1, 1), (1, 2))
    assert standing(GAME.apply(state, action), "day")[3] == 4  # its largest area


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


def _empty_decks(state, hands=(1, 1)):
    """`state` with both decks drawn to the end and `hands` cards in hand."""
    return replace(
        state,
        decks=Scores({"day": 0, "night": 0}),
        hands=Scores({"day": hands[0], "night": hands[1]}),
    )


def test_a_side_that_can_no_longer_win_takes_the_draw_an_endless_game_would_be():
    """Night (a temple, three tiles, one flip in hand, both decks empty) can never have the
    eight tiles of its second temple: the flip of one of Day's seven tiles ends the game
    drawn (too few tiles for either), which the box and the knowing player take rather than
    play on for nothing; with cards still to come it plays on."""
    board = "ddddddd./......../......../nnn...../DDDDDDDD/NNNNNNNN"
    state = _empty_decks(game(board, turn="night", pawns=((0, 0), (3, 3))))
    assert not hopes(state, "night", ("flip",)) and hopes(state, "day")
    for seed in range(4):
        rng = random.Random(seed)
        for action in (
            aimed(state, GAME.every_move(state), ("flip",), rng, GAME.apply),
            knowing_player(GAME, state, rng, _holding(state, ("flip",))),
        ):
            after = GAME.apply(state, action)
            assert after.over and after.outcome == "draw", GAME.format_action(action)
    coming = replace(state, decks=Scores({"day": 0, "night": 9}))
    assert hopes(coming, "night", ("flip",))
    for seed in range(4):
        action = aimed(coming, GAME.every_move(coming), ("flip",), random.Random(seed), GAME.apply)
        assert not GAME.apply(coming, action).over, GAME.format_action(action)


def _holding(state, cards):
    from engine.hands import playable

    return playable(GAME, state, cards)


STRIDE = Spell("stride", "stride", 1, (Effect("move_pawn"),), copies=10)
NOON = Spell("noon", "noon", 1, (Effect("flip"),), "pawn_on_empty", copies=10)


def test_once_its_deck_is_empty_the_box_casts_what_it_would_have_kept():
    """A card that changes nothing where the box stands (a pawn moved) is kept while the
    deck gives, and cast once it is empty: a card kept can then bring nothing, and a game
    of kept cards never ends."""
    options = Options(decks=((*SPELLS, STRIDE), SPELLS))
    board = "ddddddd./......../......../......../DDDDDDDD/.......n"
    full = game(board, options=options, ap=2)  # no step left: only the card or the end
    for seed in range(4):
        kept = aimed(full, GAME.every_move(full), ("stride",), random.Random(seed), GAME.apply)
        assert isinstance(kept, End)
        empty = _empty_decks(full)
        cast = aimed(empty, GAME.every_move(empty), ("stride",), random.Random(seed), GAME.apply)
        assert isinstance(cast, Cast) and cast.spell == "stride"


def test_with_its_deck_empty_the_box_ends_its_turn_where_its_cards_can_be_cast():
    """A flip that needs the pawn on an empty field, held with an empty deck, the pawn on a
    tile: spells come first, so the box walks to an empty field and stays there."""
    options = Options(decks=((*SPELLS, NOON), SPELLS))
    board = "ddddddd./......../......../......../DDDDDDDD/.......n"
    state = _empty_decks(game(board, options=options, pawns=((0, 1), (5, 7))))
    for seed in range(4):
        rng, now = random.Random(seed), state
        while now.turn == "day":
            now = GAME.apply(now, aimed(now, GAME.every_move(now), ("noon",), rng, GAME.apply))
        row, column = now.pawn("day")
        assert now.board.notation().split("/")[row][column] == "."  # on an empty field


def test_the_box_mystifies_its_largest_area_with_spare_action_points_only():
    """Day holds a veil (1 AP): with 2 AP left (no step) it mystifies a tile of its largest
    area; with 12 the veil would cost a step and the card it draws, so it steps."""
    board = "ddd...../......../.....d../......../......../.......n"
    spare = game(board, ap=2)
    for seed in range(4):
        action = aimed(spare, GAME.every_move(spare), ("veil",), random.Random(seed), GAME.apply)
        assert action.spell == "veil" and action.targets[0] in ((0, 0), (0, 1), (0, 2))
        full = game(board)
        assert isinstance(
            aimed(full, GAME.every_move(full), ("veil",), random.Random(seed), GAME.apply), Step
        )


def test_night_crystallizes_the_tile_under_day_s_pawn_else_its_largest_area():
    """Every move weighs one list of crystals: where they hold something, the tile under
    Day's pawn first, then the tiles of Night's largest area (each counts alike)."""
    board = "nn....../......../..n...../......../......../nnn....."

    def frosts(state):
        moves = GAME.every_move(state)
        return {a.targets for a in moves if isinstance(a, Cast) and a.spell == "frost"}

    on_night = game(board, turn="night", pawns=((2, 2), (5, 0)), ap=1)
    assert frosts(on_night) == {((2, 2),)}
    off_night = game(board, turn="night", pawns=((3, 3), (5, 0)), ap=1)
    assert frosts(off_night) == {((5, 0),)}
    for seed in range(4):
        rng = random.Random(seed)
        action = aimed(on_night, GAME.every_move(on_night), ("frost",), rng, GAME.apply)
        assert action == Cast("frost", ((2, 2),))  # 1 AP: nothing better to do with it


def test_small_deck_games_between_the_box_and_the_knowing_player_end():
    """Both sides cast what they hold once their decks are empty, so a game with 35 cards a
    side ends (a temple, the adjudication or the rules' draw) long before the cap."""
    from device.cli.bench.engines import variant_labels

    small = dict(variant_labels("day-and-night", GAME))[
        "day-and-night:deck_rules=free,deck_day=[11],deck_night=[11]"
    ]
    for seed, (day, night) in enumerate(
        ((box_player, knowing_player), (knowing_player, box_player))
    ):
        game_played = played(GAME, {"day": day, "night": night}, 2034 + seed, 2000, small, True)
        assert game_played.winner != CAPPED and len(game_played.actions) < 400


def test_between_equal_steps_day_s_pawn_keeps_off_night_s_tiles():
    """A Day pawn ending its turn on a Night tile can be held there by a crystal (no step,
    no card in Day's next turn): between steps alike, the box steps elsewhere."""
    board = "......../......../...n..../......../......../.......n"
    state = game(board, pawns=((2, 2), (5, 0)), ap=3)  # one step left
    for seed in range(8):
        action = aimed(state, GAME.every_move(state), [], random.Random(seed), GAME.apply)
        assert isinstance(action, Step) and action.to != (2, 3)
