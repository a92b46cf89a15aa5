"""The web page's pages: the list of the saved games (`/`), a game's page (`/games/N`), the
game on the box (`/live`), a game's record to download, the rules as the box plays them, and
the page that says what went wrong (an unknown address, a game that cannot be read)."""

from __future__ import annotations

import asyncio
from pathlib import Path

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response

from device import games
from device.ui.catalog import text
from device.web.markdown import to_html
from device.web.parts import followed, game_part, listing, on_box, revised
from device.web.site import Site
from engine.core import TabletopError


class Pages:
    """The pages' answers (Starlette endpoints), from the saved games `site` reads, the rules
    in `rules_dir` and the lab folders `labs` (the list links to them)."""

    def __init__(self, site: Site, rules_dir: Path, labs: tuple[Path, ...]) -> None:
        self.site = site
        self.rules_dir = rules_dir
        self.labs = labs

    async def index(self, request: Request) -> Response:
        """The list of the saved games."""
        site = self.site
        lang = site.lang(request)
        since, shown = await asyncio.to_thread(listing, site, request)
        events = f"/events?lang={lang}"
        return site.page(
            request, "index.html", live=shown, events=events, since=since, labs=self.labs
        )

    async def game(self, request: Request) -> Response:
        """A saved game's page."""
        # the revision first: a change while the page is read leaves `since` behind what it
        # shows (sent again by its stream), never ahead (a change the page would never get)
        site = self.site
        game_id: int = request.path_params["game_id"]  # (the route's `id` convertor)
        since = await asyncio.to_thread(revised, site, game_id)
        found = await asyncio.to_thread(site.load, request, game_id)
        lang = site.lang(request)
        events = f"/games/{game_id}/events?lang={lang}"
        title = f"#{game_id} {found.listed.name}"
        shown = game_part(site, request, found)
        return site.page(request, "game.html", title=title, live=shown, events=events, since=since)

    async def follow(self, request: Request) -> Response:
        """`/live`: the page that follows the game on the box's screen."""
        site = self.site
        lang = site.lang(request)
        try:
            await asyncio.to_thread(site.feed.on_show)
        except TabletopError as error:  # the state directory cannot be read at all
            raise HTTPException(503, text("web.unreadable_all", lang, why=str(error))) from None
        _, since = await asyncio.to_thread(on_box, site)
        shown = await asyncio.to_thread(followed, site, request, since)
        title = text("web.follow", lang)
        events = f"/live/events?lang={lang}"
        return site.page(
            request,
            "game.html",
            title=title,
            live=shown,
            events=events,
            since=since,
            following=True,
        )

    async def record(self, request: Request) -> Response:
        """A game's record, as `tabletop games export` writes it, to download."""
        game_id: int = request.path_params["game_id"]
        found = await asyncio.to_thread(self.site.load, request, game_id)
        name = f"tabletop-{found.listed.id}-{found.listed.game}.txt"
        headers = {"Content-Disposition": f'attachment; filename="{name}"'}
        return PlainTextResponse(found.record, headers=headers)

    async def rules(self, request: Request) -> Response:
        """A game's rules (docs/rules), in the page's language where they are written in it."""
        game_id: str = request.path_params["game"]
        lang = self.site.lang(request)
        path = self.rules_dir / f"{game_id}.md"
        if game_id not in games.GAMES or not path.is_file():
            raise HTTPException(404, text("web.no_rules", lang, game=game_id))
        translated = self.rules_dir / lang / f"{game_id}.md"  # (docs/rules/de: German pages)
        shown = translated if lang != "en" and translated.is_file() else path
        html = to_html(shown.read_text(encoding="utf-8"))
        only = shown == path and lang != "en"  # no page in the page's language: said so
        name = games.GAMES[game_id].name
        return self.site.page(request, "rules.html", name=name, body=html, only_english=only)

    async def error(self, request: Request, exc: Exception) -> Response:
        """What went wrong, as a page: not found (404), a bad request, or an error of the
        page itself (500)."""
        status = exc.status_code if isinstance(exc, HTTPException) else 500
        detail = exc.detail if isinstance(exc, HTTPException) else ""
        lang = self.site.lang(request)
        key = {404: "web.not_found"}.get(status, "web.bad_request" if status < 500 else "web.error")
        title = text(key, lang)
        answer = self.site.page(request, "error.html", status, title=title, detail=detail or title)
        if isinstance(exc, HTTPException) and exc.headers:  # (a 503's Retry-After)
            answer.headers.update(exc.headers)
        return answer
