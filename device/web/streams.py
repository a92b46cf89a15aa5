"""The pages' event streams (Server-Sent Events): a game's page, the page that follows the game
on the box (`/live`) and the list each get the part of the page that changed, when the save
file changes (two `stat`s every 0.2 s). Each part is sent with an id that names what it shows
(`tag`): a page that reconnects sends the id it shows (`Last-Event-ID`, or the page's own
`since`) and is sent the part at once if the table moved on meanwhile, nothing if not.

The streams are bounded: so many at once, and so many from one address (503, `Retry-After`:
the page tries again by itself); nobody on the network holds the box's page open.
"""

from __future__ import annotations

import asyncio
import hashlib
import re
import time
from collections.abc import AsyncIterator, Callable, Mapping

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import StreamingResponse
from starlette.types import Receive, Scope, Send

from device.ui.catalog import text

TICK = 0.2  # how often the save file's size and time are looked at (seconds)
STREAMS = 40  # pages' event streams at once (each a phone's open page); more: 503
STREAMS_PER_CLIENT = 6  # ... and from one address
QUIET = 15  # seconds without an event before a comment keeps the connection open
LINES = re.compile(r"\r\n|\r|\n")  # every line break an event stream knows (its spec)

Look = Callable[[], str]  # what the page would show now, as an id (cheap)
Part = Callable[[str], str]  # the part of the page for an id (the page's html)
Watched = Callable[[], object]  # the save file as it is on disk (`Feed.signature`: compared)


def event(name: str, body: str, ident: str = "") -> str:
    """One Server-Sent Event: the body a `data:` line for each of its lines, whatever line
    breaks it holds (CR, LF or both end a line in an event stream: a card's name with a
    carriage return must not end the event early); `ident` its id (the browser sends it back
    as `Last-Event-ID` when it reconnects)."""
    head = f"event: {name}\n" + (f"id: {ident}\n" if ident else "")
    return head + "".join(f"data: {x}\n" for x in LINES.split(body)) + "\n"


def tag(revision: object) -> str:
    """What a page shows (a game's revision, `Feed.revision`; the list) as an event id:
    short, one line, the same for the same thing in every process."""
    return hashlib.sha256(repr(revision).encode()).hexdigest()[:16]


class Streams:
    """The event streams open, by the client's address."""

    def __init__(self) -> None:
        self.open: dict[str, int] = {}

    def response(
        self, request: Request, lang: str, signature: Watched, look: Look, part: Part
    ) -> StreamingResponse:
        """A stream of `part(id)` each time `look()` names something else than the page
        shows, looked at when `signature()` (the save file's) changes; 503 when too many
        are open."""
        client = request.client.host if request.client else ""
        if sum(self.open.values()) >= STREAMS or self.open.get(client, 0) >= STREAMS_PER_CLIENT:
            raise HTTPException(503, text("web.too_many", lang), headers={"Retry-After": "5"})
        self.open[client] = self.open.get(client, 0) + 1
        shows = request.headers.get("last-event-id") or request.query_params.get("since", "")

        def release() -> None:
            self.open[client] -= 1
            if not self.open[client]:
                del self.open[client]

        headers = {"Cache-Control": "no-cache", "X-Accel-Buffering": "no"}
        stream = _follow(request, shows, signature, look, part)
        return _Held(release, stream, media_type="text/event-stream", headers=headers)


class _Held(StreamingResponse):
    """A stream that gives its place back however it ends: sent out, the client gone, or
    never begun (a client gone before the answer's head was sent)."""

    def __init__(
        self,
        release: Callable[[], None],
        content: AsyncIterator[str],
        media_type: str,
        headers: Mapping[str, str],
    ) -> None:
        super().__init__(content, media_type=media_type, headers=headers)
        self._release = release

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        try:
            await super().__call__(scope, receive, send)
        finally:
            self._release()


async def _follow(
    request: Request, shows: str, signature: Watched, look: Look, part: Part
) -> AsyncIterator[str]:
    """The stream's text: `retry`, then the part whenever what the page would show differs
    from what it shows (at once when it is behind; a page that names nothing it shows is
    taken as up to date)."""
    yield "retry: 1000\n\n"
    seen = signature()
    sent = await asyncio.to_thread(look)
    if shows and shows != sent:  # behind: the service restarted, the phone slept, a change
        yield event("live", await asyncio.to_thread(part, sent), sent)  # came first
    quiet = time.monotonic()
    while not await request.is_disconnected():
        await asyncio.sleep(TICK)
        server = getattr(request.app.state, "server", None)
        if server is not None and server.should_exit:
            return  # the service stops: the page's stream ends (the page comes back)
        now = signature()
        if now != seen:
            seen = now
            ident = await asyncio.to_thread(look)
            if ident != sent:
                sent = ident
                yield event("live", await asyncio.to_thread(part, ident), ident)
                quiet = time.monotonic()
        if time.monotonic() - quiet > QUIET:
            yield ": still here\n\n"  # keeps proxies and phones from closing it
            quiet = time.monotonic()
