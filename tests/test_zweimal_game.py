"""A whole Zweimal game in the engine: set-up, turns, the skipped road step, rounds, result."""

import pytest

from engine.core import IllegalMove
from engine.zweimal.game import (
    Lay,
    Move,
    Options,
    Place,
    SetRoad,
    StartRound,
    apply,
    can_lay,
    initial_state,
    winner,
)
from engine.zweimal.position import parse_position, score


def play(state, *actions):
    for action in actions:
        state = apply(state, action)
    return state


def started(variant=1, starter="A", supply=16):
    return apply(initial_state(Options(variant, starter, supply)), StartRound())


def test_set_up_sets_each_fields_road_and_then_the_round_starts():
    s = initial_state(Options())
    s = apply(s, SetRoad((0, 0), "|"))
    assert s.position.road_at((0, 0)) == "|" and s.phase == "setup"
    s = apply(s, StartRound())
    assert (s.phase, s.turn, s.round) == ("figure", "A", 1)
    with pytest.raises(IllegalMove, match="the round has started") as error:
        apply(s, SetRoad((0, 0), "-"))
    assert error.value.code == "round_started"


def test_a_turn_is_place_then_lay_which_flips_the_field():
    s = play(started(), Place((0, 0)))
    assert (s.phase, s.turn) == ("road", "A")
    s = apply(s, Lay((1, 1)))
    assert s.position.road_at((1, 1)) == "|"
    assert (s.phase, s.turn, s.supply) == ("figure", "B", 15)


@pytest.mark.parametrize(
    ("actions", "code"),
    [
        ([Place((0, 0)), Lay((1, 1)), Place((0, 0))], "field_has_figure"),
        ([Place((0, 0)), Lay((0, 0))], "lay_on_figure"),
        ([Lay((0, 0))], "figure_first"),
        ([Place((0, 0)), Place((0, 1))], "road_now"),
        ([Place((4, 0))], "off_grid"),
        ([Move((0, 0), (0, 1))], "no_moves_in_game_1"),
    ],
)
def test_refusals_carry_a_reason_and_change_nothing(actions, code):
    s = started()
    *ok, bad = actions
    s = play(s, *ok)
    with pytest.raises(IllegalMove) as error:
        apply(s, bad)
    assert error.value.code == code
    assert str(error.value)  # one line for the players


def test_the_road_step_is_skipped_when_the_supply_is_empty():
    s = play(started(supply=1), Place((0, 0)), Lay((0, 1)))
    assert s.supply == 0
    s = apply(s, Place((1, 0)))
    assert (s.phase, s.turn) == ("figure", "A")  # straight to the next player


def _fill_round(s, lay=True):
    """Place figures in reading order; lay each card on the next free field."""
    n = s.options.size
    cells = [(r, c) for r in range(n) for c in range(n)]
    for i, cell in enumerate(cells):
        if s.round_scores and s.phase == "setup":
            break
        s = apply(s, Place(cell))
        if s.phase == "road":
            free = [c for c in cells[i + 1 :] if s.position.figure_at(c) == "."]
            s = apply(s, Lay(free[0]))
    return s


def test_game_one_round_ends_when_every_field_has_a_figure():
    s = _fill_round(started())
    # the last placement had no free field left, so no card was laid and the round was scored
    assert s.round == 2 and s.phase == "setup" and len(s.round_scores) == 1
    assert s.turn == "B"  # the other player starts round 2


def test_two_rounds_total_and_winner():
    s = _fill_round(started())
    first = s.round_scores[0]
    s = _fill_round(apply(s, StartRound()))
    assert s.phase == "over"
    second = s.round_scores[1]
    assert s.totals == {p: first[p] + second[p] for p in "AB"}
    expected = (
        "A" if s.totals["A"] > s.totals["B"] else "B" if s.totals["B"] > s.totals["A"] else "draw"
    )
    assert winner(s) == expected
    with pytest.raises(IllegalMove, match="game is over"):
        apply(s, Place((0, 0)))


def test_round_score_is_the_position_score():
    s = started()
    s = _fill_round(s)
    # rebuild round 1's final position from the same moves
    t = started()
    cells = [(r, c) for r in range(4) for c in range(4)]
    for i, cell in enumerate(cells):
        t = apply(t, Place(cell))
        if t.phase == "road":
            t = apply(t, Lay([c for c in cells[i + 1 :] if t.position.figure_at(c) == "."][0]))
        if t.round == 2:
            break
    assert s.round_scores[0] == t.round_scores[0]


def test_game_two_moves_along_the_road_only():
    s = initial_state(Options(variant=2))
    s = play(s, SetRoad((1, 0), "|"), StartRound())
    s = play(s, Place((0, 0)), Lay((4, 4)), Place((3, 3)), Lay((4, 3)))
    # A's figure at (0,0) lies on the horizontal road of row 0 (fields (0,0)..(0,4))
    s2 = apply(s, Move((0, 0), (0, 1)))
    assert s2.position.figure_at((0, 1)) == "A" and s2.position.figure_at((0, 0)) == "."
    assert s2.phase == "road"
    with pytest.raises(IllegalMove) as error:
        apply(s, Move((0, 0), (1, 0)))  # (1,0) is vertical: another road
    assert error.value.code == "move_off_road"
    with pytest.raises(IllegalMove) as error:
        apply(s, Move((0, 0), (1, 1)))
    assert error.value.code == "move_not_adjacent"
    with pytest.raises(IllegalMove) as error:
        apply(s, Move((3, 3), (3, 4)))
    assert error.value.code == "not_your_figure"


def test_game_two_round_ends_when_the_supply_is_used_up():
    s = started(variant=2, supply=2)
    s = play(s, Place((0, 0)), Lay((4, 4)), Place((1, 1)))
    assert s.phase == "road"
    s = apply(s, Lay((4, 3)))
    assert s.round == 2 and len(s.round_scores) == 1
    final = parse_position("-A-.-.-.-./-.-B-.-.-./-.-.-.-.-./-.-.-.-.-./-.-.-.|.|.")
    assert s.round_scores[0] == score(final) == {"A": 5, "B": 5}


def test_no_card_step_without_a_free_field_or_card():
    s = started(supply=0)
    assert not can_lay(s)
    s = apply(s, Place((0, 0)))
    assert (s.phase, s.turn) == ("figure", "B")


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [({"variant": 3}, "variant"), ({"starter": "C"}, "starter"), ({"supply": -1}, "supply")],
)
def test_bad_options(kwargs, message):
    with pytest.raises(ValueError, match=message):
        Options(**kwargs)


def test_cards_laid_on_one_field_are_counted_and_taken_back_by_how_many():
    """Issue 47: two cards on one field show its road as before; the table counts them, so
    an undo of both says to take both off (not only the supply's count)."""
    from engine.zweimal.game import GAME, Deal, Lay, Place

    start = GAME.apply(GAME.initial(GAME.parse_options(GAME.option_defaults)), Deal(("----",) * 4))
    played = start
    for action in (Place((2, 0)), Lay((0, 3)), Place((3, 3)), Lay((0, 3))):
        played = GAME.apply(played, action)
    assert played.position.road_at((0, 3)) == "-" and played.cards_on((0, 3)) == 2
    assert GAME.table(played)["cards 0,3"] == 2
    back = [c for c in GAME.changes(played, start) if c.what == "road"]
    assert [(c.kind, c.where, c.count) for c in back] == [("take_back", (0, 3), 2)]
    on = [c for c in GAME.changes(start, played) if c.what == "road"]
    assert [(c.kind, c.where, c.count, c.to) for c in on] == [("lay", (0, 3), 2, "-")]
