"""`tabletop web`: the table's view on a phone. A read-only page (Starlette and Jinja2, served
by uvicorn) of the saved games: the list, each game's table drawn large (its package's
`web.py`), its record in notation and words, each round's score and a chart of the score,
the record to download and the rules as the box plays them. A game's page updates by itself:
Server-Sent Events, sent when the save file changes (two `stat`s every 0.2 s; the page is
never fetched again whole).

Nothing here writes: the saved games are read as `tabletop games` reads them (device/web/feed.py),
and the service runs as its own user that may only read the state directory
(systemd/tabletop-web.service).
"""

from __future__ import annotations

import asyncio
import hashlib
import re
import threading
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, select_autoescape
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, PlainTextResponse, Response, StreamingResponse
from starlette.routing import Route

from device import games
from device.games.svg import encode
from device.ui.catalog import TEXTS, text
from device.web import texts  # noqa: F401 - the page's texts join the catalog
from device.web.feed import Feed, GamePage
from device.web.guard import Guard, policy
from device.web.markdown import to_html
from device.web.plot import score_chart
from engine.core import DataError, TabletopError

TEMPLATES = Path(__file__).resolve().parent / "templates"
RULES = Path(__file__).resolve().parent / "rules"  # (package data: a link to docs/rules)
TICK = 0.2  # how often the save file's size and time are looked at (seconds)
STREAMS = 40  # pages' event streams at once (each a phone's open page); more: 503
STREAMS_PER_CLIENT = 6  # ... and from one address
PLACE = re.compile(r'data-place="([^"]*)"')
LINES = re.compile(r"\r\n|\r|\n")  # every line break an event stream knows (its spec)
TEMPLATE_NAMES = ("index.html", "game.html", "live.html", "rules.html", "error.html")


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


