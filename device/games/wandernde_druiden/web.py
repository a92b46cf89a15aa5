"""Wandernde Druiden on the web page: for each player their MP, then their power places (used
ones grey) and their creatures (with their strength), each row named, as cards in rows of
three, marked with the engine's table places (device/games/svg.py). A card's name is drawn
whole: a long one is narrowed to fit its card. The cards (and the MP) the last action changed
are outlined."""

from __future__ import annotations

from html import escape

from device.games.contract import GameState
from device.games.svg import Shown, mark, outline, svg, swatch
from device.games.wandernde_druiden.texts import text
from device.games.wandernde_druiden.words import seat_name, verdict_lines
from device.jsontypes import JsonObject
from engine.table import multiset
from engine.wandernde_druiden.state import PLAYERS

WIDTH, CARD_W, CARD_H, GAP, PER_ROW = 360, 116, 44, 6, 3
NAME_W = CARD_W - 10  # the room for a name on a card
CHAR_W = 7.6  # a character of the card's font (13 units), on average, and a little over


def board(state: GameState, lang: str, shown: Shown) -> str:
    cards = state.options.cards
    body: list[str] = []
    marks: list[str] = []  # the last action's, drawn over the cards
    y = 0
    for p in PLAYERS:
        side = state.side(p)
        before = shown.before.side(p) if shown.before is not None else side
        mp = mark(f"mp {p}", side.mp)
        seat = escape(seat_name(p, lang))
        body.append(f'<text class="seat" x="0" y="{y + 15}" {mp}>{seat}: MP {side.mp}</text>')
        if f"mp {p}" in shown.last:
            marks.append(outline(-4, y - 2, 150, 24))
        y += 22
        rows = (
            ("places", multiset((x.card, x.used) for x in side.places), side.places, before.places),
            (
                "creatures",
                multiset(c.card for c in side.creatures),
                side.creatures,
                before.creatures,
            ),
        )
        for kind, value, items, was in rows:
            label = text(f"wd.web_{kind}", lang, seat=seat_name(p, lang), n=len(items))
            body.append(f'<text class="row" x="0" y="{y + 13}">{escape(label)}</text>')
            changed = f"{kind} {p}" in shown.last
            if changed and all(i < len(was) and was[i] == item for i, item in enumerate(items)):
                marks.append(outline(-4, y - 2, WIDTH - 16, 20))  # cards gone: the row's line
            y += 19
            group = [f"<g {mark(f'{kind} {p}', value)}>"]
            for i, item in enumerate(items):
                card = cards.card(item.card)
                name = card.name if card is not None else item.card
                extra = f"{card.strength}" if kind == "creatures" and card else ""
                used = kind == "places" and bool(getattr(item, "used", False))
                x = (i % PER_ROW) * (CARD_W + GAP)
                dy = y + (i // PER_ROW) * (CARD_H + GAP)
                group.append(_card(x, dy, name, extra, used))
                if changed and (i >= len(was) or was[i] != item):
                    marks.append(outline(x - 2, dy - 2, CARD_W + 4, CARD_H + 4))
            group.append("</g>")
            body += group
            y += (len(items) + PER_ROW - 1) // PER_ROW * (CARD_H + GAP) or 4  # (none: a line)
        y += 10
    return svg(WIDTH, y, body + marks, "Wandernde Druiden")


def _card(x: float, y: float, name: str, extra: str, used: bool) -> str:
    """A card: its name whole (narrowed where it is longer than its card), its strength."""
    fit = (
        f' textLength="{NAME_W}" lengthAdjust="spacingAndGlyphs"'
        if len(name) * CHAR_W > NAME_W
        else ""
    )
    return (
        f'<rect x="{x}" y="{y}" width="{CARD_W}" height="{CARD_H}" rx="4"'
        f' class="card{" used" if used else ""}"/>'
        f'<text class="card" x="{x + 5}" y="{y + 18}"{fit}>{escape(name)}</text>'
        f'<text class="card" x="{x + 5}" y="{y + 36}">{escape(extra)}</text>'
    )


def from_view(view: JsonObject) -> None:
    """The box's screen adds nothing the board draws."""
    return None


def legend(lang: str) -> list[tuple[str, str]]:
    """What the cards' marks mean."""
    name = text("wd.web_card_name", lang)
    return [
        swatch(_card(0, 0, name, "", False), text("wd.web_place", lang), CARD_W, CARD_H),
        swatch(_card(0, 0, name, "", True), text("wd.web_used", lang), CARD_W, CARD_H),
        swatch(_card(0, 0, name, "3", False), text("wd.web_creature", lang), CARD_W, CARD_H),
    ]


def scored(state: GameState, lang: str) -> list[str]:
    """At the end: who won, why the other lost (MP or hand), the MP, in the box's words."""
    return verdict_lines(state, lang) if state.over else []
