"""Feuer und Wasser's screens drawn: the hint line and the main area (the drawing half of the
screens contract; screen.py is the rest, words.py what they say)."""

from __future__ import annotations

from collections.abc import Collection, Mapping

from device.games.contract import (
    side_panel,
)
from device.games.feuer_und_wasser import (
    words,
)
from device.games.feuer_und_wasser.texts import text
from device.games.feuer_und_wasser.view import (
    NAMES,
    PANEL,
    PREVIEW,
    WINDOW,
    View,
    choices,
)
from device.games.feuer_und_wasser.words import letter, pair
from device.ui import fit, fonts as font_files
from device.ui.canvas import Canvas, Font
from device.ui.fonts import Fonts
from engine.core import Coord
from engine.feuer_und_wasser.counting import score_placement
from engine.feuer_und_wasser.game import State, drawn_card, turned
from engine.feuer_und_wasser.landscape import DIVISOR


def hint(state: State, view: View, lang: str) -> str:
    if view.review is not None:
        return text("hint.fuw_review", lang)
    if state.over:
        return text("hint.over", lang)
    if state.drawn is None:
        return text("hint.fuw_draw", lang)
    return text("hint.fuw_lay", lang)  # the panel says whether the card lies on the tip


def on_tip(view: View) -> bool:
    """The card lies on the best place (the tip)."""
    return view.tip is not None and view.at is not None and (*view.at, view.turns) == view.tip


def compact(values: Mapping[str, int], lang: str) -> str:
    """Both players' numbers for the panel ("F16 W12")."""
    return " ".join(f"{letter(p, lang)}{values[p]}" for p in "RB")


def piles_as_laid(state: State) -> dict[str, int]:
    """Each draw pile as it lies on the table: the card in hand is off it already."""
    return {p: state.piles[p] - (p == state.turn and state.drawn is not None) for p in "RB"}


def summary_lines(state: State, lang: str, upto: int | None = None) -> list[str]:
    scores = state.round_scores if upto is None else state.round_scores[: upto + 1]
    lines = [
        f"{text('game.round', lang, round=i)}: {pair(s, lang)}"
        for i, s in enumerate(scores, start=1)
    ]
    if scores:
        t = {p: sum(s[p] for s in scores) for p in "RB"}
        lines.append(f"{text('game.total', lang)}: {pair(t, lang)}")
    if state.over and len(scores) == len(state.round_scores):
        t = {p: sum(s[p] for s in scores) for p in "RB"}
        if t["R"] == t["B"]:
            lines.append(text("game.draw", lang))
        else:
            who = "R" if t["R"] > t["B"] else "B"
            lines.append(text("game.winner", lang, player=text(NAMES[who], lang)))
    return lines


def _square(draw: Canvas, x: int, y: int, colour: str, ink: int, cell: int) -> None:
    """Fire (R) filled, Water (B) a ring: told apart on any background."""
    box = (x + 1, y + 1, x + cell - 2, y + cell - 2) if cell > 4 else (x, y, x + 2, y + 2)
    if colour == "R":
        draw.rectangle(box, fill=ink)
    else:
        draw.rectangle(box, outline=ink)


def _mark(draw: Canvas, x: int, y: int, cell: int) -> None:
    """A scored field: its four corners lit, so every field of a scored row stays apart and
    can be counted (a frame on each made the row one solid bar); a dot in the corner of the
    smallest cells."""
    if cell > 4:
        for dx in (0, cell - 1):
            for dy in (0, cell - 1):
                draw.point((x + dx, y + dy), fill=1)
    else:
        draw.point((x + 3, y + 3), fill=1)


def _fits(fields: Collection[Coord], cell: int, margin: int) -> bool:
    """The landscape's extent and `margin` squares more fit the window at `cell` pixels."""
    rows = [r for r, _ in fields]
    cols = [c for _, c in fields]
    height, width = max(rows) - min(rows) + margin, max(cols) - min(cols) + margin
    return height * cell <= WINDOW[0] and width * cell <= WINDOW[1]


def _cell(fields: Collection[Coord], margin: int = 5) -> int:
    """As large as the landscape (and `margin` squares around it: two on each side for the
    card) allows; 4 at the least (smaller squares would not tell Fire from Water)."""
    return next((cell for cell in (8, 6) if _fits(fields, cell, margin)), 4)


def fits_whole(fields: Collection[Coord], cell: int) -> bool:
    return _fits(fields, cell, 1)


