"""Taps, not reads: a card lying on the reader is one tap; taken away and presented again it
is a new tap. A card counts as taken away after REMOVAL_S seconds without a read (polls and
repeated frames come every few tens of milliseconds, so one missed read does not end it)."""

from __future__ import annotations

REMOVAL_S = 0.3


class TapDetector:
    def __init__(self, removal_s: float = REMOVAL_S) -> None:
        self.removal_s = removal_s
        self.present: dict[str, float] = {}  # uid -> last time seen

    def seen(self, uid: str, now: float) -> bool:
        """A read of `uid` at `now`: True if this is a new tap."""
        self.expire(now)
        new = uid not in self.present
        self.present[uid] = now
        return new

    def expire(self, now: float) -> None:
        for uid, last in list(self.present.items()):
            if now - last > self.removal_s:
                del self.present[uid]
