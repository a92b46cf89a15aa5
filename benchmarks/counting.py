"""What the press-count benchmarks share: a running count of the actions (or lays, or steps)
of one kind, the presses they took, the worst of them and (where it matters) the places the
player could choose from."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class Count:
    actions: int = 0
    presses: int = 0
    worst: int = 0
    places: int = 0

    def add(self, presses: int, places: int = 0) -> None:
        self.actions += 1
        self.presses += presses
        self.worst = max(self.worst, presses)
        self.places += places

    @property
    def mean(self) -> float:
        return self.presses / self.actions if self.actions else 0.0
