"""Draw the box's state into the 128x64 one-bit canvas: a status line (game, round, whose
turn), the main area, and a hint line (what `ok` and `back` do now). The same state always
gives the same pixels: no clock, no animation."""

from __future__ import annotations

import re
from functools import lru_cache

from PIL import Image, ImageDraw

from device import games
from device.app import pieces
from device.app.menu import answer_label, menu_items, menu_label, menu_question, questions
from device.app.solo import seat as solo
from device.app.state import (
    TOP,
    BoxState,
    Teach,
    game_view,
    message_page,
    notice_text,
    screens_of,
    texts_of,
)
from device.app.teach import ROWS, check_report, game_of, page_of, teach_games
from device.app.turns import end_undone, undone_what
from device.cards.names import printed_name
from device.games.contract import ABANDON, DEFAULT_LAYOUT, UNDO, Layout
from device.ui import fit, fonts as font_files
from device.ui.canvas import Canvas, Font
from device.ui.catalog import shorter, text
from device.ui.fonts import Fonts

WIDTH, HEIGHT = 128, 64
MENU_ROWS = 4
CUE_W = 8  # the scroll cue's column at a list's right edge


def render(box: BoxState) -> Image.Image:
    image = Image.new("1", (WIDTH, HEIGHT), 0)
    draw = ImageDraw.Draw(image)
    fonts = font_files.load()
    shown = solo.shown(box)  # solo play's and a hint's part of the frame, handed as it is
    status, hint = _lines(box, shown)
    layout = _layout(box, shown)
    if layout.status:
        room = WIDTH - 1 - (8 if not box.reader_ok else 0)  # the reader's mark, top right
        fit.line(draw, (1, 0), status, fonts.status, width=room)
        draw.line((0, 9, WIDTH - 1, 9), fill=1)
    if box.mode == "menu":
        _menu(draw, box, fonts)
    elif box.mode == "teach":
        _teach(draw, box, fonts)
    elif box.mode == "check":
        _check(draw, box, fonts)
    elif box.mode == "message" or (box.mode == "confirm" and not _over_game(box)):
        lines = message_page(box.message)[0] if box.mode == "message" else (_confirm_text(box),)
        _message(draw, lines, fonts)
    elif box.session is not None and shown.telling:
        _deal(draw, box, shown, fonts)
    elif box.session is not None:
        page = _said_page(box, shown)
        panel = layout.said if page is not None and _on_panel(box, layout) else None
        if page is None or panel is not None:  # the game; what to do said over its panel
            screens = screens_of(box.session)
            main = fit.Guard(draw, main_area(layout)) if fit.is_strict() else draw
            screens.draw_main(main, box.session.state, game_view(box), box.lang, fonts)
        if page is not None:  # (a game without a panel: over the whole main area)
            _said(draw, panel, page, fonts)
        elif shown.box_draws:  # the table draws the box's card: said over the top row
            draw.rectangle((0, 0, WIDTH - 1, 8), fill=1)
            fit.line(draw, (1, 0), text("solo.box_draws", box.lang), fonts.status, fill=0)
    if layout.hint_y is not None:
        if layout.separators:
            draw.line((0, layout.hint_y - 2, WIDTH - 1, layout.hint_y - 2), fill=1)
        _hint(draw, layout.hint_y, hint, fonts.small)
    band = _confirm_text(box) if _over_game(box) else _band(box, shown)
    if band:  # a refusal, a notice, or a question asked over the game
        x0, y0, x1, y1 = layout.notice
        draw.rectangle((x0, y0, x1, y1), fill=1)
        shorter = _shorter(box, band)
        area = (x0 + 2, y0 + 2, x1 - 1, y1)
        fit.block(draw, area, band, fonts.status, fill=0, spacing=9, shorter=shorter)
    if not box.reader_ok:  # a standing mark while the card reader is missing
        draw.rectangle((WIDTH - 7, 0, WIDTH - 1, 8), fill=1)
        fit.line(draw, (WIDTH - 5, 0), "!", fonts.status, fill=0)
    return image


