"""The one place the games are listed: each line names a game's package on the box
(`device/games/<game>/`), whose `ENTRY` (device/games/entry.py) says its id, its names and the
modules of its engine, screens, score subcommand, card names and benchmark figures, each
imported when first used, so the command line and the first frame stay light. The menu, the
command line, the card registry and the checks all take their lists from `GAMES`.

A new game adds one line below (see docs/contract.md); nothing shared changes.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from device.games.entry import Entry
from device.games.setup import deck_rules_asked, set_up
from engine.core import UnknownGame

if TYPE_CHECKING:
    from device.games.scorer import Scorer

__all__ = ["GAMES", "Entry", "deck_rules_asked", "game", "register", "set_up"]

PACKAGES = (
    "device.games.zweimal",
    "device.games.feuer_und_wasser",
    "device.games.day_and_night",
    "device.games.wandernde_druiden",
)


def entry_of(package: str) -> Entry:
    """The `ENTRY` of a game's package."""
    found: Entry = importlib.import_module(package).ENTRY
    return found


GAMES: dict[str, Entry] = {e.id: e for e in map(entry_of, PACKAGES)}


def game(game_id: str) -> Entry:
    """The game with this id; KeyError naming the known ids otherwise."""
    try:
        return GAMES[game_id]
    except KeyError:
        known = ", ".join(GAMES)
        raise UnknownGame(f"unknown game {game_id!r}; known games: {known}") from None


def playable() -> dict[str, Entry]:
    return {k: e for k, e in GAMES.items() if e.playable}


def with_engine() -> dict[str, Entry]:
    return {k: e for k, e in GAMES.items() if e.engine_module}


def scorers() -> dict[str, Scorer]:
    return {k: e.scorer for k, e in GAMES.items() if e.scorer is not None}


def register(package: str) -> Entry:
    """Add a game by its package (tests register a stub game this way); replaces one with
    the same id."""
    entry = entry_of(package)
    GAMES[entry.id] = entry
    return entry


def unregister(game_id: str) -> None:
    GAMES.pop(game_id, None)
