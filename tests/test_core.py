from engine.core import Seat, components, neighbours


def test_seat_other_swaps():
    assert Seat.FIRST.other is Seat.SECOND
    assert Seat.SECOND.other is Seat.FIRST


def test_neighbours_stay_on_grid():
    assert sorted(neighbours((0, 0), 4, 4)) == [(0, 1), (1, 0)]
    assert sorted(neighbours((1, 1), 4, 4)) == [(0, 1), (1, 0), (1, 2), (2, 1)]
    assert sorted(neighbours((3, 3), 4, 4)) == [(2, 3), (3, 2)]


def test_components_are_edge_connected_largest_first():
    fields = {(0, 0), (0, 1), (1, 1), (3, 3), (5, 0), (5, 1)}
    parts = components(fields)
    assert parts == [
        frozenset({(0, 0), (0, 1), (1, 1)}),
        frozenset({(5, 0), (5, 1)}),
        frozenset({(3, 3)}),
    ]


def test_diagonal_fields_are_not_connected():
    assert len(components({(0, 0), (1, 1)})) == 2


def test_components_of_nothing():
    assert components(set()) == []


def test_evolve_changes_what_it_is_given_as_replace_does():
    import dataclasses

    import pytest

    from engine.core import MisuseError, evolve
    from engine.day_and_night.state import Options as DanOptions, initial_state
    from engine.wandernde_druiden.state import Options as WdOptions

    state = initial_state(DanOptions())
    after = evolve(state, ap=3, turn="night")
    assert after == dataclasses.replace(state, ap=3, turn="night")
    assert hash(after) == hash(dataclasses.replace(state, ap=3, turn="night"))
    assert (state.ap, state.turn, after.board) == (12, "day", state.board)  # the old one kept
    assert evolve(state) == state and evolve(state) is not state
    # a class with a __post_init__ (a hash kept once) is built by its __init__: a new hash
    free = evolve(WdOptions(), deck_rules="free")
    assert free == dataclasses.replace(WdOptions(), deck_rules="free")
    assert hash(free) == hash(dataclasses.replace(WdOptions(), deck_rules="free"))
    assert hash(free) != hash(WdOptions())
    with pytest.raises(MisuseError, match="no init field colour"):
        evolve(state, colour="red")
    with pytest.raises(MisuseError, match="not a dataclass"):
        evolve(3, real=1)
