import re

import pytest
from hypothesis import given, settings, strategies as st

from engine.core import NotationError
from engine.day_and_night import adjudicate, can_still_win, parse_board
from engine.day_and_night.areas import COLS, FULL, ROWS, bit, components, holds_two

EMPTY = "/".join(["." * 8] * 6)


def board(*rows: str):
    return parse_board("/".join(rows))


def mask(*cells):
    return sum(bit(r, c) for r, c in cells)


def test_empty_board_both_can_still_win():
    v = adjudicate(parse_board(EMPTY))
    assert (v.verdict, v.day_can_win, v.night_can_win) == ("play", True, True)


def test_day_wins_at_once_by_fixing_the_tile_that_closes_nights_last_area():
    # Night has a temple and one open area of exactly 8 fields (row 2), holding an ordinary
    # Day tile; fixing it leaves Night 7 fields while Day can still build its second temple.
    b = board("NNNNNNNN", "ffffffff", "dnnnnnnn", "ffffffff", "DDDDDDDD", "ffffffff")
    v = adjudicate(b)
    assert v.verdict == "day"
    assert v.winning_tiles == ((2, 0),)
    assert (v.day_can_win, v.night_can_win) == (True, True)


def test_no_immediate_win_while_night_keeps_another_area():
    b = board("NNNNNNNN", "ffffffff", "dnnnnnnn", "ffffffff", "DDDDDDDD", "........")
    v = adjudicate(b)
    assert v.verdict == "play" and v.winning_tiles == ()


def test_fixed_tiles_close_the_area_to_night_but_not_to_day():
    b = board("ffffffff", "ffffffff", "ffffffff", "ffffffff", "ffffffff", "ffffffff")
    v = adjudicate(b)
    assert (v.day_can_win, v.night_can_win) == (True, False)
    assert v.verdict == "play"  # no ordinary Day tile to fix, and Day has not built yet


def test_two_temples_win():
    day = board("DDDDDDDD", "........", "DDDDDDDD", "........", "........", "........")
    night = board("NNNNNNNN", "NNNNNNNN", "........", "........", "........", "........")
    assert adjudicate(day).verdict == "day"
    assert adjudicate(night).verdict == "night"


def test_draw_when_neither_can_still_win():
    # Neither area holds what is needed: checked on the areas directly, as such a board
    # cannot also have well-formed temples.
    small = mask(*[(0, c) for c in range(7)])
    assert not can_still_win(small, 1)
    assert can_still_win(small | bit(1, 0), 1)


def test_a_player_with_two_temples_needs_nothing_more():
    assert can_still_win(0, 2)


def test_one_more_temple_needs_eight_connected_fields():
    assert can_still_win(mask(*[(0, c) for c in range(8)]), 1)
    # eight fields, but split 4 + 4
    assert not can_still_win(mask(*[(0, c) for c in range(4)], *[(5, c) for c in range(4)]), 1)


def test_two_temples_need_two_disjoint_areas():
    rows_0_1 = mask(*[(r, c) for r in (0, 1) for c in range(8)])
    assert can_still_win(rows_0_1, 0)  # 16 fields, 2x8: splits 8 / 8
    assert not can_still_win(rows_0_1 & ~bit(0, 0), 0)  # 15 fields


def test_star_of_sixteen_cannot_be_split_into_two_eights():
    centre = (2, 3)
    arm1 = [(2, 2), (2, 1), (2, 0), (1, 0), (0, 0)]
    arm2 = [(2, 4), (2, 5), (2, 6), (2, 7), (1, 7)]
    arm3 = [(3, 3), (4, 3), (5, 3), (5, 2), (5, 1), (5, 0)]
    star = mask(centre, *arm1, *arm2, *arm3)
    assert star.bit_count() == 17
    assert not holds_two(star)
    # a longer arm (8 fields without the centre) makes it splittable
    assert holds_two(star | mask((4, 0), (3, 0)))


def test_cut_vertex_with_heavy_sides_splits():
    # 7 fields, a bridge field, 8 fields: 7 + bridge = 8 on one side
    left = [(r, c) for r in range(2) for c in range(3)] + [(2, 0)]
    right = [(r, c) for r in range(2) for c in range(5, 8)] + [(2, 7), (3, 7)]
    bridge = [(0, 3), (0, 4)]
    area = mask(*left, *bridge, *right)
    assert area.bit_count() == 17 and holds_two(area)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("......../........", "expected 6 rows separated by '/', got 2"),
        ("......./......../......../......../......../........", "row 1 has 7 fields"),
        ("x......./......../......../......../......../........", "row 1, column 1: 'x'"),
        ("DDDDDDD./......../......../......../......../........", "Day has 7 temple tiles"),
        ("DDDD..../DDDD..../......../......../......../......../", "expected 6 rows"),
        ("DDDD.DDD/D......./......../......../......../........", "do not form"),
        ("NNNNNNNN/NNNNNNNN/DDDDDDDD/DDDDDDDD/......../........", "both players have two"),
        ("NNNNNNNN/NNNNNNNN/N......./......../......../........", "Night has 17"),
    ],
)
def test_malformed_board_says_what_and_where(text, message):
    with pytest.raises(NotationError, match=re.escape(message)):
        parse_board(text)


