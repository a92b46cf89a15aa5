"""What a transition of the box asks the loop to carry out (and save) before the new screen is
shown: a new game, an accepted action, an undo, a finished or abandoned game, a resumed one, a
card taught."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from device.games.contract import GameAction, GameOptions


@dataclass(frozen=True)
class NewGame:
    game: str
    options: GameOptions
    box_seat: str = ""  # solo play: the seat the box plays
    swap: bool = False  # solo play: a rematch puts the box in the other seat


@dataclass(frozen=True)
class Append:
    action: GameAction
    told: tuple[str, ...] = ()  # solo play: the cards told for the box's hand since the last


@dataclass(frozen=True)
class Undo:
    pass


@dataclass(frozen=True)
class Finish:
    status: Literal["finished", "abandoned"]


@dataclass(frozen=True)
class Resume:
    pass


@dataclass(frozen=True)
class TeachCard:
    uid: str
    card: str


Effect = NewGame | Append | Undo | Finish | Resume | TeachCard
