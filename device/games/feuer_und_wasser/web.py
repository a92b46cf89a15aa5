"""Feuer und Wasser on the web page: the landscape, each square's colour (fire red, water
blue), marked with the engine's table places (device/games/svg.py); the squares the last
action changed outlined."""

from __future__ import annotations

from device.games.contract import GameState
from device.games.feuer_und_wasser.texts import text
from device.games.feuer_und_wasser.words import round_explained
from device.games.svg import CELL, Shown, axes, mark, outline, svg, swatch, title
from device.jsontypes import JsonObject

FILL = {"R": "#e74c3c", "B": "#3498db"}


def board(state: GameState, lang: str, shown: Shown) -> str:
    fields = state.landscape.fields
    rows = [r for r, _ in fields] or [0]
    cols = [c for _, c in fields] or [0]
    r0, c0 = min(rows), min(cols)
    height, width = max(rows) - r0 + 1, max(cols) - c0 + 1
    body = axes(height, width, r0, c0)
    for (r, c), colour in sorted(fields.items()):
        x, y = (c - c0) * CELL, (r - r0) * CELL
        body.append(
            f'<rect class="square" x="{x}" y="{y}" width="{CELL}" height="{CELL}"'
            f' fill="{FILL.get(colour, "#95a5a6")}" {mark(f"square {r},{c}", colour)}>'
            f"{title(f'{r},{c}')}</rect>"
        )
    for r, c in sorted(shown.fields("square")):
        body.append(outline((c - c0) * CELL, (r - r0) * CELL, CELL, CELL))
    return svg(width * CELL, height * CELL, body, "Feuer und Wasser")


def from_view(view: JsonObject) -> None:
    """The box's screen adds nothing the board draws."""
    return None


def legend(lang: str) -> list[tuple[str, str]]:
    """What the landscape's colours mean."""
    return [
        swatch(
            f'<rect class="square" width="{CELL}" height="{CELL}" fill="{FILL[colour]}"/>',
            text(key, lang),
        )
        for colour, key in (("R", "fuw.fire"), ("B", "fuw.water"))
    ]


def scored(state: GameState, lang: str) -> list[str]:
    """Each round's score in the box's words: whose pile ran out, the cards left in the
    other's, or the tactician's rows and groups; then the round's score."""
    return [
        line for r in range(len(state.round_scores)) for line in round_explained(state, r, lang)
    ]
