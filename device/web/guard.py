"""What every answer of the web page carries, whoever asks: security headers (a strict
Content-Security-Policy that allows the page's own inline script and style by their hashes
only), no `Host` reflected anywhere (a path with a trailing slash is sent to the path
without it by a relative address), and game ids bounded (a number of at most 12 digits: a
longer one is no game, never Python's integer-string limit)."""

from __future__ import annotations

import base64
import hashlib
import re

from starlette.convertors import Convertor, register_url_convertor
from starlette.types import ASGIApp, Message, Receive, Scope, Send

INLINE = re.compile(r"<(script|style)>(.*?)</\1>", re.S)
HEADERS = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
}
# what answers that are not pages may do: nothing (a record, an event stream, an error's text)
NOTHING = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"


def _sha(text: str) -> str:
    digest = hashlib.sha256(text.encode("utf-8")).digest()
    return "'sha256-" + base64.b64encode(digest).decode("ascii") + "'"


def policy(html: str) -> str:
    """The page's Content-Security-Policy: its own inline script and style by their hashes,
    its drawings (inline SVG, data: images) and its event stream from this address only."""
    inline = INLINE.findall(html)
    scripts = " ".join(_sha(body) for kind, body in inline if kind == "script") or "'none'"
    styles = " ".join(_sha(body) for kind, body in inline if kind == "style") or "'none'"
    return "; ".join(
        [
            "default-src 'none'",
            f"script-src {scripts}",
            f"style-src {styles}",
            "img-src 'self' data:",
            "connect-src 'self'",
            "frame-ancestors 'none'",
            "base-uri 'none'",
            "form-action 'none'",
        ]
    )


class GameId(Convertor[int]):
    """A saved game's id: 1 to 12 digits (a longer number matches no route: a 404)."""

    regex = "[0-9]{1,12}"

    def convert(self, value: str) -> int:
        return int(value)

    def to_string(self, value: int) -> str:
        return str(value)


register_url_convertor("id", GameId())


class Guard:
    """ASGI middleware: the headers on every answer (a page sets its own policy, anything
    else gets `NOTHING`), and a trailing slash answered by a relative redirect."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path = scope.get("path", "/")
        if len(path) > 1 and path.endswith("/"):
            await self._redirect(scope, send, "/" + path.strip("/"))
            return

        async def guarded(message: Message) -> None:
            if message["type"] == "http.response.start":
                have = {k.lower() for k, _ in message.get("headers", [])}
                extra = [
                    (k.encode("latin-1"), v.encode("latin-1"))
                    for k, v in HEADERS.items()
                    if k.lower().encode("latin-1") not in have
                ]
                if b"content-security-policy" not in have:
                    extra.append((b"content-security-policy", NOTHING.encode("latin-1")))
                if b"cache-control" not in have:
                    extra.append((b"cache-control", b"no-cache"))
                message = {**message, "headers": [*message.get("headers", []), *extra]}
            await send(message)

        await self.app(scope, receive, guarded)

    async def _redirect(self, scope: Scope, send: Send, to: str) -> None:
        """To the same path without its slash, by a relative address (the `Host` the
        request named is never repeated); the query kept."""
        query = scope.get("query_string", b"")
        where = to + ("?" + query.decode("latin-1") if query else "")
        headers = [
            (b"location", where.encode("latin-1", "replace")),
            (b"content-length", b"0"),
            *((k.encode(), v.encode()) for k, v in HEADERS.items()),
            (b"content-security-policy", NOTHING.encode()),
        ]
        await send({"type": "http.response.start", "status": 308, "headers": headers})
        await send({"type": "http.response.body", "body": b""})
