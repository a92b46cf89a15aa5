"""The PN532 over HSU (UART, 115200 8N1), following NXP's user manual UM0701-02.

Every command: send the frame, wait for the ACK, then for the answer (TFI D5, command + 1).
A garbled answer is asked for again with a NACK; no answer in time aborts the command with an
ACK (which the PN532 takes as "stop").

A card search waits for a card (RFConfiguration MaxRetries 0xFF: the chip keeps searching) and
answers the moment one enters the field; the host blocks on the port meanwhile, using no CPU.
With no card within `wait` the search is aborted with an ACK and asked again: a tap reaches
the box within milliseconds (a bounded search polled every 50 ms took up to 50), and an idle
reader costs two commands a second.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import Protocol

from device.hw.nfc import ndef
from device.hw.nfc.frames import ACK, HOST_TO_PN532, NACK, PN532_TO_HOST, Frame, Parser, build
from engine.core import TabletopError

log = logging.getLogger("tabletop.nfc.pn532")

BAUD = 115200
WAKE = b"\x55\x55" + b"\x00" * 14
GET_FIRMWARE_VERSION = 0x02
SAM_CONFIGURATION = 0x14
RF_CONFIGURATION = 0x32
IN_LIST_PASSIVE_TARGET = 0x4A
IN_RELEASE = 0x52
IN_DATA_EXCHANGE = 0x40
NTAG_READ = 0x30
UID_LENGTHS = (4, 7)  # single and double size ISO14443A UIDs, the ones the card registry takes


class ReaderError(TabletopError, OSError):
    """The reader did not answer as the protocol says (or the port failed)."""


class ReaderTimeout(ReaderError):
    pass


class NoAnswer(ReaderTimeout):
    """The command was taken (ACK) but its answer did not come in time."""


class Port(Protocol):
    """What the chip is spoken to through: a pyserial port, or a test's."""

    @property
    def in_waiting(self) -> int: ...
    def read(self, size: int = 1, /) -> bytes: ...
    def write(self, data: bytes, /) -> int | None: ...
    def reset_input_buffer(self) -> None: ...


