"""Feuer und Wasser decks as data files (JSON), validated with pydantic:

    {"game": "feuer-und-wasser", "player": "R", "start": "RRB/BBR",
     "note": "...", "cards": [{"id": "R01", "pattern": "RRB/BBR"}, ...]}

`player` is R (Fire) or B (Water); each card's `pattern` is its 2x3 fields as drawn (2 rows
of 3, R or B); `start` (optional) is the start card. The shipped examples are in
`device/games/feuer_und_wasser/decks/`; the config's `decks` may list the players' own files,
which the box then uses for new games. A bad file is one line naming the card and what is wrong.
"""

from __future__ import annotations

import re
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from device.games.deck_files import of_game, say
from engine.core import DataError

PATTERN = re.compile(r"[RB]{3}/[RB]{3}")
EXAMPLES = Path(__file__).resolve().parent / "decks"


class FuwCard(BaseModel):
    model_config = ConfigDict(extra="forbid")
    id: str = Field(pattern=r"^[A-Za-z0-9_.-]{1,40}$")
    pattern: str

    @field_validator("pattern")
    @classmethod
    def _pattern(cls, value: str) -> str:
        if not PATTERN.fullmatch(value):
            raise DataError(f"pattern {value!r} is not 2 rows of 3 fields of R or B, like RRB/BBR")
        return value


class FuwDeck(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: str = Field(pattern=r"^feuer-und-wasser$")
    player: str = Field(pattern=r"^[RB]$")
    note: str = ""
    start: str | None = None
    cards: list[FuwCard] = Field(min_length=1, max_length=200)

    @field_validator("start")
    @classmethod
    def _start(cls, value: str | None) -> str | None:
        if value is not None and not PATTERN.fullmatch(value):
            raise DataError(f"start card {value!r} is not 2 rows of 3 fields of R or B")
        return value

    @field_validator("cards")
    @classmethod
    def _unique(cls, cards: list[FuwCard]) -> list[FuwCard]:
        seen: set[str] = set()
        for card in cards:
            if card.id in seen:
                raise DataError(f"card {card.id} is listed twice")
            seen.add(card.id)
        return cards


def check(path: Path, data: object) -> FuwDeck:
    """The deck in a file's data, or a DeckError naming the card and what is wrong."""
    try:
        return FuwDeck.model_validate(data)
    except ValidationError as error:
        raise say(path, data, error, "cards", "card", fields=False) from None


def options(paths: list[Path]) -> dict[str, str]:
    """The game options the configured deck files give (`deck_R`, `deck_B`, `start`)."""
    found: dict[str, str] = {}
    for path, data in of_game(paths, "feuer-und-wasser"):
        deck = check(path, data)
        found[f"deck_{deck.player}"] = ",".join(f"{c.id}:{c.pattern}" for c in deck.cards)
        if deck.start:
            found["start"] = deck.start
    return found
