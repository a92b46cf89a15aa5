"""Zweimal on the web page: the grid, each field's road card (a line across or down), the
cards laid on it this round (a small number in its corner) and its figure (A filled, B a
ring), marked with the engine's table places (device/games/svg.py); the fields the last
action changed outlined. In set-up, while the box shows its dealt layout, the grid is drawn
as dealt (the players lay it so; the engine's roads, not set as yet, are kept hidden). Rows
and columns are numbered from 1, as the box's screens name fields."""

from __future__ import annotations

from device.games.contract import GameState, grid_field as field
from device.games.svg import CELL, Shown, axes, mark, outline, svg, swatch, title
from device.games.zweimal.texts import text
from device.games.zweimal.words import seat_name
from device.jsontypes import JsonObject
from engine.zweimal import score_roads

COLOURS = {"A": "#c0392b", "B": "#2c3e91"}


def board(state: GameState, lang: str, shown: Shown) -> str:
    n = state.options.size
    dealt = _dealt(state, shown)
    body = axes(n, n, 1, 1)
    for r in range(n):
        for c in range(n):
            x, y = c * CELL, r * CELL
            road, figure = state.position.road_at((r, c)), state.position.figure_at((r, c))
            body.append(
                f'<g><rect class="field" x="{x}" y="{y}" width="{CELL}" height="{CELL}"/>'
                + title(field((r, c)))
            )
            laid = state.cards_on((r, c))
            body.append(
                f'<text class="laid" x="{x + CELL - 3}" y="{y + 14}" text-anchor="end"'
                f" {mark(f'cards {r},{c}', laid)}>{laid or ''}</text>"
            )
            if dealt:
                body.append(_road(x, y, dealt[r][c], "road"))
            body.append(_road(x, y, road, "road unset" if dealt else "road", f"road {r},{c}"))
            body.append(_figure(x, y, figure, mark(f"figure {r},{c}", figure)) + "</g>")
    for r, c in sorted(shown.fields("road", "figure", "cards")):
        body.append(outline(c * CELL, r * CELL, CELL, CELL))
    return svg(n * CELL, n * CELL, body, f"Zweimal {n}x{n}")


def from_view(view: JsonObject) -> tuple[str, ...] | None:
    """The box's dealt layout, while it offers one (its view's `proposal`), else None."""
    rows = view.get("proposal") or ()
    if view.get("setup", "deal") != "deal" or not isinstance(rows, list) or not rows:
        return None
    if not all(isinstance(row, str) and len(row) == len(rows) for row in rows):
        return None
    return tuple(rows) if all(set(row) <= {"-", "|"} for row in rows) else None


def _dealt(state: GameState, shown: Shown) -> tuple[str, ...]:
    """The layout the box dealt, while the players lay it out (set-up; else none)."""
    rows = shown.view
    if state.phase != "setup" or not isinstance(rows, tuple) or len(rows) != state.options.size:
        return ()
    return rows


def _road(x: float, y: float, road: str, kind: str, place: str = "") -> str:
    half = CELL / 2
    line: tuple[float, ...] = (x + 4, y + half, x + CELL - 4, y + half)
    if road != "-":
        line = (x + half, y + 4, x + half, y + CELL - 4)
    marked = f" {mark(place, road)}" if place else ""
    return (
        f'<line class="{kind}" x1="{line[0]}" y1="{line[1]}" x2="{line[2]}" y2="{line[3]}"'
        f"{marked}/>"
    )


def _figure(x: float, y: float, figure: str, marked: str = "") -> str:
    colour = COLOURS.get(figure, "none")
    fill = colour if figure == "A" else "white" if figure == "B" else "none"
    return (
        f'<circle cx="{x + CELL / 2}" cy="{y + CELL / 2}" r="{CELL / 4}" fill="{fill}"'
        f' stroke="{colour}" stroke-width="4" {marked}/>'
    )


def legend(lang: str) -> list[tuple[str, str]]:
    """What the grid's marks mean."""
    return [
        swatch(_figure(0, 0, seat), text("zweimal.web_figure", lang, seat=seat_name(seat, lang)))
        for seat in ("A", "B")
    ] + [
        swatch(_road(0, 0, "-", "road") + _road(0, 0, "|", "road"), text("zweimal.web_card", lang)),
        swatch(
            f'<rect class="field" width="{CELL}" height="{CELL}"/>'
            '<text class="laid" x="37" y="14" text-anchor="end">2</text>',
            text("zweimal.web_laid", lang),
        ),
    ]


def scored(state: GameState, lang: str) -> list[str]:
    """What scored, round by round: each road whose majority scored, its fields, who holds
    it and the points (the box's scoring board shows the same roads, a page each)."""
    lines = []
    for r, position in enumerate(state.round_positions, start=1):
        for scored_road in score_roads(position):
            if not scored_road.winner:
                continue
            fields = scored_road.road.fields
            lines.append(
                text(
                    "zweimal.web_road",
                    lang,
                    round=r,
                    first=field(fields[0]),
                    last=field(fields[-1]),
                    n=len(fields),
                    seat=seat_name(scored_road.winner, lang),
                    figures=scored_road.figures[scored_road.winner],
                    points=scored_road.points,
                )
            )
    return lines
