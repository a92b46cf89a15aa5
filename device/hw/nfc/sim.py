"""Stand-ins for the card readers that speak their real wire protocols on a pseudo-terminal
(os.openpty): the driver under test opens the terminal's path like a serial port.

Written from the protocol descriptions (NXP UM0701-02; the RDM6300's frame format), apart
from the driver: its own frame parsing, its own checksums. The tests use them, and so does
`tabletop bench` (the time from a card entering the field to the tap on the loop's queue)."""

from __future__ import annotations

import contextlib
import os
import select
import threading
import time
import tty
from pathlib import Path


class PtyDevice:
    """One pseudo-terminal; `link` (a symlink path) can be re-pointed to a new one to
    simulate unplugging and plugging the reader back in."""

    def __init__(self, link: Path) -> None:
        self.link = link
        self._open()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def _open(self) -> None:
        self.master, self.slave = os.openpty()
        tty.setraw(self.master)
        tty.setraw(self.slave)
        name = os.ttyname(self.slave)
        if self.link.is_symlink() or self.link.exists():
            self.link.unlink()
        self.link.symlink_to(name)

    def start(self) -> None:
        self._thread = threading.Thread(target=self._serve, daemon=True)
        self._thread.start()

    def unplug(self) -> None:
        """The reader goes away: the terminal closes and the path disappears."""
        self._stop.set()
        if self._thread:
            self._thread.join(timeout=2)
        for fd in (self.master, self.slave):
            with contextlib.suppress(OSError):
                os.close(fd)
        self.link.unlink(missing_ok=True)

    def plug(self) -> None:
        self._open()
        self._stop = threading.Event()
        self.start()

    def write(self, data: bytes) -> None:
        with contextlib.suppress(OSError):
            os.write(self.master, data)

    def read(self, timeout: float) -> bytes:
        ready, _, _ = select.select([self.master], [], [], timeout)
        if not ready:
            return b""
        try:
            return os.read(self.master, 1024)
        except OSError:
            return b""

    def _serve(self) -> None:  # pragma: no cover - overridden
        raise NotImplementedError


def _frame(data: bytes) -> bytes:
    body = bytes([0xD5]) + data
    return (
        bytes([0, 0, 0xFF, len(body), (-len(body)) & 0xFF]) + body + bytes([(-sum(body)) & 0xFF, 0])
    )


