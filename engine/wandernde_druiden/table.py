"""Wandernde Druiden's table (engine/table.py): each side's hand, draw pile and discards, its
creatures and its power places in play (a used place lies turned), and its MP (counted by the
box, said where they change: an undo gives them back); and what the players change on it
between two states.

Played forward, a card is laid from the hand (`lay`), a creature goes to the discards after a
clash (`discard` "table"), cards are cut from the hand (`discard` "hand") and drawn (`draw`), a
power place is turned when it pays (`turn`, `to`: "used") and back at the turn's end. Taken
back, each goes the other way (`take_back` to the hand, `from_discard`, `to_pile`).
"""

from __future__ import annotations

from typing import Any

from engine.table import Change, Table, differing, gone_and_come, multiset
from engine.wandernde_druiden.state import PLAYERS, State


def table(state: State) -> Table:
    out: dict[str, Any] = {}
    for p in PLAYERS:
        side = state.side(p)
        out[f"hand {p}"] = side.hand
        out[f"pile {p}"] = side.pile
        out[f"discard {p}"] = side.discard
        out[f"creatures {p}"] = multiset(c.card for c in side.creatures)
        out[f"places {p}"] = multiset((x.card, x.used) for x in side.places)
        out[f"mp {p}"] = side.mp
    return out


def _progress(state: State) -> tuple[int, ...]:
    """How far a game has come: every one of these only grows as it is played."""
    sides = [state.side(p) for p in PLAYERS]
    return (
        state.turn_number,
        sum(s.discard for s in sides),
        -sum(s.pile for s in sides),
        sum(len(s.creatures) + len(s.places) for s in sides),
        sum(x.used for s in sides for x in s.places),
    )


def changes(before: State, after: State) -> tuple[Change, ...]:
    a, b = table(before), table(after)
    differ = differing(a, b)
    forward = _progress(after) >= _progress(before)
    found: list[Change] = []
    for p in PLAYERS:
        found += _side(a, b, p, differ, forward)
    for p in PLAYERS:  # the MP last: what the cards did to them
        if f"mp {p}" in differ:
            found.append(Change("points", p, "mp", "mp", count=b[f"mp {p}"], places=(f"mp {p}",)))
    return tuple(found)


def _side(a: Table, b: Table, p: str, differ: set[str], forward: bool) -> list[Change]:
    hand, pile, discard = f"hand {p}", f"pile {p}", f"discard {p}"
    creatures, places = f"creatures {p}", f"places {p}"
    touched = tuple(x for x in (hand, pile, discard) if x in differ)
    found: list[Change] = []
    gone, come = gone_and_come(a[creatures], b[creatures])
    for card in come:  # laid from the hand, or (taken back) back from the discards
        kind = "lay" if forward else "from_discard"
        found.append(Change(kind, p, str(card), "table", places=(creatures, *touched)))
    for card in gone:  # to the discards after a clash, or (taken back) into the hand
        if forward:
            found.append(Change("discard", p, str(card), "table", places=(creatures, *touched)))
        else:
            found.append(
                Change("take_back", p, str(card), "table", "hand", places=(creatures, *touched))
            )
    p_gone, p_come = gone_and_come(a[places], b[places])
    cards_gone: list[Any] = [place[0] for place in p_gone]
    for place in p_come:
        card, used = place
        if card in cards_gone:  # the same place, turned (used, or fresh again)
            cards_gone.remove(card)
            found.append(
                Change("turn", p, str(card), "table", "used" if used else "fresh", places=(places,))
            )
        else:
            found.append(Change("lay", p, str(card), "table", places=(places, *touched)))
    for card in cards_gone:
        found.append(Change("take_back", p, str(card), "table", "hand", places=(places, *touched)))
    drawn = a[pile] - b[pile]
    if drawn > 0:
        found.append(Change("draw", p, count=drawn, places=(pile, *touched)))
    elif drawn < 0:
        found.append(Change("to_pile", p, count=-drawn, places=(pile, *touched)))
    # the cards cut from the hand: the discards' change, less the creatures that went there
    cut = b[discard] - a[discard] - (len(gone) if forward else -len(come))
    if cut > 0:
        found.append(Change("discard", p, "", "hand", count=cut, places=(discard, *touched)))
    elif cut < 0:
        found.append(Change("from_discard", p, "", "hand", count=-cut, places=(discard, *touched)))
    return found
