import re

import pytest
from hypothesis import given, strategies as st

from engine.core import NotationError
from engine.zweimal import parse_position, roads, score, score_roads

DIGEST_EXAMPLE = "-A-A-B|./|.-B-A|./-A-A-A-B/|B|B|A|B"


def test_digest_example_position():
    # row 0: A,A,B on a 3-road -> A 3x2; row 2: A,A,A,B on a 4-road -> A 4x3;
    # row 3: four lone vertical fields -> B 1+1+1, A 1.
    assert score(parse_position(DIGEST_EXAMPLE)) == {"A": 19, "B": 3}


def test_three_field_road_two_against_one_scores_once_per_road():
    # the digest: a 3-field road with two A figures and one B figure gives A 3x2 = 6
    pos = parse_position("-A-A-B|./|.|.|.|./|.|.|.|./|.|.|.|.")
    by_road = {rs.road.fields: rs for rs in score_roads(pos)}
    top = by_road[((0, 0), (0, 1), (0, 2))]
    assert (top.winner, top.points) == ("A", 6)


def test_full_through_road_scores_four_by_four():
    pos = parse_position("-A-A-A-A/|.|.|.|./|.|.|.|./|.|.|.|.")
    assert score(pos)["A"] == 16


def test_tie_scores_nothing_including_empty_roads():
    pos = parse_position("-A-B-.-./|.|.|.|./|.|.|.|./|.|.|.|.")
    assert score(pos) == {"A": 0, "B": 0}


def test_lone_field_is_a_road_of_length_one():
    pos = parse_position("|A-.-.-./-.-.-.-./-.-.-.-./-.-.-.-.")
    lone = [r for r in roads(pos) if r.fields == ((0, 0),)]
    assert lone and lone[0].length == 1
    assert score(pos) == {"A": 1, "B": 0}


def test_vertical_roads_run_down_columns():
    pos = parse_position("|B-.-.-./|B-.-.-./|A-.-.-./-.-.-.-.")
    by_start = {r.fields[0]: r for r in roads(pos)}
    assert by_start[(0, 0)].fields == ((0, 0), (1, 0), (2, 0))
    assert score(pos)["B"] == 3 * 2


def test_every_field_belongs_to_exactly_one_road():
    pos = parse_position(DIGEST_EXAMPLE)
    fields = [f for r in roads(pos) for f in r.fields]
    assert sorted(fields) == [(r, c) for r in range(4) for c in range(4)]


def test_five_by_five_grid():
    rows = ["-A-A-A-A-A", "|B|.|.|.|.", "|B|.|.|.|.", "|B|.|.|.|.", "-.-.-.-.-."]
    pos = parse_position("/".join(rows))
    assert pos.size == 5
    # the A road of 5 with five A figures: 5x5; B's column road (1..3,0): 3x3
    assert score(pos) == {"A": 25, "B": 9}


def test_empty_board_scores_zero():
    assert score(parse_position("/".join(["-.-.-.-."] * 4))) == {"A": 0, "B": 0}


def test_notation_round_trips():
    assert parse_position(DIGEST_EXAMPLE).notation() == DIGEST_EXAMPLE


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty notation"),
        ("-A-A/-A-A", "expected 4 or 5 rows"),
        ("-A-A-B|./|.-B-A/-A-A-A-B/|B|B|A|B", "row 2 has 6 characters, expected 8"),
        ("-A-A-B+./|.-B-A|./-A-A-A-B/|B|B|A|B", "row 1, field 4: road '+'"),
        ("-A-A-B|C/|.-B-A|./-A-A-A-B/|B|B|A|B", "row 1, field 4: occupant 'C'"),
        ("-A-A-A-A/-A-A-A-A/-A-.-.-./-.-.-.-.", "player A has 9 figures"),
    ],
)
def test_malformed_notation_says_what_and_where(text, message):
    with pytest.raises(NotationError, match=re.escape(message)):
        parse_position(text)


grids = st.integers(min_value=4, max_value=5).flatmap(
    lambda n: st.lists(
        st.tuples(st.sampled_from("-|"), st.sampled_from("AB..")), min_size=n * n, max_size=n * n
    ).map(lambda cells, n=n: (n, cells))
)


def _notation(n, cells):
    return "/".join("".join(o + f for o, f in cells[r * n : (r + 1) * n]) for r in range(n))


@given(grids)
def test_score_matches_a_per_road_reference(grid):
    n, cells = grid
    if sum(f == "A" for _, f in cells) > 8 or sum(f == "B" for _, f in cells) > 8:
        return
    pos = parse_position(_notation(n, cells))
    expected = {"A": 0, "B": 0}
    for road in roads(pos):
        counts = {p: sum(pos.figure_at(f) == p for f in road.fields) for p in "AB"}
        if counts["A"] != counts["B"]:
            winner = max(counts, key=counts.get)
            expected[winner] += road.length * counts[winner]
    assert score(pos) == expected
    breakdown = score_roads(pos)  # the per-road breakdown `tabletop score` prints adds up to it
    assert {p: sum(rs.points for rs in breakdown if rs.winner == p) for p in "AB"} == expected


@given(grids)
def test_transposing_the_grid_and_flipping_orientations_keeps_scores(grid):
    n, cells = grid
    if sum(f == "A" for _, f in cells) > 8 or sum(f == "B" for _, f in cells) > 8:
        return
    flip = {"-": "|", "|": "-"}
    transposed = [
        (flip[cells[c * n + r][0]], cells[c * n + r][1]) for r in range(n) for c in range(n)
    ]
    assert score(parse_position(_notation(n, cells))) == score(
        parse_position(_notation(n, transposed))
    )
