"""Feuer und Wasser's table (engine/table.py): the landscape's squares, the cards laid from
each deck, the card in the active player's hand, each draw pile (as it lies on the table: the
card drawn has left it), the cards discarded from it, and the tactician's points written
down (the rounds' scores are the box's); and what
the players change on it between two states.

A card drawn (`draw`) goes from the pile into the hand and is laid from there (`lay`,
`where`: the squares it covers); taken back, a laid card goes back into the hand (`take_back`
to "hand") or, where its draw is taken back too, onto the pile (`take_back` to "pile").
Discards go from the pile (`discard`) and back onto it (`from_discard`). A round's end is its
last card, then the landscape cleared for the next round (`clear`); taken back, the landscape
is laid out as it was scored (`restore`), each pile counted as it was then (`count`: `count`
cards in the pile, `to` discarded), and the last card taken back.
"""

from __future__ import annotations

from typing import Any

from engine.contract import Scores
from engine.core import evolve
from engine.feuer_und_wasser.landscape import COLOURS
from engine.table import Change, Table, differing


def table(state: Any) -> Table:
    out: dict[str, Any] = {}
    for (r, c), colour in state.landscape.fields.items():
        out[f"square {r},{c}"] = colour
    for p in COLOURS:
        laid = tuple(sorted((card, at) for who, card, at in state.cards if who == p))
        hand = state.drawn if state.drawn is not None and state.turn == p else ""
        out[f"laid {p}"] = laid
        out[f"hand {p}"] = hand
        out[f"pile {p}"] = state.piles[p] - (1 if hand else 0)  # the card in hand is off it
        out[f"discards {p}"] = len(state.options.deck(p)) - state.piles[p] - len(state.laid_by(p))
        out[f"points {p}"] = state.points[p]  # the tactician's, written down
    return out


def changes(before: Any, after: Any) -> tuple[Change, ...]:
    a, b = table(before), table(after)
    differ = differing(a, b)
    found: list[Change] = []
    for p in COLOURS:
        if f"points {p}" in differ:
            new = b[f"points {p}"]
            found.append(
                Change("points", p, "points", "points", count=new, places=(f"points {p}",))
            )
    rest = sorted(d for d in differ if not d.startswith("points "))
    if after.round > before.round:  # the last card of the round laid, then the table cleared
        end = _round_end(before, after)
        if end is not None:
            e = table(end)
            squares = tuple(d for d in differing(a, e) if d.startswith("square "))
            for p in COLOURS:
                found += _cards(a, e, p, differing(a, e), squares)
        if rest:
            found.append(Change("clear", what="landscape", places=tuple(rest)))
        return tuple(found)
    if after.round < before.round:  # a round's end taken back: laid out as it was scored,
        if rest:  # the piles as they were then, and its last card taken back
            found.append(Change("restore", what="landscape", places=tuple(rest)))
        end = _round_end(after, before)
        if end is not None:
            e = table(end)
            for p in COLOURS:
                pile, gone = e[f"pile {p}"], e[f"discards {p}"]
                places = (f"pile {p}", f"discards {p}")
                found.append(Change("count", p, "pile", "pile", gone, pile, places))
            step = differing(e, b)  # the last card's step, taken back
            squares = tuple(d for d in step if d.startswith("square "))
            for p in COLOURS:
                found += _cards(e, b, p, step, squares)
        return tuple(found)
    squares = tuple(d for d in rest if d.startswith("square "))
    for p in COLOURS:
        found += _cards(a, b, p, differ, squares)
    return tuple(found)


def _round_end(before: Any, after: Any) -> Any | None:
    """The table at the end of `before`'s round, as `after` (the next round) recorded it:
    the last card laid, its discards made (or its points written). None where `before` is not
    the round's last step (a span of several: the round is cleared, no more)."""
    if before.drawn is None or after.last is None or after.round != before.round + 1:
        return None
    final = after.round_landscapes[-1].fields
    card = after.last.card
    if after.cards_laid > 1 or any(at not in final for at in card):
        return None  # the next round has begun: its own last card
    if final != {**before.landscape.fields, **{at: final[at] for at in card}}:
        return None
    me = before.turn
    piles, points = dict(before.piles), dict(before.points)
    piles[me] -= 1
    if before.options.tactician:
        points[me] += after.last.cards
    else:
        piles[me] -= after.last.cards
    return evolve(
        before,
        landscape=after.round_landscapes[-1],
        laid=before.laid | {(me, before.drawn)},
        drawn=None,
        piles=Scores(piles),
        points=Scores(points),
    )


def _cards(a: Table, b: Table, p: str, differ: set[str], squares: tuple[str, ...]) -> list[Change]:
    where_a, where_b = dict(a[f"laid {p}"]), dict(b[f"laid {p}"])  # card -> its squares
    laid_a, laid_b = set(where_a), set(where_b)
    hand_a, hand_b = a[f"hand {p}"], b[f"hand {p}"]
    pile = (f"pile {p}",) if f"pile {p}" in differ else ()
    hand = (f"hand {p}",) if f"hand {p}" in differ else ()
    found: list[Change] = []
    for card in sorted(laid_b - laid_a):  # from the hand (drawn before), or drawn and laid
        came = hand if hand_a == card else pile
        at = where_b[card]
        found.append(Change("lay", p, card, at, places=(f"laid {p}", *came, *squares)))
    for card in sorted(laid_a - laid_b):  # back into the hand, or (its draw too) the pile
        to = "hand" if hand_b == card else "pile"
        back = hand if to == "hand" else pile
        at = where_a[card]
        found.append(Change("take_back", p, card, at, to, places=(f"laid {p}", *back, *squares)))
    if hand_a and hand_a != hand_b and hand_a not in laid_b:  # a draw taken back
        found.append(Change("to_pile", p, str(hand_a), places=(f"hand {p}", *pile)))
    if hand_b and hand_b != hand_a and hand_b not in laid_a:  # a card drawn
        found.append(Change("draw", p, str(hand_b), places=(f"hand {p}", *pile)))
    d_a, d_b = a[f"discards {p}"], b[f"discards {p}"]
    assert isinstance(d_a, int) and isinstance(d_b, int)
    if d_b > d_a:
        found.append(
            Change("discard", p, "", "pile", count=d_b - d_a, places=(f"discards {p}", *pile))
        )
    elif d_a > d_b:
        found.append(
            Change("from_discard", p, "", "pile", count=d_a - d_b, places=(f"discards {p}", *pile))
        )
    return found
