"""The reader thread: opens the port, talks to the reader, turns reads into taps, and never
dies: a reader that is unplugged, silent or talking nonsense is reported and retried every
`retry_s` until it answers again."""

from __future__ import annotations

import logging
import termios
import threading
import time
from collections.abc import Callable

import serial

from device.hw.nfc import pn532, rdm6300
from device.hw.nfc.pn532 import PN532, ReaderError
from device.hw.nfc.taps import REMOVAL_S, TapDetector
from engine.core import MisuseError

log = logging.getLogger("tabletop.nfc")
KINDS = ("pn532", "rdm6300")


def open_port(path: str, kind: str) -> serial.Serial:
    baud = pn532.BAUD if kind == "pn532" else rdm6300.BAUD
    return serial.Serial(path, baud, timeout=0.02, write_timeout=0.5)


class CardReader:
    def __init__(
        self,
        kind: str,
        path: str,
        on_tap: Callable[[str], None],
        on_status: Callable[[bool, str], None],
        removal_s: float = REMOVAL_S,
        poll_s: float = 0.02,
        retry_s: float = 1.0,
        on_text: Callable[[str, str], None] | None = None,
    ) -> None:
        """`on_text(uid, text)`, if given, hears the NDEF text of a newly tapped NTAG21x tag
        (PN532 only), just before its `on_tap`."""
        if kind not in KINDS:
            raise MisuseError(f"unknown reader {kind!r}; readers: {', '.join(KINDS)}")
        self.kind, self.path = kind, path
        self.on_tap, self.on_status, self.on_text = on_tap, on_status, on_text
        self.removal_s, self.poll_s, self.retry_s = removal_s, poll_s, retry_s
        self.firmware: tuple[int, int, int, int] | None = None
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name=f"reader-{kind}", daemon=True)
        self._ok: bool | None = None

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(timeout=3)

    def _status(self, ok: bool, detail: str) -> None:
        if ok != self._ok:
            self._ok = ok
            (log.info if ok else log.warning)("reader %s on %s: %s", self.kind, self.path, detail)
            self.on_status(ok, detail)

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                with open_port(self.path, self.kind) as port:
                    if self.kind == "pn532":
                        self._pn532(port)
                    else:
                        self._rdm6300(port)
            except (serial.SerialException, OSError, termios.error, ReaderError) as error:
                self._status(False, str(error) or type(error).__name__)
            except Exception as error:  # noqa: BLE001 - the thread must not die overnight
                log.exception("reader thread error")
                self._status(False, f"{type(error).__name__}: {error}")
            self._stop.wait(self.retry_s)

    def _pn532(self, port: serial.Serial) -> None:
        chip = PN532(port)
        self.firmware = chip.begin()
        ic, ver, rev, _ = self.firmware
        self._status(True, f"PN5{ic:02X} firmware {ver}.{rev}")
        taps = TapDetector(self.removal_s)
        wants_text = None
        if self.on_text is not None:
            wants_text = lambda uid: uid.hex().upper() not in taps.present  # noqa: E731
        while not self._stop.is_set():
            uid = chip.poll(wants_text)
            now = time.monotonic()
            if uid is not None and taps.seen(uid.hex().upper(), now):
                if chip.last_text and self.on_text is not None:
                    self.on_text(uid.hex().upper(), chip.last_text)
                self.on_tap(uid.hex().upper())
            taps.expire(now)
            if uid is not None:  # a card lies there: ask again a little later
                self._stop.wait(self.poll_s)
            # no card: the search itself waited for one (device/hw/nfc/pn532.py)

    def _rdm6300(self, port: serial.Serial) -> None:
        parser = rdm6300.Parser()
        taps = TapDetector(self.removal_s)
        self._status(True, "RDM6300 port open")
        quiet_since = time.monotonic()
        while not self._stop.is_set():
            chunk = port.read(64)
            now = time.monotonic()
            if not chunk:
                if now - quiet_since > 0.1:
                    parser.silence()
                taps.expire(now)
                continue
            quiet_since = now
            for data in parser.feed(chunk):
                uid = data.hex().upper()
                if taps.seen(uid, now):
                    self.on_tap(uid)