def _landscape(
    draw: Canvas,
    fields: Mapping[Coord, str],
    centre: Coord,
    card: Mapping[Coord, str] | None = None,
    marked: frozenset[Coord] = frozenset(),
    cell: int | None = None,
) -> None:
    """The landscape window around `centre`; `card` (squares -> colour) drawn on top, framed."""
    cell = cell or _cell(fields)
    rows_shown, cols_shown = WINDOW[0] // cell, WINDOW[1] // cell
    top, left = centre[0] - rows_shown // 2, centre[1] - cols_shown // 2
    shown = {**fields, **(card or {})}
    for (r, c), colour in shown.items():
        y, x = (r - top) * cell, (c - left) * cell
        if not (0 <= r - top < rows_shown and 0 <= c - left < cols_shown):
            continue
        _square(draw, x, y, colour, 1, cell)
        if (r, c) in marked:  # scored: a frame around the square, never inverted (an
            _mark(draw, x, y, cell)  # inverted Fire square looked like a Water ring)
    if card:
        rows = [r for r, _ in card]
        cols = [c for _, c in card]
        y0, x0 = (min(rows) - top) * cell - 1, (min(cols) - left) * cell - 1
        y1, x1 = (max(rows) - top + 1) * cell, (max(cols) - left + 1) * cell
        draw.rectangle((max(0, x0), max(0, y0), min(x1, WINDOW[1]), min(y1, 55)), outline=1)
    draw.line((PANEL - 3, 0, PANEL - 3, 55), fill=1)


