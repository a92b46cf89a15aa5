"""What the players change on Wandernde Druiden's table, in words (the screens contract's
`say`): cards by the names printed on them, the players by their letter (the box's seat in
solo play: "Box")."""

from __future__ import annotations

from device.games.contract import Told, by_two
from device.games.wandernde_druiden.texts import text
from engine.table import Change
from engine.wandernde_druiden.state import State


def _name(state: State, card_id: str) -> str:
    card = state.options.cards.card(card_id)
    return card.name if card else card_id


def say(told: Told, change: Change) -> str:
    lang, c = told.lang, change
    box = text("solo.box", lang)
    seat = box if told.name(c.seat) == box else (c.seat or "")
    card = _name(told.before, c.what) if c.what else ""
    match c.kind, c.where:
        case "lay", _:
            return text("ch.wd.lay", lang, seat=seat, card=card)
        case "discard", "table":
            return text("ch.wd.gone", lang, seat=seat, card=card)
        case "take_back", _:
            return text("ch.wd.to_hand", lang, seat=seat, card=card)
        case "from_discard", "table":
            return text("ch.wd.back_in", lang, seat=seat, card=card)
        case "turn", _:
            return text(f"ch.wd.{c.to}", lang, seat=seat, card=card)
        case "points", _:
            return text("ch.wd.mp_now", lang, seat=seat, n=c.count)
        case "to_pile", _ if len(told.leaving(c.seat)) == c.count:  # the box's, by name
            names = [_name(told.before, x) for x in told.leaving(c.seat)]
            return by_two(text, "ch.wd.to_pile_named", lang, names, seat=seat)
        case "from_discard", "hand" if len(told.coming(c.seat)) == c.count:  # the box's
            names = [_name(told.before, x) for x in told.coming(c.seat)]
            return by_two(text, "ch.wd.from_discard_named", lang, names, seat=seat)
        case (("draw" | "to_pile" | "discard" | "from_discard"), _):
            return text(f"ch.wd.{c.kind}", lang, seat=seat, n=c.count)
    return ""  # pragma: no cover - Druiden's table changes in no other way
