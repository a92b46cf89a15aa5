"""Feuer und Wasser's notation: `draw ID` (the card the active player drew) and `lay ROW,COL
TURNS` (the drawn card turned TURNS quarter turns clockwise, its top-left field on that
square); a deck in a record's option line as `ID:PATTERN,...`."""

from __future__ import annotations

import re

from engine.core import MisuseError, NotationError
from engine.feuer_und_wasser.landscape import Card, parse_card
from engine.feuer_und_wasser.state import CARD_ID, Action, Draw, Lay

FIELD = re.compile(r"(-?[0-9]{1,4}),(-?[0-9]{1,4})")


def format_action(action: Action) -> str:
    match action:
        case Draw(card_id):
            return f"draw {card_id}"
        case Lay((r, c), turns):
            return f"lay {r},{c} {turns}"
    raise MisuseError(f"not a Feuer und Wasser action: {action!r}")


def parse_action(text: str) -> Action:
    words = text.split()
    if not words or words[0] not in ("draw", "lay"):
        raise NotationError(f"expected 'draw ID' or 'lay ROW,COL TURNS', got {text!r}")
    if words[0] == "draw":
        if len(words) != 2 or not CARD_ID.fullmatch(words[1]):
            raise NotationError(f"expected 'draw ID' (letters, digits, _ . -), got {text!r}")
        return Draw(words[1])
    if len(words) != 3:
        raise NotationError(f"expected 'lay ROW,COL TURNS', got {text!r}")
    at = FIELD.fullmatch(words[1])
    if not at:
        raise NotationError(f"expected a square as ROW,COL like -1,2, got {words[1]!r}")
    if words[2] not in ("0", "1", "2", "3"):
        raise NotationError(f"TURNS is 0, 1, 2 or 3 quarter turns, got {words[2]!r}")
    return Lay((int(at.group(1)), int(at.group(2))), int(words[2]))


def parse_deck(text: str, what: str) -> tuple[tuple[str, Card], ...]:
    """`ID:PATTERN,ID:PATTERN,...` (a deck in a record's option line)."""
    cards = []
    seen = set()
    for i, item in enumerate(filter(None, text.split(",")), start=1):
        card_id, sep, pattern = item.partition(":")
        if not sep or not CARD_ID.fullmatch(card_id):
            raise NotationError(f"{what}: card {i} must be ID:PATTERN, got {item!r}")
        if card_id in seen:
            raise NotationError(f"{what}: card {card_id!r} is listed twice")
        seen.add(card_id)
        card = parse_card(pattern)
        if len(card.rows) != 2:
            raise NotationError(f"{what}: card {card_id!r} is written 2 rows of 3 (as drawn)")
        cards.append((card_id, card))
    if not cards:
        raise NotationError(f"{what}: a deck needs at least one card")
    return tuple(cards)


def format_deck(deck: tuple[tuple[str, Card], ...]) -> str:
    return ",".join(f"{card_id}:{card.notation()}" for card_id, card in deck)
