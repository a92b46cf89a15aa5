"""The names the teach screen offers, without the card files' models on the way of a start
that lists no deck files (device/cards/registry.py has the models and the card file). Each
game adds the names its own deck files give (its entry's `names_module`)."""

from __future__ import annotations

import json
from pathlib import Path

from device.errors import CardError
from device.games import GAMES


def card_names(decks: list[Path], strict: bool = False) -> list[str]:
    """The cards the teach screen offers: the players of every game, then the decks' cards.
    A bad deck file is a CardError naming it (device/cards/registry.py reads the files); `strict`:
    also a deck that breaks its game's deck rules (its size, the copies of a card)."""
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
    return list(dict.fromkeys(names))


def _read(path: Path):
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
