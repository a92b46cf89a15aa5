"""`tabletop run` and `tabletop games`."""

from __future__ import annotations

import argparse
import logging
import sys
from pathlib import Path

from device.config import EXIT_CONFIG, ConfigError, load, state_directory

EXIT_USAGE = 2


def on_raspberry_pi() -> bool:
    try:
        return "Raspberry Pi" in Path("/proc/device-tree/model").read_text(errors="replace")
    except OSError:
        return False


def _setup_logging(path: Path | None = None) -> None:
    handler: logging.Handler = (
        logging.FileHandler(path, encoding="utf-8") if path else logging.StreamHandler(sys.stderr)
    )
    handler.setFormatter(logging.Formatter("tabletop: %(levelname)s %(name)s: %(message)s"))
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(logging.INFO)


def run_box(args: argparse.Namespace) -> int:
    from device.script import ScriptError, read

    try:
        settings = load(Path(args.config) if args.config else None)
    except ConfigError as error:
        print(f"tabletop: {error}", file=sys.stderr)
        return EXIT_CONFIG
    steps = None
    if args.script:
        try:
            steps = read(Path(args.script))
        except ScriptError as error:
            print(f"tabletop run: {error}", file=sys.stderr)
            return EXIT_USAGE
    if not (args.sim or args.script or not on_raspberry_pi()):
        print(
            "tabletop run: the hardware drivers are not in this version yet; use --sim",
            file=sys.stderr,
        )
        return EXIT_USAGE
    state_dir = state_directory(args.state_dir)
    frames = Path(args.frames) if args.frames else None
    from device.simulator import Simulator

    if steps is not None:
        _setup_logging()
        sim = Simulator(settings, state_dir, frames)
        sim.start()
        try:
            sim.run_steps(steps)
        finally:
            sim.stop()
        return 0
    if not sys.stdin.isatty() or not sys.stdout.isatty():
        print(
            "tabletop run: the simulator needs a terminal (or use --script FILE)", file=sys.stderr
        )
        return EXIT_USAGE
    state_dir.mkdir(parents=True, exist_ok=True)
    _setup_logging(state_dir / "tabletop.log")
    from device import terminal

    sim = Simulator(settings, state_dir, frames)
    try:
        terminal.run(sim)
    finally:
        sim.stop()
    return 0


def list_games(args: argparse.Namespace) -> int:
    from device.store import Store

    _setup_logging()
    store = Store(state_directory(args.state_dir))
    try:
        for row in store.games():
            print(f"{row.id}\t{row.game}\t{row.status}\t{row.events} actions")
    finally:
        store.close()
    return 0
