"""The web page's drawings of a game's table (each game's `web.py`), in plain SVG: one
element for each place of the engine's table (`Game.table`) that the drawing shows, marked
`data-place` (the table's key, e.g. `road 1,2`) and `data-value` (`encode` of what lies there),
so a reader, a test or a referee can check the drawing against the engine field by field.
Each `web.py` also has `scored(state, lang)`: what scored so far, in the box's words (the
roads, rows, groups or the end's verdict), shown before the scores.
The places a drawing does not show (hands, piles, points) the page lists beside it."""

from __future__ import annotations

import json
from html import escape
from typing import Any

CELL = 40  # a field's side in the drawing's units (the page scales the whole drawing)


def encode(value: Any) -> str:
    """A table value as the page carries it: JSON, tuples as lists, keys sorted."""
    return json.dumps(value, separators=(",", ":"), sort_keys=True, default=str)


def mark(place: str, value: Any) -> str:
    """The attributes that tie an element to its place on the table."""
    return f'data-place="{escape(place)}" data-value="{escape(encode(value))}"'


def svg(width: float, height: float, body: list[str], label: str) -> str:
    return (
        f'<svg class="board" viewBox="-20 -20 {width + 24} {height + 24}" role="img"'
        f' aria-label="{escape(label)}" xmlns="http://www.w3.org/2000/svg">'
        + "".join(body)
        + "</svg>"
    )


def axes(rows: int, cols: int, first_row: int = 0, first_col: int = 0) -> list[str]:
    """The rows' and columns' numbers at the edges, as the game's screens name fields."""
    out = []
    for r in range(rows):
        y = r * CELL + CELL / 2 + 4
        out.append(
            f'<text class="axis" x="-10" y="{y}" text-anchor="middle">{first_row + r}</text>'
        )
    for c in range(cols):
        x = c * CELL + CELL / 2
        out.append(f'<text class="axis" x="{x}" y="-6" text-anchor="middle">{first_col + c}</text>')
    return out


def title(text: str) -> str:
    return f"<title>{escape(text)}</title>"
