"""The box put together: store, screen, loop, buttons and (when configured) the card reader,
each given to it (`Runtime.build` makes them from the settings). The simulator and the real
box differ only in the pin factory (passed to the buttons) and the display device."""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from device.app.loop import Loop, Stop
from device.events import ReaderStatus, Sink, Tap
from device.hw.display import Screen
from device.hw.systemd import Notifier
from device.settings import Settings
from device.storage.store import Store

if TYPE_CHECKING:
    from device.hw.buttons import ButtonPanel
    from device.hw.nfc.reader import CardReader

log = logging.getLogger("tabletop.runtime")


class Runtime:
    """The parts are given (`build` makes them from the settings): the store, the screen, the
    card reader (None: none), the pin factory for the buttons (None: gpiozero's default, the
    real GPIO; the simulator gives its own mock pins). The buttons (`buttons`: a maker given
    the loop's queue; by default gpiozero's on the settings' pins) are made once the first
    frame is out."""

    def __init__(
        self,
        settings: Settings,
        store: Store,
        screen: Screen,
        reader: CardReader | None = None,
        pin_factory: Any = None,  # gpiozero's (it ships no types)
        seed: int | None = None,
        buttons: Callable[[Sink], ButtonPanel] | None = None,
    ) -> None:
        self.settings = settings
        from device import games

        games.set_up(settings.decks, seed, settings.deck_rules)  # each game's screens get them
        self.store = store
        self.screen = screen
        import socket

        from device.cards.names import card_names

        address = settings.web.address(socket.gethostname())
        self.loop = Loop(
            self.store,
            self.screen,
            settings.language,
            web_address=address,
            suggest=settings.suggest,
            names_later=lambda: tuple(card_names(settings.decks)),
        )
        self.panel: ButtonPanel | None = None  # made once the first frame is out (start)
        self.pin_factory = pin_factory
        self._buttons = buttons  # None: gpiozero buttons on the settings' pins (`pin_factory`)
        self.reader = reader
        if reader is not None:  # its taps and its status go to the loop's queue
            reader.on_tap = lambda uid: self.loop.events.put(Tap(uid))
            reader.on_status = lambda ok, detail: self.loop.events.put(ReaderStatus(ok))
            reader.on_text = self.loop.tag_texts.__setitem__
        self.notifier = Notifier()
        self.loop.notifier = self.notifier
        self._thread = threading.Thread(target=self.loop.run, name="loop", daemon=True)
        self.preloaded = threading.Event()

    @classmethod
    def build(
        cls,
        settings: Settings,
        state_dir: Path,
        display_device: Any,  # luma's device (luma ships no types)
        frames: Path | None = None,
        with_reader: bool = True,
        seed: int | None = None,
        pin_factory: Any = None,  # gpiozero's (it ships no types)
    ) -> Runtime:
        """The box's parts from its settings: the store in `state_dir`, the screen on
        `display_device` (with `frames`, every frame also written as a PNG), the configured
        card reader (unless `with_reader` is False)."""
        reader = None
        if with_reader and settings.reader.type != "none":
            from device.hw.nfc.reader import CardReader

            reader = CardReader(
                settings.reader.type,
                settings.reader.port,
                lambda uid: None,  # connected to the loop by the runtime
                lambda ok, detail: None,
                removal_s=settings.reader.removal_s,
            )
        store, screen = Store(state_dir), Screen(display_device, frames)
        return cls(settings, store, screen, reader, pin_factory, seed)

    def start(self) -> None:
        """The loop draws the first frame; then the buttons (gpiozero) and the reader start:
        what the first frame does not need is not on its way."""
        self._thread.start()
        self.loop.ready.wait(10)
        if self._buttons is not None:
            self.panel = self._buttons(self.loop.events)
        else:
            from device.hw.buttons import ButtonPanel

            self.panel = ButtonPanel(self.settings.buttons, self.loop.events, self.pin_factory)
        threading.Thread(target=self._preload, name="preload", daemon=True).start()
        if self.reader is not None:
            self.reader.start()
        self.settle()

    def _preload(self) -> None:
        """Import every game right after the first frame, so the first press into a game
        does not wait for it (the first frame did not)."""
        from device import games
        from device.app import saved_screen

        try:
            saved_screen.prepare()
            for entry in games.playable().values():
                entry.screens  # noqa: B018 - imports the screens and their engine
                entry.engine  # noqa: B018
        except Exception:  # noqa: BLE001 - the loop imports it again and reports there
            log.exception("preloading the games failed")
        finally:
            self.preloaded.set()

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
        if self.panel is not None:
            self.panel.close()
        self.store.close()
        if terminated:
            from device.app.frame import render_stopped

            self.screen.show(render_stopped(self.settings.language))
