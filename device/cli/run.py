"""`tabletop run` and `tabletop games`."""

from __future__ import annotations

import argparse
import logging
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from device.storage.losses import LOSS_LOG

if TYPE_CHECKING:
    from device.settings import Settings
    from device.sim.script import Step
from engine.core import TabletopError

EXIT_USAGE = 2
EXIT_CONFIG = 78  # as device.settings.EXIT_CONFIG, without importing pydantic first


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


class Terminated(TabletopError):
    """SIGTERM (or SIGINT) arrived: stop cleanly."""


def _on_terminate(*_args: object) -> None:
    raise Terminated


def _install_signals() -> None:
    import signal

    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, _on_terminate)


def run_box(args: argparse.Namespace) -> int:
    """`tabletop run`: its settings, script and frames folder checked (a bad one said in one
    line: EXIT_CONFIG or EXIT_USAGE), then the real box on a Raspberry Pi, else the
    simulator (headless with `--script`, else in a terminal)."""
    if not (args.sim or args.script) and on_raspberry_pi():
        from device.hw.oled import make_device
        from device.ui import splash  # the first frame before pydantic and the rest

        splash.show(Path(args.config) if args.config else _default_config(), make_device)
    from device.cards.names import card_names
    from device.errors import CardError, one_line
    from device.settings import ConfigError, load, state_directory
    from device.sim.script import ScriptError, read

    try:
        settings = load(Path(args.config) if args.config else None)
        # a bad deck file is a config error too, and so is one that breaks its game's rules
        if settings.decks:  # (the games' own decks, without files, are checked by the tests)
            card_names(settings.decks, strict=settings.deck_rules == "strict")
    except (ConfigError, CardError) as error:
        print(one_line(f"tabletop: {error}"), file=sys.stderr)
        show_config_error(str(error))
        return EXIT_CONFIG
    steps = None
    if args.script:
        try:
            steps = read(Path(args.script))
        except ScriptError as error:
            print(one_line(f"tabletop run: {error}"), file=sys.stderr)
            return EXIT_USAGE
    state_dir = state_directory(args.state_dir)
    frames = Path(args.frames) if args.frames else None
    if frames is not None:
        try:
            frames.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            reason = "not a directory" if frames.exists() else error.strerror
            print(one_line(f"tabletop run: --frames {frames}: {reason}"), file=sys.stderr)
            return EXIT_USAGE
    if not (args.sim or args.script or not on_raspberry_pi()):
        return _run_hardware(settings, state_dir, frames)
    if steps is not None:
        return _run_script(settings, state_dir, frames, steps)
    return _run_in_terminal(settings, state_dir, frames)


def _run_script(settings: Settings, state_dir: Path, frames: Path | None, steps: list[Step]) -> int:
    """The simulator, headless, running a script's steps (the same each time: seed 0);
    SIGTERM and SIGINT stop it cleanly."""
    from device.sim.simulator import Simulator

    _setup_logging()
    sim = Simulator(settings, state_dir, frames, seed=0)  # a script runs the same each time
    terminated = False
    try:
        _install_signals()
        sim.start()
        sim.run_steps(steps)
    except Terminated:
        terminated = True
    finally:
        sim.stop(terminated)
    return 0


def _run_in_terminal(settings: Settings, state_dir: Path, frames: Path | None) -> int:
    """The simulator in a terminal (its buttons the keys, its screen drawn there), logging
    to the state directory's tabletop.log; EXIT_USAGE if there is no terminal."""
    from device.sim.simulator import Simulator

    if not sys.stdin.isatty() or not sys.stdout.isatty():
        print(
            "tabletop run: the simulator needs a terminal (or use --script FILE)", file=sys.stderr
        )
        return EXIT_USAGE
    state_dir.mkdir(parents=True, exist_ok=True)
    _setup_logging(state_dir / "tabletop.log")
    from device.sim import terminal

    sim = Simulator(settings, state_dir, frames)
    try:
        terminal.run(sim)
    finally:
        sim.stop()
    return 0


def _run_hardware(settings: Settings, state_dir: Path, frames: Path | None) -> int:
    """The real box: gpiozero's default pin factory (lgpio on a Pi 5), the configured display
    and card reader. SIGTERM and SIGINT stop it cleanly."""
    from device.app.runtime import Runtime
    from device.hw.display import dummy_device
    from device.hw.gpio import prepare_pin_library
    from device.hw.oled import make_device

    _setup_logging()
    if settings.display.bus == "spi":  # its DC and RST pins may load lgpio (else: after
        prepare_pin_library()  # the first frame, with the buttons, as gpiozero is)
    try:
        display = make_device(settings.display)
    except Exception as error:  # noqa: BLE001 - no display: the game goes on without it
        logging.getLogger("tabletop").error(
            "display %s not found: %s", settings.display.type, error
        )
        display = dummy_device()
    box = Runtime.build(settings, state_dir, display, frames)
    terminated = False
    try:
        _install_signals()
        box.start()
        box.wait()
    except Terminated:
        terminated = True
    finally:
        box.stop(terminated)
    return 0


def show_config_error(message: str) -> None:
    """On a Pi, put a config error on the screen too (if a display answers at the default
    address); everywhere else this does nothing."""
    if not on_raspberry_pi():
        return
    try:
        from PIL import Image, ImageDraw

        from device.hw.oled import make_device
        from device.settings import Display
        from device.ui import fonts

        device = make_device(Display())
        image = Image.new("1", (128, 64))
        draw = ImageDraw.Draw(image)
        from device.ui import fit

        fit.block(draw, (0, 0, 127, 63), message, fonts.load().status, spacing=8)
        device.display(image)
    except Exception:  # noqa: BLE001 - best effort only
        pass


def _default_config() -> Path:
    return Path("/etc/tabletop/config.toml")


def list_games(args: argparse.Namespace) -> int:
    """The saved games, read without writing anything (the backups included)."""
    from device.settings import state_directory
    from device.storage.store import Store

    state_dir = state_directory(args.state_dir)
    quiet = logging.getLogger("tabletop")  # findings are said below, once each
    level = quiet.level
    quiet.setLevel(logging.CRITICAL)
    try:
        store = Store(state_dir, read_only=True)
    finally:
        quiet.setLevel(level)
    try:
        for key, values in store.reports:
            print(f"tabletop games: {_REPORTS[key].format(**values)}", file=sys.stderr)
        rows = store.games()
        if not rows:
            print(f"no saved games in {state_dir}", file=sys.stderr)
        from device.app.session import other_rules, solo_seat

        for row in rows:
            note = f"\t{row.problem}" if row.problem else ""
            if not note and other_rules(row):
                note = f"\t{other_rules(row)}: not replayed"
            solo = f"\tsolo: the box plays {solo_seat(row)}" if solo_seat(row) else ""
            print(f"{row.id}\t{row.game}\t{row.status}\t{row.events} actions{solo}{note}")
    finally:
        store.close()
    return 0


_REPORTS = {  # what a read-only look at the saved games found (the box repairs it at start)
    **{key: f"after a power cut: {words}" for key, words in LOSS_LOG.items()},
    "main_missing": "the saved games file is missing; listing the backup",
    "main_empty": "the saved games file is empty; listing the backup",
    "damaged": "the saved games file is damaged",
    "not_permitted": "the saved games file may not be read by this user (no permission)",
    "restored": "listing the backup instead",
}