def _band(box: BoxState, shown: solo.Shown) -> str:
    """The notice band: a refusal or notice; "Box denkt ..." while the box searches (its
    move, a hint), over any notice; a hint on show where no notice is."""
    if shown.thinking:
        return shown.thinking
    if shown.hint_text and not box.notice:
        return shown.hint_text
    return notice_text(box)


def _said_page(box: BoxState, shown: solo.Shown) -> tuple[str, ...] | None:
    """What to do with the pieces, the page on show over the game: an undo's changes, or the
    box's move (None: nothing to say now; a notice, a refusal first)."""
    if box.mode != "game" or box.session is None or box.notice:
        return None
    if box.undone:
        return box.undone[box.undone_page % len(box.undone)]
    return shown.move_page


def _on_panel(box: BoxState, layout: Layout) -> bool:
    """Said over the game's panel (the board in sight): the box's move, an undo's changes
    where the game asks for it (`Layout.undo_said`)."""
    return layout.said is not None and (not box.undone or layout.undo_said)


def _said(
    draw: Canvas, area: tuple[int, int, int, int] | None, page: tuple[str, ...], fonts: Fonts
) -> None:
    """A page of what to do with the pieces: over the game's `said` box (inverted, as the
    notice band), else plain over the main area; a line a change, each on its own rows."""
    box = pieces.said_area(Layout(said=area))
    fill = 1
    if area is not None:
        draw.rectangle(area, fill=1)
        fill = 0
    x0, y0, x1, y1 = box
    for line in page:
        rows = fit.block(
            draw, (x0, y0, x1, y1), line, fonts.status, fill=fill, spacing=pieces.SPACING
        )
        y0 += rows * pieces.SPACING


def _hint(draw: Canvas, y: int, hint: str, font: Font) -> None:
    """The hint line: what `ok` does from the left, what `back` does against the right edge
    (always in the same place: a step that changes only what `ok` does redraws only that)."""
    ok, sep, back = hint.partition(" back:")
    if not sep or not fit.fits(hint, font, WIDTH - 1):
        fit.line(draw, (1, y), hint, font)
        return
    back = "back:" + back
    width = int(font.getlength(back))
    fit.line(draw, (1, y), ok, font, width=WIDTH - 2 - width - int(font.getlength(" ")))
    fit.line(draw, (WIDTH - width, y), back, font, width=width)  # the glyphs' own gap: 1 px


def _message(draw: Canvas, lines: tuple[str, ...] | list[str], fonts: Fonts) -> None:
    """A message's lines, four rows of the body font; a line too long for a row goes on in
    the next (at a word), as long as rows are left."""
    rows = [row for line in lines for row in (fit.wrap(line, fonts.body, 126) or [""])]
    if len(rows) > 4:  # more than the screen holds: the last row ends in an ellipsis
        fit.block(draw, (2, 12, 127, 51), " ".join(lines), fonts.body, spacing=10)
        return
    for i, row in enumerate(rows):
        fit.line(draw, (2, 12 + i * 10), row, fonts.body)


def _shorter(box: BoxState, band: str) -> tuple[str, ...]:
    """The catalog's short forms of a text in the band (a narrow band beside a board takes
    them)."""
    if box.mode == "confirm" and box.confirm == UNDO:
        end = end_undone(box)
        if not end:
            return (text("menu.undo_question", box.lang),)
        key = _end_key(end)
        return (text(key, box.lang), text(f"{key}.short", box.lang))  # (without the action)
    return texts_of(box).shorter(band, box.lang)


def _end_key(end: str) -> str:
    """The question before an undo takes back a round's or the game's end (`end_undone`)."""
    return "menu.undo_end" if end == "game" else "menu.undo_round"


def main_area(layout: Layout) -> tuple[int, int, int, int]:
    """Where a game's own drawing may go (x0, y0, x1, y1): between the status line and the
    hint line that the renderer draws (the whole height where the game draws its own)."""
    top = 10 if layout.status else 0
    if layout.hint_y is None:
        return 0, top, WIDTH - 1, HEIGHT - 1
    return 0, top, WIDTH - 1, layout.hint_y - (3 if layout.separators else 1)


