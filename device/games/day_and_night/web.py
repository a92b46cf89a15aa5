"""Day and Night on the web page: the 6x8 board, each field's tile (Day light, Night dark, a
fixed Day tile with a dot, a temple framed), its mystify markers and crystal, both pawns,
marked with the engine's table places (device/games/svg.py)."""

from __future__ import annotations

from typing import Any

from device.games.day_and_night.words import field, verdict_lines
from device.games.svg import CELL, axes, mark, svg, title
from engine.day_and_night.areas import COLS, ROWS
from engine.day_and_night.state import SIDES, tile_at

FILL = {".": "#eeeeee", "d": "#f6d365", "f": "#f6d365", "D": "#f39c12", "n": "#34495e"}
FILL["N"] = "#1b2631"


def board(state: Any, lang: str) -> str:
    body = axes(ROWS, COLS, 1, 1)  # as the screens name fields
    markers = dict(state.mystify)
    for r in range(ROWS):
        for c in range(COLS):
            x, y = c * CELL, r * CELL
            tile = tile_at(state.board, (r, c))
            temple = ' stroke="#c0392b" stroke-width="4"' if tile in "DN" else ""
            body.append(
                f'<g><rect class="square" x="{x}" y="{y}" width="{CELL}" height="{CELL}"'
                f' fill="{FILL.get(tile, "#bbbbbb")}"{temple} {mark(f"tile {r},{c}", tile)}/>'
                + title(field((r, c)))
            )
            if tile == "f":
                body.append(f'<circle cx="{x + 20}" cy="{y + 20}" r="4" fill="#7d6608"/>')
            n = markers.get((r, c), 0)
            body.append(
                f'<text class="count" x="{x + 4}" y="{y + 14}" {mark(f"markers {r},{c}", n)}>'
                f"{n or ''}</text>"
            )
            crystal = (r, c) in state.crystals
            body.append(
                f'<polygon points="{x + 30},{y + 3} {x + 37},{y + 10} {x + 30},{y + 17}'
                f' {x + 23},{y + 10}" fill="{"#5dade2" if crystal else "none"}"'
                f" {mark(f'crystal {r},{c}', crystal)}/></g>"
            )
    for side in SIDES:
        r, c = state.pawn(side)
        colour = "#ffffff" if side == "day" else "#000000"
        body.append(
            f'<circle class="pawn" cx="{c * CELL + 20}" cy="{r * CELL + 24}" r="9"'
            f' fill="{colour}" stroke="#c0392b" stroke-width="3"'
            f" {mark(f'pawn {side}', [r, c])}>{title(side)}</circle>"
        )
    return svg(COLS * CELL, ROWS * CELL, body, "Day and Night 6x8")


def scored(state: Any, lang: str) -> list[str]:
    """At the end: the outcome, the temples and why, in the box's words."""
    return verdict_lines(state, lang) if state.over else []
