"""Wandernde Druiden's move notation (engine/wandernde_druiden/game.py lists the forms): one
line an action, parsed and formatted."""

from __future__ import annotations

import re
from typing import Any

from engine.core import NotationError
from engine.wandernde_druiden.state import (
    Action,
    Clash,
    ClashRecord,
    End,
    LayCreature,
    LayPlace,
)

NUMBERS = re.compile(r"^\d{1,3}(,\d{1,3})*$")
CARD_ID = re.compile(r"^[A-Za-z0-9_.-]{1,40}$")
FORMS = "place ID, creature ID, clash 0,1,... [discard N,...], end"


def _numbers(text: str, what: str) -> tuple[int, ...]:
    if text == "-":
        return ()
    if not NUMBERS.match(text):
        raise NotationError(f"{what}: expected numbers like 0,0,1 (or -), got {text!r}")
    return tuple(int(n) for n in text.split(","))


def format_action(action: Action) -> str:
    if isinstance(action, LayPlace):
        return f"place {action.card}"
    if isinstance(action, LayCreature):
        return f"creature {action.card}"
    if isinstance(action, Clash):
        text = "clash " + (",".join(map(str, action.assignment)) or "-")
        if action.discard:
            text += " discard " + ",".join(map(str, action.discard))
        return text
    return "end"


def parse_action(text: str) -> Action:
    words = text.split()
    if not words:
        raise NotationError(f"empty action; actions: {FORMS}")
    verb, rest = words[0], words[1:]
    if verb in ("place", "creature"):
        if len(rest) != 1 or not CARD_ID.match(rest[0]):
            raise NotationError(f"{verb}: expected one card id, got {' '.join(rest)!r}")
        return LayPlace(rest[0]) if verb == "place" else LayCreature(rest[0])
    if verb == "clash":
        if len(rest) == 1:
            return Clash(_numbers(rest[0], "clash"))
        if len(rest) == 3 and rest[1] == "discard":
            picks = _numbers(rest[2], "discard")
            if not picks:
                raise NotationError("discard: name at least one defender")
            return Clash(_numbers(rest[0], "clash"), picks)
        raise NotationError(f"clash: expected clash 0,1,... [discard N,...], got {text!r}")
    if verb == "end" and not rest:
        return End()
    raise NotationError(f"unknown action {text!r}; actions: {FORMS}")


def clash_summary(record: ClashRecord | None) -> dict[str, Any] | None:
    """The last clash as `tabletop replay`'s summary has it (None: no clash yet)."""
    if record is None:
        return None
    o = record.outcome
    return {
        "attacker": record.attacker,
        "turn": record.turn,
        "attackers": [{"card": c.card, "strength": c.strength} for c in record.attackers],
        "defenders": [{"card": c.card, "strength": c.strength} for c in record.defenders],
        "assignment": list(o.assignment),
        "mp_loss": o.mp_loss,
        "attackers_discarded": list(o.attackers_discarded),
        "defenders_discarded": list(o.defenders_discarded),
        "unblocked": list(o.unblocked),
        "attack_discarded": o.attack_discarded,
        "defense_discarded": o.defense_discarded,
        "hand_discarded": record.hand_cut,
    }
