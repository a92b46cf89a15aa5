import re

import pytest
from hypothesis import given, strategies as st

from engine.core import IllegalMove, NotationError
from engine.feuer_und_wasser import lay, parse_card, parse_landscape


def test_card_laid_one_column_over_covers_four_and_grows_the_landscape():
    placed = lay(parse_landscape("RRB/BBR"), parse_card("RRR/BBB"), (0, 1), "R", "rows")
    assert placed.landscape.notation() == "RRRR/BBBB"


@pytest.mark.parametrize(("at", "covered"), [((0, 0), 6), ((0, 2), 2), ((1, 0), 3), ((5, 5), 0)])
def test_covering_other_than_four_is_illegal(at, covered):
    with pytest.raises(IllegalMove, match=f"covers {covered} fields, it must cover exactly 4"):
        lay(parse_landscape("RRB/BBR"), parse_card("RRR/BBB"), at, "R", "rows")


def test_empty_landscape_cannot_take_a_card():
    with pytest.raises(IllegalMove, match="covers 0 fields"):
        lay(parse_landscape("..."), parse_card("RRR/BBB"), (0, 0), "R", "rows")


def test_empty_squares_of_the_board_are_not_covered_fields():
    # (0,2) and (1,2) are '.', so only four of the six squares under the card hold a field
    placed = lay(parse_landscape("RB./BB."), parse_card("RRR/BBB"), (0, 0), "R", "rows")
    assert placed.landscape.notation() == "RRR/BBB"


def test_negative_position_grows_the_landscape_upwards():
    placed = lay(parse_landscape("RR/RR/BB"), parse_card("BB/BB/BB"), (-1, 0), "B", "rows")
    assert placed.landscape.notation() == "BB/BB/BB/BB"
    assert (placed.length, placed.cards) == (4, 2)


def test_negative_column_grows_the_landscape_to_the_left():
    placed = lay(parse_landscape("BBR/BBR"), parse_card("RRB/RRB"), (0, -1), "R", "rows")
    # card on columns -1..1 covers columns 0..1; red runs: columns -1..0 on both rows, but
    # wholly on the card; column 2 holds the old reds, not joined: nothing counts
    assert placed.landscape.notation() == "RRBR/RRBR"
    assert (placed.length, placed.cards) == (0, 0)


@pytest.mark.parametrize(
    ("board", "card", "length", "cards"),
    [
        ("RBB/BBB", "RBB/BBB", 2, 1),  # digest: 2 -> 1
        ("RBB/BBB", "RRB/BBB", 3, 1),  # 3 -> 1
        ("RBB/BBB", "RRR/BBB", 4, 2),  # 4 -> 2
        ("RRRRRBB/BBBBBBB", "RRB/BBB", 7, 3),  # 7 -> 3 (card at the last two columns)
    ],
)
def test_rows_score_the_digest_examples(board, card, length, cards):
    at = (0, len(board.split("/")[0]) - 2)
    placed = lay(parse_landscape(board), parse_card(card), at, "R", "rows")
    assert (placed.length, placed.cards) == (length, cards)


@pytest.mark.parametrize(
    ("board", "card", "size", "cards"),
    [
        ("RBB/BBB", "RRB/BBB", 3, 1),  # digest: 3 -> 1
        ("RBB/BBB", "RRR/BBB", 4, 1),  # 4 -> 1
        ("RBB/RBB", "RRR/BBB", 5, 1),  # 5 -> 1, an L-shaped group
        ("RBB/RBB", "RRR/RBB", 6, 2),  # 6 -> 2
    ],
)
def test_groups_score_the_digest_examples(board, card, size, cards):
    placed = lay(parse_landscape(board), parse_card(card), (0, 1), "R", "groups")
    assert (placed.length, placed.cards) == (size, cards)


def test_rows_do_not_turn_corners_but_groups_do():
    board, card = parse_landscape("RBB/RBB"), parse_card("RRR/BBB")
    assert lay(board, card, (0, 1), "R", "rows").length == 4
    assert lay(board, card, (0, 1), "R", "groups").length == 5


def test_only_the_active_players_colour_counts():
    placed = lay(parse_landscape("RBB/BBB"), parse_card("RRR/BBB"), (0, 1), "B", "rows")
    # blue row 1: existing (1,0) joined to the card's blue (1,1..3) -> 4
    assert (placed.length, placed.cards) == (4, 2)


