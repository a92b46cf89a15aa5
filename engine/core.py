"""The shared vocabulary of every game: seats, errors, grid coordinates and connected areas."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Iterator, Mapping
from enum import IntEnum
from typing import Any, TypeVar

T = TypeVar("T")

Coord = tuple[int, int]
"""A field on a grid as (row, column), row 0 at the top, column 0 at the left."""


class Seat(IntEnum):
    """The two players of every game, by seat. Each game names them its own way."""

    FIRST = 0
    SECOND = 1

    @property
    def other(self) -> Seat:
        return Seat(1 - self)


class TabletopError(Exception):
    """The root of every error the project raises on purpose (the engines' and the box's);
    `exit_status` says how a command ends on it: 2 bad input, 78 bad configuration, 1 a
    failure while running."""

    exit_status = 1


class InputError(TabletopError, ValueError):
    """Bad input: a command line, a record, a file, a notation; one line."""

    exit_status = 2


class ConfigurationError(TabletopError, ValueError):
    """A configuration the box cannot start with (the config file, its deck files)."""

    exit_status = 78


class IllegalMove(InputError):
    """A well-formed action the rules forbid. `str(error)` is one line for the players (in
    English); `code` names the reason so the box can say it in the players' language."""

    def __init__(self, message: str, code: str = "illegal") -> None:
        super().__init__(message)
        self.code = code


class NotationError(InputError):
    """Malformed text (a notation, a list of numbers): one line saying what is wrong and where."""


class DataError(InputError):
    """Data that does not fit what it must be: a deck file's card, a saved view or action, a
    card set; one line saying what and where."""


class UnknownGame(InputError, KeyError):
    """A game id no game in the registry has."""


class MisuseError(TabletopError, ValueError):
    """A part asked for what its contract rules out: the caller's mistake, not the players'
    (the search asked when nobody is to move, an action of another game, a hook the game
    does not have). Exit status 1: it is a bug to report."""


_EVOLVERS: dict[type, tuple[Any, frozenset[str]]] = {}


def evolve(obj: T, **changes: Any) -> T:
    """`dataclasses.replace`, about twice as fast (a search makes thousands of states a
    move), by a function written once per class, as dataclasses writes its `__init__`: every
    field set as given or as it was. A class with a `__post_init__` or a field outside
    `__init__` is built by its `__init__` instead, with the same arguments `replace` gives."""
    cls = type(obj)
    found = _EVOLVERS.get(cls)
    if found is None:
        found = _EVOLVERS[cls] = _evolver(cls)
    make, known = found
    if not changes.keys() <= known:
        raise MisuseError(f"{cls.__name__} has no init field {sorted(changes.keys() - known)[0]}")
    return make(obj, changes)  # type: ignore[no-any-return]


def _evolver(cls: type) -> tuple[Any, frozenset[str]]:
    if not dataclasses.is_dataclass(cls):
        raise MisuseError(f"{cls.__name__} is not a dataclass")
    fields = dataclasses.fields(cls)
    names = [f.name for f in fields if f.init]
    value = "c[{0!r}] if {0!r} in c else obj.{0}".format
    if hasattr(cls, "__post_init__") or len(names) < len(fields):
        body = f"return cls({', '.join(f'{n}={value(n)}' for n in names)})"
    else:  # what the frozen class's __init__ does, without the call
        body = "".join(f"put(new, {n!r}, {value(n)}); " for n in names)
        body = f"new = blank(cls); {body}return new"
    scope: dict[str, Any] = {"cls": cls, "blank": object.__new__, "put": object.__setattr__}
    exec(f"def make(obj, c):\n    {body}\n", scope)  # noqa: S102
    return scope["make"], frozenset(names)


def neighbours(coord: Coord, rows: int, cols: int) -> Iterator[Coord]:
    """The edge-adjacent fields of `coord` that lie on a rows x cols grid."""
    r, c = coord
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        nr, nc = r + dr, c + dc
        if 0 <= nr < rows and 0 <= nc < cols:
            yield nr, nc


def components(fields: Iterable[Coord]) -> list[frozenset[Coord]]:
    """The edge-connected components of a set of fields (unbounded grid), largest first.

    Ties are ordered by their first field in reading order, so the result is deterministic.
    """
    todo = set(fields)
    found: list[frozenset[Coord]] = []
    while todo:
        start = min(todo)
        todo.discard(start)
        area = {start}
        stack = [start]
        while stack:
            r, c = stack.pop()
            for near in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if near in todo:
                    todo.discard(near)
                    area.add(near)
                    stack.append(near)
        found.append(frozenset(area))
    found.sort(key=lambda area: (-len(area), min(area)))
    return found


DECK_RULES = ("strict", "free")  # a game's deck rules kept (the original's), or lifted


def parse_deck_rules(values: Mapping[str, str]) -> str:
    """The option `deck_rules` (strict, the default, or free) of a game with deck rules."""
    rules = values.get("deck_rules", "strict")
    if rules not in DECK_RULES:
        raise NotationError(f"deck_rules: expected strict or free, got {rules!r}")
    return rules
