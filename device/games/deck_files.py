"""What every game's deck files share: reading the config's files of one game, and keeping
the options they give for new games (the screens' `configure` and `option_overrides`)."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

from pydantic import ValidationError

from engine.core import ConfigurationError


class DeckError(ConfigurationError):
    """A deck file that cannot be used: one line."""


def of_game(paths: list[Path], game: str) -> Iterator[tuple[Path, dict[str, object]]]:
    """The (path, data) of each listed deck file that belongs to `game`."""
    for path in paths:
        try:
            data = json.loads(Path(path).read_text(encoding="utf-8"))
        except (OSError, ValueError, RecursionError) as error:
            raise DeckError(f"deck {path}: {error}") from None
        if isinstance(data, dict) and data.get("game") == game:
            yield Path(path), data


class Configured:
    """The options a game's deck files from the config give, read once at start."""

    def __init__(self, read: Callable[[list[Path]], dict[str, str]]) -> None:
        self.read = read
        self.options: dict[str, str] = {}

    def configure(self, deck_paths: Sequence[Path]) -> None:
        self.options = self.read(list(deck_paths))

    def overrides(self) -> dict[str, str]:
        return dict(self.options)


def say(
    path: Path, data: object, error: ValidationError, key: str, label: str, fields: bool
) -> DeckError:
    """A deck file's first validation error as one line naming the item (`label` and its
    `id`, or its number) in the list under `key`; `fields`: also the field inside it."""
    e = error.errors()[0]
    loc = list(e["loc"])
    where = ""
    if len(loc) >= 2 and loc[0] == key and isinstance(loc[1], int):
        items = data.get(key) if isinstance(data, dict) else None
        item = items[loc[1]] if isinstance(items, list) else None
        name = item.get("id") if isinstance(item, dict) else None
        where = f"{label} {name or loc[1] + 1}: "
        if fields and loc[2:]:
            where += ".".join(str(p) for p in loc[2:]) + ": "
    elif loc:
        where = f"{'.'.join(str(p) for p in loc)}: "
    return DeckError(f"deck {path}: {where}{e['msg'].removeprefix('Value error, ')}")
