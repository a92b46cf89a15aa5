"""Bytes sent to the OLED per typical update (prints figures; not a test).

    .venv/bin/python benchmarks/display.py

Real screens from the box's renderer, luma's real SSD1306 and SH1106 drivers under
`PagedOled`, and a serial interface that counts the bytes. The I2C time assumes 400 kHz and
9 bits per byte (ACK included), plus a control byte per transfer.
"""

from __future__ import annotations

import sys
import warnings
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
warnings.filterwarnings("ignore", category=DeprecationWarning)

from luma.oled.device import sh1106, ssd1306  # noqa: E402

from device.app.frame import render  # noqa: E402
from device.app.session import Session  # noqa: E402
from device.app.state import TOP, BoxState, line_notice  # noqa: E402
from device.games.zweimal.view import View  # noqa: E402
from device.hw.oled import PagedOled  # noqa: E402
from engine.zweimal.game import Lay, Options, Place, StartRound, apply, initial_state  # noqa: E402


class Counter:
    def __init__(self) -> None:
        self.bytes = 0
        self.transfers = 0

    def command(self, *cmd):
        self.bytes += len(cmd)
        self.transfers += 1

    def data(self, data):
        self.bytes += len(data)
        self.transfers += 1

    def cleanup(self):
        pass


def boxes():
    state = apply(initial_state(Options()), StartRound())
    base = BoxState(mode="game", session=Session(1, "zweimal", state.options, state, 1))
    placed = apply(state, Place((0, 0)))
    laid = apply(placed, Lay((3, 3)))
    return {
        "cursor move": (base, replace(base, view=View((0, 1)))),
        "place a figure (side panel changes)": (
            base,
            replace(base, session=replace(base.session, state=placed)),
        ),
        "lay a card (turn passes)": (
            replace(base, session=replace(base.session, state=placed)),
            replace(base, session=replace(base.session, state=laid)),
        ),
        "menu: next item": (
            BoxState(mode="menu", session=base.session),
            BoxState(mode="menu", menu=((TOP, 1),), session=base.session),
        ),
        "refusal line appears": (
            base,
            replace(base, notice=line_notice("Feld hat schon eine Figur")),
        ),
    }


def main() -> None:
    for name, driver in (("ssd1306", ssd1306), ("sh1106", sh1106)):
        counter = Counter()
        oled = PagedOled(driver(counter), name)
        counter.bytes = counter.transfers = 0
        oled.display(render(BoxState()))
        full = counter.bytes
        print(f"{name}: full frame {full} bytes ({ms(counter)} at 400 kHz I2C)")
        for label, (before, after) in boxes().items():
            oled.display(render(before))
            counter.bytes = counter.transfers = 0
            oled.display(render(after))
            print(
                f"  {label:<38} {counter.bytes:5d} bytes  {counter.bytes / full:6.1%}"
                f"  {ms(counter)}"
            )


def ms(counter: Counter) -> str:
    return f"{(counter.bytes + counter.transfers) * 9 / 400_000 * 1000:.2f} ms"


if __name__ == "__main__":
    main()
