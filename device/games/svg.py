"""The web page's drawings of a game's table (each game's `web.py`), in plain SVG: one
element for each place of the engine's table (`Game.table`) that the drawing shows, marked
`data-place` (the table's key, e.g. `road 1,2`) and `data-value` (`encode` of what lies there),
so a reader, a test or a referee can check the drawing against the engine field by field.
Each `web.py` is a `Drawing` (device/games/contract.py): `board(state, lang, shown)`, the
table with what the last action changed outlined (`Shown.last`, the table's diff, `outline`),
`scored(state, lang)`, what scored so far in the box's words (the roads, rows, groups or the
end's verdict), shown before the scores, and `legend(lang)`, what each mark means.
The places a drawing does not show (hands, piles, points) the page lists beside it."""

from __future__ import annotations

import json
from dataclasses import dataclass
from html import escape

from device.games.contract import GameState, GameView

CELL = 40  # a field's side in the drawing's units (the page scales the whole drawing)


@dataclass(frozen=True)
class Shown:
    """What the page knows beside the state: the places of the table the last action changed
    (`last`: the engine's table before and after it, compared), the state before it, and
    what the box's screen adds to the table while the game is on it (`view`: the drawing's
    own `from_view` of the saved view, e.g. Zweimal's dealt layout; None: nothing)."""

    last: frozenset[str] = frozenset()
    before: GameState = None
    view: GameView = None

    def fields(self, *kinds: str) -> set[tuple[int, int]]:
        """The fields (`kind r,c` places of these kinds) the last action changed."""
        out = set()
        for place in self.last:
            kind, _, at = place.partition(" ")
            r, _, c = at.partition(",")
            if kind in kinds and r.lstrip("-").isdigit() and c.lstrip("-").isdigit():
                out.add((int(r), int(c)))
        return out


def outline(x: float, y: float, width: float, height: float) -> str:
    """The last action's mark around a part of the drawing: drawn last, over all else (the
    page's style: a dashed magenta frame on a white one, seen on any tile and unlike any
    game's own marks)."""
    box = f'x="{x + 2}" y="{y + 2}" width="{width - 4}" height="{height - 4}"'
    return f'<rect class="last-under" {box}/><rect class="last" {box}/>'


def swatch(body: str, label: str, width: int = CELL, height: int = CELL) -> tuple[str, str]:
    """One line of a legend: a mark drawn as on the board (in a field's units: a field, or a
    card `width` x `height`), 28 pixels high, and its words."""
    wide = round(28 * (width + 4) / (height + 4))
    return (
        f'<svg class="swatch" viewBox="-2 -2 {width + 4} {height + 4}" width="{wide}"'
        f' height="28" aria-hidden="true" xmlns="http://www.w3.org/2000/svg">{body}</svg>',
        label,
    )


def encode(value: object) -> str:
    """A table value as the page carries it: JSON, tuples as lists, keys sorted."""
    return json.dumps(value, separators=(",", ":"), sort_keys=True, default=str)


def mark(place: str, value: object) -> str:
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
