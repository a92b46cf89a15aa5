"""PN532 frames (NXP UM0701-02, section 6.2): building them, and finding them in a byte
stream that may hold noise, torn frames and bad checksums.

    normal    00 00 FF LEN LCS TFI PD0..PDn DCS 00     LEN + LCS == 0, TFI + sum(PD) + DCS == 0
    extended  00 00 FF FF FF LENM LENL LCS TFI ... DCS 00    LENM + LENL + LCS == 0
    ACK       00 00 FF 00 FF 00
    NACK      00 00 FF FF 00 00
    error     00 00 FF 01 FF 7F 81 00 (application level error)
"""

from __future__ import annotations

from dataclasses import dataclass

START = b"\x00\xff"
ACK = b"\x00\x00\xff\x00\xff\x00"
NACK = b"\x00\x00\xff\xff\x00\x00"
HOST_TO_PN532 = 0xD4
PN532_TO_HOST = 0xD5
MAX_FRAME = 265 + 10
MAX_BODY = 265  # TFI + 264 data bytes: the largest body a PN532 frame carries (UM0701-02 6.2.1)


def build(tfi: int, data: bytes) -> bytes:
    """An information frame (extended when the body is longer than 254 bytes)."""
    body = bytes([tfi]) + data
    dcs = (-sum(body)) & 0xFF
    n = len(body)
    if n <= 254:
        head = bytes([n, (-n) & 0xFF])
    else:
        hi, lo = n >> 8, n & 0xFF
        head = bytes([0xFF, 0xFF, hi, lo, (-(hi + lo)) & 0xFF])
    return b"\x00\x00\xff" + head + body + bytes([dcs, 0x00])


@dataclass(frozen=True)
class Frame:
    kind: str  # "ack", "nack", "error", "info"
    tfi: int = 0
    data: bytes = b""


class Parser:
    """Feed bytes in, get whole frames out. Garbage before a start code is skipped; a frame
    whose length or data checksum is wrong is dropped (counted in `bad`) and the search goes
    on from the byte after its start code, so a torn frame cannot swallow the next one."""

    def __init__(self) -> None:
        self.buffer = bytearray()
        self.bad = 0
        self.skipped = 0

    def feed(self, data: bytes) -> list[Frame]:
        self.buffer += data
        frames: list[Frame] = []
        while True:
            frame = self._next()
            if frame is None:
                return frames
            frames.append(frame)

    def _next(self) -> Frame | None:
        buf = self.buffer
        while True:
            i = buf.find(START)
            if i < 0:
                keep = 1 if buf[-1:] == b"\x00" else 0
                self.skipped += len(buf) - keep
                del buf[: len(buf) - keep]
                return None
            if i:
                self.skipped += i
                del buf[:i]
            # buf starts with 00 FF
            if len(buf) < 4:
                return None
            length, lcs = buf[2], buf[3]
            if length == 0x00 and lcs == 0xFF:
                del buf[:4]
                return Frame("ack")
            if length == 0xFF and lcs == 0x00:
                del buf[:4]
                return Frame("nack")
            if length == 0xFF and lcs == 0xFF:  # extended
                if len(buf) < 7:
                    return None
                hi, lo, elcs = buf[4], buf[5], buf[6]
                if (hi + lo + elcs) & 0xFF:
                    self._drop()
                    continue
                n, body_at = (hi << 8) | lo, 7
            else:
                if (length + lcs) & 0xFF:
                    self._drop()
                    continue
                n, body_at = length, 4
            if n == 0 or n > MAX_BODY:  # a length no PN532 frame has: resynchronise at once
                self._drop()
                continue
            if len(buf) < body_at + n + 1:
                return None
            body = bytes(buf[body_at : body_at + n])
            dcs = buf[body_at + n]
            if (sum(body) + dcs) & 0xFF:
                self._drop()
                continue
            del buf[: body_at + n + 1]
            if n == 1 and body[0] == 0x7F:
                return Frame("error")
            return Frame("info", body[0], body[1:])

    def _drop(self) -> None:
        self.bad += 1
        del self.buffer[:2]  # past this start code; look for the next one
