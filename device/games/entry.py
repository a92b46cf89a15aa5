"""What a game tells the box about itself: its `Entry` (ids, names, and the modules of its
engine, screens, `tabletop score` subcommand, card names and benchmark figures, each imported
when first used). Each game's `device/games/<game>/__init__.py` holds its `ENTRY`; the
registry (`device/games/__init__.py`) lists those packages, and nothing else names a game.

Light on purpose: the first frame lists the games' names before any game is imported.
"""

from __future__ import annotations

import importlib
import threading
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from device.games.contract import AnyScreens, GameAction, GameOptions, GameState
from device.games.setup import Setup, current
from device.jsontypes import JsonObject
from device.ui import catalog
from engine.core import DataError, MisuseError

if TYPE_CHECKING:
    from device.games.contract import CardNames, Drawing, Figures, Words
    from device.games.scorer import Scorer
    from device.ui.catalog import Texts
    from engine.contract import AnyGame


_building = threading.Lock()  # the loop and the preload may both ask first
_built: dict[str, tuple[Setup, AnyScreens]] = {}  # module -> its set-up, screens


def _screens(module: str, setup: Setup) -> AnyScreens:
    """The screens of a module for this set-up: built once for each start of the box
    (`set_up` makes a new set-up, so a seeded script deals the same every start), under a
    lock, so whichever thread asks first builds the one the others get."""
    found = _built.get(module)  # asked on every press: built already, no lock to take
    if found is not None and found[0] is setup:
        return found[1]
    with _building:
        found = _built.get(module)
        if found is None or found[0] is not setup:
            found = (setup, importlib.import_module(module).SCREENS(setup))
            _built[module] = found
        return found[1]


@cache
def _engine(module: str) -> AnyGame:
    found: AnyGame = importlib.import_module(module).GAME
    return found


@dataclass(frozen=True)
class Plain:
    """The words of a game with no words module: its short name and whose turn it is, an
    action in its notation, a seat by its key. Nothing drawn, no Pillow."""

    game: AnyGame
    short: str

    def status(self, state: GameState, lang: str, /) -> str:
        seat = self.game.to_move(state)
        return f"{self.short} · {seat}" if seat else self.short

    def describe(self, state: GameState, action: GameAction, lang: str, /) -> str:
        return self.game.format_action(action)

    def seat_name(self, seat: str, lang: str, /) -> str:
        return seat


@dataclass(frozen=True)
class Entry:
    """A game on the box. The modules are named, not imported: `engine_module` holds `GAME`
    (engine/contract.py), `screens_module` holds `SCREENS`, the game's subclass of `Screens`
    (device/games/contract.py), `scorer_module` holds `SCORER` (device/games/scorer.py),
    `names_module` is a `CardNames` (the teach screen's names from the game's deck files),
    `bench_module` is a `Figures` (its heavy computations, timed by `tabletop bench`),
    `web_module` is a `Drawing`, the game's table drawn for the web page as SVG
    (device/games/svg.py), `words_module` is its `Words` (the status line, an action, a seat
    in words, without drawing), `texts_module` holds `TEXTS`, its words in German and English
    (`device.ui.catalog.Texts`: its own keys, read before the box's catalog). "" where the
    game has none."""

    id: str
    name: str  # the game's own (German) name, the same in every language
    short: str  # for tight places on the screen
    engine_module: str = ""
    screens_module: str = ""  # "": not playable on the box yet
    scorer_module: str = ""
    names_module: str = ""
    bench_module: str = ""
    web_module: str = ""  # a `Drawing`: the web page's table (svg.py)
    words_module: str = ""  # its `Words`: what the screens and the web page both say
    texts_module: str = ""  # its `TEXTS`, a `catalog.Texts`: its own words (keys) in both languages
    checks_decks: bool = False  # its screens offer the menu's deck check (`check_deck`)

    @property
    def scorer(self) -> Scorer | None:
        """Its `tabletop score` subcommand (a module is imported when first asked)."""
        if not self.scorer_module:
            return None
        found: Scorer = importlib.import_module(self.scorer_module).SCORER
        return found

    @property
    def engine(self) -> AnyGame | None:
        """The engine (None: only scoring so far); a module is imported when first asked."""
        return _engine(self.engine_module) if self.engine_module else None

    @property
    def game(self) -> AnyGame:
        """The engine of a game the box plays (a ValueError for one that only scores)."""
        engine = self.engine
        if engine is None:
            raise MisuseError(f"{self.id} has no engine")
        return engine

    @property
    def playable(self) -> bool:
        return bool(self.engine_module) and bool(self.screens_module)

    @property
    def screens(self) -> AnyScreens:
        """The game's screens, built with the box's set-up when first asked (so a start that
        shows the menu imports no game), one object per set-up."""
        return _screens(self.screens_module, current())

    @property
    def names(self) -> CardNames | None:
        if not self.names_module:
            return None
        found: CardNames = importlib.import_module(self.names_module)
        return found

    @property
    def figures(self) -> Figures | None:
        if not self.bench_module:
            return None
        found: Figures = importlib.import_module(self.bench_module)
        return found

    @property
    def words(self) -> Words:
        """Its words, from a module that draws nothing (the web page's: no Pillow); a game
        without one is said plainly (`Plain`)."""
        if not self.words_module:
            return Plain(self.game, self.short)
        found: Words = importlib.import_module(self.words_module)
        return found

    @property
    def texts(self) -> Texts:
        """Its words, found by key and language: its own, then the box's (the box's alone for
        a game without texts)."""
        if not self.texts_module:
            return catalog.BOX
        found: Texts = importlib.import_module(self.texts_module).TEXTS
        return found

    @property
    def web(self) -> Drawing | None:
        """Its drawing for the web page (`tabletop web`), or None."""
        if not self.web_module:
            return None
        found: Drawing = importlib.import_module(self.web_module)
        return found

    @property
    def rules_version(self) -> int:
        return self.engine.rules_version if self.engine is not None else 1

    def saved_action(self, payload: JsonObject) -> GameAction:
        """An action as the store keeps it: in the game's notation, or (saved before the
        notation) a JSON record its screens can still read. ValueError if neither."""
        if "action" in payload:
            if not isinstance(payload["action"], str):
                raise DataError("the saved action is not text")
            return self.game.parse_action(payload["action"])
        if not self.screens_module:
            raise DataError("an action saved in a format this game never used")
        return self.screens.legacy_action(payload)

    def saved_options(self, values: JsonObject) -> GameOptions:
        """The options as the store keeps them (text; older saves have numbers)."""
        from engine.replay import options_of

        return options_of(self.game, {k: str(v) for k, v in values.items()})
