"""What the players change on Feuer und Wasser's table, in words (the screens contract's
`say`). A card is named by its id; where it goes is said against a card the players can see
on the table: the laid card (or the start card) it covers most, and how far its top-left
corner lies from that card's ("B03 90° re. auf R05: 1 runter, 2 rechts"), turned from how
it is printed (a quarter turn to the right, half a turn, a quarter to the left)."""

from __future__ import annotations

from device.games.contract import Told
from device.games.feuer_und_wasser.texts import text
from engine.core import Coord
from engine.feuer_und_wasser.game import State, card_of, turned
from engine.table import Change


def reference(state: State, squares: tuple[Coord, ...], card: str) -> tuple[str, tuple[Coord, ...]]:
    """The card on the table that `squares` cover most (the latest laid of equals), with
    the squares it covers: what a place is said against."""
    best: tuple[int, int, str, tuple[Coord, ...]] | None = None
    for i, (_who, name, at) in enumerate(state.cards):
        if name == card and at == squares:
            continue
        key = (len(set(at) & set(squares)), i, name, at)
        if best is None or key[:2] > best[:2]:
            best = key
    if best is None:  # pragma: no cover - the start card is always there
        return "", ()
    return best[2], best[3]


def shift(squares: tuple[Coord, ...], under: tuple[Coord, ...], lang: str) -> str:
    """How far the top-left corner of `squares` lies from that of `under`."""
    dr = min(r for r, _ in squares) - min(r for r, _ in under)
    dc = min(c for _, c in squares) - min(c for _, c in under)
    words = []
    if dr:
        words.append(text("ch.fuw.down" if dr > 0 else "ch.fuw.up", lang, n=abs(dr)))
    if dc:
        words.append(text("ch.fuw.right" if dc > 0 else "ch.fuw.left", lang, n=abs(dc)))
    return ", ".join(words) or text("ch.fuw.flush", lang)


def quarter_turns(state: State, seat: str, card: str, squares: tuple[Coord, ...]) -> int:
    """How the card lies: the quarter turns (clockwise, from how it is printed) that give
    the colours it shows on those squares (its fields are on top). `state` holds it on its
    landscape (a round it ended is kept as the round's last landscape)."""
    printed = card_of(state, seat, card)
    if printed is None:
        return 0
    landscape = state.landscape.fields
    if any(at not in landscape for at in squares) and state.round_landscapes:
        landscape = state.round_landscapes[-1].fields  # the round it ended
    shown = {at: landscape.get(at) for at in squares}
    top = (min(r for r, _ in squares), min(c for _, c in squares))
    for turns in range(4):
        if turned(printed, turns).fields(top) == shown:
            return turns
    return 0


def turn_words(turns: int, lang: str) -> str:
    return text(f"ch.fuw.turned_{turns}", lang)


def place_words(
    before: State, after: State, seat: str, card: str, squares: tuple[Coord, ...], lang: str
) -> str:
    """Where a card goes and how it is turned, against a card on the table in `before`."""
    ref, under = reference(before, squares, card)
    name = text("ch.fuw.start_card", lang) if ref == "start" else ref
    turns = quarter_turns(after, seat, card, squares)
    key = "ch.fuw.lay_on_turned" if turns else "ch.fuw.lay_on"  # unturned: as it is printed
    return text(
        key,
        lang,
        card=card,
        turn=turn_words(turns, lang),
        ref=name,
        shift=shift(squares, under, lang),
    )


def say(told: Told, change: Change) -> str:
    lang, c = told.lang, change
    seat = told.name(c.seat)
    match c.kind:
        case "lay":
            return place_words(told.before, told.after, c.seat or "", c.what, c.where, lang)
        case "take_back":
            return text(f"ch.fuw.back_{c.to}", lang, card=c.what, seat=seat)
        case "draw":
            return text("ch.fuw.drawn", lang, card=c.what, seat=seat)
        case "to_pile":
            return text("ch.fuw.back_pile", lang, card=c.what, seat=seat)
        case "discard" | "from_discard":
            return text(f"ch.fuw.{c.kind}", lang, seat=seat, n=c.count)
        case "points":
            return text("ch.fuw.points_now", lang, seat=seat, n=c.count)
        case "count":  # a pile as it was at a round's end (taken back)
            return text("ch.fuw.pile_then", lang, seat=seat, n=c.count, gone=c.to)
        case "clear" | "restore":
            return text(f"ch.fuw.{c.kind}", lang)
    return ""  # pragma: no cover - Feuer und Wasser's table changes in no other way
