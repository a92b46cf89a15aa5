"""Zweimal's screens drawn: the hint line and the main area (the drawing half of the screens
contract; screen.py is the rest, words.py what they say)."""

from __future__ import annotations

from dataclasses import replace

from device.games.zweimal.texts import text
from device.games.zweimal.view import (
    View,
    cell_size,
    last_page,
    panel_x,
    scoring_roads,
)
from device.ui import fit
from device.ui.canvas import Canvas
from device.ui.fonts import Fonts
from engine.core import Coord
from engine.zweimal.game import (
    FLIP,
    State,
    can_move,
    winner,
)
from engine.zweimal.position import Position


def hint(state: State, view: View, lang: str) -> str:
    if view.review is not None:
        if view.review[1] >= last_page(state, view.review[0]):
            final = state.phase == "over" and view.review[0] == len(state.round_scores) - 1
            return text("hint.over" if final else "hint.message", lang)  # the result: once
        return text("hint.review", lang)
    if state.phase == "setup":
        return text("hint.deal" if view.setup == "deal" else "hint.setup_done", lang)
    if state.phase == "over":
        return text("hint.over", lang)
    if state.phase == "road":
        return text("hint.lay", lang) + text("hint.back_undo", lang)
    if view.selected is not None:  # on the figure's own field `ok` puts it down again
        own = view.cursor == view.selected
        return text("hint.move_cancel" if own else "hint.move_target", lang)
    mine = state.position.figure_at(view.cursor) == state.turn  # `ok` picks it up (game 2)
    if state.options.variant == 2 and mine and can_move(state, state.turn):
        return text("hint.place_or_move", lang) + text("hint.back_undo", lang)
    return text("hint.place", lang) + text("hint.back_undo", lang)  # a field: placed at once


def round_summary(state: State, lang: str, upto: int | None = None) -> list[str]:
    """The score lines: each round so far (up to `upto`), the total, and at the end the
    winner."""
    lines = []
    scores = state.round_scores if upto is None else state.round_scores[: upto + 1]
    for i, s in enumerate(scores, start=1):
        lines.append(f"{text('zweimal.round_total', lang, round=i)}: A {s['A']} - B {s['B']}")
    over = state.phase == "over" and len(scores) == len(state.round_scores)
    if scores:  # the running total
        t = {p: sum(s[p] for s in scores) for p in ("A", "B")}
        lines.append(f"{text('zweimal.total', lang)}: A {t['A']} - B {t['B']}")
    if over:
        w = winner(state)
        lines.append(
            text("zweimal.draw", lang)
            if w == "draw"
            else text("zweimal.winner", lang, player=text(f"player.{w}", lang))
        )
    return lines


def _figure(draw: Canvas, who: str, box: tuple[int, int, int, int], ink: int) -> None:
    """A's figure is filled, B's hollow (with a dot): told apart on any background."""
    if who == "A":
        draw.rectangle(box, fill=ink)
    elif who == "B":
        draw.rectangle(box, fill=1 - ink, outline=ink)
        x0, y0, x1, y1 = box
        draw.rectangle((x0 + 1, y0 + 1, x1 - 1, y1 - 1), outline=ink)
        mid_x, mid_y = (x0 + x1) // 2, (y0 + y1) // 2
        draw.point((mid_x, mid_y), fill=ink)


def _grid(
    draw: Canvas,
    position: Position,
    state: State,
    view: View,
    marked: frozenset[Coord] = frozenset(),
) -> None:
    n, cell = state.options.size, cell_size(state)
    x0 = y0 = 1
    pad = 2
    for r in range(n):
        for c in range(n):
            x, y = x0 + c * cell, y0 + r * cell
            ink = 1
            mid = cell // 2
            # a scoring road drawn thick (inverted, an A figure read as a hollow B one)
            for w in (-1, 0, 1) if (r, c) in marked else (0,):
                if position.roads[r][c] == "-":
                    draw.line((x, y + mid + w, x + cell - 1, y + mid + w), fill=ink)
                else:
                    draw.line((x + mid + w, y, x + mid + w, y + cell - 1), fill=ink)
            who = position.figures[r][c]
            _figure(draw, who, (x + pad, y + pad, x + cell - 1 - pad, y + cell - 1 - pad), ink)
            if view.selected == (r, c):  # picked up: a frame around the cell
                draw.rectangle((x, y, x + cell - 1, y + cell - 1), outline=ink)
            if view.review is None and (r, c) == view.cursor and state.phase != "over":
                _brackets(draw, x, y, cell, ink)
    draw.rectangle((x0 - 1, y0 - 1, x0 + n * cell, y0 + n * cell), outline=1)


def _brackets(draw: Canvas, x: int, y: int, cell: int, ink: int) -> None:
    """The cursor: thick corners around the cell, clear of the figure inside."""
    e = cell - 1
    arm = 4
    for cx, cy, dx, dy in ((0, 0, 1, 1), (e, 0, -1, 1), (0, e, 1, -1), (e, e, -1, -1)):
        for t in (0, 1):
            draw.line((x + cx + dx * t, y + cy, x + cx + dx * t, y + cy + dy * arm), fill=ink)
            draw.line((x + cx, y + cy + dy * t, x + cx + dx * arm, y + cy + dy * t), fill=ink)


