"""The one place a game is registered: its engine (`engine/<game>`), its screens on the box (a
module named here, imported when first used, so the command line stays light) and its
`tabletop score` subcommand. The menu, the command line, the card registry and the catalog
checks all take their lists from `GAMES`.

A new game adds one `Entry` below (see docs/contract.md); nothing shared changes.
"""

from __future__ import annotations

import importlib
import threading
from dataclasses import dataclass
from functools import cache
from typing import Any

from device.cli import score
from engine.contract import Game


@dataclass(frozen=True)
class Setup:
    """What every game's screens get when they are first imported: the config's deck files
    (`configure`) and, for scripts, a seed for what they draw at random (`seed`)."""

    deck_paths: tuple = ()
    seed: int | None = None
    deck_rules: str = "strict"  # the config's: "free" lets a new game lift the deck rules


_setup = Setup()
_prepared: set[str] = set()
_lock = threading.Lock()  # the loop and the preload may both ask for a module first


def set_up(deck_paths=(), seed: int | None = None, deck_rules: str = "strict") -> None:
    """The box's start: screens imported from now on get these (already imported ones get
    them at once)."""
    global _setup
    _setup = Setup(tuple(deck_paths), seed, deck_rules)
    _prepared.clear()


def deck_rules_asked() -> bool:
    """A new game asks whether its decks keep the game's rules (the config allows free)."""
    return _setup.deck_rules == "free"


@cache
def _engine(module: str) -> Game:
    return importlib.import_module(module).GAME


@dataclass(frozen=True)
class Entry:
    id: str
    name: str  # the game's own (German) name, the same in every language
    short: str  # for tight places on the screen
    loaded: Game | None = None  # the engine, if given as an object (else `engine_module`)
    screens_module: str = ""  # the module of its screens ("": not playable on the box yet)
    given_scorer: score.Scorer | None = None  # its `tabletop score` subcommand, if given
    engine_module: str = ""  # the module whose GAME is the engine, imported when first used
    checks_decks: bool = False  # its screens offer the menu's deck check (`check_deck`)
    scorer_module: str = ""  # the module whose SCORER is its `tabletop score` subcommand

    @property
    def scorer(self) -> score.Scorer | None:
        """Its `tabletop score` subcommand (a module is imported when first asked)."""
        if self.given_scorer is not None:
            return self.given_scorer
        if not self.scorer_module:
            return None
        found: score.Scorer = importlib.import_module(self.scorer_module).SCORER
        return found

    @property
    def engine(self) -> Game | None:
        """The engine (None: only scoring so far); a module is imported when first asked."""
        if self.loaded is not None:
            return self.loaded
        return _engine(self.engine_module) if self.engine_module else None

    @property
    def game(self) -> Game:
        """The engine of a game the box plays (a ValueError for one that only scores)."""
        engine = self.engine
        if engine is None:
            raise ValueError(f"{self.id} has no engine")
        return engine

    @property
    def playable(self) -> bool:
        has_engine = self.loaded is not None or bool(self.engine_module)
        return has_engine and bool(self.screens_module)

    @property
    def screens(self) -> Any:
        """The screens module, imported when first used (so a start that shows the menu
        imports no game), with the box's set-up applied once."""
        module = importlib.import_module(self.screens_module)
        if self.screens_module in _prepared:
            return module
        with _lock:
            if self.screens_module in _prepared:
                return module
            texts = getattr(module, "TEXTS", None)
            if texts:  # a game may bring its own texts (German, English) for the catalog
                from device.ui import catalog

                catalog.add(texts)
            if hasattr(module, "configure"):
                module.configure(list(_setup.deck_paths))
            if _setup.seed is not None and hasattr(module, "seed"):
                module.seed(_setup.seed)
            _prepared.add(self.screens_module)
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
            return self.game.parse_action(payload["action"])
        legacy = getattr(self.screens, "legacy_action", None) if self.screens_module else None
        if legacy is None:
            raise ValueError("an action saved in a format this game never used")
        return legacy(payload)

    def saved_options(self, values: dict[str, Any]) -> Any:
        """The options as the store keeps them (text; older saves have numbers)."""
        from engine.replay import options_of

        return options_of(self.game, {k: str(v) for k, v in values.items()})


def from_engine(
    engine: Game, screens_module: str = "", scorer: score.Scorer | None = None
) -> Entry:
    return Entry(engine.id, engine.name, engine.short, engine, screens_module, scorer)


GAMES: dict[str, Entry] = {
    entry.id: entry
    for entry in (
        Entry(
            "zweimal",
            "Zweimal",
            "ZW",
            screens_module="device.games.zweimal.screen",
            scorer_module="device.games.zweimal.score",
            engine_module="engine.zweimal.game",
        ),
        Entry(
            "feuer-und-wasser",
            "Feuer und Wasser",
            "FuW",
            screens_module="device.games.feuer_und_wasser.screen",
            scorer_module="device.games.feuer_und_wasser.score",
            engine_module="engine.feuer_und_wasser.game",
        ),
        Entry(
            "day-and-night",
            "Day and Night",
            "D&N",
            screens_module="device.games.day_and_night.screen",
            scorer_module="device.games.day_and_night.score",
            engine_module="engine.day_and_night.game",
        ),
        Entry(
            "wandernde-druiden",
            "Wandernde Druiden",
            "WD",
            screens_module="device.games.wandernde_druiden.screen",
            scorer_module="device.games.wandernde_druiden.score",
            engine_module="engine.wandernde_druiden.game",
            checks_decks=True,
        ),
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
    return {k: e for k, e in GAMES.items() if e.loaded is not None or e.engine_module}


def scorers() -> dict[str, score.Scorer]:
    return {k: e.scorer for k, e in GAMES.items() if e.scorer is not None}


def register(entry: Entry) -> None:
    """Add a game (tests register a stub game this way); replaces one with the same id."""
    GAMES[entry.id] = entry


def unregister(game_id: str) -> None:
    GAMES.pop(game_id, None)