def _over_game(box: BoxState) -> bool:
    """Every yes/no question about a game (its own, "take back a step?", "abandon it?") is
    asked in the notice band over the game, which stays in sight."""
    return box.mode == "confirm" and box.session is not None


WEB_LAYOUT = Layout(status=False, hint_y=None)  # the QR code takes the screen's height


def _layout(box: BoxState, shown: solo.Shown) -> Layout:
    if box.mode == "menu" and box.menu[-1][0].kind == "web":
        return WEB_LAYOUT
    in_game = box.mode == "game" or _over_game(box)
    if not in_game or box.session is None or shown.telling:
        return DEFAULT_LAYOUT
    layout = screens_of(box.session).layout(box.session.state, game_view(box))
    if _said_page(box, shown) is not None and not _on_panel(box, layout):
        return DEFAULT_LAYOUT  # said over the main area, under the status line
    return layout


def _confirm_text(box: BoxState) -> str:
    if box.confirm == ABANDON:
        return text("menu.confirm_abandon", box.lang)
    if box.confirm == UNDO:
        end = end_undone(box)
        if end:  # which end, and what it takes back with it
            key = "undo.end_what" if end == "game" else "undo.round_what"
            what = undone_what(box)
            if what:
                return text(key, box.lang, what=what)
            return text(_end_key(end), box.lang)
        return text("menu.undo_question", box.lang)
    if box.session is None or box.confirm is None:  # pragma: no cover - no game, no question
        return ""
    return screens_of(box.session).confirm_text(box.confirm, box.lang)


def _lines(box: BoxState, shown: solo.Shown) -> tuple[str, str]:
    lang = box.lang
    session = box.session
    if box.mode == "menu":
        title = text("menu.title", lang)
        page = box.menu[-1][0]
        question = menu_question(box)
        if page.kind in ("game", "check"):
            title = text("menu.choose_game", lang)
        elif question is not None:  # a game's new-game page: the question under the pointer
            title = texts_of(box).text(question.title, lang)
        if page.kind == "setup":
            hint_key = "hint.setup"
        elif page != TOP:
            hint_key = "hint.menu"
        elif session is not None:
            hint_key = "hint.menu_top"
        else:
            hint_key = "hint.menu_only"  # back does nothing here
        return title, text(hint_key, lang)
    if box.mode == "teach":
        hint = _teach_hint(box.teach, box.menu[-1][0].kind == "game")
        return _teach_title(box), text(hint, lang)
    if box.mode == "check":
        name = games.GAMES[box.check.game].short if box.check.game in games.GAMES else ""
        key = "hint.check" if box.check.uids else "hint.check_empty"
        return text("check.title", lang, short=name), text(key, lang)
    if session is None:
        hint = "hint.message" if box.mode == "message" else "hint.menu"
        return text("menu.title", lang), text(hint, lang)
    screens = screens_of(session)
    status = screens.status(session.state, lang)
    if box.mode == "confirm":
        return status, text("hint.confirm", lang)
    if box.mode == "message":
        return status, text("hint.message", lang)
    if shown.telling:  # solo play: the cards drawn for the box, told
        if session.box_held.now:
            return status, text("hint.box_cards_back", lang)
        return status, text("hint.box_cards_undo" if session.actions else "hint.box_cards", lang)
    if box.undone:  # an undo's changes, a page: the next, or back to the board
        last = box.undone_page + 1 >= len(box.undone)
        return status, text("hint.lines_done" if last else "hint.lines_next", lang)
    if shown.hinting:  # a hint on show: ok plays it
        return status, text("hint.play_hint", lang)
    if shown.move_hint_key:  # solo play: the box's move, then the player's ok
        return status, text(shown.move_hint_key, lang)
    return status, screens.hint(session.state, game_view(box), lang)


def _menu(draw: Canvas, box: BoxState, fonts: Fonts) -> None:
    page, index = box.menu[-1]
    if page.kind == "setup":
        _setup(draw, box, fonts)
        return
    if page.kind == "web":
        _web(draw, box, fonts)
        return
    labels = [menu_label(box, page, item) for item in menu_items(box)]
    _pick_list(draw, labels, index, 11, MENU_ROWS, fonts)


