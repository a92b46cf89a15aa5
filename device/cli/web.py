"""`tabletop web [--state-dir DIR] [--bind ADDR:PORT] [--config PATH]`: the read-only web page
of the saved games (device/web/app.py): the config read, the address bound, then served by
uvicorn until stopped (device/web/serve.py)."""

from __future__ import annotations

import argparse
import socket
from pathlib import Path

from device.cli import Commands
from engine.core import InputError, TabletopError


def add_parser(commands: Commands) -> None:
    web = commands.add_parser("web", help="serve the read-only web page of the saved games")
    web.add_argument("--state-dir", metavar="DIR", help="where saved games live")
    web.add_argument("--bind", metavar="ADDR:PORT", help="where to listen (config: web.bind)")
    web.add_argument("--config", metavar="PATH", help="config file (TOML)")
    web.add_argument(
        "--lab", action="append", default=[], metavar="DIR",
        help="a lab folder to list with its report (tabletop lab; repeat)",
    )  # fmt: skip


def run(args: argparse.Namespace) -> int:
    from pydantic import ValidationError

    from device.settings import Web, load, state_directory

    settings = load(Path(args.config) if args.config else None)  # (its web.bind checked)
    try:
        given = args.bind is not None  # (an empty --bind is refused, never "everywhere")
        host, port = (Web(bind=args.bind) if given else settings.web).host_port()
    except ValidationError as error:
        found = error.errors()[0]
        why = "give ADDR:PORT, e.g. 0.0.0.0:8080"  # (pydantic's own names its pattern)
        if found["type"] == "value_error":  # a port out of range: it says which
            why = str(found["ctx"]["error"])
        raise InputError(f"web: --bind {args.bind!r}: {why}") from None
    import os

    from device.web.serve import command

    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    listening = socket.socket(family, socket.SOCK_STREAM)
    try:  # bound here, so an address that cannot be used is one line (uvicorn logs its own)
        listening.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listening.bind((host, port))
    except OSError as error:
        listening.close()
        raise ServeError(f"web: cannot listen on {host}:{port}: {error.strerror}") from None
    # the same process becomes the server, without what the config's checks took in memory
    labs = tuple(Path(p) for p in args.lab)
    for folder in labs:
        if not folder.is_dir():
            listening.close()
            raise InputError(f"web: --lab {folder}: no such folder")
    served = command(listening, state_directory(args.state_dir), settings.language, labs)
    os.execv(served[0], served)
    return 1  # (never reached: execv returns only by an OSError)


class ServeError(TabletopError):
    """The page cannot be served (the address is taken or not this machine's)."""

    exit_status = 1
