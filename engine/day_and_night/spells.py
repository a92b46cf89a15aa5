"""Day and Night spells as data: an id, a name, an AP cost, an optional prerequisite and
effects from a fixed vocabulary (the rules digest's "Spell cards"):

- `place` (colour own/day/night; `adjacent`: next to the own pawn): 1 empty field
- `flip`: 1 ordinary tile turns (Day <-> Night)
- `move_tile`: 2 targets, a tile, then an edge-adjacent empty field
- `move_pawn`: 1 field edge-adjacent to the own pawn (no AP, no card)
- `mystify` (count markers; Day only): 1 ordinary Day tile
- `crystallize` (count tiles; Night only): count ordinary Night tiles
- `draw` (count): no target; the caster draws cards

Names are at most 12 characters (they fit the box's side panel).
Prerequisites: `""` (none), `pawn_on_own` (the own pawn stands on an own tile), `pawn_on_empty`
(on an empty field). The example decks (70 cards a side from 11 spells) are data to edit so
they match a printed deck; the box reads them from `device/decks/day-and-night-*.example.json`
when the config does not name others.
"""

from __future__ import annotations

from dataclasses import dataclass

KINDS = ("place", "flip", "move_tile", "move_pawn", "mystify", "crystallize", "draw")
PREREQUISITES = ("", "pawn_on_own", "pawn_on_empty")


@dataclass(frozen=True, slots=True)
class Effect:
    kind: str
    count: int = 1
    colour: str = "own"  # place: own, day or night
    adjacent: bool = False  # place: next to the own pawn

    @property
    def targets(self) -> int:
        if self.kind == "draw":
            return 0
        if self.kind == "move_tile":
            return 2
        if self.kind == "crystallize":
            return self.count
        return 1


@dataclass(frozen=True, slots=True)
class Spell:
    id: str
    name: str
    cost: int
    effects: tuple[Effect, ...]
    prerequisite: str = ""
    copies: int = 1

    @property
    def targets(self) -> int:
        return sum(e.targets for e in self.effects)


def _s(id_, name, cost, effects, prerequisite="", copies=1) -> Spell:
    return Spell(id_, name, cost, tuple(effects), prerequisite, copies)


PLACE_NEAR = Effect("place", adjacent=True)
PLACE = Effect("place")
FLIP = Effect("flip")
MOVE = Effect("move_tile")
STRIDE = Effect("move_pawn")

EXAMPLE: dict[str, tuple[Spell, ...]] = {
    "day": (
        _s("sunrise", "Morgensonne", 3, [PLACE_NEAR], copies=10),
        _s("dawn", "Morgenrot", 4, [PLACE], copies=8),
        _s("turn-to-day", "Lichtwende", 5, [FLIP], copies=8),
        _s("day-shift", "Tagrücken", 3, [MOVE], copies=6),
        _s("veil", "Schleier", 2, [Effect("mystify", 2)], "pawn_on_own", copies=8),
        _s("mist", "Nebel", 4, [Effect("mystify", 3)], copies=6),
        _s("day-stride", "Lichtschritt", 2, [STRIDE], copies=6),
        _s("insight", "Einsicht", 2, [Effect("draw", 2)], copies=6),
        _s("twin-suns", "Doppelsonne", 7, [PLACE_NEAR, PLACE], copies=4),
        _s("bloom", "Blüte", 6, [PLACE, Effect("mystify", 2)], copies=4),
        _s("noon", "Mittag", 4, [FLIP, Effect("draw", 1)], "pawn_on_empty", copies=4),
    ),
    "night": (
        _s("dusk", "Abendrot", 3, [PLACE_NEAR], copies=10),
        _s("darkness", "Finsternis", 4, [PLACE], copies=8),
        _s("turn-to-night", "Schattenwurf", 5, [FLIP], copies=8),
        _s("night-shift", "Nachtrücken", 3, [MOVE], copies=6),
        _s("frost", "Frost", 2, [Effect("crystallize", 2)], "pawn_on_own", copies=8),
        _s("ice", "Eis", 4, [Effect("crystallize", 3)], copies=6),
        _s("night-stride", "Mondschritt", 2, [STRIDE], copies=6),
        _s("dream", "Traum", 2, [Effect("draw", 2)], copies=6),
        _s("twin-moons", "Doppelmond", 7, [PLACE_NEAR, PLACE], copies=4),
        _s("eclipse", "Mondschatten", 6, [FLIP, Effect("crystallize", 1)], copies=4),
        _s("midnight", "Mitternacht", 4, [FLIP, Effect("draw", 1)], "pawn_on_empty", copies=4),
    ),
}


# --- decks as text (a record's option line) ----------------------------------------------------


def deck_to_data(deck: tuple[Spell, ...]) -> list[dict]:
    return [
        {
            "id": s.id,
            "name": s.name,
            "cost": s.cost,
            "prerequisite": s.prerequisite,
            "copies": s.copies,
            "effects": [
                {"kind": e.kind, "count": e.count, "colour": e.colour, "adjacent": e.adjacent}
                for e in s.effects
            ],
        }
        for s in deck
    ]


def deck_from_data(data: object, side: str) -> tuple[Spell, ...]:
    """A deck from plain data (already checked by the box's deck-file model, or read from a
    record): ValueError naming the spell if it does not fit the vocabulary."""
    if not isinstance(data, list) or not data:
        raise ValueError("a deck is a list of spells")
    spells = []
    for item in data:
        if not isinstance(item, dict):
            raise ValueError("a spell is an object")
        name = item.get("id", "?")
        try:
            effects = tuple(
                Effect(
                    e["kind"],
                    int(e.get("count", 1)),
                    e.get("colour", "own"),
                    bool(e.get("adjacent", False)),
                )
                for e in item["effects"]
            )
            spell = Spell(
                str(item["id"]),
                str(item["name"]),
                int(item["cost"]),
                effects,
                str(item.get("prerequisite", "")),
                int(item.get("copies", 1)),
            )
        except (KeyError, TypeError, ValueError) as error:
            raise ValueError(f"spell {name}: {error}") from None
        for effect in effects:
            if effect.kind not in KINDS:
                raise ValueError(f"spell {name}: unknown effect {effect.kind!r}")
            if effect.kind == "mystify" and side != "day":
                raise ValueError(f"spell {name}: only Day mystifies")
            if effect.kind == "crystallize" and side != "night":
                raise ValueError(f"spell {name}: only Night crystallizes")
            if effect.colour not in ("own", "day", "night") or not 1 <= effect.count <= 8:
                raise ValueError(f"spell {name}: colour own/day/night, count 1..8")
        if spell.prerequisite not in PREREQUISITES:
            raise ValueError(f"spell {name}: unknown prerequisite {spell.prerequisite!r}")
        if not 0 <= spell.cost <= 12 or spell.copies < 1 or not 1 <= len(spell.name) <= 12:
            raise ValueError(f"spell {name}: cost 0..12, copies 1 or more, a name of 1..12")
        spells.append(spell)
    if len({s.id for s in spells}) != len(spells):
        raise ValueError("a spell id is listed twice")
    return tuple(spells)
