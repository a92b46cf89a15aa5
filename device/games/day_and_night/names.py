"""The teach screen's Day and Night names: a spell deck file's spells, the file checked whole."""

from __future__ import annotations

from pathlib import Path


def of_file(path: Path, data: object, strict: bool, /) -> list[str]:
    from device.games.day_and_night.decks import check

    return [s.id for s in check(path, data, strict).spells]


def of_game(paths: list[Path], strict: bool, /) -> list[str]:
    return []
