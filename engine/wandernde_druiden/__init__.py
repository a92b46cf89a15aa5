"""Wandernde Druiden: a creature card duel with possibility points (MP) and a clash."""

from engine.wandernde_druiden.clash import (
    ClashOutcome,
    MpRule,
    best_assignment,
    resolve,
)

__all__ = ["ClashOutcome", "MpRule", "best_assignment", "resolve"]
