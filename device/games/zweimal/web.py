"""Zweimal on the web page: the grid, each field's road card (a line across or down), the
cards laid on it this round (a small number in its corner) and its figure (A filled, B a
ring), marked with the engine's table places (device/games/svg.py). Rows and columns are
numbered from 1, as the box's screens name fields."""

from __future__ import annotations

from typing import Any

from device.games.svg import CELL, axes, mark, svg, title
from device.games.zweimal.words import field, seat_name
from device.ui.catalog import text
from engine.zweimal import score_roads

COLOURS = {"A": "#c0392b", "B": "#2c3e91"}


def board(state: Any, lang: str) -> str:
    n = state.options.size
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
                f'<text class="axis" x="{x + CELL - 3}" y="{y + 12}" text-anchor="end"'
                f" {mark(f'cards {r},{c}', laid)}>{laid or ''}</text>"
            )
            half = CELL / 2
            line: tuple[float, ...] = (x + 4, y + half, x + CELL - 4, y + half)
            if road != "-":
                line = (x + half, y + 4, x + half, y + CELL - 4)
            body.append(
                f'<line class="road" x1="{line[0]}" y1="{line[1]}" x2="{line[2]}" y2="{line[3]}"'
                f" {mark(f'road {r},{c}', road)}/>"
            )
            colour = COLOURS.get(figure, "none")
            fill = colour if figure == "A" else "white" if figure == "B" else "none"
            body.append(
                f'<circle cx="{x + CELL / 2}" cy="{y + CELL / 2}" r="{CELL / 4}" fill="{fill}"'
                f' stroke="{colour}" stroke-width="4" {mark(f"figure {r},{c}", figure)}/></g>'
            )
    return svg(n * CELL, n * CELL, body, f"Zweimal {n}x{n}")


def scored(state: Any, lang: str) -> list[str]:
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
                    first=f"{fields[0][0]},{fields[0][1]}",
                    last=f"{fields[-1][0]},{fields[-1][1]}",
                    n=len(fields),
                    seat=seat_name(scored_road.winner, lang),
                    figures=scored_road.figures[scored_road.winner],
                    points=scored_road.points,
                )
            )
    return lines
