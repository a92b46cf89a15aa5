"""The box put together: store, screen, loop, buttons and (when configured) the card reader.
The simulator and the real box differ only in the pin factory and the display device."""

from __future__ import annotations

import logging
import threading
from pathlib import Path

from device.buttons import ButtonPanel
from device.config import Settings
from device.display import Screen
from device.events import ReaderStatus, Tap
from device.loop import Loop, Stop
from device.store import Store
from device.systemd import Notifier

log = logging.getLogger("tabletop.runtime")


class Runtime:
    def __init__(
        self,
        settings: Settings,
        state_dir: Path,
        display_device,
        frames: Path | None = None,
        with_reader: bool = True,
    ) -> None:
        self.settings = settings
        from device.games import playable

        for entry in playable().values():  # games that read the config's deck files
            configure = getattr(entry.screens, "configure", None)
            if configure is not None:
                configure(list(settings.decks))
        self.store = Store(state_dir)
        self.screen = Screen(display_device, frames)
        from device.cards import card_names

        self.loop = Loop(
            self.store, self.screen, settings.language, tuple(card_names(settings.decks))
        )
        self.panel = ButtonPanel(settings.buttons, self.loop.events)
        self.reader = None
        if with_reader and settings.reader.type != "none":
            from device.nfc.reader import CardReader

            self.reader = CardReader(
                settings.reader.type,
                settings.reader.port,
                lambda uid: self.loop.events.put(Tap(uid)),
                lambda ok, detail: self.loop.events.put(ReaderStatus(ok)),
                removal_s=settings.reader.removal_s,
                on_text=self.loop.tag_texts.__setitem__,
            )
        self.notifier = Notifier()
        self.loop.notifier = self.notifier
        self._thread = threading.Thread(target=self.loop.run, name="loop", daemon=True)

    def start(self) -> None:
        self._thread.start()
        self.loop.ready.wait(10)
        if self.reader is not None:
            self.reader.start()
        self.settle()

    def settle(self) -> None:
        """Wait until every event so far is handled and its frame drawn."""
        self.loop.events.join()

    def wait(self) -> None:
        """Run until the loop stops (a Stop event, e.g. from SIGTERM)."""
        while self._thread.is_alive():
            self._thread.join(0.5)

    def stop(self, terminated: bool = False) -> None:
        """Stop: finish the events already queued, make the saved games durable, and (when
        told to stop, e.g. by SIGTERM) leave "stopped" on the screen."""
        if terminated:
            self.notifier.stopping()
        else:
            self.settle()
        self.loop.events.put(Stop())
        self._thread.join(timeout=5)
        if self.reader is not None:
            self.reader.stop()
        self.panel.close()
        self.store.close()
        if terminated:
            from device.render import render_stopped

            self.screen.show(render_stopped(self.settings.language))
