"""The six buttons through gpiozero: each edge becomes an event on the loop's queue.

`ok` is reported on release, unless it was held: a hold of `ok` (hold_s) is the menu. The
other buttons report on press. Callbacks run in gpiozero's threads and only enqueue.

Nothing polls while the box is idle: the buttons are plain `DigitalInputDevice`s (a gpiozero
`Button` runs a hold thread that wakes ten times a second, six of them a noticeable load on a
Pi Zero), and the hold of `ok` is a one-shot timer started by the press and cancelled by the
release.
"""

from __future__ import annotations

import queue
import threading

from gpiozero import DigitalInputDevice

from device.events import Hold, Press
from device.settings import Buttons


class ButtonPanel:
    def __init__(self, settings: Buttons, events: queue.Queue, pin_factory=None) -> None:
        """`pin_factory`: gpiozero's pins to use (None: gpiozero's default, the real GPIO on a
        Pi; the simulator passes its own mock pins, nothing global is changed)."""
        self.events = events
        self.hold_s = settings.hold_s
        self.buttons: dict[str, DigitalInputDevice] = {}
        self._lock = threading.Lock()
        self._timer: threading.Timer | None = None
        self._held = False
        bounce = settings.bounce_ms / 1000 or None
        for name, pin in settings.pins().items():
            button = DigitalInputDevice(
                pin, pull_up=True, bounce_time=bounce, pin_factory=pin_factory
            )
            if name == "ok":
                button.when_activated = self._ok_pressed
                button.when_deactivated = self._ok_released
            else:
                button.when_activated = lambda name=name: self.events.put(Press(name))
            self.buttons[name] = button

    def _ok_pressed(self) -> None:
        with self._lock:
            self._held = False
            if self._timer is not None:
                self._timer.cancel()
            self._timer = threading.Timer(self.hold_s, self._ok_held)
            self._timer.daemon = True
            self._timer.start()

    def _ok_held(self) -> None:
        with self._lock:
            if self._timer is None:  # released in the meantime
                return
            self._timer = None
            self._held = True
        self.events.put(Hold("ok"))

    def _ok_released(self) -> None:
        with self._lock:
            if self._timer is not None:
                self._timer.cancel()
                self._timer = None
            held, self._held = self._held, False
        if not held:
            self.events.put(Press("ok"))

    def close(self) -> None:
        with self._lock:
            if self._timer is not None:
                self._timer.cancel()
                self._timer = None
        for button in self.buttons.values():
            button.close()
