"""Day and Night's screens drawn: the hint line and the main area (the drawing half of the screens
contract; screen.py is the rest, words.py what they say)."""

from __future__ import annotations

from functools import lru_cache

from device.games.contract import (
    grid_field as field,
    side_panel,
)
from device.games.day_and_night.glyphs import cell_pixels
from device.games.day_and_night.names import spell_name
from device.games.day_and_night.texts import text
from device.games.day_and_night.view import (
    CELL,
    LEFT,
    LIST_ROWS,
    NAMES,
    PANEL,
    TOP,
    View,
    offered,
    spells,
    temple_chosen,
)
from device.games.day_and_night.words import why
from device.ui import fit
from device.ui.canvas import Canvas
from device.ui.fonts import Fonts
from engine.core import Coord
from engine.day_and_night.adjudication import Board
from engine.day_and_night.areas import COLS, ROWS
from engine.day_and_night.spells import Spell
from engine.day_and_night.state import HAND, SIDES, State, adjacent, tile_at


def _side(state: State) -> str:
    return state.pending.side if state.pending else state.turn


def hint(state: State, view: View, lang: str) -> str:
    if state.over:
        return text("hint.over", lang)
    if view.mode == "spells":
        return text("hint.dan_spells" if offered(state) else "hint.dan_no_spells", lang)
    if view.mode == "targets":
        return text("hint.dan_target", lang)
    if view.mode == "temple":
        return text("hint.dan_temple_more" if len(view.targets) > 1 else "hint.dan_temple", lang)
    if view.cursor == state.pawn(state.turn):
        return text("hint.dan_pawn", lang)
    if adjacent(view.cursor, state.pawn(state.turn)):
        return text("hint.dan_step", lang)
    return text("hint.dan_board", lang)


def effect_words(spell: Spell, lang: str) -> str:
    """A spell's effects in words ("Feld nah, 1 Karte"): the list's line under its rows."""
    words = []
    for e in spell.effects:
        key = f"dan.fx_{e.kind}" + ("_near" if e.kind == "place" and e.adjacent else "")
        words.append(text(key, lang, n=e.count))
    return ", ".join(words)


def board_pixels(state: State, view: View) -> set[tuple[int, int]]:
    """The board's lit pixels (x, y): each field's glyph (device/games/day_and_night/
    glyphs.py) and the cursor, a frame just outside its field that turns over every pixel it
    crosses, so it shows on any field around it (on a temple's lit edge as a dark line) and
    whole at the board's edges (the board stands a pixel in from the screen's edge)."""
    chosen = view.targets if view.mode != "temple" else tuple(temple_chosen(state, view))
    lit = set(_fields_lit(state.board, state.mystify, state.crystals, state.pawns, chosen))
    if not state.over:
        lit ^= cursor_frame(view.cursor)
    return lit


@lru_cache(maxsize=64)
def _fields_lit(
    board: Board,
    mystify: tuple[tuple[Coord, int], ...],
    crystals: frozenset[Coord],
    pawns: tuple[Coord, Coord],
    chosen: tuple[Coord, ...],
) -> frozenset[tuple[int, int]]:
    """Every field's glyph in place: kept for the board as it is (a cursor move, a list
    page or a question redraws the same fields)."""
    markers = dict(mystify)
    lit: set[tuple[int, int]] = set()
    for r in range(ROWS):
        for c in range(COLS):
            at = (r, c)
            on = [side for side, p in zip(SIDES, pawns, strict=True) if p == at]
            glyph = cell_pixels(
                tile_at(board, at), markers.get(at, 0), at in crystals, on, at in chosen
            )
            lit |= _placed(glyph, LEFT + c * CELL, TOP + r * CELL)
    return frozenset(lit)


@lru_cache(maxsize=1024)
def _placed(glyph: frozenset[tuple[int, int]], x: int, y: int) -> frozenset[tuple[int, int]]:
    """A field's glyph at its place on the screen (x, y): kept, as the same glyphs stand on
    the same fields frame after frame."""
    return frozenset((x + dc, y + dr) for dr, dc in glyph)


def cursor_frame(at: tuple[int, int]) -> set[tuple[int, int]]:
    """The pixels of the cursor's frame around a field (x, y)."""
    r, c = at
    x0, y0 = LEFT + c * CELL - 1, TOP + r * CELL - 1
    x1, y1 = x0 + CELL + 1, y0 + CELL + 1
    return {(x, y) for x in range(x0, x1 + 1) for y in (y0, y1)} | {
        (x, y) for x in (x0, x1) for y in range(y0, y1 + 1)
    }


def _board(draw: Canvas, state: State, view: View) -> None:
    draw.point(list(board_pixels(state, view)), fill=1)  # one call for every lit pixel


