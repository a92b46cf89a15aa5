"""Feuer und Wasser's options, actions and state (immutable: what `engine/feuer_und_wasser/
game.py` plays on)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from engine.contract import Scores
from engine.core import Coord
from engine.feuer_und_wasser.landscape import COLOURS, Card, Landscape, Mode

CARD_ID = re.compile(r"[A-Za-z0-9_.-]{1,40}")
OTHER = {"R": "B", "B": "R"}


@dataclass(frozen=True, slots=True)
class Options:
    mode: Mode = "rows"  # rows (basic) or groups (allied)
    tactician: bool = False  # open piles: nothing is discarded, points are written down
    starter: str = "R"  # who starts round 1; the other starts round 2
    start: Card = Card(("RRB", "BBR"))  # the neutral start card, as it lies
    decks: tuple[tuple[tuple[str, Card], ...], tuple[tuple[str, Card], ...]] = ((), ())

    def deck(self, player: str) -> tuple[tuple[str, Card], ...]:
        return self.decks[COLOURS.index(player)]


@dataclass(frozen=True, slots=True)
class Draw:
    card: str  # the card's id in the active player's deck


@dataclass(frozen=True, slots=True)
class Lay:
    at: Coord  # the landscape square under the turned card's top-left field
    turns: int  # quarter turns clockwise, 0..3


Action = Draw | Lay


@dataclass(frozen=True, slots=True)
class Last:
    """The last placement: who laid it, what counted and what it scored."""

    player: str
    length: int
    cards: int  # discards (basic/allied, capped at the pile) or points (tactician)
    fields: tuple[Coord, ...]
    card: tuple[Coord, ...]  # the squares the card covers


@dataclass(frozen=True, slots=True)
class State:
    options: Options
    round: int
    turn: str
    landscape: Landscape
    piles: Scores  # cards left in each draw pile
    laid: frozenset[tuple[str, str]]  # (player, card id) laid this round: each deck its own
    drawn: str | None = None  # the card in the active player's hand
    points: Scores = Scores({"R": 0, "B": 0})  # tactician points this round
    last: Last | None = None
    cards_laid: int = 1  # the start card included
    # every card on the landscape this round, in the order laid, where it lies: (player, card
    # id, the squares it covers); the start card is ("", "start", ...). What the box names a
    # place by (the card it lies next to), and what an undo takes off.
    cards: tuple[tuple[str, str, tuple[Coord, ...]], ...] = ()
    round_scores: tuple[Scores, ...] = ()
    over: bool = False
    round_landscapes: tuple[Landscape, ...] = ()  # each finished round's final landscape

    def is_laid(self, player: str, card_id: str) -> bool:
        """Laid this round from `player`'s deck (both printed decks may number 1..n)."""
        return (player, card_id) in self.laid

    def laid_by(self, player: str) -> list[str]:
        return [card_id for who, card_id in self.laid if who == player]
