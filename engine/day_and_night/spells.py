"""Day and Night spells as data: an id, a name, an AP cost, an optional prerequisite and
effects from a fixed vocabulary (the rules digest's "Spell cards"):

- `place` (`count` tiles, 1 if not given; `colour` own/day/night, own if not given;
  `adjacent`: next to the own pawn): `count` empty fields
- `flip` (`count` tiles; `colour`: own/day/night turns only tiles of the other colour into
  that one, not given: either way): `count` ordinary tiles
- `move_tile`: 2 targets, a tile, then an edge-adjacent empty field
- `move_pawn`: 1 field edge-adjacent to the own pawn, not yet entered this turn (no AP, no
  card; the field counts as entered)
- `mystify` (count markers; Day only): 1 ordinary Day tile
- `crystallize` (count tiles; Night only): count ordinary Night tiles
- `draw` (count): no target; the caster draws cards

Each effect takes exactly the fields it honours (`FIELDS`): a field it would ignore is refused,
so nothing in a deck is silently without effect.

Names are at most 12 characters (they fit the box's side panel).
Prerequisites: `""` (none), `pawn_on_own` (the own pawn stands on an own tile), `pawn_on_empty`
(on an empty field). The example decks (70 cards a side from 11 spells) are data to edit so
they match a printed deck; the box reads them from
`device/games/day_and_night/decks/day-and-night-*.example.json` when the config does not name
others.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.core import DataError, evolve

KINDS = ("place", "flip", "move_tile", "move_pawn", "mystify", "crystallize", "draw")
PREREQUISITES = ("", "pawn_on_own", "pawn_on_empty")
COLOURS = ("own", "day", "night")
FIELDS: dict[str, tuple[str, ...]] = {  # the fields each effect honours, besides its kind
    "place": ("count", "colour", "adjacent"),
    "flip": ("count", "colour"),
    "move_tile": (),
    "move_pawn": (),
    "mystify": ("count",),
    "crystallize": ("count",),
    "draw": ("count",),
}


@dataclass(frozen=True, slots=True)
class Effect:
    kind: str
    count: int = 1
    colour: str = ""  # place: own (""), day or night; flip: to that colour only ("": either way)
    adjacent: bool = False  # place: next to the own pawn

    @property
    def targets(self) -> int:
        if self.kind == "draw":
            return 0
        if self.kind == "move_tile":
            return 2
        if self.kind in ("crystallize", "place", "flip"):
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


def _s(
    id_: str,
    name: str,
    cost: int,
    effects: tuple[Effect, ...] | list[Effect],
    prerequisite: str = "",
    copies: int = 1,
) -> Spell:
    return Spell(id_, name, cost, tuple(effects), prerequisite, copies)


PLACE_NEAR = Effect("place", adjacent=True)
PLACE = Effect("place")
FLIP = Effect("flip", colour="own")
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


def small_decks() -> dict[str, str]:
    """A designer's small decks (`deck_rules=free`) as options: the example decks at half
    size, 35 cards a side; one of the variants the benchmarks measure on their own."""
    import json

    half = {
        side: tuple(evolve(s, copies=(s.copies + 1) // 2) for s in deck)
        for side, deck in EXAMPLE.items()
    }
    text = {f"deck_{side}": json.dumps(deck_to_data(deck), separators=(",", ":"))
            for side, deck in half.items()}  # fmt: skip
    return {"deck_rules": "free", **text}


def deck_to_data(deck: tuple[Spell, ...]) -> list[dict[str, Any]]:
    return [
        {
            "id": s.id,
            "name": s.name,
            "cost": s.cost,
            "prerequisite": s.prerequisite,
            "copies": s.copies,
            "effects": [_effect_to_data(e) for e in s.effects],
        }
        for s in deck
    ]


def _effect_to_data(effect: Effect) -> dict[str, Any]:
    """Only the fields the effect honours (and a colour or `adjacent` only where given)."""
    out: dict[str, Any] = {"kind": effect.kind}
    honours = FIELDS.get(effect.kind, ())
    if "count" in honours:
        out["count"] = effect.count
    if "colour" in honours and effect.colour:
        out["colour"] = effect.colour
    if "adjacent" in honours and effect.adjacent:
        out["adjacent"] = True
    return out


def _effect_from_data(e: object) -> Effect:
    if not isinstance(e, dict) or e.get("kind") not in KINDS:
        kind = e.get("kind") if isinstance(e, dict) else e
        raise DataError(f"unknown effect {kind!r}")
    kind = e["kind"]
    ignored = [f for f in e if f != "kind" and f not in FIELDS[kind]]
    if ignored:
        takes = ", ".join(FIELDS[kind]) or "no field"
        raise DataError(f"{kind} would ignore {ignored[0]!r} (it takes {takes})")
    count, colour, adjacent = e.get("count", 1), e.get("colour", ""), e.get("adjacent", False)
    if not isinstance(count, int) or isinstance(count, bool) or not 1 <= count <= 8:
        raise DataError(f"{kind}'s count is 1..8")
    if colour not in ("", *COLOURS):
        raise DataError(f"{kind}'s colour is own, day or night")
    if not isinstance(adjacent, bool):
        raise DataError(f"{kind}'s adjacent is true or false")
    return Effect(kind, count, colour, adjacent)


def deck_from_data(data: object, side: str) -> tuple[Spell, ...]:
    """A deck from plain data (already checked by the box's deck-file model, or read from a
    record): ValueError naming the spell if it does not fit the vocabulary."""
    if not isinstance(data, list) or not data:
        raise DataError("a deck is a list of spells")
    spells = []
    for item in data:
        if not isinstance(item, dict):
            raise DataError("a spell is an object")
        name = item.get("id", "?")
        try:
            if not isinstance(item["effects"], list) or not item["effects"]:
                raise DataError("effects is a list of one or more effects")
            effects = tuple(_effect_from_data(e) for e in item["effects"])
            spell = Spell(
                str(item["id"]),
                str(item["name"]),
                int(item["cost"]),
                effects,
                str(item.get("prerequisite", "")),
                int(item.get("copies", 1)),
            )
        except (KeyError, TypeError, ValueError) as error:
            raise DataError(f"spell {name}: {error}") from None
        for effect in effects:
            if effect.kind == "mystify" and side != "day":
                raise DataError(f"spell {name}: only Day mystifies")
            if effect.kind == "crystallize" and side != "night":
                raise DataError(f"spell {name}: only Night crystallizes")
        if spell.prerequisite not in PREREQUISITES:
            raise DataError(f"spell {name}: unknown prerequisite {spell.prerequisite!r}")
        if not 0 <= spell.cost <= 12 or spell.copies < 1 or not 1 <= len(spell.name) <= 12:
            raise DataError(f"spell {name}: cost 0..12, copies 1 or more, a name of 1..12")
        spells.append(spell)
    if len({s.id for s in spells}) != len(spells):
        raise DataError("a spell id is listed twice")
    return tuple(spells)


# What one target of an effect is worth to its caster, in own tiles (the way to a temple):
# a tile laid, a tile flipped to the own colour (one more, one fewer for the other side), a
# mystify marker (Day's fixed tiles), a crystal (holds Day back a turn), a card drawn.
TILE_WORTH = {"place": 1.0, "flip": 1.5, "mystify": 0.3, "crystallize": 0.2,
              "move_tile": 0.3, "move_pawn": 0.2, "draw": 0.4}  # fmt: skip


def worth(spell: Spell) -> float:
    """A spell as a card to keep: what its effects gain, in own tiles, less a little for its
    cost (of equal gain the cheaper is kept: it can be cast in more turns)."""
    gain = sum(TILE_WORTH.get(e.kind, 0.0) * max(e.count, 1) for e in spell.effects)
    return gain - 0.05 * spell.cost
