"""What the players change on Zweimal's table, in words (the screens contract's `say`): a
line a change, fields named as the players count them (row, column from the top left, from
1), the road a card shows as it lies ("waagrecht": the road runs left-right), cards laid on
one field and taken off it by how many."""

from __future__ import annotations

from device.games.contract import Told, grid_field as _at
from device.games.zweimal.texts import text
from engine.table import Change
from engine.zweimal.position import HORIZONTAL


def way(orientation: str, lang: str) -> str:
    return text("ch.zw.across" if orientation == HORIZONTAL else "ch.zw.down", lang)


def say(told: Told, change: Change) -> str:
    lang, c = told.lang, change
    match c.kind:
        case "place" | "remove":
            return text(f"ch.zw.{c.kind}", lang, seat=c.seat, at=_at(c.where))
        case "move":
            return text("ch.zw.move", lang, seat=c.seat, at=_at(c.where), to=_at(c.to))
        case "lay" | "turn":
            way_ = way(c.to, lang)
            return text(f"ch.zw.{c.kind}", lang, at=_at(c.where), way=way_, n=c.count)
        case "take_back":
            return text("ch.zw.take_back", lang, at=_at(c.where), n=c.count)
        case "count":
            return text("ch.zw.count", lang, n=c.count)
        case "clear" | "restore":
            return text(f"ch.zw.{c.kind}", lang)
    return ""  # pragma: no cover - Zweimal's table changes in no other way