def _panel(draw: Canvas, lines: list[tuple[str, bool]], fonts: Fonts) -> None:
    side_panel(draw, PANEL, lines, fonts)


def _spell_rows(draw: Canvas, state: State, view: View, lang: str, fonts: Fonts) -> None:
    """The spells that can be cast now, a page of four: the name and the cost apart; under
    them, what the one under the pointer does, in words."""
    font = fonts.status
    listed = offered(state)
    if not listed:
        fit.block(draw, (2, 12, 127, 54), text("dan.no_spells", lang), font, spacing=9)
        return
    at = listed.index(view.spell) if view.spell in listed else 0
    first = at // LIST_ROWS * LIST_ROWS
    for row, i in enumerate(listed[first : first + LIST_ROWS]):
        spell = spells(state)[i]
        y = 11 + row * 9
        if first + row == at:
            draw.polygon([(0, y + 1), (3, y + 4), (0, y + 7)], fill=1)
        fit.line(draw, (5, y), spell_name(spell, lang), font, width=62)
        cost = text("dan.list_cost", lang, n=spell.cost)
        width = int(font.getlength(cost))
        fit.line(draw, (120 - width, y), cost, font, width=width)
    if first > 0:  # more above: a cue in the first row
        draw.polygon([(123, 16), (125, 13), (127, 16)], fill=1)
    if first + LIST_ROWS < len(listed):  # more below: in the last
        draw.polygon([(123, 40), (125, 43), (127, 40)], fill=1)
    chosen = spells(state)[listed[at]]
    draw.line((0, 46, 127, 46), fill=1)  # the rows end at 45, the body at 54
    fit.line(draw, (2, 47), effect_words(chosen, lang), font, width=125)


def _context(state: State, view: View, lang: str) -> list[str]:
    """The panel's lines under AP, hand and temples: what happened or what to do."""
    if view.built:
        return [text("dan.temple_built", lang, side=text(NAMES[view.built_side], lang))]
    if view.mode == "targets":
        spell = spells(state)[view.spell % len(spells(state))]
        target = text("dan.target", lang, i=len(view.targets) + 1, n=spell.targets)
        return [spell_name(spell, lang), target]
    if view.mode == "temple":
        side = text(NAMES[_side(state)], lang)
        out = " ".join(field(at) for at in view.targets)
        return [text("dan.temple_for", lang, side=side), text("dan.temple_out", lang, at=out)]
    lines = []
    upkeep = state.upkeep
    if view.drawn:  # the cards the last step (or spell) drew: to take now
        lines.append(text("dan.draw_cards", lang, n=view.drawn))
    elif view.upkeep and (upkeep.fixed or upkeep.markers):  # said as done on the board,
        if upkeep.markers:  # until the turn's first action
            lines.append(text("dan.upkeep_markers", lang, n=len(upkeep.markers)))
        if upkeep.fixed:
            lines.append(text("dan.upkeep_fixed", lang, n=len(upkeep.fixed)))
    elif view.upkeep and upkeep.crystals:
        lines.append(text("dan.upkeep_night", lang, n=len(upkeep.crystals)))
    extra = max(0, state.hands[state.turn] - HAND)
    if extra:
        lines.append(text("dan.discard", lang, n=extra))
    markers = dict(state.mystify).get(view.cursor, 0)
    if markers:  # the exact count under the cursor (the field shows up to 4)
        lines.append(text("dan.markers", lang, n=markers))
    if state.options.deck_rules == "free":
        lines.append(text("deck_rules.panel", lang))
    return lines


def draw_main(draw: Canvas, state: State, view: View, lang: str, fonts: Fonts) -> None:
    if view.mode == "spells" and not state.over:
        _spell_rows(draw, state, view, lang, fonts)
        return
    side = _side(state)
    temples = text(
        "dan.temples_short", lang, day=state.board.day_temples, night=state.board.night_temples
    )
    if state.over:  # the final board stays, with the verdict and why
        key = {"draw": "dan.end_draw", "day": "dan.end_day", "night": "dan.end_night"}
        lines = [(text(key.get(state.outcome or "draw", "dan.end_draw"), lang), True)]
        lines.append((temples, False))
        width = 128 - PANEL
        lines += [(row, False) for row in fit.wrap(why(state, lang), fonts.status, width)]
    else:
        lines = [
            (text("dan.turn_ap", lang, side=text(NAMES[state.turn], lang), ap=state.ap), True),
            (text("dan.hand", lang, hand=state.hands[side], deck=state.decks[side]), False),
            (temples, False),
        ]
        lines += [(line, bool(view.built)) for line in _context(state, view, lang)[:3]]
    _board(draw, state, view)
    _panel(draw, lines, fonts)
