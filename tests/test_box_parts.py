"""The runtime with its parts: a card reader that goes away and comes back, a display that
fails, and the real OLED driver under the loop."""

import time

import pytest
from gpiozero import Device
from gpiozero.pins.mock import MockFactory
from luma.oled.device import ssd1306

from device.app.runtime import Runtime
from device.app.state import notice_text
from device.hw.display import dummy_device
from device.hw.oled import PagedOled
from device.settings import Buttons, Reader, Settings
from tests.readersim import PN532Sim
from tests.test_oled_pages import FlakySerial

pytestmark = pytest.mark.filterwarnings("ignore:Image.Image.getdata is deprecated")


def wait_for(predicate, timeout=5.0):
    deadline = time.monotonic() + timeout
    while not predicate():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.02)


def test_missing_reader_is_shown_and_the_box_reconnects(tmp_path):
    sim = PN532Sim(tmp_path / "ttyNFC")
    sim.start()
    Device.pin_factory = MockFactory()
    settings = Settings(buttons=Buttons(hold_s=0.2), reader=Reader(port=str(sim.link)))
    box = Runtime.build(settings, tmp_path / "state", dummy_device())
    box.reader.retry_s = 0.2
    box.start()
    try:
        wait_for(lambda: box.reader.firmware is not None)
        assert not box.screen.image.getpixel((127, 8))
        sim.unplug()
        wait_for(lambda: not box.loop.box.reader_ok)
        box.settle()
        assert notice_text(box.loop.box) == "Kartenleser fehlt"
        image = box.screen.image
        assert image.getpixel((127, 8))  # the standing mark in the status line
        # buttons still work
        Device.pin_factory.pin(26).drive_low()
        Device.pin_factory.pin(26).drive_high()
        box.settle()
        assert box.loop.box.menu[-1][0].kind == "game"
        sim.plug()
        wait_for(lambda: box.loop.box.reader_ok)
    finally:
        box.stop()
        sim.unplug()


def test_failing_display_is_retried_and_the_game_goes_on(tmp_path, caplog):
    Device.pin_factory = MockFactory()
    serial = FlakySerial()
    oled = PagedOled(ssd1306(serial), "ssd1306")
    serial.fail = True
    box = Runtime.build(Settings(buttons=Buttons(hold_s=0.2)), tmp_path, oled, with_reader=False)
    box.start()
    try:
        assert box.screen.failing
        pin = Device.pin_factory.pin(26)
        pin.drive_low()
        pin.drive_high()
        box.settle()
        assert box.loop.box.menu[-1][0].kind == "game"  # the press was handled
        serial.fail = False
        wait_for(lambda: not box.screen.failing, timeout=3)
        assert sum(len(d) for d in serial.data_bytes) >= 1024  # the whole frame, once back
    finally:
        box.stop()
    assert any("display write failed" in r.getMessage() for r in caplog.records)


def test_the_simulator_brings_its_own_pins_and_leaves_gpiozeros_global_alone(tmp_path):
    """Parts are passed in, not set globally: two simulated boxes press their own buttons."""
    from device.sim.simulator import Simulator

    before = Device.pin_factory
    one = Simulator(Settings(buttons=Buttons(hold_s=0.2)), tmp_path / "one")
    two = Simulator(Settings(buttons=Buttons(hold_s=0.2)), tmp_path / "two")
    one.start()
    two.start()
    try:
        assert Device.pin_factory is before
        assert one.pin_factory is not two.pin_factory
        one.press("ok")  # into the menu's first item on one box only
        assert one.loop.box.menu != two.loop.box.menu or one.loop.box.mode != two.loop.box.mode
    finally:
        one.stop()
        two.stop()


def test_the_runtime_takes_the_buttons_it_is_given(tmp_path):
    """The parts are given, not built inside: a maker of the buttons gets the loop's queue
    (here a stand-in that presses `ok` itself)."""
    from device.app.runtime import Runtime
    from device.events import Press
    from device.hw.display import Screen
    from device.storage.store import Store

    made = []

    class Panel:
        closed = False

        def close(self) -> None:
            self.closed = True

    panel = Panel()

    def buttons(events):
        made.append(events)
        events.put(Press("ok"))  # the menu's first item: a new game
        return panel

    box = Runtime(Settings(), Store(tmp_path), Screen(dummy_device()), buttons=buttons)
    box.start()
    try:
        box.settle()
        assert box.panel is panel and made == [box.loop.events]
        assert box.loop.box.menu[-1][0].kind == "game"  # the press reached the loop
    finally:
        box.stop()
    assert panel.closed  # and the runtime closes what it was given
