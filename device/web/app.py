"""`tabletop web`: the table's view on a phone. A read-only page (Starlette and Jinja2, served
by uvicorn) of the saved games: the list, each game's table drawn large (its package's
`web.py`), its record in notation and words, each round's score and a chart of the score,
the record to download and the rules as the box plays them; `/live`, the game on the box. The
pages update by themselves (device/web/streams.py: the part of the page that changed, sent
when the save file changes; a page is never fetched again whole).

Nothing here writes: the saved games are read as `tabletop games` reads them (device/web/feed.py),
and the service runs as its own user that may only read the state directory
(systemd/tabletop-web.service).
"""

from __future__ import annotations

import asyncio
import re
import threading
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, select_autoescape
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, PlainTextResponse, Response
from starlette.routing import Route

from device import games
from device.games.svg import CELL, Shown, encode, outline, swatch
from device.ui.catalog import TEXTS, text
from device.web import texts  # noqa: F401 - the page's texts join the catalog
from device.web.feed import Feed, GamePage
from device.web.guard import Guard, policy
from device.web.labs import routes as lab_routes
from device.web.markdown import to_html
from device.web.plot import score_chart
from device.web.problems import Unreadable, said
from device.web.streams import Streams, tag
from engine.core import DataError, TabletopError

TEMPLATES = Path(__file__).resolve().parent / "templates"
RULES = Path(__file__).resolve().parent / "rules"  # (package data: a link to docs/rules)
PLACE = re.compile(r'data-place="([^"]*)"')
TEMPLATE_NAMES = (
    "lab.html",
    "index.html",
    "list.html",
    "game.html",
    "live.html",
    "absent.html",
    "rules.html",
    "error.html",
)


def language(request: Request, box: str) -> str:
    """`?lang=`, else the browser's choice of German or English by its weights (`q`; the
    first named among equal ones), else the box's."""
    asked = request.query_params.get("lang", "")
    if asked in ("de", "en"):
        return asked
    return preferred(request.headers.get("accept-language", ""), box)


def preferred(header: str, box: str) -> str:
    """German or English as an `Accept-Language` header weighs them; `q=0` refuses one; a
    malformed weight counts as 1 (what the header meant is never an error)."""
    best: tuple[float, int, str] | None = None
    for i, part in enumerate(header[:500].split(",")):
        code, _, params = part.partition(";")
        code = code.strip().lower()[:2]
        if code not in ("de", "en"):
            continue
        weight = 1.0
        name, _, value = params.strip().partition("=")
        if name.strip() == "q":
            try:
                weight = min(1.0, max(0.0, float(value)))
            except ValueError:
                weight = 1.0
        if weight > 0 and (best is None or (weight, -i) > (best[0], best[1])):
            best = (weight, -i, code)
    return best[2] if best else box


def preload(feed: Feed | None = None, env: Environment | None = None) -> None:
    """Each game's words and drawing imported, the templates compiled, and the game on the
    box read and replayed, before the first page asks (it would wait for them)."""
    if env is not None:
        for name in TEMPLATE_NAMES:
            env.get_template(name)
    for entry in games.playable().values():
        entry.words  # noqa: B018 - imported now, once
        entry.web  # noqa: B018
    if feed is None:
        return
    try:
        shown = [g for g in feed.games() if g.on_show]
        if shown:
            feed.game(shown[0].id, feed.lang)
    except (TabletopError, OSError):
        pass  # the page that asks says what is wrong


