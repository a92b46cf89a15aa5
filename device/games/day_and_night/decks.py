"""Day and Night decks as data files (JSON), validated with pydantic:

    {"game": "day-and-night", "side": "day", "note": "...",
     "spells": [{"id": "sunrise", "name": "Morgensonne", "cost": 3, "prerequisite": "",
                 "copies": 10, "effects": [{"kind": "place", "adjacent": true}]}, ...]}

The effect vocabulary is `engine/day_and_night/spells.py`'s; an effect takes exactly the
fields it honours (a `flip` with `adjacent` is refused: nothing in a file is silently
ignored). The shipped examples are in `device/games/day_and_night/decks/`; the config's
`decks` may list the players' own files, which the box then uses for new games. A bad file
is one line naming the spell and what is wrong.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from device.games.deck_files import DeckError, of_game, say
from engine.day_and_night.spells import deck_from_data
from engine.day_and_night.state import deck_rule_broken


class DanEffect(BaseModel):
    """An effect; a field the effect would ignore is refused by `deck_from_data`."""

    model_config = ConfigDict(extra="forbid")
    kind: Literal["place", "flip", "move_tile", "move_pawn", "mystify", "crystallize", "draw"]
    count: int | None = Field(None, ge=1, le=8)
    colour: Literal["own", "day", "night"] | None = None
    adjacent: bool | None = None


class DanSpell(BaseModel):
    model_config = ConfigDict(extra="forbid")
    id: str = Field(pattern=r"^[A-Za-z0-9_.-]{1,40}$")
    name: str = Field(min_length=1, max_length=12)
    cost: int = Field(ge=0, le=12)
    prerequisite: Literal["", "pawn_on_own", "pawn_on_empty"] = ""
    copies: int = Field(1, ge=1, le=70)
    effects: list[DanEffect] = Field(min_length=1, max_length=4)


class DanDeck(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: Literal["day-and-night"]
    side: Literal["day", "night"]
    note: str = ""
    spells: list[DanSpell] = Field(min_length=1, max_length=100)


def check(path: Path, data: object, strict: bool = False) -> DanDeck:
    """The deck in a file's data, or a DeckError naming the spell; `strict`: also the deck
    rule of the original (70 cards; the engine's `deck_rule_broken`)."""
    try:
        deck = DanDeck.model_validate(data)
    except ValidationError as error:
        raise say(path, data, error, "spells", "spell", fields=True) from None
    try:  # what pydantic cannot see: a field an effect ignores, mystify only for Day, ...
        spells = deck_from_data(deck.model_dump(exclude_none=True)["spells"], deck.side)
    except ValueError as error:
        raise DeckError(f"deck {path}: {error}") from None
    broken = deck_rule_broken(spells) if strict else None
    if broken:
        raise DeckError(f"deck {path}: {broken}")
    return deck


def options(paths: list[Path]) -> dict[str, str]:
    """The game options the configured deck files give (`deck_day`, `deck_night`)."""
    found: dict[str, str] = {}
    for path, data in of_game(paths, "day-and-night"):
        spells = check(path, data).model_dump(exclude_none=True)
        found[f"deck_{spells['side']}"] = json.dumps(spells["spells"], separators=(",", ":"))
    return found
