"""A game's table as its page shows it (the part of the page that updates, `live.html`): the
board its package draws (`web.py`), the places of the table the drawing does not show, each
in the page's words with its value, whose turn it is, the scores and their chart, the
record."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from device import games
from device.games.svg import CELL, Shown, encode, outline, swatch
from device.ui.catalog import TEXTS, text
from device.web.feed import GamePage
from device.web.plot import score_chart

if TYPE_CHECKING:
    from device.games.contract import Words
    from engine.contract import AnyGame
    from engine.table import Table

PLACE = re.compile(r'data-place="([^"]*)"')


def label(place: str, lang: str, seats: set[str], words: Words) -> str:
    """A place of the table in the page's words: `hand A` -> "Hand Spieler A" (the kind of
    place in the catalog, a seat by the game's name for it, a field as it is)."""
    kind, _, rest = place.partition(" ")
    key = f"web.place.{kind}"
    word = text(key, lang) if key in TEXTS else kind
    where = words.seat_name(rest, lang) if rest in seats else rest
    return f"{word} {where}".strip()


def shown(value: object) -> str:
    """A table value as a reader takes it in at a glance (the exact one is in `data-value`):
    a count or a word as it is, nothing as a dash, a list of cards by their first part (a
    card and where it lies: the card), a card counted more than once with its count."""
    if value in ("", None, (), []):
        return "–"
    if isinstance(value, (tuple, list)):
        parts = []
        for item in value:
            if isinstance(item, (tuple, list)) and len(item) == 2 and isinstance(item[1], int):
                head = item[0][0] if isinstance(item[0], (tuple, list)) else item[0]
                parts.append(f"{head} ×{item[1]}" if item[1] > 1 else str(head))
            elif isinstance(item, (tuple, list)) and item:
                parts.append(str(item[0]))
            else:
                parts.append(str(item))
        return ", ".join(parts)
    return str(value)


def _changed(engine: AnyGame, before: object, table: Table) -> frozenset[str]:
    """The places of the table the last action changed (none before the first)."""
    if before is None:
        return frozenset()
    was = engine.table(before)
    return frozenset(place for place, value in table.items() if was.get(place) != value)


def live_values(found: GamePage, lang: str) -> dict[str, object]:
    """What the part of a game's page that updates shows."""
    entry = games.GAMES[found.listed.game]
    engine, words = entry.game, entry.words
    state = found.state
    table = engine.table(state)
    _, back = found.replayed
    before = back.before[-1] if back.actions else None
    web = entry.web
    drawing = Shown(_changed(engine, before, table), before, found.view)
    board = web.board(state, lang, drawing) if web is not None else ""
    legend = [*web.legend(lang)] if web is not None else []
    legend.append(swatch(outline(0, 0, CELL, CELL), text("web.legend.last", lang)))
    drawn = set(PLACE.findall(board))
    seats = set(engine.players)
    facts = [
        (place, label(place, lang, seats, words), shown(value), encode(value))
        for place, value in table.items()
        if place not in drawn
    ]
    mover = engine.to_move(state)
    result = found.result
    return {
        "g": found.listed,
        "board": board,
        "facts": facts,
        "status": words.status(state, lang),
        "mover": words.seat_name(mover, lang) if mover else "",
        "over": result.over,
        "winner": words.seat_name(result.winner, lang) if result.winner else "",
        "totals": [(words.seat_name(s, lang), v[-1] if v else 0) for s, v in found.totals],
        "rounds": found.rounds,
        "seats": list(engine.players),
        "seat": lambda s: words.seat_name(s, lang),
        "steps": found.steps,
        "chart": score_chart(
            tuple((words.seat_name(s, lang), v) for s, v in found.totals),
            text("web.plot", lang),
        ),
        "scored": web.scored(state, lang) if web is not None else [],
        "legend": legend,
        "last": next((s.words or s.notation for s in reversed(found.steps) if not s.undone), ""),
        "problem": found.problem,
        "revision": found.listed.actions,
    }
