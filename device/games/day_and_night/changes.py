"""What the players change on Day and Night's table, in words (the screens contract's `say`):
fields named as the box's board shows them (row, column), tiles by the side they show, the
spells cast by name."""

from __future__ import annotations

from device.games.contract import (
    Told,
    by_two,
    grid_field as _at,  # as the players count, from 1
)
from device.games.day_and_night.names import spell_name
from device.games.day_and_night.texts import text
from engine.day_and_night.game import GAME
from engine.day_and_night.state import Cast, State
from engine.day_and_night.table import changes
from engine.table import Change


def _kind(symbol: str, lang: str) -> str:
    return text("ch.dan.tile_day" if symbol in "dfD" else "ch.dan.tile_night", lang)


def _spell(told: Told, side: str, spell_id: str) -> str:
    spell = told.before.options.spell(side, spell_id)
    return spell_name(spell, told.lang) if spell else spell_id


def spells_cast(told: Told, side: str) -> list[str]:
    """The names of the spells `side` cast in the actions (played from the first state)."""
    state: State = told.first
    names = []
    for action in told.actions:
        if isinstance(action, Cast) and state.turn == side:
            spell = state.options.spell(side, action.spell)
            names.append(spell_name(spell, told.lang) if spell else action.spell)
        state = GAME.apply(state, action)
    return names


def say(told: Told, change: Change) -> str:
    lang, c = told.lang, change
    seat = told.name(c.seat)
    match c.kind, c.what:
        case "place", _:
            return text("ch.dan.put_tile", lang, kind=_kind(c.to, lang), at=_at(c.where))
        case "remove", _:
            return text("ch.dan.take_tile", lang, at=_at(c.where))
        case "move", "tile":
            return text("ch.dan.move_tile", lang, at=_at(c.where), to=_at(c.to))
        case "move", "pawn":
            return text("ch.dan.move_pawn", lang, seat=seat, to=_at(c.to))
        case "turn", _:
            return text("ch.dan.turn_tile", lang, at=_at(c.where), kind=_kind(c.to, lang))
        case "marker", "temple":
            key = "ch.dan.temple_now" if c.count else "ch.dan.temple_gone"
            return text(key, lang, side=told.name(c.seat))
        case "marker", "mystify" if c.count:  # markers added or taken off: how many
            was = dict(told.before.mystify).get(c.where, 0)
            key = "ch.dan.mystify_more" if c.count > was else "ch.dan.mystify_fewer"
            return text(key, lang, at=_at(c.where), n=abs(c.count - was))
        case "marker", what:
            on = "on" if c.count else "off"
            return text(f"ch.dan.{what}_{on}", lang, at=_at(c.where), n=c.count)
        case "to_pile", _ if len(told.leaving(c.seat)) == c.count:  # the box's, by name
            names = [_spell(told, c.seat or "", x) for x in told.leaving(c.seat)]
            return by_two(text, "ch.dan.to_pile_named", lang, names, seat=seat)
        case (("from_discard" | "unplay"), _) if len(told.coming(c.seat)) == c.count:
            names = [_spell(told, c.seat or "", x) for x in told.coming(c.seat)]
            return by_two(text, "ch.dan.from_discard_named", lang, names, seat=seat)
        case (("draw" | "to_pile" | "discard" | "from_discard"), _):
            return text(f"ch.dan.{c.kind}", lang, seat=seat, n=c.count)
        case (("play" | "unplay"), _):
            cast = spells_cast(told, c.seat or "")
            if len(cast) == c.count <= 2:  # named (more: counted, a line stays short)
                return text(f"ch.dan.{c.kind}_named", lang, seat=seat, spells=", ".join(cast))
            return text(f"ch.dan.{c.kind}", lang, seat=seat, n=c.count)
    return ""  # pragma: no cover - Day and Night's table changes in no other way


def turn_began(told: Told) -> list[str]:
    """The upkeep as a new turn began (`told.after`'s): the markers Day's upkeep took off and
    the tiles it fixed, the crystals Night's took away, each said as the table diff says it."""
    before, after = told.before, told.after
    if after.turn == before.turn or after.over:
        return []
    upkeep = after.upkeep
    fields = set(upkeep.markers) | set(upkeep.fixed) | set(upkeep.crystals)
    lines = []
    for change in changes(before, after):
        if change.kind == "marker" and change.what != "temple" and change.where in fields:
            lines.append(say(told, change))
    return lines
