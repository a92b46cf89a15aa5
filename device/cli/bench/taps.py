"""The time from a card entering the field of a simulated PN532 (the test suite's stand-in on
a pseudo-terminal, speaking the real HSU protocol) to the tap event on the loop's queue, with
the box's own driver and its settings (`device/hw/nfc/reader.py`)."""

from __future__ import annotations

import queue
import tempfile
import time
from pathlib import Path

from engine.core import TabletopError


def tap_to_uid_ms(taps: int) -> list[float]:
    from device.events import Tap
    from device.hw.nfc.reader import CardReader
    from device.hw.nfc.sim import PN532Sim

    times: list[float] = []
    with tempfile.TemporaryDirectory(prefix="tabletop-bench-") as tmp:
        sim = PN532Sim(Path(tmp) / "pn532")
        sim.start()
        events: queue.Queue[tuple[float, Tap]] = queue.Queue()

        def on_tap(uid: str) -> None:  # what the box's loop gets: a Tap on its queue
            events.put((time.perf_counter(), Tap(uid)))

        reader = CardReader("pn532", str(sim.link), on_tap, _ignore)
        reader.start()
        try:
            deadline = time.monotonic() + 10
            while reader.firmware is None:  # the reader is up
                if time.monotonic() > deadline:
                    raise TabletopError("the simulated PN532 did not answer")
                time.sleep(0.01)
            for i in range(taps):
                uid = bytes([0x04, 0xC0, i >> 8 & 0xFF, i & 0xFF])
                time.sleep(0.04 + 0.007 * (i % 9))  # between taps, at any moment of a cycle
                entered = time.perf_counter()
                sim.card = uid
                queued, event = events.get(timeout=5)
                times.append((queued - entered) * 1000)
                if event.uid != uid.hex().upper():
                    raise TabletopError(f"tapped {uid.hex()}, the reader said {event.uid}")
                time.sleep(0.06)  # a tap: the card lies there a moment
                sim.card = None
        finally:
            reader.stop()
            sim.unplug()
    return times


def _ignore(ok: bool, detail: str) -> None:
    pass
