"""Wandernde Druiden's card set and decks as data files (JSON), validated with pydantic.

A card set (the cards the box knows; the config's `decks` may name the players' own):

    {"game": "wandernde-druiden", "note": "...",
     "kinds": [{"id": "hain", "name": "Hain"}, ...],
     "cards": [{"id": "hain", "name": "Hain", "type": "place", "kind": "hain",
                "max_copies": 16},
               {"id": "wolf", "name": "Wolf", "type": "creature", "strength": 3,
                "cost": {"hain": 2}}, ...]}

A deck (64 cards of the set, at most 8 copies each unless the card says otherwise):

    {"game": "wandernde-druiden", "player": "A", "note": "...",
     "deck": [{"id": "hain", "copies": 14}, ...]}

The shipped examples are
`device/games/wandernde_druiden/decks/wandernde-druiden-*.example.json`. A bad file is one line
naming the card and what is wrong.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from device.games.deck_files import DeckError, of_game, say
from engine.wandernde_druiden.cards import (
    COPY_LIMIT,
    DECK_SIZE,
    EXAMPLE,
    MAX_NAME,
    CardSet,
    deck_problems,
    format_deck,
    set_from_data,
    set_to_data,
)

CardId = Annotated[str, Field(pattern=r"^[A-Za-z0-9_.-]{1,40}$")]
Name = Annotated[str, Field(min_length=1, max_length=MAX_NAME)]


class Kind(BaseModel):
    model_config = ConfigDict(extra="forbid")
    id: CardId
    name: Name


class SetCard(BaseModel):
    model_config = ConfigDict(extra="forbid")
    id: CardId
    name: Name
    type: Literal["place", "creature"]
    kind: str | None = None
    strength: int | None = Field(None, ge=0, le=99)
    cost: dict[str, Annotated[int, Field(ge=1, le=9)]] | None = None
    max_copies: int = Field(COPY_LIMIT, ge=1, le=DECK_SIZE)


class CardSetFile(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: Literal["wandernde-druiden"]
    note: str = ""
    kinds: list[Kind] = Field(min_length=1, max_length=8)
    cards: list[SetCard] = Field(min_length=1, max_length=200)


class DeckEntry(BaseModel):
    model_config = ConfigDict(extra="forbid")
    id: CardId
    copies: int = Field(ge=1, le=DECK_SIZE)


class DeckFile(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: Literal["wandernde-druiden"]
    player: Literal["A", "B"] | None = None
    note: str = ""
    deck: list[DeckEntry] = Field(min_length=1, max_length=200)


def check_set(path: Path, data: object) -> CardSet:
    try:
        parsed = CardSetFile.model_validate(data)
    except ValidationError as error:
        raise say(path, data, error, "cards", "card", fields=True) from None
    try:  # what pydantic cannot see: kinds that exist, a place's kind, a creature's strength
        return set_from_data(parsed.model_dump(exclude_none=True))
    except ValueError as error:
        raise DeckError(f"cards {path}: {error}") from None


def deck_counts(path: Path, data: object) -> dict[str, int]:
    """A deck file's copies of each card, in the file's order (a card listed twice: added)."""
    try:
        deck = DeckFile.model_validate(data)
    except ValidationError as error:
        raise say(path, data, error, "deck", "card", fields=True) from None
    counts: dict[str, int] = {}
    for entry in deck.deck:
        counts[entry.id] = counts.get(entry.id, 0) + entry.copies
    return counts


def check_deck(path: Path, data: object, cards: CardSet) -> list[tuple[str, dict[str, object]]]:
    """A deck file's problems against the card set (empty: the deck is legal)."""
    return deck_problems(cards, deck_counts(path, data))


def is_set(data: dict[str, object]) -> bool:
    """A card set lists kinds and cards; a deck lists `deck`."""
    return "deck" not in data


def options(paths: list[Path], strict: bool = False) -> dict[str, str]:
    """The game options the configured files give: the card set (`cards`, the last set file
    listed) and each player's deck (`deck_A`, `deck_B`: a deck file with `"player"`; none:
    the example deck with the example set, any card of an own set). Each configured deck
    file is checked against the set: a deck naming a card the set
    does not have is an error here; `strict` (a start whose decks keep the original's rules,
    "64 Karten, davon je maximal 8 Kopien"): also a deck of another size or with a card over
    its copy limit, a DeckError naming the file and the rule."""
    found: dict[str, str] = {}
    cards = EXAMPLE
    files = list(of_game(paths, "wandernde-druiden"))
    for path, data in files:
        if is_set(data):
            cards = check_set(path, data)
            found["cards"] = json.dumps(
                set_to_data(cards), separators=(",", ":"), ensure_ascii=False
            )
    for path, data in files:
        if not is_set(data):
            counts = deck_counts(path, data)  # a malformed file stops here
            problems = deck_problems(cards, counts)
            unknown = [p for p in problems if p[0] == "unknown"]
            if unknown:
                raise DeckError(f"deck {path}: card {unknown[0][1]['card']} is not in the set")
            if data.get("player") in ("A", "B"):  # that player's deck: new games name it
                found[f"deck_{data['player']}"] = format_deck(tuple(counts.items()))
            for problem, values in problems if strict else ():
                if problem == "too_many":
                    raise DeckError(
                        f"deck {path}: {values['n']} copies of {values['card']}, at most"
                        f" {values['max']} a deck"
                    )
                if problem == "size":
                    raise DeckError(
                        f"deck {path}: {values['size']} cards a deck, this one has {values['n']}"
                    )
    return found
