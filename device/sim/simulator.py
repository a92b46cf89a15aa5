"""The box without hardware: gpiozero's MockFactory pins, luma's dummy display, the real
loop and store. Driven by a script (headless) or by the keyboard (`device.sim.terminal`)."""

from __future__ import annotations

import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from device.app.runtime import Runtime
from device.events import Sink, Tap
from device.hw.display import Screen, dummy_device
from device.settings import Settings
from device.sim.script import Step
from device.storage.store import Store

if TYPE_CHECKING:
    from device.hw.buttons import ButtonPanel

HOLD_MARGIN = 0.1  # a hold is a timer (device.hw.buttons); a little slack for it


class Simulator(Runtime):
    def __init__(
        self,
        settings: Settings,
        state_dir: Path,
        frames: Path | None = None,
        seed: int | None = None,
    ) -> None:
        """`seed`: make what the games draw at random (a dealt layout) the same every run,
        for scripts, screenshots and tests."""
        store, screen = Store(state_dir), Screen(dummy_device(), frames)
        super().__init__(settings, store, screen, None, None, seed, self._buttons)
        self.pins: dict[str, Any] = {}  # gpiozero's mock pins, made once the first frame is out

    def _buttons(self, events: Sink) -> ButtonPanel:
        """Its own mock pins (gpiozero's global is left alone), made after the first frame as
        the real box makes its buttons: importing gpiozero takes longer than drawing it."""
        from gpiozero.pins.mock import MockFactory

        from device.hw.buttons import ButtonPanel

        self.pin_factory = MockFactory()
        pins = self.settings.buttons.pins().items()
        self.pins = {name: self.pin_factory.pin(pin) for name, pin in pins}
        return ButtonPanel(self.settings.buttons, events, self.pin_factory)

    def press(self, button: str) -> None:
        pin = self.pins[button]
        pin.drive_low()
        pin.drive_high()
        self.settle()

    def hold(self, button: str) -> None:
        pin = self.pins[button]
        pin.drive_low()
        time.sleep(self.settings.buttons.hold_s + HOLD_MARGIN)
        pin.drive_high()
        self.settle()

    def tap(self, uid: str) -> None:
        self.loop.events.put(Tap(uid))
        self.settle()

    def run_steps(self, steps: list[Step]) -> None:
        for step in steps:
            if step.verb == "press":
                self.press(str(step.arg))
            elif step.verb == "hold":
                self.hold(str(step.arg))
            elif step.verb == "tap":
                self.tap(str(step.arg))
            else:
                time.sleep(int(step.arg) / 1000)
                self.settle()
