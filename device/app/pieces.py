"""What the players do with the pieces: every change the box makes on the table, takes back
or asks for, said as lines a player carries out (the engine's `changes` between two states,
each said by the game's `say`). The box's move, an undo with everything it took along."""

from __future__ import annotations

from collections.abc import Sequence

from device.app.session import Session
from device.app.state import engine_of, screens_of
from device.games.contract import GameAction, GameState, Layout, Told
from device.ui import fit, fonts
from device.ui.catalog import text

SPACING = 9  # the rows of the status font the changes are said in


def names(session: Session, lang: str) -> dict[str, str]:
    """Each seat as the players say it in this game: the game's seat names, the box's own
    seat in solo play "Box"."""
    screens = screens_of(session)
    out = {seat: screens.seat_name(seat, lang) for seat in engine_of(session).players}
    if session.box_seat:
        out[session.box_seat] = text("solo.box", lang)
    return out


def lines(
    session: Session,
    before: GameState,
    after: GameState,
    actions: Sequence[GameAction],
    lang: str,
    forward: bool = True,
    held: tuple[tuple[str, ...], tuple[str, ...]] = ((), ()),
) -> list[str]:
    """The lines that take the table from `before` to `after`, one a change (a change of many
    cards: a line for each two); none where nothing on the table moves. `actions`: the
    actions between them, in the order they were played (from `before` to `after`;
    `forward` False: from `after` to `before`, an undo); `held`: in solo play, the box's
    hand card by card in `before` and in `after`."""
    engine, screens = engine_of(session), screens_of(session)
    seats = names(session, lang)
    told = Told(before, after, tuple(actions), seats, lang, forward, session.box_seat, held)
    found = [screens.say(told, change) for change in engine.changes(before, after)]
    return [line for said in found for line in said.split("\n") if line]  # (many cards)


def began(
    session: Session, before: GameState, after: GameState, action: GameAction, lang: str
) -> list[str]:
    """What happened by itself as the turn in `after` began (the game's `turn_began`: an
    upkeep), `action` having taken `before` to `after`."""
    told = Told(before, after, (action,), names(session, lang), lang, True, session.box_seat)
    return screens_of(session).turn_began(told)


MAIN = (2, 11, 126, 54)  # the main area under the status line, where a game has no panel


def said_area(layout: Layout) -> tuple[int, int, int, int]:
    """Where the changes on the table are written (inside the game's `said` box, else the main
    area under the status line)."""
    if layout.said is None:
        return MAIN
    x0, y0, x1, y1 = layout.said
    return x0 + 2, y0, x1, y1


def paged(
    title: str, lines: Sequence[str], lang: str, layout: Layout
) -> tuple[tuple[str, ...], ...]:
    """Lines in pages of the game's `said` box: each page a title (the catalog's `title`,
    with the page `i` of `n`) and as many whole lines as fit under it."""
    font = fonts.load().status
    x0, _, x1, _ = area = said_area(layout)
    rows = fit.block_rows(area, font, SPACING)
    pages: list[list[str]] = []
    used = rows
    for line in lines:
        need = max(1, len(fit.wrap(line, font, x1 - x0 + 1)))
        if not pages or used + need > rows:
            pages.append([])
            used = 1  # the title
        pages[-1].append(line)
        used += need
    n = len(pages)
    return tuple((text(title, lang, i=i + 1, n=n), *page) for i, page in enumerate(pages))
