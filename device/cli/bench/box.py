"""The box in simulation, timed: MockFactory pins, the real loop and store in a temporary
directory, and a display that is luma's real SSD1306 driver under `PagedOled` (the page diff)
on a serial interface that counts the bytes it would send.

Each game is played by a seeded player who presses buttons (ok, the arrows, back; never a
hold) the way the screens allow, and taps the game's cards where it has them; a game that
ends starts again from the menu. Every press is timed from the pin edge that makes the event
(a press, or for `ok` the release) to the frame handed to the display.
"""

from __future__ import annotations

import os
import random
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from PIL import Image

    from device.app.state import BoxState

BUTTONS = ("ok", "up", "down", "left", "right", "back")
WEIGHTS = (30, 16, 16, 14, 14, 10)


class CountingSerial:
    """luma's serial interface, counting the bytes of commands and data."""

    def __init__(self) -> None:
        self.bytes = 0

    def command(self, *cmd: int) -> None:
        self.bytes += len(cmd)

    def data(self, data: list[int]) -> None:
        self.bytes += len(data)

    def cleanup(self) -> None:
        pass


class TimedDisplay:
    """The display device the box's `Screen` sends frames to: notes when each frame is handed
    over and how many bytes the page diff sends for it."""

    def __init__(self) -> None:
        import warnings

        warnings.filterwarnings("ignore", category=DeprecationWarning)
        from luma.oled.device import ssd1306

        from device.hw.oled import PagedOled

        self.serial = CountingSerial()
        self.oled = PagedOled(ssd1306(self.serial), "ssd1306")
        self.width, self.height = 128, 64
        self.frames: list[tuple[float, int]] = []  # (time handed over, bytes sent)

    def display(self, image: Image.Image) -> None:
        handed = time.perf_counter()
        before = self.serial.bytes
        self.oled.display(image)
        self.frames.append((handed, self.serial.bytes - before))

    def cleanup(self) -> None:
        pass


def full_frame_bytes() -> int:
    """What a whole frame costs on the bus (the first frame, or luma without the diff)."""
    from device.app.frame import render
    from device.app.state import BoxState

    display = TimedDisplay()
    display.display(render(BoxState()))
    return display.frames[-1][1]


@dataclass
class Press:
    game: str
    button: str
    mode: str  # the box's mode before the press
    changed: bool  # the game's state changed (an action was accepted)
    same_screen: bool  # the same mode, menu page and game screen before and after
    ms: float | None  # pin edge to frame; None when the screen did not change
    bytes: int


@dataclass
class Played:
    presses: list[Press] = field(default_factory=list)
    games_started: int = 0
    actions: int = 0


class TimedBox:
    """The simulated box with the timed display, in a temporary state directory."""

    def __init__(self, lang: str = "de") -> None:
        from gpiozero.pins.mock import MockFactory

        from device.app.runtime import Runtime
        from device.settings import Buttons, Settings

        self._tmp = tempfile.TemporaryDirectory(prefix="tabletop-bench-")
        factory = MockFactory()  # its own mock pins, passed to the buttons
        self.display = TimedDisplay()
        settings = Settings(language=lang, buttons=Buttons(hold_s=5.0, bounce_ms=0))
        self.runtime = Runtime.build(
            settings, Path(self._tmp.name), self.display, with_reader=False, pin_factory=factory
        )
        self.runtime.start()
        self.runtime.preloaded.wait(30)  # as a player would, a moment after the first frame
        self.pins = {n: factory.pin(p) for n, p in settings.buttons.pins().items()}
        self.uids: dict[str, str] = {}

    @property
    def box(self) -> BoxState:
        return self.runtime.loop.box

    def press(self, button: str) -> tuple[float | None, int]:
        """Press and release; the time from the edge that makes the event to the frame (None
        if no frame came) and the bytes that frame sent."""
        from device.hw.buttons import HOLDABLE

        pin = self.pins[button]
        count = len(self.display.frames)
        if button in HOLDABLE:  # ok and back are reported on release
            pin.drive_low()
            edge = time.perf_counter()
            pin.drive_high()
        else:
            edge = time.perf_counter()
            pin.drive_low()
            pin.drive_high()
        self.runtime.settle()
        pin.clear_states()  # the mock pin's own record of every edge (not the box's memory)
        if len(self.display.frames) == count:
            return None, 0
        handed, sent = self.display.frames[count]
        return (handed - edge) * 1000, sum(b for _, b in self.display.frames[count:])

    def tap(self, card: str) -> None:
        from device.events import Tap

        uid = self.uids.get(card)
        if uid is None:
            uid = self.uids[card] = f"{0x04B00000 + len(self.uids) + 1:08X}"
            self.runtime.store.teach([(uid, card)])
        self.runtime.loop.events.put(Tap(uid))
        self.runtime.settle()

    def close(self) -> None:
        self.runtime.stop()
        self._tmp.cleanup()


