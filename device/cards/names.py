"""The names the teach screen offers, without the card files' models on the way of a start
that lists no deck files (device/cards/registry.py has the models and the card file). Each
game adds the names its own deck files give (its entry's `names_module`)."""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from device.errors import CardError
from device.games import GAMES
from device.games.contract import GameState

if TYPE_CHECKING:
    from device.cards.registry import Deck


def card_names(decks: list[Path], strict: bool = False) -> list[str]:
    """The cards the teach screen offers, a game's together in the registry's order: its
    players, then its decks' cards (the config's files, and the example decks of what no
    file gives: what the box plays with). A bad deck file is a CardError naming it
    (device/cards/registry.py reads the files); `strict`: also a deck that breaks its game's
    deck rules (its size, the copies of a card)."""
    from device.games.deck_files import DeckError

    names = [f"{game}:player-{p}" for game in GAMES for p in "AB"]
    files: dict[str, list[Path]] = {}
    try:
        for path in decks:
            data, deck = _read(Path(path))
            entry = GAMES.get(deck.game)
            hook = entry.names if entry is not None else None
            if hook is not None:  # a game's own deck files: checked whole, with their names
                names += [f"{deck.game}:{n}" for n in hook.of_file(Path(path), data, strict)]
            files.setdefault(deck.game, []).append(Path(path))
            names += [f"{deck.game}:{c.id}" for c in deck.cards]
        for game, entry in GAMES.items():
            hook = entry.names
            if hook is not None:  # the files of a game together, and its defaults
                names += [f"{game}:{n}" for n in hook.of_game(files.get(game, []), strict)]
    except DeckError as error:
        raise CardError(str(error)) from None
    rank = {g: i for i, g in enumerate(GAMES)}
    return sorted(dict.fromkeys(names), key=lambda n: rank.get(n.split(":", 1)[0], len(rank)))


def printed_name(known: str, lang: str, state: GameState = None) -> str:
    """A card (`game:card`) by the name printed on it, in `lang`: as `state` (a game of it in
    play) names it, else as the game's decks do when it starts (the config's, else the
    examples); a player's tag as the player; its id where the game names none."""
    game, _, card = known.partition(":")
    entry = GAMES.get(game)
    if entry is None or entry.engine is None:
        return card
    letter = card.removeprefix("player-")
    if letter in ("A", "B") and card.startswith("player-"):  # a player's tag: A the first
        return entry.screens.seat_name(entry.engine.players["AB".index(letter)], lang)
    if state is None:
        state = _started(game, tuple(sorted(entry.screens.option_overrides().items())))
        if state is None:  # a config deck that breaks the rules: named by its id
            return card
    for seat in entry.engine.players:  # a card of either seat's deck
        label = entry.screens.card_label(state, seat, card, lang)
        if label != card:
            return label
    return card


@lru_cache(maxsize=16)
def _started(game: str, overrides: tuple[tuple[str, str], ...]) -> Any:
    """A new game of `game` as the box starts it (its options from the config's decks)."""
    from engine.replay import options_of

    engine = GAMES[game].engine
    assert engine is not None  # (asked only for a game with an engine)
    try:
        return engine.initial(options_of(engine, dict(overrides)))
    except ValueError:
        return None


def by_printed_name(name: str, known: list[str]) -> list[str]:
    """The known cards (`game:card`) a name stands for: the card itself, or those whose
    printed name it is in either language (`game:Name` for one game's), any case."""
    if name in known:
        return [name]
    game, sep, rest = name.partition(":")
    wanted = (rest if sep and game in GAMES else name).strip().casefold()
    return [
        k
        for k in known
        if (not sep or game not in GAMES or k.startswith(f"{game}:"))
        and any(printed_name(k, lang).casefold() == wanted for lang in ("de", "en"))
    ]


def _read(path: Path) -> tuple[object, Deck]:
    from pydantic import ValidationError

    from device.cards.registry import Deck
    from device.storage.actions import first_error

    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        return data, Deck.model_validate(data)
    except (OSError, ValueError, ValidationError) as error:
        detail = first_error(error) if isinstance(error, ValidationError) else str(error)
        raise CardError(f"deck {path}: {detail}") from None
    except RecursionError:
        raise CardError(f"deck {path}: nested too deeply to be a deck") from None
