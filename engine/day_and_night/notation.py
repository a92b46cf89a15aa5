"""Day and Night's notation: an action a line, as docs/rules/day-and-night.md gives it.

cast ID R,C ...     a spell of the side's deck with its targets, in the order of its effects
step R,C            the own pawn one field
temple R,C x8       the 8 connected tiles that become a temple
end                 the turn ends
"""

from __future__ import annotations

import re

from engine.core import Coord, MisuseError, NotationError
from engine.day_and_night.adjudication import TEMPLE_SIZE
from engine.day_and_night.state import Action, Cast, End, Step, Temple

FIELD = re.compile(r"([0-9]),([0-9])")
SPELL_ID = re.compile(r"[A-Za-z0-9_.-]{1,40}")


def _field(text: str) -> Coord:
    found = FIELD.fullmatch(text)
    if not found:
        raise NotationError(f"expected a field as ROW,COL like 2,5, got {text!r}")
    return int(found.group(1)), int(found.group(2))


def format_action(action: Action) -> str:
    match action:
        case Cast(spell_id, targets):
            return " ".join(["cast", spell_id, *(f"{r},{c}" for r, c in targets)])
        case Step((r, c)):
            return f"step {r},{c}"
        case Temple(fields):
            return " ".join(["temple", *(f"{r},{c}" for r, c in fields)])
        case End():
            return "end"
    raise MisuseError(f"not a Day and Night action: {action!r}")


def parse_action(text: str) -> Action:
    words = text.split()
    if not words:
        raise NotationError("empty action; actions: cast ID R,C..., step R,C, temple R,C x8, end")
    verb, args = words[0], words[1:]
    if verb == "end" and not args:
        return End()
    if verb == "step" and len(args) == 1:
        return Step(_field(args[0]))
    if verb == "temple" and len(args) == TEMPLE_SIZE:
        return Temple(tuple(sorted(_field(a) for a in args)))
    if verb == "cast" and args and SPELL_ID.fullmatch(args[0]):
        return Cast(args[0], tuple(_field(a) for a in args[1:]))
    raise NotationError(
        f"expected cast ID R,C..., step R,C, temple R,C (8 fields) or end, got {text!r}"
    )
