"""The RDM6300 (125 kHz EM4100, 9600 8N1): it only talks. While a card is in the field it
sends, again and again: 02, ten ASCII hex digits (a version byte and four ID bytes), two ASCII
hex digits of the XOR of those five bytes, 03. Torn frames and bad checksums are dropped; a
frame is trusted only when the same ID comes twice in a row (ghost frames with valid checksums
have been reported)."""

from __future__ import annotations

BAUD = 9600
STX, ETX = 0x02, 0x03
FRAME_LEN = 14
HEXDIGITS = b"0123456789ABCDEFabcdef"


def checksum_ok(body: bytes) -> bytes | None:
    """The 5 data bytes of a 12-character body (10 data + 2 checksum digits), or None."""
    if len(body) != 12 or any(b not in HEXDIGITS for b in body):
        return None
    data = bytes.fromhex(body[:10].decode())
    check = int(body[10:12].decode(), 16)
    x = 0
    for b in data:
        x ^= b
    return data if x == check else None


def frame(data: bytes) -> bytes:
    """The frame the module sends for 5 data bytes (used by tests and the simulator)."""
    x = 0
    for b in data:
        x ^= b
    return bytes([STX]) + (data.hex().upper() + f"{x:02X}").encode() + bytes([ETX])


class Parser:
    def __init__(self) -> None:
        self.buffer = bytearray()
        self.bad = 0
        self._last: bytes | None = None

    def feed(self, chunk: bytes) -> list[bytes]:
        """Feed bytes; return the IDs confirmed by two consecutive good frames."""
        self.buffer += chunk
        confirmed: list[bytes] = []
        while True:
            start = self.buffer.find(bytes([STX]))
            if start < 0:
                self.buffer.clear()
                return confirmed
            del self.buffer[:start]
            if len(self.buffer) < FRAME_LEN:
                # a new STX inside means the frame was torn: drop up to it
                nxt = self.buffer.find(bytes([STX]), 1)
                if nxt > 0:
                    self.bad += 1
                    del self.buffer[:nxt]
                    self._last = None
                    continue
                return confirmed
            candidate = bytes(self.buffer[:FRAME_LEN])
            data = checksum_ok(candidate[1:13]) if candidate[13] == ETX else None
            if data is None:
                self.bad += 1
                self._last = None
                del self.buffer[:1]
                continue
            del self.buffer[:FRAME_LEN]
            if data == self._last:
                confirmed.append(data)
            self._last = data

    def silence(self) -> None:
        """No bytes for a while: the next frame needs its twin again."""
        self._last = None
