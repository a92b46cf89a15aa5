"""The names the teach screen offers, without the card files' models on the way of a start
that lists no deck files (device/cards/registry.py has the models and the card file)."""

from __future__ import annotations

import json
from pathlib import Path

from device.app.messages import CardError  # noqa: F401 - raised here, caught by the commands
from device.games import GAMES


def card_names(decks: list[Path], strict: bool = False) -> list[str]:
    """The cards the teach screen offers: the players of every game, then the decks' cards.
    A bad deck file is a CardError naming it (device/cards/registry.py reads the files); `strict`:
    also a deck that breaks its game's deck rules (its size, the copies of a card)."""
    names = [f"{game}:player-{p}" for game in GAMES for p in "AB"]
    druiden_set, druiden = False, []
    for path in decks:
        from pydantic import ValidationError

        from device.cards.registry import Deck, first_error

        try:
            deck = Deck.model_validate(json.loads(Path(path).read_text(encoding="utf-8")))
        except (OSError, ValueError, ValidationError) as error:
            detail = first_error(error) if isinstance(error, ValidationError) else str(error)
            raise CardError(f"deck {path}: {detail}") from None
        except RecursionError:
            raise CardError(f"deck {path}: nested too deeply to be a deck") from None
        if deck.game == "day-and-night":  # spells: checked whole
            from device.games.day_and_night.decks import check as check_spells
            from device.games.deck_files import DeckError

            try:
                spells = check_spells(
                    Path(path), json.loads(Path(path).read_text(encoding="utf-8")), strict
                )
            except DeckError as error:
                raise CardError(str(error)) from None
            names += [f"{deck.game}:{s.id}" for s in spells.spells]
        if deck.game == "feuer-und-wasser":  # its cards have patterns: checked whole
            from device.games.deck_files import DeckError
            from device.games.feuer_und_wasser.decks import check

            try:
                check(Path(path), json.loads(Path(path).read_text(encoding="utf-8")))
            except DeckError as error:
                raise CardError(str(error)) from None
        if deck.game == "wandernde-druiden":
            druiden.append(Path(path))
            druiden_set = druiden_set or bool(deck.cards)
        names += [f"{deck.game}:{c.id}" for c in deck.cards]
    if druiden:  # Wandernde Druiden: a card set and decks, the decks checked against the set
        from device.games.deck_files import DeckError
        from device.games.wandernde_druiden.cards import options

        try:
            options(druiden, strict)
        except DeckError as error:
            raise CardError(str(error)) from None
    if not druiden_set:  # Wandernde Druiden's cards are data: the example set until one is set
        from engine.wandernde_druiden.cards import EXAMPLE

        names += [f"wandernde-druiden:{c.id}" for c in EXAMPLE.cards]
    return list(dict.fromkeys(names))
