"""A game in progress as the box holds it: its id in the store, its options, its state and its
actions so far."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.replay import undo


@dataclass(frozen=True)
class Session:
    """A game in progress: its id in the store, its options, its state, its actions so far
    (`history`, in order; `actions` is their count)."""

    db_id: int
    game: str
    options: Any
    state: Any
    actions: int
    history: tuple[Any, ...] = ()
    before: tuple[Any, ...] = ()  # the state before each action of `history`, when known

    def undone(self, engine: Any) -> tuple[Any, tuple[Any, ...], tuple[Any, ...]]:
        """The state, actions and earlier states without the last action: the state kept
        from before it (states are immutable), else the actions replayed from the start."""
        if self.history and len(self.before) == len(self.history):
            return self.before[-1], self.history[:-1], self.before[:-1]
        state, history = undo(engine, self.options, self.history)
        return state, history, ()