def _middle(fields: Collection[Coord]) -> Coord:
    rows = [r for r, _ in fields]
    cols = [c for _, c in fields]
    return ((min(rows) + max(rows) + 1) // 2, (min(cols) + max(cols) + 1) // 2)


def lay_centre(fields: Collection[Coord], card: Collection[Coord]) -> Coord:
    """The window while a card is laid: the draw step's (the landscape's middle) where the
    landscape and two squares around it fit, so moving the card redraws only where it was and
    where it goes; on a larger landscape a window that follows the card in steps of half its
    size, the whole card always inside."""
    cell = _cell(fields)
    if _fits(fields, cell, 5):
        return _middle(fields)
    centre = []
    for shown, first in (
        (WINDOW[0] // cell, min(r for r, _ in card)),
        (WINDOW[1] // cell, min(c for _, c in card)),
    ):
        half = shown // 2
        top = (first // half) * half - half // 2  # the card's 3 squares lie inside
        centre.append(top + shown // 2)
    return (centre[0], centre[1])


def final_window(fields: Collection[Coord], scored: Collection[Coord]) -> tuple[int, Coord]:
    """A finished round's landscape: the largest squares that show the whole of it, centred;
    a landscape too large for the window even at the smallest squares is centred on what
    scored last (the part that scored), else on its middle."""
    for cell in (8, 6, 4):
        if fits_whole(fields, cell):
            return cell, _middle(fields)
    return 4, _middle(scored) if scored else _middle(fields)


def _panel(draw: Canvas, lines: list[tuple[str, bool]], fonts: Fonts) -> None:
    side_panel(draw, PANEL, lines, fonts)


def _last_lines(state: State, lang: str, ended: bool = False) -> list[str]:
    """The last placement in two lines: whose it was and its row or group ("F: Reihe 5"),
    then what it gave ("2 abwerfen", "+2 Punkte", "nichts"); none for a placement that
    scored nothing, nor before the round's first placement (`ended`: the round's end is
    shown, and its last placement with it)."""
    last = state.last
    if last is None or (last.length == 0 and last.cards == 0):
        return []
    if state.cards_laid <= 1 and not ended:  # round 2 has begun: round 1's row is done
        return []
    shape = text("fuw.row" if state.options.mode == "rows" else "fuw.group", lang)
    what = text("fuw.last", lang, player=letter(last.player, lang), shape=shape, n=last.length)
    key = "fuw.gave_points" if state.options.tactician else "fuw.gave_cards"
    gave = text(key, lang, n=last.cards) if last.cards else ""  # never "+0 points"
    return [what, gave or text("fuw.gives_nothing", lang)]


def round_explained(state: State, r: int, lang: str) -> list[str]:
    """What round `r`'s score is made of (words.py), each line fitting the screen."""
    return words.round_explained(
        state, r, lang, lambda line: fit.fits(line, font_files.load().body, 126)
    )


def _lines(draw: Canvas, lines: list[str], font: Font, step: int) -> None:
    for i, line in enumerate(lines):
        fit.line(draw, (2, 11 + i * step), line, font, bottom=55)


def _review(draw: Canvas, state: State, r: int, page: int, lang: str, fonts: Fonts) -> None:
    if page == 1 or r >= len(state.round_landscapes):
        _lines(draw, round_explained(state, r, lang), fonts.body, 11)
        return
    board = state.round_landscapes[r].fields
    scored = state.last.fields if state.last and r == len(state.round_scores) - 1 else ()
    cell, centre = final_window(board, scored)
    _landscape(draw, board, centre, marked=frozenset(scored), cell=cell)
    lines = [
        (text("game.round", lang, round=r + 1), True),
        (text("fuw.round_over", lang), False),
    ]
    if scored:
        lines += [(line, False) for line in _last_lines(state, lang, ended=True)]
    _panel(draw, lines, fonts)


def _tip(state: State, view: View, lang: str) -> list[tuple[str, bool]]:
    """The tip in two panel lines: what the best place gives (the discards as many as the pile
    still holds), then what the place the card lies on gives (or that it lies on the tip)."""
    unit = "points" if state.options.tactician else "cards"
    n = view.best if view.tip is not None else 0
    cap = piles_as_laid(state)[state.turn]  # the discards: as many as the pile holds
    tip = text(f"fuw.tip_{unit}", lang, n=n if state.options.tactician else min(n, cap))
    if on_tip(view):
        here = text("fuw.on_tip", lang)
    else:
        gives = here_gives(state, view)
        here = text(
            f"fuw.here_{unit}", lang, n=gives if state.options.tactician else min(gives, cap)
        )
    return [(tip if n > 0 else text("fuw.no_tip", lang), False), (here, False)]


def here_gives(state: State, view: View) -> int:
    """What laying the card where it lies gives (cards, or the tactician's points)."""
    if view.at is None:
        return 0
    laid = turned(drawn_card(state), view.turns).fields(view.at)
    length, _ = score_placement(state.landscape.fields, laid, state.turn, state.options.mode)
    return length // DIVISOR[state.options.mode]


def draw_main(draw: Canvas, state: State, view: View, lang: str, fonts: Fonts) -> None:
    if view.review is not None:
        _review(draw, state, *view.review, lang, fonts)
        return
    if state.over:
        _lines(draw, summary_lines(state, lang), fonts.body, 10)
        return
    head = [  # whose turn first, in both steps: a step redraws only what changes
        (text("fuw.turn_short", lang, player=text(NAMES[state.turn], lang)), True),
        (text("game.round", lang, round=state.round), False),
    ]
    if state.options.tactician:  # the points written down matter more than the round's number
        head[1] = (text("fuw.points", lang, points=compact(state.points, lang)), False)
    piles = (text("fuw.piles", lang, piles=compact(piles_as_laid(state), lang)), False)
    fields = state.landscape.fields
    if state.drawn is None:
        cards = choices(state)
        chosen = cards[view.pick % len(cards)] if cards else "-"
        started = state.cards_laid > 1  # round 2's start card: round 1's row is not on it
        marked = frozenset(state.last.fields) if state.last and started else frozenset()
        _landscape(draw, fields, _middle(fields), marked=marked)
        last = _last_lines(state, lang) or ["", ""]
        lines = [*head, *((line, False) for line in last), piles, (f"<{chosen}>", False)]
        _panel(draw, lines, fonts)
        if cards:  # the chosen card as it is drawn, to check it is the one in the hand; below
            preview = dict(state.options.deck(state.turn))[chosen]  # the points, beside its name
            for (r, c), colour in preview.fields((0, 0)).items():
                _square(draw, 128 - 3 * PREVIEW + c * PREVIEW, 43 + r * PREVIEW, colour, 1, PREVIEW)
        return
    card = turned(drawn_card(state), view.turns)
    laid_card = card.fields(view.at or (0, 0))
    if view.shown:  # the box's card, or a hint: large, around the card, to tell its fields apart
        _landscape(draw, fields, _middle(laid_card), card=laid_card, cell=8)
    else:
        _landscape(draw, fields, lay_centre(fields, laid_card), card=laid_card)
    lines = [head[0], (text("fuw.card", lang, card=state.drawn), False)]
    lines += _tip(state, view, lang)
    lines.append((text("fuw.move_turn", lang), False))
    lines.append(head[1] if state.options.tactician else piles)
    _panel(draw, lines, fonts)