def _new_game(box: TimedBox, game: str, out: Played) -> None:
    from device.app.menu import menu_items

    for item in ("new", game):  # the game list opens on the game played last
        items, at = menu_items(box.box), box.box.menu[-1][1]
        for _ in range((items.index(item) - at) % len(items)):
            _press(box, game, "down", out)
        _press(box, game, "ok", out)
    while box.box.mode == "menu":  # the new-game page as it opens
        _press(box, game, "ok", out)
    out.games_started += 1


def _press(box: TimedBox, game: str, button: str, out: Played) -> None:
    before = box.box
    actions = before.session.actions if before.session else 0
    ms, sent = box.press(button)
    after = box.box
    changed = after.session is not None and after.session.actions != actions
    out.actions += changed
    same = _screen(before) == _screen(after)
    out.presses.append(Press(game, button, before.mode, changed, same, ms, sent))


def _screen(box: BoxState) -> tuple[object, ...]:
    """Which screen the box shows: its mode, the menu page, which game (a rematch is a new
    one), the game's own screen (its screens' `which_screen`: a mode, a scoring board's
    page, a list's page: turning a page is a new screen, not a step), whether a notice band
    shows, and the page of an undo's changes said (leaving them is no cursor move)."""
    from device.app.state import game_view, screens_of

    session = box.session
    game = (
        () if session is None else screens_of(session).which_screen(session.state, game_view(box))
    )
    undone = box.undone_page if box.undone else None
    return (
        box.mode,
        session.db_id if session is not None else None,
        box.menu[-1][0],
        *game,
        bool(box.notice),
        undone,
    )


def _cards(game: str) -> list[str]:
    """The cards a game's tags can stand for (its card set), to tap now and then."""
    from device.cards.names import card_names

    return [c for c in card_names([]) if c.startswith(f"{game}:") and ":player-" not in c]


def play(box: TimedBox, game: str, presses: int, seed: int) -> Played:
    """`presses` button presses in games of `game` (new games as they end)."""
    rng = random.Random(seed)
    out = Played()
    cards = _cards(game)
    while len(out.presses) < presses:
        mode = box.box.mode
        if mode == "menu" or box.box.session is None or box.box.session.game != game:
            if mode == "confirm":
                _press(box, game, "back", out)  # no to the question first
                continue
            if mode != "menu":
                from device.events import Hold

                box.runtime.loop.events.put(Hold("ok"))  # the menu (a hold is not timed)
                box.runtime.settle()
            _new_game(box, game, out)
            continue
        if mode == "message":
            _press(box, game, "ok", out)
            continue
        if cards and rng.random() < 0.15:
            box.tap(rng.choice(cards))
            continue
        _press(box, game, rng.choices(BUTTONS, WEIGHTS)[0], out)
    return out


def open_fds() -> int:
    return len(os.listdir("/proc/self/fd"))


def rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0  # pragma: no cover - every Linux has it
