"""The teach screen's Feuer und Wasser names: a deck file is checked whole (its cards have
patterns); its cards are the file's `cards`, which the card registry lists itself."""

from __future__ import annotations

from pathlib import Path


def of_file(path: Path, data: object, strict: bool, /) -> list[str]:
    from device.games.feuer_und_wasser.decks import check

    check(path, data)
    return []


def of_game(paths: list[Path], strict: bool, /) -> list[str]:
    """The example deck's cards of each player no deck file gives (what the box plays with
    then), so they can be taught with no config."""
    import json

    from engine.feuer_und_wasser.decks import EXAMPLE

    given = {json.loads(p.read_text(encoding="utf-8")).get("player") for p in paths}
    return [card for player, deck in EXAMPLE.items() if player not in given for card, _ in deck]
