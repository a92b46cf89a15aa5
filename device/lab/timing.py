"""A lab run's own timers (`device/lab/run.py`): what a run spends besides playing its games,
the figure issue 49 measures the lab by. Not kept in the results file: a timing is of one
sitting of a run."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class Timing:
    """A run's own timers: its time from the first task handed out to the last collected,
    the cores it had, and the seconds the workers spent playing games. The rest of the
    cores' time is the lab's own (handing out, collecting, writing, the progress line, a
    core waiting for its next task)."""

    seconds: float = 0.0
    cores: int = 0
    playing: float = 0.0
    tasks: int = 0
    games: int = 0

    @property
    def own(self) -> float:
        """The lab's own share of the run: 1 less the games' share of the cores' time."""
        total = self.seconds * self.cores
        return max(0.0, 1 - self.playing / total) if total > 0 else 0.0

    def said(self) -> str:
        workers = "worker" if self.cores == 1 else "workers"
        return (
            f"the lab's own time: {self.own:.1%} of {self.seconds:.1f} s on {self.cores}"
            f" {workers} ({self.games} games in {self.tasks} tasks)"
        )