def make_app(
    state_dir: Path, box_lang: str = "de", rules_dir: Path = RULES, labs: tuple[Path, ...] = ()
) -> Starlette:
    feed = Feed(state_dir, box_lang)
    env = Environment(loader=FileSystemLoader(TEMPLATES), autoescape=select_autoescape())
    threading.Thread(target=preload, args=(feed, env), name="web-preload", daemon=True).start()

    def render(request: Request, template: str, **values: Any) -> str:
        lang = language(request, box_lang)
        return env.get_template(template).render(
            t=lambda k, **kw: text(k, lang, **kw), lang=lang, **values
        )

    def page(request: Request, template: str, status: int = 200, **values: Any) -> HTMLResponse:
        body = render(request, template, **values)
        headers = {"Content-Security-Policy": policy(body)}
        return HTMLResponse(body, status_code=status, headers=headers)

    def load(request: Request, game_id: int) -> GamePage:
        lang = language(request, box_lang)
        try:
            found = feed.game(game_id, lang)
        except Unreadable as error:
            raise HTTPException(409, text("web.unreadable", lang, why=error.said(lang))) from None
        except DataError as error:
            raise HTTPException(409, text("web.unreadable", lang, why=str(error))) from None
        except TabletopError as error:  # the state directory cannot be read at all
            raise HTTPException(503, text("web.unreadable_all", lang, why=str(error))) from None
        if found is None:
            raise HTTPException(404, text("web.no_game", lang, id=game_id))
        return found

    def live(request: Request, found: GamePage) -> str:
        return render(request, "live.html", **_live_values(found, language(request, box_lang)))

    def absent(request: Request, title: str, detail: str, ident: str = "") -> str:
        """The part of a page that shows a game, when there is none to show: why."""
        return render(request, "absent.html", title=title, detail=detail, ident=ident)

    def shown_game(request: Request, game_id: int, ident: str) -> str:
        """A game's part of its page (or `/live`'s), or what says why it cannot be shown."""
        lang = language(request, box_lang)
        try:
            return live(request, load(request, game_id))
        except HTTPException as error:  # gone (404) or unreadable now (409, 503)
            gone = error.status_code == 404
            detail = text("web.gone", lang) if gone else str(error.detail)
            return absent(request, f"#{game_id}", detail, ident)

    def on_box() -> tuple[int | None, str]:
        """The game on the box's screen and its revision, as an id (the saved games not
        readable at all: an id of that, and no game)."""
        try:
            game_id = feed.on_show()
            return game_id, tag((game_id, feed.revision(game_id) if game_id else None))
        except TabletopError as error:
            return None, tag(("unreadable", str(error)))

    def followed(request: Request, ident: str) -> str:
        """`/live`'s part: the game on the box, or a line saying there is none (or why the
        saved games cannot be read)."""
        lang = language(request, box_lang)
        try:
            game_id = feed.on_show()
        except TabletopError as error:
            detail = text("web.unreadable_all", lang, why=str(error))
            return absent(request, text("web.follow", lang), detail, ident)
        if game_id is None:
            return absent(request, text("web.follow", lang), text("web.on_box_none", lang), ident)
        return shown_game(request, game_id, ident)

    def revised(game_id: int) -> str:
        try:
            return tag(feed.revision(game_id))
        except TabletopError as error:  # unreadable: the part says why
            return tag(("unreadable", str(error)))

    async def game(request: Request) -> Response:
        # the revision first: a change while the page is read leaves `since` behind what it
        # shows (sent again by its stream), never ahead (a change the page would never get)
        game_id = request.path_params["game_id"]
        since = await asyncio.to_thread(revised, game_id)
        found = await asyncio.to_thread(load, request, game_id)
        lang = language(request, box_lang)
        events = f"/games/{game_id}/events?lang={lang}"
        title = f"#{game_id} {found.listed.name}"
        shown = live(request, found)
        return page(request, "game.html", title=title, live=shown, events=events, since=since)

    async def follow(request: Request) -> Response:
        lang = language(request, box_lang)
        try:
            await asyncio.to_thread(feed.on_show)
        except TabletopError as error:  # the state directory cannot be read at all
            raise HTTPException(503, text("web.unreadable_all", lang, why=str(error))) from None
        _, since = await asyncio.to_thread(on_box)
        shown = await asyncio.to_thread(followed, request, since)
        title = text("web.follow", lang)
        events = f"/live/events?lang={lang}"
        return page(
            request,
            "game.html",
            title=title,
            live=shown,
            events=events,
            since=since,
            following=True,
        )

    async def index(request: Request) -> Response:
        lang = language(request, box_lang)
        since, shown = await asyncio.to_thread(listing, request)
        events = f"/events?lang={lang}"
        return page(request, "index.html", live=shown, events=events, since=since, labs=labs)

    def listing(request: Request) -> tuple[str, str]:
        """The list's part of its page, and what it shows as an id; 503 where the state
        directory cannot be read at all."""
        lang = language(request, box_lang)
        try:
            listed, reports = feed.games(), feed.reports()
        except TabletopError as error:
            raise HTTPException(503, text("web.unreadable_all", lang, why=str(error))) from None
        found = [
            text(f"web.report.{k}" if f"web.report.{k}" in TEXTS else "web.report.other", lang)
            for k in reports
        ]
        ident = tag((listed, reports))
        values = {"games": listed, "when": _when, "seat": _seat_namer(lang), "found": found}
        values["said"] = lambda problem: said(problem, lang)
        return ident, render(request, "list.html", ident=ident, **values)

    streams = Streams()

    async def events(request: Request) -> Response:
        game_id = request.path_params["game_id"]
        if not (request.headers.get("last-event-id") or request.query_params.get("since")):
            await asyncio.to_thread(load, request, game_id)  # a 404 for a game never shown
        # (a page's stream that comes back is served: its game gone or unreadable, it says so)
        lang = language(request, box_lang)
        return streams.response(
            request,
            lang,
            feed.signature,
            lambda: revised(game_id),
            lambda ident: shown_game(request, game_id, ident),
        )

    async def follow_events(request: Request) -> Response:
        lang = language(request, box_lang)
        look = lambda: on_box()[1]  # noqa: E731
        return streams.response(
            request, lang, feed.signature, look, lambda ident: followed(request, ident)
        )

    async def list_events(request: Request) -> Response:
        lang = language(request, box_lang)

        def listed() -> tuple[str, str]:
            try:
                return listing(request)
            except HTTPException as error:  # unreadable now: the list says why
                ident = tag(("unreadable", str(error.detail)))
                return ident, absent(request, text("web.games", lang), str(error.detail), ident)

        return streams.response(
            request, lang, feed.signature, lambda: listed()[0], lambda ident: listed()[1]
        )

    async def record(request: Request) -> Response:
        found = await asyncio.to_thread(load, request, request.path_params["game_id"])
        name = f"tabletop-{found.listed.id}-{found.listed.game}.txt"
        headers = {"Content-Disposition": f'attachment; filename="{name}"'}
        return PlainTextResponse(found.record, headers=headers)

    async def rules(request: Request) -> Response:
        game_id = request.path_params["game"]
        lang = language(request, box_lang)
        path = rules_dir / f"{game_id}.md"
        if game_id not in games.GAMES or not path.is_file():
            raise HTTPException(404, text("web.no_rules", lang, game=game_id))
        translated = rules_dir / lang / f"{game_id}.md"  # (docs/rules/de: German pages)
        shown = translated if lang != "en" and translated.is_file() else path
        html = to_html(shown.read_text(encoding="utf-8"))
        only = shown == path and lang != "en"  # no page in the page's language: said so
        name = games.GAMES[game_id].name
        return page(request, "rules.html", name=name, body=html, only_english=only)

    async def error(request: Request, exc: Exception) -> Response:
        status = exc.status_code if isinstance(exc, HTTPException) else 500
        detail = exc.detail if isinstance(exc, HTTPException) else ""
        lang = language(request, box_lang)
        key = {404: "web.not_found"}.get(status, "web.bad_request" if status < 500 else "web.error")
        title = text(key, lang)
        answer = page(request, "error.html", status, title=title, detail=detail or title)
        if isinstance(exc, HTTPException) and exc.headers:  # (a 503's Retry-After)
            answer.headers.update(exc.headers)
        return answer

    routes = [
        Route("/", index),
        Route("/events", list_events),
        Route("/live", follow),
        Route("/live/events", follow_events),
        Route("/games/{game_id:id}", game),
        Route("/games/{game_id:id}/events", events),
        Route("/games/{game_id:id}/record", record),
        Route("/rules/{game}", rules),
        *lab_routes(labs, page, lambda request: language(request, box_lang)),
    ]
    app = Starlette(
        routes=routes,
        exception_handlers={HTTPException: error, 500: error},
        middleware=[Middleware(Guard)],
    )
    app.state.feed = feed
    return app


