"""The card registry: which physical tag (UID) is which card.

A card is named `game:card`, e.g. `zweimal:player-A` or `feuer-und-wasser:R07`. The names
the box offers come from the players (`<game>:player-A`, `...-B` for every game) and from
the deck files in the config. Taught cards are stored with the saved games and can be
exported to and imported from a JSON file:

    {"version": 1, "cards": [{"uid": "04A2B3C4", "card": "zweimal:player-A"}]}
"""

from __future__ import annotations

import json
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from device.cards import example_card
from device.events import UID_PATTERN  # noqa: E402  (where the loop reads it, lightly)
from device.games import GAMES
from device.storage.actions import first_error

CARD_PATTERN = r"^[a-z0-9-]+:[A-Za-z0-9_.-]{1,40}$"


from device.errors import CardError  # noqa: E402  (light: run.py catches it at start)


class Card(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    uid: str = Field(pattern=UID_PATTERN)
    card: str = Field(pattern=CARD_PATTERN)

    @field_validator("card")
    @classmethod
    def _known_game(cls, card: str) -> str:
        game = card.split(":", 1)[0]
        if game not in GAMES:
            raise CardError(f"unknown game {game!r}")
        return card


class CardFile(BaseModel):
    model_config = ConfigDict(extra="forbid")
    version: int = Field(1, ge=1, le=1)
    cards: list[Card]

    @field_validator("cards")
    @classmethod
    def _unique(cls, cards: list[Card]) -> list[Card]:
        seen: set[str] = set()
        for card in cards:
            if card.uid in seen:
                raise CardError(f"UID {card.uid} is listed twice")
            seen.add(card.uid)
        return cards


class DeckCard(BaseModel):
    model_config = ConfigDict(extra="allow")
    id: str = Field(pattern=r"^[A-Za-z0-9_.-]{1,40}$")


class Deck(BaseModel):
    """A deck file: the game and its cards (each with an id; other fields belong to the game)."""

    model_config = ConfigDict(extra="allow")
    game: str
    cards: list[DeckCard] = []  # Day and Night's decks list "spells" instead

    @field_validator("game")
    @classmethod
    def _known(cls, game: str) -> str:
        if game not in GAMES:
            raise CardError(f"unknown game {game!r}")
        return game


def checked(uid: str, card: str) -> Card:
    try:
        return Card(uid=uid.strip().upper(), card=card.strip())
    except ValidationError as error:
        raise CardError(_say(error)) from None


def _say(error: ValidationError) -> str:
    e = error.errors()[0]
    where = ".".join(str(p) for p in e["loc"]) or "file"
    if e["type"] == "string_pattern_mismatch" and e["loc"][-1] == "uid":
        return f"{where}: expected 8, 10 or 14 hex digits (4, 5 or 7 bytes), e.g. 04A2B3C4"
    if e["type"] == "string_pattern_mismatch" and e["loc"][-1] == "card":
        return f"{where}: expected game:card, e.g. {example_card()}"
    return first_error(error)


def read_file(path: Path) -> list[Card]:
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as error:
        raise CardError(f"{path}: cannot read: {error.strerror}") from None
    except (ValueError, UnicodeDecodeError) as error:
        raise CardError(f"{path}: not JSON: {error}") from None
    except RecursionError:
        raise CardError(f"{path}: nested too deeply to be a card file") from None
    try:
        return CardFile.model_validate(data).cards
    except ValidationError as error:
        raise CardError(f"{path}: {_say(error)}") from None
    except RecursionError:
        raise CardError(f"{path}: nested too deeply to be a card file") from None


def write_file(path: Path, cards: list[Card]) -> None:
    data = CardFile(cards=cards).model_dump()
    tmp = Path(str(path) + ".tmp")
    tmp.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    tmp.replace(path)
