"""The teach screen's Wandernde Druiden names: the decks checked against the card set (all the
game's files together), and the example set's cards until a file gives a set."""

from __future__ import annotations

import json
from pathlib import Path


def of_file(path: Path, data: object, strict: bool, /) -> list[str]:
    return []  # its cards are the file's `cards`; checked with the others in `of_game`


def of_game(paths: list[Path], strict: bool, /) -> list[str]:
    if paths:
        from device.games.wandernde_druiden.cards import options

        options(paths, strict)
    if any(json.loads(p.read_text(encoding="utf-8")).get("cards") for p in paths):
        return []
    from engine.wandernde_druiden.cards import EXAMPLE

    return [c.id for c in EXAMPLE.cards]
