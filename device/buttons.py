"""The six buttons through gpiozero: each edge becomes an event on the loop's queue.

`ok` is reported on release, unless it was held: a hold of `ok` (hold_s) is the menu. The
other buttons report on press. Callbacks run in gpiozero's threads and only enqueue.
"""

from __future__ import annotations

import queue
import threading

from gpiozero import Button

from device.box import Hold, Press
from device.config import Buttons


class ButtonPanel:
    def __init__(self, settings: Buttons, events: queue.Queue) -> None:
        self.events = events
        self.buttons: dict[str, Button] = {}
        self._held = threading.Event()
        bounce = settings.bounce_ms / 1000 or None
        for name, pin in settings.pins().items():
            button = Button(pin, pull_up=True, bounce_time=bounce, hold_time=settings.hold_s)
            if name == "ok":
                button.when_pressed = self._held.clear
                button.when_held = self._ok_held
                button.when_released = self._ok_released
            else:
                button.when_pressed = lambda name=name: self.events.put(Press(name))
            self.buttons[name] = button

    def _ok_held(self) -> None:
        self._held.set()
        self.events.put(Hold("ok"))

    def _ok_released(self) -> None:
        if not self._held.is_set():
            self.events.put(Press("ok"))
        self._held.clear()

    def close(self) -> None:
        for button in self.buttons.values():
            button.close()
