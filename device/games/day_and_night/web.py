"""Day and Night on the web page: the 6x8 board, each field's tile (Day light, Night dark, a
fixed Day tile with a dot, a temple's tiles framed in red), its mystify markers and crystal,
both pawns, marked with the engine's table places (device/games/svg.py); the fields the last
action changed outlined."""

from __future__ import annotations

from device.games.contract import GameState, grid_field as field
from device.games.day_and_night.texts import text
from device.games.day_and_night.words import seat_name, verdict_lines
from device.games.svg import CELL, Shown, axes, mark, outline, svg, swatch, title
from device.jsontypes import JsonObject
from engine.day_and_night.areas import COLS, ROWS
from engine.day_and_night.state import SIDES, tile_at

FILL = {".": "#eeeeee", "d": "#f6d365", "f": "#f6d365", "D": "#f39c12", "n": "#34495e"}
FILL["N"] = "#1b2631"
PAWN = {"day": "#ffffff", "night": "#000000"}


def board(state: GameState, lang: str, shown: Shown) -> str:
    body = axes(ROWS, COLS, 1, 1)  # as the screens name fields
    markers = dict(state.mystify)
    temples = []
    for r in range(ROWS):
        for c in range(COLS):
            x, y = c * CELL, r * CELL
            tile = tile_at(state.board, (r, c))
            body.append(_tile(x, y, tile, mark(f"tile {r},{c}", tile)) + title(field((r, c))))
            if tile in "DN":
                temples.append(_temple(x, y))
            n = markers.get((r, c), 0)
            body.append(
                f'<text class="count" x="{x + 4}" y="{y + 16}" {mark(f"markers {r},{c}", n)}>'
                f"{n or ''}</text>"
            )
            crystal = (r, c) in state.crystals
            body.append(_crystal(x, y, crystal, mark(f"crystal {r},{c}", crystal)) + "</g>")
    body += temples  # over the tiles: a frame no neighbour covers
    for side in SIDES:
        r, c = state.pawn(side)
        body.append(
            _pawn(
                c * CELL, r * CELL, side, mark(f"pawn {side}", [r, c]), title(seat_name(side, lang))
            )
        )
    moved = {tuple(state.pawn(side)) for side in SIDES if f"pawn {side}" in shown.last}
    for r, c in sorted(shown.fields("tile", "markers", "crystal") | moved):
        body.append(outline(c * CELL, r * CELL, CELL, CELL))
    return svg(COLS * CELL, ROWS * CELL, body, "Day and Night 6x8")


def _tile(x: float, y: float, tile: str, marked: str = "") -> str:
    out = (
        f'<g><rect class="square" x="{x}" y="{y}" width="{CELL}" height="{CELL}"'
        f' fill="{FILL.get(tile, "#bbbbbb")}" {marked}/>'
    )
    if tile == "f":
        out += f'<circle cx="{x + 20}" cy="{y + 20}" r="5" fill="#7d6608"/>'
    return out


def _temple(x: float, y: float) -> str:
    return f'<rect class="temple" x="{x + 3}" y="{y + 3}" width="{CELL - 6}" height="{CELL - 6}"/>'


def _crystal(x: float, y: float, crystal: bool, marked: str = "") -> str:
    return (
        f'<polygon class="crystal" points="{x + 29},{y + 2} {x + 38},{y + 11} {x + 29},{y + 20}'
        f' {x + 20},{y + 11}" fill="{"#5dade2" if crystal else "none"}" {marked}/>'
    )


def _pawn(x: float, y: float, side: str, marked: str = "", named: str = "") -> str:
    return (
        f'<circle class="pawn" cx="{x + 20}" cy="{y + 26}" r="9" fill="{PAWN[side]}"'
        f' stroke="#c0392b" stroke-width="3" {marked}>{named}</circle>'
    )


def from_view(view: JsonObject) -> None:
    """The box's screen adds nothing the board draws."""
    return None


def legend(lang: str) -> list[tuple[str, str]]:
    """What the board's marks mean."""
    tiles = [(t, text(f"dan.web_tile_{t}", lang)) for t in "dnf"]
    out = [swatch(_tile(0, 0, t) + "</g>", words) for t, words in tiles]
    out += [
        swatch(_tile(0, 0, "D") + "</g>" + _temple(0, 0), text("dan.web_temple", lang)),
        swatch(
            _tile(0, 0, "d") + '<text class="count" x="4" y="16">2</text></g>',
            text("dan.web_markers", lang),
        ),
        swatch(_tile(0, 0, "n") + _crystal(0, 0, True) + "</g>", text("dan.web_crystal", lang)),
    ]
    out += [
        swatch(
            _tile(0, 0, ".") + _pawn(0, 0, side) + "</g>",
            text("dan.web_pawn", lang, seat=seat_name(side, lang)),
        )
        for side in SIDES
    ]
    return out


def scored(state: GameState, lang: str) -> list[str]:
    """At the end: the outcome, the temples and why, in the box's words."""
    return verdict_lines(state, lang) if state.over else []