def _panel(draw: Canvas, state: State, lines: list[tuple[str, bool]], fonts: Fonts) -> None:
    px = panel_x(state)
    y = 0
    for line, band in lines:
        if band:
            draw.rectangle((px - 2, y, 127, y + 8), fill=1)
        fit.line(draw, (px, y), line, fonts.status, fill=0 if band else 1, bottom=55)
        y += 9 if line else 4


def draw_main(draw: Canvas, state: State, view: View, lang: str, fonts: Fonts) -> None:
    """The board on the left at full height, the status on the right."""
    if view.review is not None:
        _draw_review(draw, state, view, lang, fonts)
        return
    if state.phase == "over":
        for i, line in enumerate(round_summary(state, lang)):
            fit.line(draw, (2, 11 + i * 10), line, fonts.body, bottom=55)
        return
    game = text("zweimal.game", lang, variant=state.options.variant)
    head = [(game, False), (text("zweimal.round", lang, round=state.round), False)]
    if state.phase == "setup":
        position = state.position
        if view.setup == "deal":
            position = replace(position, roads=view.proposal or position.roads)
            body = [
                (text("status.setup", lang), True),
                (text("zweimal.deal1", lang), False),
                (text("zweimal.deal2", lang), False),
                (text("zweimal.deal3", lang), False),
            ]
            _grid(draw, position, state, replace(view, cursor=(-1, -1)))
        else:
            body = [
                (text("status.setup", lang), True),
                (text("zweimal.setup_help", lang), False),
                (text("zweimal.setup_help2", lang), False),
            ]
            _grid(draw, position, state, view)
        _panel(draw, state, head + body, fonts)
        return
    step = "zweimal.step_road" if state.phase == "road" else "zweimal.step_figure"
    if view.selected is not None:  # a figure picked up: it moves
        step = "zweimal.step_move"
    body = [
        (text("status.turn", lang, player=state.turn), True),
        (text(step, lang), False),
        (
            text("zweimal.figures", lang, a=state.figures_left("A"), b=state.figures_left("B")),
            False,
        ),
    ]
    if state.options.variant == 2:
        body.append((text("zweimal.supply", lang, n=state.supply), False))
    if state.round_scores:
        t = state.totals
        body.append((f"{text('zweimal.total', lang)} {t['A']}:{t['B']}", False))
    if len(body) > 4:  # game 2's round 2: game and round share a line, the total fits above
        round_ = text("zweimal.game_round", lang, variant=state.options.variant, round=state.round)
        head = [(round_, False)]
    _grid(draw, _previewed(state, view), state, view)
    _panel(draw, state, body + head, fonts)  # whose turn on top: the box's words go below


def _previewed(state: State, view: View) -> Position:
    """The position with the proposed step drawn done (`view.preview`): the turn's figure on
    the field (moved there from the picked-up one), or its road turned by the card laid."""
    at = view.preview
    if at is None:
        return state.position
    position = state.position
    if state.phase == "road":
        r, c = at
        row = position.roads[r]
        roads = (
            *position.roads[:r],
            row[:c] + FLIP[row[c]] + row[c + 1 :],
            *position.roads[r + 1 :],
        )
        return Position(roads, position.figures)
    figures = [list(row) for row in position.figures]
    if view.selected is not None:
        figures[view.selected[0]][view.selected[1]] = "."
    figures[at[0]][at[1]] = state.turn
    return Position(position.roads, tuple("".join(row) for row in figures))


def _draw_review(draw: Canvas, state: State, view: View, lang: str, fonts: Fonts) -> None:
    assert view.review is not None  # the scoring board is on show
    r, page = view.review
    roads = scoring_roads(state, r)
    if page >= last_page(state, r):  # the score: this round, the total so far, the winner
        # the round it scores as the title (the state's own round is the next one already)
        fit.line(draw, (1, 0), text("zweimal.scoring", lang, round=r + 1), fonts.status)
        draw.line((0, 9, 127, 9), fill=1)
        for i, line in enumerate(round_summary(state, lang, upto=r)):
            fit.line(draw, (2, 11 + i * 10), line, fonts.body, bottom=55)
        return
    position = state.round_positions[r]
    marked: frozenset[Coord] = frozenset()
    lines = [(text("zweimal.scoring", lang, round=r + 1), True)]
    if roads:
        rs = roads[page]
        winner = rs.winner or ""  # the roads that scored: each has its winner
        marked = frozenset(rs.road.fields)
        lines += [
            (text("zweimal.road_n", lang, i=page + 1, n=len(roads)), False),
            (f"{winner}: {rs.road.length}x{rs.figures[winner]}={rs.points}", False),
            (text("zweimal.browse", lang), False),
        ]
    else:
        lines.append((text("zweimal.no_road", lang), False))
    _grid(draw, position, state, replace(view, selected=None), marked)
    _panel(draw, state, lines, fonts)