def test_notation_round_trips():
    text = "NNNNNNNN/ffffffff/dnnnnnnn/ffffffff/DDDDDDDD/........"
    assert parse_board(text).notation() == text


# --- properties ----------------------------------------------------------------------------


def _connected_sets_of_8(area: int):
    """Every connected 8-field subset of an area (plain set search; small areas only)."""
    cells = [i for i in range(ROWS * COLS) if area >> i & 1]
    found = set()
    frontier = {frozenset([c]) for c in cells}
    for _ in range(7):
        grown = set()
        for s in frontier:
            for c in s:
                r, k = divmod(c, COLS)
                for nr, nk in ((r + 1, k), (r - 1, k), (r, k + 1), (r, k - 1)):
                    n = nr * COLS + nk
                    if 0 <= nr < ROWS and 0 <= nk < COLS and area >> n & 1 and n not in s:
                        grown.add(s | {n})
        frontier = grown
    for s in frontier:
        found.add(sum(1 << c for c in s))
    return found


def _reference_two(area: int) -> bool:
    for s in _connected_sets_of_8(area):
        if any(p.bit_count() >= 8 for p in components(area & ~s)):
            return True
    return False


small_areas = st.lists(st.integers(0, ROWS * COLS - 1), min_size=14, max_size=19).map(
    lambda cells: sum(1 << c for c in set(cells))
)


@settings(max_examples=60, deadline=None)
@given(small_areas)
def test_two_disjoint_eights_match_a_plain_search(area):
    assert holds_two(area) == _reference_two(area)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, FULL).map(lambda m: m & (m >> 3 | m << 5) & FULL))
def test_two_disjoint_eights_on_larger_sparse_areas(area):
    if area.bit_count() > 26:
        return
    assert holds_two(area) == _reference_two(area)


rows_st = st.lists(st.text("..dnf", min_size=8, max_size=8), min_size=6, max_size=6)


@st.composite
def boards(draw):
    rows = draw(rows_st)
    for symbol in "DN":
        if draw(st.booleans()):
            r = draw(st.integers(0, 5))
            rows[r] = symbol * 8
    return rows


def _mirror_h(rows):
    return [row[::-1] for row in rows]


def _mirror_v(rows):
    return list(reversed(rows))


@settings(max_examples=150, deadline=None)
@given(boards())
def test_verdict_does_not_change_when_the_board_is_mirrored(rows):
    try:
        original = adjudicate(parse_board("/".join(rows)))
    except NotationError:
        return  # both temple rows on the same row
    for mirrored in (_mirror_h(rows), _mirror_v(rows), _mirror_v(_mirror_h(rows))):
        v = adjudicate(parse_board("/".join(mirrored)))
        assert (v.verdict, v.day_can_win, v.night_can_win) == (
            original.verdict,
            original.day_can_win,
            original.night_can_win,
        )
        assert len(v.winning_tiles) == len(original.winning_tiles)


@st.composite
def connected_areas(draw):
    """A connected area of 16-22 fields grown one neighbour at a time."""
    start = draw(st.integers(0, ROWS * COLS - 1))
    area = 1 << start
    target = draw(st.integers(16, 22))
    while area.bit_count() < target:
        cells = [i for i in range(ROWS * COLS) if area >> i & 1]
        ring = sorted(
            {
                nr * COLS + nk
                for c in cells
                for nr, nk in (
                    (c // COLS + 1, c % COLS),
                    (c // COLS - 1, c % COLS),
                    (c // COLS, c % COLS + 1),
                    (c // COLS, c % COLS - 1),
                )
                if 0 <= nr < ROWS and 0 <= nk < COLS and not area >> (nr * COLS + nk) & 1
            }
        )
        area |= 1 << draw(st.sampled_from(ring))
    return area


@settings(max_examples=40, deadline=None)
@given(connected_areas())
def test_connected_areas_split_exactly_when_a_plain_search_says(area):
    assert holds_two(area) == _reference_two(area)
