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
