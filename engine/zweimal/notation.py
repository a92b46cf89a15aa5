"""Zweimal's move notation, as docs/rules/zweimal.md gives it (fields `ROW,COL` from 0), and
its options as text (a record's option lines).

set R,C -|'|'       set-up: the road card on this field lies this way (as on the table)
start               set-up done: the round starts
deal ROWS           set-up in one step: this layout dealt (rows of '-' and '|', split by '/')
place R,C           a figure on the field
move R,C R,C        game 2: an own figure one field along its road
lay R,C             a road card on a field without a figure (its road turns)
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from engine.core import Coord, MisuseError, NotationError
from engine.zweimal.state import (
    FLIP,
    Action,
    Deal,
    Lay,
    Move,
    Options,
    Place,
    SetRoad,
    StartRound,
)

COORD = re.compile(r"([0-9]{1,2}),([0-9]{1,2})")
ACTION_FORMS = "set R,C -|'|', start, deal ROWS, place R,C, move R,C R,C, lay R,C"


def _field(text: str) -> Coord:
    found = COORD.fullmatch(text)
    if not found:
        raise NotationError(f"expected a field as ROW,COL like 1,2 (from 0), got {text!r}")
    return int(found.group(1)), int(found.group(2))


def format_action(action: Action) -> str:
    match action:
        case SetRoad((r, c), orientation):
            return f"set {r},{c} {orientation}"
        case StartRound():
            return "start"
        case Deal(roads):
            return "deal " + "/".join(roads)
        case Place((r, c)):
            return f"place {r},{c}"
        case Move((r, c), (tr, tc)):
            return f"move {r},{c} {tr},{tc}"
        case Lay((r, c)):
            return f"lay {r},{c}"
    raise MisuseError(f"not a Zweimal action: {action!r}")


def parse_action(text: str) -> Action:
    words = text.split()
    if not words:
        raise NotationError(f"empty action; actions: {ACTION_FORMS}")
    verb, args = words[0], words[1:]
    wanted = {"set": 2, "start": 0, "deal": 1, "place": 1, "move": 2, "lay": 1}
    if verb not in wanted:
        raise NotationError(f"unknown action {verb!r}; actions: {ACTION_FORMS}")
    if len(args) != wanted[verb]:
        raise NotationError(f"{verb!r} takes {wanted[verb]} argument(s), got {len(args)}")
    if verb == "set":
        if args[1] not in FLIP:
            raise NotationError(f"a road lies '-' or '|', not {args[1]!r}")
        return SetRoad(_field(args[0]), args[1])
    if verb == "start":
        return StartRound()
    if verb == "deal":
        rows = tuple(args[0].split("/"))
        if len(rows) not in (4, 5) or any(len(r) != len(rows) or set(r) - set(FLIP) for r in rows):
            raise NotationError(
                "a dealt layout is 4 or 5 rows of as many '-' and '|' split by '/',"
                f" got {args[0]!r}"
            )
        return Deal(rows)
    if verb == "place":
        return Place(_field(args[0]))
    if verb == "move":
        return Move(_field(args[0]), _field(args[1]))
    return Lay(_field(args[0]))


def parse_options(values: Mapping[str, str]) -> Options:
    variant, starter, supply = values["variant"], values["starter"], values["supply"]
    if variant not in ("1", "2"):
        raise NotationError(f"variant is 1 (4x4) or 2 (5x5), not {variant!r}")
    if starter not in ("A", "B"):
        raise NotationError(f"starter is A or B, not {starter!r}")
    if not re.fullmatch(r"[0-9]{1,2}", supply):
        raise NotationError(f"supply is a number of road cards 0..99, not {supply!r}")
    return Options(variant=int(variant), starter=starter, supply=int(supply))  # type: ignore[arg-type]


def format_options(options: Options) -> dict[str, str]:
    return {
        "variant": str(options.variant),
        "starter": options.starter,
        "supply": str(options.supply),
    }
