"""The teach screen's Feuer und Wasser names: a deck file is checked whole (its cards have
patterns); its cards are the file's `cards`, which the card registry lists itself."""

from __future__ import annotations

from pathlib import Path


def of_file(path: Path, data: object, strict: bool, /) -> list[str]:
    from device.games.feuer_und_wasser.decks import check

    check(path, data)
    return []


def of_game(paths: list[Path], strict: bool, /) -> list[str]:
    return []
