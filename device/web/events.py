"""The pages' event streams (device/web/streams.py): a game's (`/games/N/events`), the game on
the box's (`/live/events`) and the list's (`/events`), each sending its page's part
(device/web/parts.py) when what it shows changes."""

from __future__ import annotations

import asyncio

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import Response

from device.ui.catalog import text
from device.web.parts import followed, listing, on_box, revised, shown_game
from device.web.site import Site
from device.web.streams import Streams, tag


class Events:
    """The streams' answers (Starlette endpoints), bounded together (`Streams`)."""

    def __init__(self, site: Site) -> None:
        self.site = site
        self.streams = Streams()

    async def game(self, request: Request) -> Response:
        """A game's page's stream."""
        site = self.site
        game_id: int = request.path_params["game_id"]  # (the route's `id` convertor)
        if not (request.headers.get("last-event-id") or request.query_params.get("since")):
            await asyncio.to_thread(site.load, request, game_id)  # a 404 for a game never shown
        # (a page's stream that comes back is served: its game gone or unreadable, it says so)
        lang = site.lang(request)
        return self.streams.response(
            request,
            lang,
            site.feed.signature,
            lambda: revised(site, game_id),
            lambda ident: shown_game(site, request, game_id, ident),
        )

    async def follow(self, request: Request) -> Response:
        """`/live`'s stream: the game on the box, whichever it is."""
        site = self.site
        lang = site.lang(request)
        look = lambda: on_box(site)[1]  # noqa: E731
        return self.streams.response(
            request, lang, site.feed.signature, look, lambda ident: followed(site, request, ident)
        )

    async def index(self, request: Request) -> Response:
        """The list's stream (the saved games unreadable now: the list says why)."""
        site = self.site
        lang = site.lang(request)

        def listed() -> tuple[str, str]:
            try:
                return listing(site, request)
            except HTTPException as error:  # unreadable now: the list says why
                ident = tag(("unreadable", str(error.detail)))
                title = text("web.games", lang)
                return ident, site.absent(request, title, str(error.detail), ident)

        return self.streams.response(
            request, lang, site.feed.signature, lambda: listed()[0], lambda ident: listed()[1]
        )
