"""Wandernde Druiden on the web page: each player's power places (used or free) and
creatures (with their strength) as cards in a row, marked with the engine's table places
(device/games/svg.py)."""

from __future__ import annotations

from html import escape
from typing import Any

from device.games.svg import mark, svg
from device.games.wandernde_druiden.words import verdict_lines
from engine.table import multiset
from engine.wandernde_druiden.state import PLAYERS

WIDTH, CARD_W, CARD_H = 360, 56, 40


def board(state: Any, lang: str) -> str:
    cards = state.options.cards
    body: list[str] = []
    y = 0
    for p in PLAYERS:
        side = state.side(p)
        mp = mark(f"mp {p}", side.mp)
        body.append(f'<text class="seat" x="0" y="{y + 14}" {mp}>{escape(p)}: MP {side.mp}</text>')
        rows = (
            ("places", multiset((x.card, x.used) for x in side.places), side.places),
            ("creatures", multiset(c.card for c in side.creatures), side.creatures),
        )
        for kind, value, items in rows:
            y += 22
            group = [f"<g {mark(f'{kind} {p}', value)}>"]
            for i, item in enumerate(items):
                card = cards.card(item.card)
                name = card.name if card is not None else item.card
                extra = f" {card.strength}" if kind == "creatures" and card else ""
                used = kind == "places" and bool(getattr(item, "used", False))
                x = (i % 6) * (CARD_W + 4)
                dy = (i // 6) * (CARD_H + 4)
                group.append(
                    f'<rect x="{x}" y="{y + dy}" width="{CARD_W}" height="{CARD_H}" rx="4"'
                    f' class="card{" used" if used else ""}"/>'
                    f'<text class="card" x="{x + 4}" y="{y + dy + 16}">{escape(name[:8])}</text>'
                    f'<text class="card" x="{x + 4}" y="{y + dy + 32}">{escape(extra)}</text>'
                )
            group.append("</g>")
            body += group
            y += max(1, (len(items) + 5) // 6) * (CARD_H + 4)
        y += 12
    return svg(WIDTH, y, body, "Wandernde Druiden")


def scored(state: Any, lang: str) -> list[str]:
    """At the end: who won, why the other lost (MP or hand), the MP, in the box's words."""
    return verdict_lines(state, lang) if state.over else []
