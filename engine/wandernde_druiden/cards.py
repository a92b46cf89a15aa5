"""Wandernde Druiden's cards as data: the original prints no card texts, so a card set is data
the players edit to match their printed cards.

- a **power place** (Kraftort) gives one power of its `kind`, usable once a turn;
- a **creature** (Wesen) has a `strength` and a `cost`: how many unused power places of each
  kind it takes to lay it;
- any card may lift the deck's copy limit (`max_copies`, default 8).

A deck is 64 cards of one set, at most `max_copies` of each (`deck_problems`). Names are at
most 12 characters (they fit the box's lists). The example set and decks are data to edit:
`device/games/wandernde_druiden/decks/wandernde-druiden-*.example.json` holds the same set as
`EXAMPLE`.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.core import DataError, NotationError

DECK_SIZE = 64
COPY_LIMIT = 8
MAX_NAME = 12
ID = re.compile(r"^[A-Za-z0-9_.-]{1,40}$")
TYPES = ("place", "creature")


@dataclass(frozen=True, slots=True)
class Card:
    id: str
    name: str
    type: str  # "place" or "creature"
    kind: str = ""  # a power place's kind
    strength: int = 0  # a creature's strength
    cost: tuple[tuple[str, int], ...] = ()  # a creature's cost: (kind, how many), by kind
    max_copies: int = COPY_LIMIT

    @property
    def price(self) -> int:
        return sum(n for _, n in self.cost)


@dataclass(frozen=True, slots=True)
class CardSet:
    kinds: tuple[tuple[str, str], ...]  # (kind id, name)
    cards: tuple[Card, ...]
    # each card by its id, built once: every lay asks for its card (the search: thousands)
    _by_id: dict[str, Card] = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_by_id", {c.id: c for c in reversed(self.cards)})

    def card(self, card_id: str) -> Card | None:
        return self._by_id.get(card_id)

    def kind_name(self, kind: str) -> str:
        return dict(self.kinds).get(kind, kind)

    def of_type(self, type_: str) -> tuple[Card, ...]:
        return tuple(c for c in self.cards if c.type == type_)


def _whole(value: object, what: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise DataError(f"{what} must be a whole number from {low} to {high}, got {value!r}")
    return value


def set_from_data(data: Mapping[str, Any]) -> CardSet:
    """A card set from its data ({"kinds": [...], "cards": [...]}); ValueError names what is
    wrong. The box's files are checked first by pydantic (device/games/wandernde_druiden/cards.py);
    this check also guards options read back from saved games."""
    if not isinstance(data, Mapping):
        raise DataError("a card set is an object with kinds and cards")
    kinds_data, cards_data = data.get("kinds"), data.get("cards")
    if not isinstance(kinds_data, list) or not 1 <= len(kinds_data) <= 8:
        raise DataError("kinds: a list of 1 to 8 kinds")
    kinds: list[tuple[str, str]] = []
    for k in kinds_data:
        if not isinstance(k, Mapping) or not isinstance(k.get("id"), str) or not ID.match(k["id"]):
            raise DataError(f"kinds: {k!r} needs an id of letters, digits, _ . -")
        name = k.get("name", k["id"])
        if not isinstance(name, str) or not 1 <= len(name) <= MAX_NAME:
            raise DataError(f"kind {k['id']}: a name of 1 to {MAX_NAME} characters")
        kinds.append((k["id"], name))
    known = {k for k, _ in kinds}
    if len(known) != len(kinds):
        raise DataError("kinds: each id once")
    if not isinstance(cards_data, list) or not 1 <= len(cards_data) <= 200:
        raise DataError("cards: a list of 1 to 200 cards")
    cards: list[Card] = []
    for c in cards_data:
        cards.append(_card(c, known))
    ids = [c.id for c in cards]
    if len(set(ids)) != len(ids):
        twice = next(i for i in ids if ids.count(i) > 1)
        raise DataError(f"card {twice}: listed twice")
    if not any(c.type == "place" for c in cards):
        raise DataError("cards: at least one power place")
    return CardSet(tuple(kinds), tuple(cards))


def _card(c: object, kinds: set[str]) -> Card:
    if not isinstance(c, Mapping) or not isinstance(c.get("id"), str) or not ID.match(c["id"]):
        raise DataError(f"cards: {c!r} needs an id of letters, digits, _ . -")
    where = f"card {c['id']}"
    name = c.get("name")
    if not isinstance(name, str) or not 1 <= len(name) <= MAX_NAME:
        raise DataError(f"{where}: a name of 1 to {MAX_NAME} characters")
    copies = _whole(c.get("max_copies", COPY_LIMIT), f"{where}: max_copies", 1, DECK_SIZE)
    if c.get("type") == "place":
        if c.get("kind") not in kinds:
            raise DataError(f"{where}: kind must be one of {', '.join(sorted(kinds))}")
        return Card(c["id"], name, "place", kind=c["kind"], max_copies=copies)
    if c.get("type") == "creature":
        strength = _whole(c.get("strength"), f"{where}: strength", 0, 99)
        cost = c.get("cost", {})
        if not isinstance(cost, Mapping):
            raise DataError(f"{where}: cost is an object of kind: count")
        for kind, n in cost.items():
            if kind not in kinds:
                raise DataError(f"{where}: cost names {kind!r}, not a kind of this set")
            _whole(n, f"{where}: cost {kind}", 1, 9)
        order = [k for k in sorted(kinds) if k in cost]
        return Card(
            c["id"],
            name,
            "creature",
            strength=strength,
            cost=tuple((k, cost[k]) for k in order),
            max_copies=copies,
        )
    raise DataError(f"{where}: type must be place or creature")


def set_to_data(cards: CardSet) -> dict[str, Any]:
    out: list[dict[str, Any]] = []
    for c in cards.cards:
        item: dict[str, Any] = {"id": c.id, "name": c.name, "type": c.type}
        if c.type == "place":
            item["kind"] = c.kind
        else:
            item["strength"] = c.strength
            item["cost"] = dict(c.cost)
        if c.max_copies != COPY_LIMIT:
            item["max_copies"] = c.max_copies
        out.append(item)
    return {"kinds": [{"id": k, "name": n} for k, n in cards.kinds], "cards": out}


def deck_problems(cards: CardSet, counts: Mapping[str, int]) -> list[tuple[str, dict[str, object]]]:
    """What makes a deck (card id -> copies) illegal, as (problem, values) pairs, most
    important first: ("unknown", card), ("too_many", card, n, max), ("size", n). Empty: legal."""
    found: list[tuple[str, dict[str, object]]] = []
    for card_id, n in sorted(counts.items()):
        card = cards.card(card_id)
        if card is None:
            found.append(("unknown", {"card": card_id, "n": n}))
        elif n > card.max_copies:
            found.append(("too_many", {"card": card.name, "n": n, "max": card.max_copies}))
    total = sum(counts.values())
    if total != DECK_SIZE:
        found.append(("size", {"n": total, "size": DECK_SIZE}))
    return found


def _k(id_: str, name: str) -> dict[str, str]:
    return {"id": id_, "name": name}


def _place(id_: str, name: str, kind: str, max_copies: int = COPY_LIMIT) -> dict[str, Any]:
    item: dict[str, Any] = {"id": id_, "name": name, "type": "place", "kind": kind}
    if max_copies != COPY_LIMIT:
        item["max_copies"] = max_copies
    return item


def _creature(id_: str, name: str, strength: int, **cost: int) -> dict[str, Any]:
    return {"id": id_, "name": name, "type": "creature", "strength": strength, "cost": cost}


EXAMPLE_DATA: dict[str, Any] = {
    "kinds": [_k("hain", "Hain"), _k("quelle", "Quelle"), _k("fels", "Fels")],
    "cards": [
        _place("hain", "Hain", "hain", max_copies=16),
        _place("quelle", "Quelle", "quelle", max_copies=16),
        _place("fels", "Felsen", "fels", max_copies=16),
        _place("steinkreis", "Steinkreis", "fels"),
        _creature("fuchs", "Fuchs", 1, hain=1),
        _creature("eule", "Eule", 2, hain=1),
        _creature("kroete", "Kröte", 1, quelle=1),
        _creature("otter", "Otter", 2, quelle=1),
        _creature("wolf", "Wolf", 3, hain=2),
        _creature("hirsch", "Hirsch", 4, hain=2, quelle=1),
        _creature("salamander", "Salamander", 3, fels=2),
        _creature("adler", "Adler", 4, fels=2, quelle=1),
        _creature("baer", "Bär", 5, hain=2, fels=1),
        _creature("troll", "Troll", 6, fels=3),
        _creature("einhorn", "Einhorn", 7, hain=3, quelle=2),
        _creature("drache", "Drache", 8, fels=3, quelle=2),
    ],
}
EXAMPLE = set_from_data(EXAMPLE_DATA)

Deck = tuple[tuple[str, int], ...]  # (card id, copies), in the deck file's order; (): not named

# The example decks of the example set (shipped as device/games/wandernde_druiden/decks/
# wandernde-druiden-A/-B.example.json; a test keeps them equal): what a record that names no
# card set is played with.
EXAMPLE_DECKS: dict[str, Deck] = {
    "A": (
        ("hain", 16), ("quelle", 12), ("fuchs", 4), ("eule", 5), ("kroete", 3), ("otter", 5),
        ("wolf", 7), ("hirsch", 7), ("einhorn", 5),
    ),
    "B": (
        ("fels", 14), ("steinkreis", 8), ("quelle", 10), ("kroete", 4), ("otter", 4),
        ("salamander", 8), ("adler", 7), ("troll", 6), ("drache", 3),
    ),
}  # fmt: skip

# A designer's small decks (`deck_rules=free`): the example decks at half size, 32 cards each,
# one of the variants the benchmarks measure on their own (`Game.variants`)
SMALL_DECKS = {
    "deck_rules": "free",
    "deck_A": "hain:8,quelle:6,fuchs:2,eule:3,kroete:2,otter:3,wolf:4,hirsch:3,einhorn:1",
    "deck_B": "fels:7,steinkreis:4,quelle:5,kroete:2,otter:2,salamander:4,adler:4,troll:3,drache:1",
}


def parse_deck(text: str, cards: CardSet, what: str) -> Deck:
    """A deck from its option text, `id:copies,id:copies,...` ("": not named); DataError
    naming `what` for a card the set lacks, a bad count or a card listed twice."""
    found: list[tuple[str, int]] = []
    for part in (p.strip() for p in text.split(",") if p.strip()):
        card_id, _, n = part.partition(":")
        card_id = card_id.strip()
        if cards.card(card_id) is None:
            raise DataError(f"{what}: {card_id!r} is not a card of the set")
        if any(c == card_id for c, _ in found):
            raise DataError(f"{what}: {card_id} listed twice")
        if not n.strip().isdigit() or not 1 <= int(n) <= DECK_SIZE:
            raise DataError(f"{what}: {card_id} needs copies from 1 to {DECK_SIZE}, got {n!r}")
        found.append((card_id, int(n)))
    return tuple(found)


def format_deck(deck: Deck) -> str:
    return ",".join(f"{card}:{n}" for card, n in deck)


def deck_option(
    values: Mapping[str, str], player: str, cards: CardSet, deck_rules: str, own_set: bool
) -> Deck:
    """The option `deck_A`/`deck_B`. Empty: with the example set (no `cards`) its example
    deck; with a set the record gives, none (any card of the set, as before rules version 3).
    Strict deck rules: 64 cards, none over its copy limit."""
    key = f"deck_{player}"
    text = values.get(key, "")
    if not text.strip():
        return () if own_set else EXAMPLE_DECKS[player]
    try:
        deck = parse_deck(text, cards, key)
    except DataError as error:
        raise NotationError(str(error)) from None
    problems = deck_problems(cards, dict(deck)) if deck and deck_rules == "strict" else []
    for problem, found in problems:
        if problem == "too_many":
            raise NotationError(
                f"{key}: {found['n']} copies of {found['card']}, at most {found['max']} a deck"
            )
        raise NotationError(f"{key}: {found['n']} cards, a deck has {found['size']}")
    return deck


def set_option(text: str) -> CardSet:
    """The option `cards`: the card set as JSON ("": the example set)."""
    if not text:
        return EXAMPLE
    try:
        return set_from_data(json.loads(text))
    except (ValueError, RecursionError) as error:
        raise NotationError(f"cards: {error}") from None
