"""The parts of the pages that update by themselves: a game's table, the game on the box
(`/live`) and the list of the saved games, each with what it shows as an id (`tag`). A page
shows its part when it is served (device/web/pages.py); its event stream sends it again
when that id changes (device/web/events.py)."""

from __future__ import annotations

import time
from collections.abc import Callable

from starlette.exceptions import HTTPException
from starlette.requests import Request

from device import games
from device.ui.catalog import TEXTS, text
from device.web.feed import GamePage
from device.web.problems import said
from device.web.site import Site
from device.web.streams import tag
from device.web.table import live_values
from engine.core import TabletopError


def game_part(site: Site, request: Request, found: GamePage) -> str:
    """A game's part of its page: its table, as `live_values` has it."""
    return site.render(request, "live.html", **live_values(found, site.lang(request)))


def shown_game(site: Site, request: Request, game_id: int, ident: str) -> str:
    """A game's part of its page (or `/live`'s), or what says why it cannot be shown."""
    lang = site.lang(request)
    try:
        return game_part(site, request, site.load(request, game_id))
    except HTTPException as error:  # gone (404) or unreadable now (409, 503)
        gone = error.status_code == 404
        detail = text("web.gone", lang) if gone else str(error.detail)
        return site.absent(request, f"#{game_id}", detail, ident)


def revised(site: Site, game_id: int) -> str:
    """A game's revision as an id (what its part shows)."""
    try:
        return tag(site.feed.revision(game_id))
    except TabletopError as error:  # unreadable: the part says why
        return tag(("unreadable", str(error)))


def on_box(site: Site) -> tuple[int | None, str]:
    """The game on the box's screen and its revision, as an id (the saved games not
    readable at all: an id of that, and no game)."""
    try:
        game_id = site.feed.on_show()
        return game_id, tag((game_id, site.feed.revision(game_id) if game_id else None))
    except TabletopError as error:
        return None, tag(("unreadable", str(error)))


def followed(site: Site, request: Request, ident: str) -> str:
    """`/live`'s part: the game on the box, or a line saying there is none (or why the
    saved games cannot be read)."""
    lang = site.lang(request)
    try:
        game_id = site.feed.on_show()
    except TabletopError as error:
        detail = text("web.unreadable_all", lang, why=str(error))
        return site.absent(request, text("web.follow", lang), detail, ident)
    if game_id is None:
        none = text("web.on_box_none", lang)
        return site.absent(request, text("web.follow", lang), none, ident)
    return shown_game(site, request, game_id, ident)


def listing(site: Site, request: Request) -> tuple[str, str]:
    """The list's part of its page, and what it shows as an id; 503 where the state
    directory cannot be read at all."""
    lang = site.lang(request)
    try:
        listed, reports = site.feed.games(), site.feed.reports()
    except TabletopError as error:
        raise HTTPException(503, text("web.unreadable_all", lang, why=str(error))) from None
    found = [
        text(f"web.report.{k}" if f"web.report.{k}" in TEXTS else "web.report.other", lang)
        for k in reports
    ]
    ident = tag((listed, reports))
    values = {"games": listed, "when": _when, "seat": _seat_namer(lang), "found": found}
    values["said"] = lambda problem: said(problem, lang)
    return ident, site.render(request, "list.html", ident=ident, **values)


def _when(stamp: float) -> tuple[str, ...]:
    """When a game last changed: its date and its time, each a line of the list."""
    return tuple(time.strftime("%Y-%m-%d %H:%M", time.localtime(stamp)).split()) if stamp else ()


def _seat_namer(lang: str) -> Callable[[str, str], str]:
    def name(game: str, seat: str) -> str:
        entry = games.GAMES.get(game)
        if entry is None or not entry.playable:
            return seat
        return entry.words.seat_name(seat, lang)

    return name