def make_app(state_dir: Path, box_lang: str = "de", rules_dir: Path = RULES) -> Starlette:
    feed = Feed(state_dir, box_lang)
    env = Environment(loader=FileSystemLoader(TEMPLATES), autoescape=select_autoescape())
    threading.Thread(target=preload, args=(feed, env), name="web-preload", daemon=True).start()

    def page(request: Request, template: str, status: int = 200, **values: Any) -> HTMLResponse:
        lang = language(request, box_lang)
        body = env.get_template(template).render(
            t=lambda k, **kw: text(k, lang, **kw), lang=lang, **values
        )
        headers = {"Content-Security-Policy": policy(body)}
        return HTMLResponse(body, status_code=status, headers=headers)

    async def index(request: Request) -> Response:
        lang = language(request, box_lang)
        try:
            listed = await asyncio.to_thread(feed.games)
            reports = await asyncio.to_thread(feed.reports)
        except TabletopError as error:  # the state directory cannot be read at all
            raise HTTPException(503, text("web.unreadable_all", lang, why=str(error))) from None
        found = [
            text(f"web.report.{k}" if f"web.report.{k}" in TEXTS else "web.report.other", lang)
            for k in reports
        ]
        return page(
            request, "index.html", games=listed, when=_when, seat=_seat_namer(lang), found=found
        )

    def load(request: Request) -> GamePage:
        game_id = request.path_params["game_id"]
        lang = language(request, box_lang)
        try:
            found = feed.game(game_id, lang)
        except DataError as error:
            raise HTTPException(409, text("web.unreadable", lang, why=str(error))) from None
        except TabletopError as error:  # the state directory cannot be read at all
            raise HTTPException(503, text("web.unreadable_all", lang, why=str(error))) from None
        if found is None:
            raise HTTPException(404, text("web.no_game", lang, id=game_id))
        return found

    def live(request: Request, found: GamePage) -> str:
        lang = language(request, box_lang)
        return env.get_template("live.html").render(
            t=lambda k, **kw: text(k, lang, **kw), lang=lang, **_live_values(found, lang)
        )

    async def game(request: Request) -> Response:
        # the revision first: a change while the page is read leaves `since` behind what it
        # shows (sent again by its stream), never ahead (a change the page would never get)
        try:
            since = tag(await asyncio.to_thread(feed.revision, request.path_params["game_id"]))
        except TabletopError:
            since = ""  # unreadable: `load` says why
        found = await asyncio.to_thread(load, request)
        return page(request, "game.html", g=found.listed, live=live(request, found), since=since)

    open_streams: dict[str, int] = {}  # the event streams open, by the client's address

    async def events(request: Request) -> Response:
        game_id = request.path_params["game_id"]
        await asyncio.to_thread(load, request)  # a 404 for a game that is not there
        client = request.client.host if request.client else ""
        if sum(open_streams.values()) >= STREAMS or open_streams.get(client, 0) >= (
            STREAMS_PER_CLIENT
        ):  # the page tries again by itself (`retry`); the box is not held open by anyone
            lang = language(request, box_lang)
            headers = {"Retry-After": "5"}
            raise HTTPException(503, text("web.too_many", lang), headers=headers)
        open_streams[client] = open_streams.get(client, 0) + 1

        async def stream() -> AsyncIterator[str]:
            try:
                async for part in updates():
                    yield part
            finally:
                open_streams[client] -= 1
                if not open_streams[client]:
                    del open_streams[client]

        # what the page shows: the revision of its last event (a reconnect), else of the page
        shows = request.headers.get("last-event-id") or request.query_params.get("since", "")

        async def updates() -> AsyncIterator[str]:
            sent = await asyncio.to_thread(feed.revision, game_id)
            seen = feed.signature()
            quiet = time.monotonic()
            yield "retry: 1000\n\n"
            if shows and shows != tag(sent):  # behind (the service restarted, the page
                try:  # slept, a change came before the stream): caught up at once
                    found = await asyncio.to_thread(load, request)
                    yield event("live", live(request, found), tag(sent))
                except HTTPException:
                    pass  # unreadable now: said by the page when loaded
            while not await request.is_disconnected():
                await asyncio.sleep(TICK)
                server = getattr(request.app.state, "server", None)
                if server is not None and server.should_exit:
                    return  # the service stops: the page's stream ends (the page comes back)
                now = feed.signature()
                if now != seen:
                    seen = now
                    revision = await asyncio.to_thread(feed.revision, game_id)
                    if revision is None or revision == sent:
                        continue  # (not on the card as yet, or nothing of this game changed)
                    try:
                        found = await asyncio.to_thread(load, request)
                    except HTTPException:  # unreadable now: said by the page when loaded
                        continue
                    sent = revision
                    yield event("live", live(request, found), tag(sent))
                    quiet = time.monotonic()
                if time.monotonic() - quiet > 15:
                    yield ": still here\n\n"  # keeps proxies and phones from closing it
                    quiet = time.monotonic()

        headers = {"Cache-Control": "no-cache", "X-Accel-Buffering": "no"}
        return StreamingResponse(stream(), media_type="text/event-stream", headers=headers)

    async def record(request: Request) -> Response:
        found = await asyncio.to_thread(load, request)
        name = f"tabletop-{found.listed.id}-{found.listed.game}.txt"
        headers = {"Content-Disposition": f'attachment; filename="{name}"'}
        return PlainTextResponse(found.record, headers=headers)

    async def rules(request: Request) -> Response:
        game_id = request.path_params["game"]
        lang = language(request, box_lang)
        path = rules_dir / f"{game_id}.md"
        if game_id not in games.GAMES or not path.is_file():
            raise HTTPException(404, text("web.no_rules", lang, game=game_id))
        html = to_html(path.read_text(encoding="utf-8"))
        return page(request, "rules.html", name=games.GAMES[game_id].name, body=html)

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
        Route("/games/{game_id:id}", game),
        Route("/games/{game_id:id}/events", events),
        Route("/games/{game_id:id}/record", record),
        Route("/rules/{game}", rules),
    ]
    app = Starlette(
        routes=routes,
        exception_handlers={HTTPException: error, 500: error},
        middleware=[Middleware(Guard)],
    )
    app.state.feed = feed
    return app


def event(name: str, body: str, ident: str = "") -> str:
    """One Server-Sent Event: the body a `data:` line for each of its lines, whatever line
    breaks it holds (CR, LF or both end a line in an event stream: a card's name with a
    carriage return must not end the event early); `ident` its id (the browser sends it back
    as `Last-Event-ID` when it reconnects)."""
    head = f"event: {name}\n" + (f"id: {ident}\n" if ident else "")
    return head + "".join(f"data: {x}\n" for x in LINES.split(body)) + "\n"


def tag(revision: Any) -> str:
    """A game's revision (`Feed.revision`) as an event id: short, one line, the same for the
    same revision in every process."""
    return hashlib.sha256(repr(revision).encode()).hexdigest()[:16]


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


def _when(stamp: float) -> str:
    return time.strftime("%Y-%m-%d %H:%M", time.localtime(stamp)) if stamp else ""


def _seat_namer(lang: str) -> Any:
    def name(game: str, seat: str) -> str:
        entry = games.GAMES.get(game)
        if entry is None or not entry.playable:
            return seat
        return entry.words.seat_name(seat, lang)

    return name


def _live_values(found: GamePage, lang: str) -> dict[str, Any]:
    """What the part of a game's page that updates shows."""
    entry = games.GAMES[found.listed.game]
    engine, words = entry.game, entry.words
    state = found.state
    board = entry.web.board(state, lang) if entry.web is not None else ""
    drawn = set(PLACE.findall(board))
    table = engine.table(state)
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
        "scored": entry.web.scored(state, lang) if entry.web is not None else [],
        "problem": found.problem,
        "revision": found.listed.actions,
    }