def _web(draw: Canvas, box: BoxState, fonts: Fonts) -> None:
    """The web page's address: a QR code the screen's whole height at the left (in a light
    margin, as a QR code needs), beside it the title, the address a piece a line, and what
    `back` does."""
    matrix = qr_matrix(box.web_address)
    size = len(matrix)
    scale = max(1, min(2, HEIGHT // (size + 2)))
    side = (size + 2) * scale
    top = (HEIGHT - side) // 2
    draw.rectangle((0, top, side - 1, top + side - 1), fill=1)
    for r, row in enumerate(matrix):
        for c, dark in enumerate(row):
            if dark:
                x, y = (c + 1) * scale, top + (r + 1) * scale
                draw.rectangle((x, y, x + scale - 1, y + scale - 1), fill=0)
    x = side + 3
    room = WIDTH - x
    pieces = re.findall(r"[^/:.]+[/:.]*|[/:.]+", box.web_address.removeprefix("http://"))
    lines: list[str] = []
    for piece in pieces:
        if lines and fit.fits(lines[-1] + piece, fonts.small, room):
            lines[-1] += piece
        else:
            lines.append(piece)
    fit.line(draw, (x, 0), text("menu.web", box.lang), fonts.status, width=room)
    for i, line in enumerate(lines[:4]):
        fit.line(draw, (x, 12 + i * 9), line, fonts.small, width=room)
    fit.line(draw, (x, HEIGHT - 9), text("hint.web", box.lang), fonts.small, width=room)


@lru_cache(maxsize=4)
def qr_matrix(address: str) -> tuple[tuple[bool, ...], ...]:
    """The address as a QR code's modules (segno; error correction L, no quiet zone: the
    screen draws it in a light margin)."""
    import segno

    code = segno.make(address, error="l", boost_error=False)
    return tuple(tuple(bool(m) for m in row) for row in code.matrix)


def _setup(draw: Canvas, box: BoxState, fonts: Fonts) -> None:
    """A game's new game on one page: each question's short title and its answer, a line
    each (too long: the answer alone, or its words before a bracket or a colon); the line
    under the pointer has the arrows that change it at its right edge."""
    asked = questions(dict(box.choice))
    index = box.menu[-1][1] % len(asked)
    first = _first_shown(index, len(asked), MENU_ROWS)
    for row, question in enumerate(asked[first : first + MENU_ROWS]):
        y = 11 + row * 11
        answer = answer_label(box, question)
        short = re.split(r" \(|: ", answer)[0]
        title = texts_of(box).text(question.short or question.title, box.lang)
        forms = (f"{title}: {short}", answer, short)
        fit.line(
            draw,
            (7, y + 2),
            f"{title}: {answer}",
            fonts.status,
            width=WIDTH - 7 - CUE_W,
            shorter=forms,
        )
        if first + row == index:
            _pointer(draw, y)
            draw.polygon([(WIDTH - 7, y + 5), (WIDTH - 5, y + 3), (WIDTH - 5, y + 7)], fill=1)
            draw.polygon([(WIDTH - 3, y + 3), (WIDTH - 1, y + 5), (WIDTH - 3, y + 7)], fill=1)


def _pick_list(
    draw: Canvas, labels: list[str], index: int, top: int, rows: int, fonts: Fonts
) -> None:
    """A list scrolled so the chosen row shows; a pointer marks the chosen row (a pointer,
    not an inverted bar: a step down the list then changes a few columns, not whole pages
    of the display)."""
    index %= len(labels)
    first = _first_shown(index, len(labels), rows)
    scrolls = len(labels) > rows  # a cue at the right: more above, more below
    width = WIDTH - 7 - (CUE_W if scrolls else 0)
    for row, label in enumerate(labels[first : first + rows]):
        y = top + row * 11
        if first + row == index:
            _pointer(draw, y)
        fit.line(draw, (7, y + 1), label, fonts.body, width=width)
    if scrolls and first > 0:  # more above: a small triangle pointing up
        draw.polygon([(WIDTH - 7, top + 7), (WIDTH - 4, top + 4), (WIDTH - 1, top + 7)], fill=1)
    if scrolls and first + rows < len(labels):  # more below: pointing down
        y = top + (rows - 1) * 11
        draw.polygon([(WIDTH - 7, y + 3), (WIDTH - 4, y + 6), (WIDTH - 1, y + 3)], fill=1)


def _first_shown(index: int, count: int, rows: int) -> int:
    """The first row a list of `count` shows in `rows`, scrolled so `index` shows."""
    return max(0, min(index - rows + 1, count - rows))


def _pointer(draw: Canvas, y: int) -> None:
    """The pointer at a list's chosen row (whose top is `y`)."""
    draw.polygon([(0, y + 1), (4, y + 5), (0, y + 9)], fill=1)


def _deal(draw: Canvas, box: BoxState, shown: solo.Shown, fonts: Fonts) -> None:
    """Solo play: the card drawn for the box, told by a tap or picked from its deck's cards
    (how many are still to come, which one this is)."""
    session = box.session
    assert session is not None
    n = shown.telling + session.box_held.now
    title = text("deal.title", box.lang, i=session.box_held.now + 1, n=n)
    fit.line(draw, (2, 11), title, fonts.status, shorter=shorter(title, box.lang))
    if shown.deck_labels:
        _pick_list(draw, list(shown.deck_labels), shown.deal_at, 20, 3, fonts)


def _teach_title(box: BoxState) -> str:
    """Waiting for a tag; a tag tapped: new (its UID) or the card it was; offered in a game."""
    teach, lang = box.teach, box.lang
    if teach.in_game:
        return text("teach.offer", lang)
    if teach.known:
        return text("teach.was", lang, card=printed_name(teach.known, lang))
    if teach.uid:
        return text("teach.new", lang, uid=teach.uid)
    return text("teach.title", lang)


def _teach_hint(teach: Teach, games_list: bool) -> str:
    if teach.in_game:
        return "hint.teach_offer"
    if teach.uid and games_list:
        return "hint.teach_games"
    return "hint.teach_pick" if teach.uid else "hint.teach_wait"


def _teach(draw: Canvas, box: BoxState, fonts: Fonts) -> None:
    """A tag tapped: its game's page of cards, as printed on them; or the list of games."""
    if not box.teach.uid:
        fit.line(draw, (2, 20), text("teach.tap", box.lang), fonts.body)
        return
    names = box.card_names
    if not names:
        return
    if box.menu[-1][0].kind == "game":  # the list of games: game first, then the card
        labels = [games.GAMES[g].name if g in games.GAMES else g for g in teach_games(names)]
        _pick_list(draw, labels, box.menu[-1][1], 11, MENU_ROWS, fonts)
        return
    index = box.menu[-1][1] % len(names)
    page = page_of(names, index)
    game = games.GAMES.get(game_of(names[index]))
    name = (game.name, game.short) if game else (game_of(names[index]),)
    fit.line(draw, (7, 11), name[0], fonts.status, width=WIDTH - 7, shorter=name)
    labels = [printed_name(names[i], box.lang) for i in page]
    _pick_list(draw, labels, page.index(index), 20, ROWS, fonts)


def _check(draw: Canvas, box: BoxState, fonts: Fonts) -> None:
    """The deck check: how many cards so far, the last one, and the verdict as it stands."""
    lang = box.lang
    fit.line(draw, (2, 11), text("check.count", lang, n=len(box.check.uids)), fonts.body)
    if not box.check.uids:
        fit.line(draw, (2, 32), text("check.tap", lang), fonts.status)
        return
    report = check_report(box)
    last = report.last or text("check.unknown_tag", lang)
    fit.line(draw, (2, 22), text("check.last", lang, card=last), fonts.status)
    if len(report.lines) > 1:  # the first thing wrong (or the count of a legal deck)
        fit.line(draw, (2, 32), report.lines[1], fonts.status)


def render_stopped(lang: str) -> Image.Image:
    """The last frame when the box is stopped on purpose."""
    image = Image.new("1", (WIDTH, HEIGHT), 0)
    draw = ImageDraw.Draw(image)
    fit.line(draw, (34, 27), text("status.stopped", lang), font_files.load().body)
    return image