class PN532:
    def __init__(self, port: Port, ack_timeout: float = 0.05, answer_timeout: float = 0.5) -> None:
        """`port` is an open pyserial port (or anything with read/write/reset_input_buffer)."""
        self.port = port
        self.parser = Parser()
        self.ack_timeout = ack_timeout
        self.answer_timeout = answer_timeout
        self.pending: list[Frame] = []

    # --- low level --------------------------------------------------------------------------

    def _frames(self, deadline: float, bad_since: int | None = None) -> Frame | None:
        while not self.pending:
            if bad_since is not None and self.parser.bad > bad_since:
                return Frame("bad")
            if time.monotonic() >= deadline:
                return None
            chunk = self.port.read(self.port.in_waiting or 1)
            if chunk:
                self.pending.extend(self.parser.feed(chunk))
        return self.pending.pop(0)

    def _wait(
        self, want: str, deadline: float, code: int | None = None, bad_since: int | None = None
    ) -> Frame | None:
        while True:
            frame = self._frames(deadline, bad_since)
            if frame is None or frame.kind == "bad":
                return frame
            if frame.kind == want and (
                code is None or (frame.tfi == PN532_TO_HOST and frame.data[:1] == bytes([code]))
            ):
                return frame
            if frame.kind == "error" and want == "info":
                raise ReaderError("the PN532 reported an application error")
            log.debug("ignored %s frame while waiting for %s", frame.kind, want)

    def wake(self) -> None:
        """Wake the chip from power-down (HSU needs a long preamble) and drop stale bytes."""
        self.port.write(WAKE)
        time.sleep(0.01)
        self.port.reset_input_buffer()
        self.parser = Parser()
        self.pending.clear()

    def command(self, code: int, params: bytes = b"", timeout: float | None = None) -> bytes:
        """Send a command; return the answer's data after the answer code."""
        bad_before = self.parser.bad
        self.port.write(build(HOST_TO_PN532, bytes([code]) + params))
        if self._wait("ack", time.monotonic() + self.ack_timeout) is None:
            raise ReaderTimeout(f"no ACK for command {code:#04x}")
        deadline = time.monotonic() + (timeout or self.answer_timeout)
        for _ in range(3):
            frame = self._wait("info", deadline, code + 1, bad_since=bad_before)
            if frame is None:
                break  # nothing (good) came in time
            if frame.kind == "info":
                return frame.data[1:]
            bad_before = self.parser.bad
            self.port.write(NACK)  # a garbled answer came: ask for it again
        self.port.write(ACK)  # abort the command in progress
        raise NoAnswer(f"no answer to command {code:#04x}")

    # --- commands ---------------------------------------------------------------------------

    def firmware_version(self) -> tuple[int, int, int, int]:
        data = self.command(GET_FIRMWARE_VERSION)
        if len(data) != 4:
            raise ReaderError(f"firmware answer has {len(data)} bytes, expected 4")
        return data[0], data[1], data[2], data[3]

    def begin(self) -> tuple[int, int, int, int]:
        """Wake, configure the SAM (normal mode), bound the card search; return firmware."""
        self.wake()
        self.command(SAM_CONFIGURATION, b"\x01\x14\x01")
        version = self.firmware_version()
        if version[0] != 0x32:
            raise ReaderError(f"not a PN532: IC {version[0]:#04x}")
        # MaxRetries: ATR 0xFF, PSL 0x01, passive activation 0xFF (search until a card comes)
        self.command(RF_CONFIGURATION, b"\x05\xff\x01\xff")
        return version

    def poll(
        self, read_text: Callable[[bytes], bool] | None = None, wait: float = 0.5
    ) -> bytes | None:
        """One search for an ISO14443A card, waiting up to `wait` seconds for one: its UID,
        or None. If `read_text(uid)` says so, the card's NDEF text is read while it is
        selected and kept in `last_text`."""
        self.last_text = None
        try:
            data = self.command(IN_LIST_PASSIVE_TARGET, b"\x01\x00", timeout=wait)
        except NoAnswer:
            return None  # no card came: the search was aborted
        if not data or data[0] == 0:
            return None
        # NbTg Tg SENS_RES(2) SEL_RES(1) NFCIDLength NFCID1 [ATSLength ATS...]
        if data[0] != 1 or len(data) < 6 or data[5] not in UID_LENGTHS:
            log.warning("ignored a malformed InListPassiveTarget answer: %s", data[:16].hex())
            return None
        end = 6 + data[5]
        if len(data) < end or (len(data) > end and len(data) != end + data[end]):
            log.warning("ignored a malformed InListPassiveTarget answer: %s", data[:16].hex())
            return None
        target, uid = data[1], bytes(data[6:end])
        if read_text is not None and len(uid) == 7 and read_text(uid):
            self.last_text = self.ndef_text(target)
        try:
            self.command(IN_RELEASE, bytes([target]))
        except ReaderTimeout:
            log.debug("InRelease timed out")
        return uid

    def read_pages(self, target: int, page: int) -> bytes:
        """NTAG21x READ: 16 bytes from `page` on (through InDataExchange)."""
        data = self.command(IN_DATA_EXCHANGE, bytes([target, NTAG_READ, page]))
        if not data or data[0] & 0x3F:
            raise ReaderError(f"READ of page {page} failed (status {data[:1].hex() or 'none'})")
        return bytes(data[1:17])

    def ndef_text(self, target: int) -> str | None:
        """The first NDEF text record of an NTAG21x tag (pages 4 on), or None."""
        try:
            memory = b"".join(self.read_pages(target, page) for page in (4, 8, 12, 16))
        except ReaderError as error:
            log.debug("no NDEF text: %s", error)
            return None
        return ndef.first_text(memory)
