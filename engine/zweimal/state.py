"""Zweimal's options, actions and state (engine/zweimal/game.py plays them, engine/zweimal/
notation.py writes them)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from engine.contract import Scores
from engine.core import Coord, DataError
from engine.zweimal.position import FIGURES_PER_PLAYER, HORIZONTAL, VERTICAL, Position

Player = Literal["A", "B"]
Phase = Literal["setup", "figure", "road", "over"]
FLIP = {HORIZONTAL: VERTICAL, VERTICAL: HORIZONTAL}


@dataclass(frozen=True, slots=True)
class Options:
    variant: Literal[1, 2] = 1  # game 1: 4x4, place only; game 2: 5x5, place or move
    starter: Player = "A"  # who starts round 1; the other starts round 2
    supply: int = 16  # road cards beside the grid (game 2's round ends when they are used up)

    def __post_init__(self) -> None:
        if self.variant not in (1, 2):
            raise DataError(f"variant must be 1 or 2, not {self.variant!r}")
        if self.starter not in ("A", "B"):
            raise DataError(f"starter must be 'A' or 'B', not {self.starter!r}")
        if not 0 <= self.supply <= 99:
            raise DataError(f"supply must be 0..99, not {self.supply!r}")

    @property
    def size(self) -> int:
        return 4 if self.variant == 1 else 5


# --- actions -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SetRoad:
    """During set-up: the road card on this field lies this way (as on the table)."""

    field: Coord
    orientation: str


@dataclass(frozen=True, slots=True)
class StartRound:
    """Set-up done: the grid on the box matches the table."""


@dataclass(frozen=True, slots=True)
class Deal:
    """Set-up in one step: the box dealt this layout (rows of '-' and '|') and the players laid
    the cards to match; the round starts."""

    roads: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Place:
    field: Coord


@dataclass(frozen=True, slots=True)
class Move:
    """Game 2: move an own figure to an adjacent empty field along its road."""

    source: Coord
    target: Coord


@dataclass(frozen=True, slots=True)
class Lay:
    """Lay a road card on a field without a figure: its orientation flips."""

    field: Coord


Action = SetRoad | StartRound | Deal | Place | Move | Lay


# --- state ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class State:
    options: Options
    round: int  # 1 or 2
    phase: Phase
    turn: Player
    position: Position
    supply: int
    round_scores: tuple[Scores, ...] = ()
    round_positions: tuple[Position, ...] = ()  # each finished round's final position
    # the road cards laid this round on each field, row by row (empty: none yet): a field
    # laid on twice shows its road as before, and an undo takes both cards off it
    laid: tuple[int, ...] = ()

    @property
    def totals(self) -> Scores:
        return Scores({p: sum(s[p] for s in self.round_scores) for p in ("A", "B")})

    def figures_left(self, player: Player) -> int:
        return FIGURES_PER_PLAYER - self.position.count(player)

    def cards_on(self, field: Coord) -> int:
        """The road cards laid this round on `field` (on top of the one dealt)."""
        return self.laid[field[0] * self.options.size + field[1]] if self.laid else 0
