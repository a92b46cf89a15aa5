"""The box without hardware: gpiozero's MockFactory pins, luma's dummy display, the real
loop and store. Driven by a script (headless) or by the keyboard (`device.terminal`)."""

from __future__ import annotations

import threading
import time
from pathlib import Path

from gpiozero import Device
from gpiozero.pins.mock import MockFactory

from device.box import Tap
from device.buttons import ButtonPanel
from device.config import Settings
from device.display import Screen, dummy_device
from device.loop import Loop, Stop
from device.script import Step
from device.store import Store

HOLD_MARGIN = 0.25  # gpiozero checks for a hold every 0.1 s


class Simulator:
    def __init__(self, settings: Settings, state_dir: Path, frames: Path | None = None) -> None:
        Device.pin_factory = MockFactory()
        self.settings = settings
        self.store = Store(state_dir)
        self.screen = Screen(dummy_device(), frames)
        self.loop = Loop(self.store, self.screen, settings.language)
        self.panel = ButtonPanel(settings.buttons, self.loop.events)
        self.pins = {
            name: Device.pin_factory.pin(pin) for name, pin in settings.buttons.pins().items()
        }
        self._thread = threading.Thread(target=self.loop.run, name="loop", daemon=True)

    def start(self) -> None:
        self._thread.start()
        self.loop.ready.wait(10)
        self.settle()

    def settle(self) -> None:
        """Wait until every event so far is handled and its frame drawn."""
        self.loop.events.join()

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

    def stop(self) -> None:
        self.settle()
        self.loop.events.put(Stop())
        self._thread.join(timeout=5)
        self.panel.close()
        self.store.close()
