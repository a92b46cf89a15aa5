"""What reaches the loop's queue from the world: button presses and holds (gpiozero threads),
card taps and the reader's status (the reader thread). Plain frozen values, nothing else."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

# A tag's UID as the box takes it: 4, 5 or 7 bytes in uppercase hex (the card registry's format)
UID_PATTERN = r"^([0-9A-F]{8}|[0-9A-F]{10}|[0-9A-F]{14})$"


@dataclass(frozen=True)
class Press:
    button: str  # up, down, left, right, ok, back


@dataclass(frozen=True)
class Hold:
    button: str


@dataclass(frozen=True)
class Tap:
    uid: str  # a card's UID as uppercase hex
    known: str | None = None  # the card the registry has for it (filled in by the loop)


@dataclass(frozen=True)
class ReaderStatus:
    ok: bool  # the card reader answers (False: unplugged or silent)


Event = Press | Hold | Tap | ReaderStatus


class Sink(Protocol):
    """Where the world's events go: the loop's queue (`queue.Queue.put`)."""

    def put(self, item: Event, /) -> None: ...