class PN532Sim(PtyDevice):
    """Answers wake-up, SAMConfiguration, GetFirmwareVersion, RFConfiguration,
    InListPassiveTarget and InRelease; ACKs every good frame, resends its last answer on a
    NACK, stops a pending command on a host ACK. Faults on demand: `noise` (garbage before
    each answer), `torn` (the next answer is cut and sent whole again after garbage),
    `bad_checksum` (the next answer's DCS is wrong), `silent` (answers nothing),
    `target_answer` (a card search answers these bytes), `before_answer` (sent before every
    answer)."""

    def __init__(self, link: Path) -> None:
        self._lock = threading.RLock()  # the serving thread and a card arriving both answer
        self.searching = False  # a card search waits for a card (MaxRetries 0xFF)
        self._card: bytes | None = None
        self.memory = b""  # the card's user memory from page 4 on (NTAG21x), if any
        self.max_retries = 0xFF
        self.awake = False
        self.noise = False
        self.torn = 0
        self.bad_checksum = 0
        self.silent = False
        self.target_answer: bytes | None = None  # InListPassiveTarget data sent instead
        self.before_answer = b""  # bytes sent before every answer (e.g. a bogus header)
        self.commands: list[int] = []
        self.aborts = 0
        self.last_answer = b""
        super().__init__(link)

    @property
    def card(self) -> bytes | None:
        return self._card

    @card.setter
    def card(self, uid: bytes | None) -> None:
        """A card enters (or leaves) the field; a search waiting for one answers at once."""
        with self._lock:
            self._card = uid
            if uid is not None and self.searching:
                self.searching = False
                self._answer(0x4A, b"\x01\x00")

    def _serve(self) -> None:
        buf = bytearray()
        while not self._stop.is_set():
            chunk = self.read(0.02)
            if not chunk:
                continue
            with self._lock:
                self._take(buf, chunk)

    def _take(self, buf: bytearray, chunk: bytes) -> None:
        buf += chunk
        while True:
            i = buf.find(b"\x00\xff")
            if i < 0:
                if b"\x55" in buf:
                    self.awake = True
                del buf[: max(0, len(buf) - 1)]
                break
            if b"\x55\x55" in buf[:i]:
                self.awake = True
            del buf[:i]
            if len(buf) < 4:
                break
            n, lcs = buf[2], buf[3]
            if (n, lcs) == (0x00, 0xFF):  # host ACK: abort
                del buf[:4]
                self.aborts += 1
                self.searching = False
                continue
            if (n, lcs) == (0xFF, 0x00):  # host NACK: send the last answer again
                del buf[:4]
                self.write(self.last_answer)
                continue
            if (n + lcs) & 0xFF or len(buf) < 4 + n + 1:
                if (n + lcs) & 0xFF:
                    del buf[:2]
                    continue
                break
            body = bytes(buf[4 : 4 + n])
            ok = (sum(body) + buf[4 + n]) & 0xFF == 0
            del buf[: 4 + n + 1]
            if not ok or body[0] != 0xD4:
                continue
            if self.silent or not self.awake:
                continue
            self.write(b"\x00\x00\xff\x00\xff\x00")  # ACK
            self.commands.append(body[1])
            self._answer(body[1], body[2:])

    def _answer(self, code: int, params: bytes) -> None:
        if code == 0x02:
            data = bytes([0x03, 0x32, 0x01, 0x06, 0x07])
        elif code == 0x14:
            data = bytes([0x15])
        elif code == 0x32:
            if params[:1] == b"\x05" and len(params) == 4:
                self.max_retries = params[3]
            data = bytes([0x33])
        elif code == 0x4A:
            if self.card is None:
                if self.max_retries == 0xFF:
                    self.searching = True  # until a card comes (or the host aborts)
                    return
                data = bytes([0x4B, 0x00])
            elif self.target_answer is not None:
                data = bytes([0x4B]) + self.target_answer
            else:
                uid = self.card
                data = bytes([0x4B, 0x01, 0x01, 0x00, 0x44, 0x00, len(uid)]) + uid
        elif code == 0x52:
            data = bytes([0x53, 0x00])
        elif code == 0x40 and params[1:2] == b"\x30" and self.card is not None:
            start = (params[2] - 4) * 4  # READ: 16 bytes from that page
            chunk = (self.memory + bytes(64))[max(0, start) : max(0, start) + 16]
            data = bytes([0x41, 0x00]) + chunk
        else:
            self.write(bytes([0, 0, 0xFF, 0x01, 0xFF, 0x7F, 0x81, 0x00]))
            return
        answer = _frame(data)
        self.last_answer = answer
        if self.before_answer:
            self.write(self.before_answer)
        if self.noise:
            self.write(b"\x13\x37\x00\xff\x42\x00")  # garbage, including a false start code
        if self.torn:
            self.torn -= 1
            self.write(answer[: len(answer) // 2])
            time.sleep(0.005)
            self.write(b"\x99\x98")
        if self.bad_checksum:
            self.bad_checksum -= 1
            broken = bytearray(answer)
            broken[-2] ^= 0xFF
            self.write(bytes(broken))
            return
        self.write(answer)


def frame(data: bytes) -> bytes:
    """02, ten hex digits, two hex digits of the XOR of the five bytes, 03."""
    check = data[0] ^ data[1] ^ data[2] ^ data[3] ^ data[4]
    return b"\x02" + ("%02X" * 6 % (*data, check)).encode() + b"\x03"


class RDM6300Sim(PtyDevice):
    """Sends the card's frame every `period` seconds while a card is present; faults on
    demand: `noise`, `torn` (cut frames), `bad_checksum`, `ghost` (one lone frame of another
    card)."""

    def __init__(self, link: Path, period: float = 0.04) -> None:
        self.card: bytes | None = None
        self.period = period
        self.noise = False
        self.torn = 0
        self.bad_checksum = 0
        self.ghost: bytes | None = None
        super().__init__(link)

    def _serve(self) -> None:
        while not self._stop.is_set():
            time.sleep(self.period)
            if self.ghost is not None:
                self.write(frame(self.ghost))
                self.ghost = None
                continue
            if self.card is None:
                continue
            data = frame(self.card)
            if self.noise:
                self.write(b"\x41\x03\xff")
            if self.torn:
                self.torn -= 1
                self.write(data[:7])
                continue
            if self.bad_checksum:
                self.bad_checksum -= 1
                self.write(data[:11] + b"00" + data[13:])
                continue
            self.write(data)
