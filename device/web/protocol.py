"""The web page's HTTP connections, bounded for a shared network on a Pi Zero: uvicorn's
keep-alive and, which uvicorn lacks, a deadline for a request's headers, so a client that
opens a connection and sends half a request (or nothing) is cut off instead of holding a file
descriptor for ever, and a limit on the connections held: uvicorn's `limit_concurrency`
answers a request over it with a 503 but holds every connection opened, so one past the limit
is answered 503 and closed as it opens."""

from __future__ import annotations

import asyncio
from typing import Any

from uvicorn.protocols.http.h11_impl import H11Protocol

HEADERS_S = 10.0  # a request's line and headers must arrive within this (seconds)
KEEP_ALIVE_S = 5  # an idle connection between requests is closed after this
CONNECTIONS = 500  # connections and requests at once (the unit allows 1024 files); more: 503
RETRY_S = 5  # what a connection past the limit is told to wait before it tries again


def _full() -> bytes:
    """The answer to a connection past the limit, with the headers every answer carries."""
    from device.web.guard import HEADERS, NOTHING

    head = {
        **HEADERS,
        "Content-Security-Policy": NOTHING,
        "Cache-Control": "no-cache",
        "Retry-After": str(RETRY_S),
        "Content-Type": "text/plain; charset=utf-8",
        "Content-Length": "0",
        "Connection": "close",
    }
    lines = ["HTTP/1.1 503 Service Unavailable", *(f"{k}: {v}" for k, v in head.items())]
    return ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1")


FULL = _full()


class Bounded(H11Protocol):
    """uvicorn's HTTP/1.1 protocol with a deadline for each request's headers: from the
    connection's start, and again whenever it waits for a next request."""

    headers_s = HEADERS_S

    # uvicorn's own arguments (its config, its state), handed on as it gives them: the
    # signature is uvicorn's, which may change between its versions, not this class's
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._deadline: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        # asyncio's signature (any transport); uvicorn's own narrows it to `asyncio.Transport`
        # (what a TCP connection always gets), which mypy cannot see here
        super().connection_made(transport)  # type: ignore[arg-type]
        limit = self.limit_concurrency  # (`CONNECTIONS`: serve.py)
        if limit is not None and len(self.connections) > limit:  # this one counted: not held
            self.transport.write(FULL)
            self.transport.close()
            return
        self._arm()

    def data_received(self, data: bytes) -> None:
        before = self.cycle
        super().data_received(data)
        if self.cycle is not before:  # a request's headers are in: its answer is the app's
            self._disarm()
        elif self.cycle is None or self.cycle.response_complete:
            self._arm()  # between requests: a next one has its deadline too

    def on_response_complete(self) -> None:
        super().on_response_complete()
        self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def _arm(self) -> None:
        if self._deadline is None:
            self._deadline = self.loop.call_later(self.headers_s, self._too_slow)

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _too_slow(self) -> None:
        self._deadline = None
        if self.transport is not None and not self.transport.is_closing():
            self.transport.close()
