"""The one place a game is registered: its engine (`engine/<game>`), its screens on the box (a
module named here, imported when first used, so the command line stays light) and its
`tabletop score` subcommand. The menu, the command line, the card registry and the catalog
checks all take their lists from `GAMES`.

A new game adds one `Entry` below (see docs/contract.md); nothing shared changes.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any

from device import score
from engine.contract import Game
from engine.day_and_night.game import GAME as DAY_AND_NIGHT
from engine.feuer_und_wasser.game import GAME as FEUER_UND_WASSER
from engine.wandernde_druiden.game import GAME as WANDERNDE_DRUIDEN
from engine.zweimal.game import GAME as ZWEIMAL


@dataclass(frozen=True)
class Entry:
    id: str
    name: str  # the game's own (German) name, the same in every language
    short: str  # for tight places on the screen
    engine: Game | None = None  # None: only scoring so far
    screens_module: str = ""  # the module of its screens ("": not playable on the box yet)
    scorer: score.Scorer | None = None

    @property
    def playable(self) -> bool:
        return self.engine is not None and bool(self.screens_module)

    @property
    def screens(self) -> Any:
        module = importlib.import_module(self.screens_module)
        texts = getattr(module, "TEXTS", None)
        if texts:  # a game may bring its own texts (German, English) for the catalog
            from device import catalog

            catalog.add(texts)
        return module

    @property
    def rules_version(self) -> int:
        return self.engine.rules_version if self.engine is not None else 1

    def saved_action(self, payload: dict[str, Any]) -> Any:
        """An action as the store keeps it: in the game's notation, or (saved before the
        notation) a JSON record its screens can still read. ValueError if neither."""
        if "action" in payload:
            if not isinstance(payload["action"], str):
                raise ValueError("the saved action is not text")
            return self.engine.parse_action(payload["action"])
        legacy = getattr(self.screens, "legacy_action", None) if self.screens_module else None
        if legacy is None:
            raise ValueError("an action saved in a format this game never used")
        return legacy(payload)

    def saved_options(self, values: dict[str, Any]) -> Any:
        """The options as the store keeps them (text; older saves have numbers)."""
        from engine.replay import options_of

        return options_of(self.engine, {k: str(v) for k, v in values.items()})


def from_engine(
    engine: Game, screens_module: str = "", scorer: score.Scorer | None = None
) -> Entry:
    return Entry(engine.id, engine.name, engine.short, engine, screens_module, scorer)


GAMES: dict[str, Entry] = {
    entry.id: entry
    for entry in (
        from_engine(ZWEIMAL, "device.zweimal_screen", score.ZWEIMAL),
        from_engine(FEUER_UND_WASSER, "device.feuer_und_wasser_screen", score.FEUER_UND_WASSER),
        from_engine(DAY_AND_NIGHT, "device.day_and_night_screen", score.DAY_AND_NIGHT),
        from_engine(WANDERNDE_DRUIDEN, "device.wandernde_druiden_screen", score.WANDERNDE_DRUIDEN),
    )
}


def game(game_id: str) -> Entry:
    """The game with this id; KeyError naming the known ids otherwise."""
    try:
        return GAMES[game_id]
    except KeyError:
        known = ", ".join(GAMES)
        raise KeyError(f"unknown game {game_id!r}; known games: {known}") from None


def playable() -> dict[str, Entry]:
    return {k: e for k, e in GAMES.items() if e.playable}


def with_engine() -> dict[str, Entry]:
    return {k: e for k, e in GAMES.items() if e.engine is not None}


def scorers() -> dict[str, score.Scorer]:
    return {k: e.scorer for k, e in GAMES.items() if e.scorer is not None}


def register(entry: Entry) -> None:
    """Add a game (tests register a stub game this way); replaces one with the same id."""
    GAMES[entry.id] = entry


def unregister(game_id: str) -> None:
    GAMES.pop(game_id, None)
