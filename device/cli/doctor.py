"""`tabletop doctor`: the first thing to run after wiring. Checks the config, then each part,
and prints one line per check: OK or FAIL with what to do."""

from __future__ import annotations

import argparse
import sys
import time
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from device.settings import ConfigError, Display, Settings, load

if TYPE_CHECKING:
    from device.frames import Device

Check = tuple[str, bool, str]  # part, ok, detail


def check_config(path: Path | None) -> tuple[Settings | None, Check]:
    try:
        settings = load(path)
    except ConfigError as error:
        return None, ("config", False, str(error))
    where = str(path) if path else "defaults (no config file)"
    return settings, ("config", True, where)


def check_display(settings: Settings, make: Callable[[Display], Device] | None = None) -> Check:
    from PIL import Image, ImageDraw

    from device.hw.oled import make_device

    d = settings.display
    where = (
        f"{d.type} on i2c-{d.i2c_port} at {d.i2c_address:#04x}"
        if d.bus == "i2c"
        else f"{d.type} on spi{d.spi_port}.{d.spi_device}"
    )
    try:
        device = (make or make_device)(d)
        image = Image.new("1", (128, 64))
        draw = ImageDraw.Draw(image)
        draw.rectangle((0, 0, 127, 63), outline=1)
        draw.text((8, 26), "tabletop doctor", fill=1)
        device.display(image)
    except Exception as error:  # noqa: BLE001 - every failure is a report line
        hint = " (turn on I2C/SPI: sudo systemd/install.sh --enable-interfaces; check the wiring)"
        return "display", False, f"{where}: {type(error).__name__}: {error}{hint}"
    return "display", True, f"{where}: test pattern shown (a frame and a line of text)"


def check_reader(settings: Settings) -> Check:
    from device.hw.nfc.pn532 import PN532
    from device.hw.nfc.reader import open_port

    r = settings.reader
    if r.type == "none":
        return "reader", True, "none configured (buttons only)"
    try:
        with open_port(r.port, r.type) as port:
            if r.type == "pn532":
                ic, ver, rev, _ = PN532(port).begin()
                return "reader", True, f"PN5{ic:02X} firmware {ver}.{rev} on {r.port}"
    except Exception as error:  # noqa: BLE001 - any failure of the reader is its report line
        hint = (
            " (turn on the UART, the serial console off: sudo systemd/install.sh"
            " --enable-interfaces; check TX/RX)"
        )
        return "reader", False, f"{r.type} on {r.port}: {error}{hint}"
    return (
        "reader",
        True,
        (
            f"rdm6300: {r.port} opens; it cannot be asked, so tap a card: "
            f"tabletop nfc read --reader rdm6300 --port {r.port}"
        ),
    )


def check_buttons(
    settings: Settings,
    wait_s: float,
    say: Callable[[str], None],
    make_button: Callable[..., Any] | None = None,  # gpiozero's Button (no types: Any)
) -> list[Check]:
    """Each button released now (a pressed one at rest is a short or a wrong pin); with
    `wait_s`, each pressed when asked."""
    from device.hw.gpio import passed_over, prepare_pin_library

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")  # gpiozero's fallbacks between pin libraries: below
        try:
            if make_button is None:
                from gpiozero import Button

                prepare_pin_library()
                make_button = Button
            buttons = {
                name: make_button(pin, pull_up=True)
                for name, pin in settings.buttons.pins().items()
            }
        except Exception as error:  # noqa: BLE001 - no GPIO of any kind is a report line
            why = "; ".join(passed_over(caught))
            detail = f"no GPIO: {type(error).__name__}: {error}" + (f" ({why})" if why else "")
            return [("buttons", False, detail)]
    checks = []
    try:
        for name, button in buttons.items():
            pin = settings.buttons.pins()[name]
            if button.is_pressed:
                checks.append((f"button {name}", False, f"GPIO{pin} reads pressed at rest"))
                continue
            if wait_s <= 0:
                checks.append((f"button {name}", True, f"GPIO{pin} released"))
                continue
            say(f"press {name} (GPIO{pin}) ...")
            deadline = time.monotonic() + wait_s
            while not button.is_pressed and time.monotonic() < deadline:
                time.sleep(0.01)
            pressed = button.is_pressed
            checks.append(
                (
                    f"button {name}",
                    pressed,
                    f"GPIO{pin} " + ("pressed" if pressed else f"not pressed within {wait_s:g} s"),
                )
            )
            while button.is_pressed and time.monotonic() < deadline + 2:
                time.sleep(0.01)
    finally:
        for button in buttons.values():
            button.close()
    return checks


def run(args: argparse.Namespace) -> int:
    from device.hw.gpio import prepare_pin_library

    def say(line: str) -> None:
        print(line, flush=True)

    prepare_pin_library()  # before the display too: an SPI display's pins may load lgpio
    settings, config = check_config(Path(args.config) if args.config else None)
    checks = [config]
    if settings is not None:
        checks.append(check_display(settings))
        checks.append(check_reader(settings))
        checks += check_buttons(settings, args.buttons, say)
    width = max(len(part) for part, _, _ in checks)
    for part, ok, detail in checks:
        say(f"{part:<{width}}  {'OK  ' if ok else 'FAIL'}  {detail}")
    failed = [part for part, ok, _ in checks if not ok]
    if failed:
        print(
            f"tabletop doctor: {len(failed)} check(s) failed: {', '.join(failed)}", file=sys.stderr
        )
        return 1
    return 0