def label(place: str, lang: str, seats: set[str], words: Any) -> str:
    """A place of the table in the page's words: `hand A` -> "Hand Spieler A" (the kind of
    place in the catalog, a seat by the game's name for it, a field as it is)."""
    kind, _, rest = place.partition(" ")
    key = f"web.place.{kind}"
    word = text(key, lang) if key in TEXTS else kind
    where = words.seat_name(rest, lang) if rest in seats else rest
    return f"{word} {where}".strip()


def shown(value: Any) -> str:
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


def _when(stamp: float) -> tuple[str, ...]:
    """When a game last changed: its date and its time, each a line of the list."""
    return tuple(time.strftime("%Y-%m-%d %H:%M", time.localtime(stamp)).split()) if stamp else ()


def _seat_namer(lang: str) -> Any:
    def name(game: str, seat: str) -> str:
        entry = games.GAMES.get(game)
        if entry is None or not entry.playable:
            return seat
        return entry.words.seat_name(seat, lang)

    return name


def _changed(engine: Any, before: Any, table: Mapping[str, Any]) -> frozenset[str]:
    """The places of the table the last action changed (none before the first)."""
    if before is None:
        return frozenset()
    was = engine.table(before)
    return frozenset(place for place, value in table.items() if was.get(place) != value)


def _live_values(found: GamePage, lang: str) -> dict[str, Any]:
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
