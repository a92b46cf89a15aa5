"""The web page's own process: `tabletop web` (device/cli/web.py) reads the config, binds the
address and then becomes this program (`os.execv`, the same process), so the settings' checks
(pydantic) are not kept in memory while the page is served:

    python -m device.web.serve FD STATE_DIR LANGUAGE

FD: the bound listening socket, handed over open. Served by uvicorn until stopped."""

from __future__ import annotations

import os
import socket
import sys
from pathlib import Path

from device.errors import one_line


def command(
    listening: socket.socket, state_dir: Path, language: str, labs: tuple[Path, ...] = ()
) -> list[str]:
    """The program `tabletop web` becomes, the socket handed to it open."""
    listening.set_inheritable(True)
    fd = str(listening.fileno())
    folders = [str(p) for p in labs]
    return [sys.executable, "-m", "device.web.serve", fd, str(state_dir), language, *folders]


def serve(
    listening: socket.socket, state_dir: Path, language: str, labs: tuple[Path, ...] = ()
) -> None:
    import uvicorn

    from device.web.app import make_app
    from device.web.protocol import CONNECTIONS, KEEP_ALIVE_S, Bounded

    app = make_app(state_dir, language, labs=labs)
    # a page's event stream never ends by itself: a stop waits a second for them, no more.
    # HTTP/1.1 only (h11, with a deadline for each request's headers: device/web/protocol.py);
    # no WebSockets, no lifespan: the page needs neither. Connections bounded for a Pi Zero.
    config = uvicorn.Config(
        app,
        log_level="warning",
        access_log=False,
        timeout_graceful_shutdown=1,
        timeout_keep_alive=KEEP_ALIVE_S,
        limit_concurrency=CONNECTIONS,
        http=Bounded,
        ws="none",
        lifespan="off",
    )
    server = uvicorn.Server(config)
    app.state.server = server  # the pages' event streams end when it is asked to stop
    server.run(sockets=[listening])


def main(argv: list[str]) -> int:
    if len(argv) < 3 or not argv[0].isdigit():
        print("usage: python -m device.web.serve FD STATE_DIR LANGUAGE [LAB...]", file=sys.stderr)
        return 2
    fd, state_dir, language, *labs = argv
    try:
        listening = socket.socket(fileno=int(fd))
    except OSError as error:
        print(one_line(f"tabletop: web: no socket at {fd}: {error.strerror}"), file=sys.stderr)
        return 2
    try:
        serve(listening, Path(state_dir), language, tuple(Path(p) for p in labs))
    except Exception as error:  # never a traceback for users
        if os.environ.get("TABLETOP_DEBUG"):
            raise
        print(one_line(f"tabletop: web: {type(error).__name__}: {error}"), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
