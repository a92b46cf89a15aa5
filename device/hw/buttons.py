"""The six buttons through gpiozero: each edge becomes an event on the loop's queue.

`ok` and `back` are reported on release, unless they were held: a hold of `ok` (hold_s) is
the menu, a hold of `back` takes back the last action. The other buttons report on press.
Callbacks run in gpiozero's threads and only enqueue.

Nothing polls while the box is idle: the buttons are plain `DigitalInputDevice`s (a gpiozero
`Button` runs a hold thread that wakes ten times a second, six of them a noticeable load on a
Pi Zero), and a hold is a one-shot timer started by the press and cancelled by the release.
"""

from __future__ import annotations

import threading
from typing import Any

from gpiozero import DigitalInputDevice

from device.events import Hold, Press, Sink
from device.hw.gpio import prepare_pin_library
from device.settings import Buttons

HOLDABLE = ("ok", "back")  # reported on release: a hold is a gesture of its own


class _Holdable:
    """One button that is either pressed (reported on release) or held (reported once the
    hold time has passed, and its release then says nothing)."""

    def __init__(self, name: str, hold_s: float, events: Sink) -> None:
        self.name, self.hold_s, self.events = name, hold_s, events
        self._lock = threading.Lock()
        self._timer: threading.Timer | None = None
        self._held = False

    def pressed(self) -> None:
        with self._lock:
            self._held = False
            if self._timer is not None:
                self._timer.cancel()
            self._timer = threading.Timer(self.hold_s, self._hold_passed)
            self._timer.daemon = True
            self._timer.start()

    def _hold_passed(self) -> None:
        with self._lock:
            if self._timer is None:  # released in the meantime
                return
            self._timer = None
            self._held = True
        self.events.put(Hold(self.name))

    def released(self) -> None:
        with self._lock:
            if self._timer is not None:
                self._timer.cancel()
                self._timer = None
            held, self._held = self._held, False
        if not held:
            self.events.put(Press(self.name))

    def cancel(self) -> None:
        with self._lock:
            if self._timer is not None:
                self._timer.cancel()
                self._timer = None


class ButtonPanel:
    # pin_factory: gpiozero's (gpiozero ships no types: Any)
    def __init__(self, settings: Buttons, events: Sink, pin_factory: Any = None) -> None:
        """`pin_factory`: gpiozero's pins to use (None: gpiozero's default, the real GPIO on a
        Pi; the simulator passes its own mock pins, nothing global is changed)."""
        self.events = events
        self.buttons: dict[str, DigitalInputDevice] = {}
        self._holdable = {name: _Holdable(name, settings.hold_s, events) for name in HOLDABLE}
        bounce = settings.bounce_ms / 1000 or None
        if pin_factory is None:
            prepare_pin_library()
        for name, pin in settings.pins().items():
            button = DigitalInputDevice(
                pin, pull_up=True, bounce_time=bounce, pin_factory=pin_factory
            )
            if name in self._holdable:
                button.when_activated = self._holdable[name].pressed
                button.when_deactivated = self._holdable[name].released
            else:
                button.when_activated = lambda name=name: self.events.put(Press(name))
            self.buttons[name] = button

    def close(self) -> None:
        for holdable in self._holdable.values():
            holdable.cancel()
        for button in self.buttons.values():
            button.close()