def test_card_can_be_turned():
    assert parse_card("RRB/BBR").turned().notation() == "BR/BR/RB"
    assert parse_card("RRB/BBR").turned().turned().notation() == "RBB/BRR"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("RRB/BR", "board row 2 has 2 squares, row 1 has 3"),
        ("RXB/BBB", "board row 1, column 2: 'X'"),
        ("", "empty board"),
    ],
)
def test_malformed_board(text, message):
    with pytest.raises(NotationError, match=re.escape(message)):
        parse_landscape(text)


@pytest.mark.parametrize("text", ["RRB", "RRBB/BBRR", "RR/BB", "RRX/BBB", "RR/BB/R"])
def test_malformed_card(text):
    with pytest.raises(NotationError, match="card"):
        parse_card(text)


# --- property: against a plain reference, and under a half turn --------------------------

boards = st.integers(2, 4).flatmap(
    lambda w: st.lists(st.text("RB.", min_size=w, max_size=w), min_size=2, max_size=4)
)
cards = st.lists(st.sampled_from("RB"), min_size=6, max_size=6)


def _reference(board_rows, card_rows, at, player, mode):
    fields = {
        (r, c): ch for r, row in enumerate(board_rows) for c, ch in enumerate(row) if ch != "."
    }
    on_card = {
        (at[0] + r, at[1] + c): ch for r, row in enumerate(card_rows) for c, ch in enumerate(row)
    }
    if sum(f in fields for f in on_card) != 4:
        return None
    visible = {**fields, **on_card}
    mine = {f for f, ch in visible.items() if ch == player}
    best = 0
    if mode == "rows":
        for f in mine:
            for dr, dc in ((0, 1), (1, 0)):
                run, (r, c) = [], f
                while (r, c) in mine:
                    run.append((r, c))
                    r, c = r + dr, c + dc
                r, c = f[0] - dr, f[1] - dc
                while (r, c) in mine:
                    run.append((r, c))
                    r, c = r - dr, c - dc
                if any(x in on_card for x in run) and any(x not in on_card for x in run):
                    best = max(best, len(run))
    else:
        seen = set()
        for f in mine:
            if f in seen:
                continue
            group, todo = {f}, [f]
            while todo:
                r, c = todo.pop()
                for n in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                    if n in mine and n not in group:
                        group.add(n)
                        todo.append(n)
            seen |= group
            if any(x in on_card for x in group) and any(x not in on_card for x in group):
                best = max(best, len(group))
    return best


@given(boards, cards, st.integers(-2, 3), st.integers(-3, 4), st.booleans(), st.sampled_from("RB"))
def test_lay_matches_a_plain_reference(board_rows, colours, r0, c0, upright, player):
    card_rows = (
        ["".join(colours[0:3]), "".join(colours[3:6])]
        if upright
        else ["".join(colours[0:2]), "".join(colours[2:4]), "".join(colours[4:6])]
    )
    board, card = parse_landscape("/".join(board_rows)), parse_card("/".join(card_rows))
    for mode in ("rows", "groups"):
        expected = _reference(board_rows, card_rows, (r0, c0), player, mode)
        if expected is None:
            with pytest.raises(IllegalMove):
                lay(board, card, (r0, c0), player, mode)
        else:
            placed = lay(board, card, (r0, c0), player, mode)
            assert placed.length == expected
            assert placed.cards == expected // (2 if mode == "rows" else 3)


@given(boards, cards, st.integers(-2, 3), st.integers(-3, 4), st.sampled_from("RB"))
def test_half_turn_of_board_and_card_scores_the_same(board_rows, colours, r0, c0, player):
    card = parse_card("".join(colours[0:3]) + "/" + "".join(colours[3:6]))
    board = parse_landscape("/".join(board_rows))
    turned_board = parse_landscape("/".join(row[::-1] for row in reversed(board_rows)))
    h, w = len(board_rows), len(board_rows[0])
    turned_at = (h - 1 - (r0 + 1), w - 1 - (c0 + 2))
    turned_card = card.turned().turned()
    for mode in ("rows", "groups"):
        try:
            a = lay(board, card, (r0, c0), player, mode).length
        except IllegalMove:
            a = None
        try:
            b = lay(turned_board, turned_card, turned_at, player, mode).length
        except IllegalMove:
            b = None
        assert a == b
