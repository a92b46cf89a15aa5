"""Wandernde Druiden's values: the options, each side (MP, hand and pile counts, the cards in
play), the state, and the actions (place, creature, clash, end). Pure, frozen."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.core import evolve
from engine.wandernde_druiden.cards import (
    DECK_SIZE,
    EXAMPLE,
    EXAMPLE_DECKS,
    CardSet,
    Deck,
)
from engine.wandernde_druiden.clash import (
    ClashOutcome,
    MpRule,
)

PLAYERS = ("A", "B")
START_MP = 8
START_HAND = 8
FIRST_TURN_HAND = 9  # the player who did not begin, in their first turn
OTHER = {"A": "B", "B": "A"}


@dataclass(frozen=True, slots=True)
class Options:
    rule: MpRule = MpRule.ONCE_PER_CLASH
    starter: str = "A"
    cards: CardSet = EXAMPLE
    deck_rules: str = "strict"  # strict: 64 cards, at most 8 copies; free: a designer's deck
    decks: tuple[Deck, Deck] = (EXAMPLE_DECKS["A"], EXAMPLE_DECKS["B"])  # (): any card of the set
    # the hash, computed once: the search looks states up by hash (engine/search.py), and
    # the card set and the decks were most of a state's hash
    _hash: int = field(default=0, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(
            self, "_hash", hash((self.rule, self.starter, self.cards, self.deck_rules, self.decks))
        )

    def __hash__(self) -> int:
        return self._hash

    def deck(self, player: str) -> Deck:
        """The player's deck; () where the record names none (any card of the set)."""
        return self.decks[PLAYERS.index(player)]

    def deck_or_set(self, player: str) -> Deck:
        """The player's deck; where the record names none, every card of the set up to its
        copy limit."""
        return self.deck(player) or tuple((c.id, c.max_copies) for c in self.cards.cards)

    def with_copies(self, player: str, card: str, copies: int) -> Options:
        """The player's deck with `copies` of the card (0: none), the deck rules free (the
        lab's `cards`: Game.with_copies)."""
        deck = tuple(
            (c, copies if c == card else n) for c, n in self.deck_or_set(player)
            if c != card or copies > 0
        )  # fmt: skip
        at = PLAYERS.index(player)
        decks = (deck, self.decks[1]) if at == 0 else (self.decks[0], deck)
        return evolve(self, decks=decks, deck_rules="free")


@dataclass(frozen=True, slots=True)
class Creature:
    card: str
    strength: int


@dataclass(frozen=True, slots=True)
class Place:
    card: str
    kind: str
    used: bool = False


@dataclass(frozen=True, slots=True)
class Side:
    mp: int = START_MP
    hand: int = START_HAND
    pile: int = DECK_SIZE - START_HAND
    discard: int = 0
    creatures: tuple[Creature, ...] = ()
    places: tuple[Place, ...] = ()
    turns: int = 0  # turns begun
    laid: tuple[str, ...] = ()  # every card laid from the hand, in order: seen by both

    def laying(self, card: str, **changes: Any) -> Side:
        """The side after laying `card` from its hand (`changes`: where it lies now)."""
        return evolve(self, hand=self.hand - 1, laid=(*self.laid, card), **changes)


@dataclass(frozen=True, slots=True)
class ClashRecord:
    """The last clash: who attacked, both sides' creatures, the outcome (with the defender's
    picks among tied blockers) and the cards the defender cut from the hand after MP loss."""

    attacker: str
    turn: int  # the turn it happened in
    attackers: tuple[Creature, ...]
    defenders: tuple[Creature, ...]
    outcome: ClashOutcome
    hand_cut: int


@dataclass(frozen=True, slots=True)
class State:
    options: Options
    sides: tuple[Side, Side]
    turn: str = "A"
    turn_number: int = 1
    clashed: bool = False  # the clash of this turn is over (or there was nobody to attack)
    placed: bool = False  # a power place was laid this turn
    drawn: int = 0  # cards the active player drew at the start of this turn
    clash: ClashRecord | None = None
    loser: str | None = None
    why: str = ""  # "mp" or "hand"

    def side(self, player: str) -> Side:
        return self.sides[PLAYERS.index(player)]

    @property
    def over(self) -> bool:
        return self.loser is not None

    @property
    def clash_due(self) -> bool:
        """The active player's creatures must attack before anything else but a power place."""
        return not self.clashed and bool(self.side(self.turn).creatures)


@dataclass(frozen=True, slots=True)
class LayPlace:
    card: str


@dataclass(frozen=True, slots=True)
class LayCreature:
    card: str


@dataclass(frozen=True, slots=True)
class Clash:
    assignment: tuple[int, ...]
    discard: tuple[int, ...] = ()  # defenders picked among tied strongest blockers


@dataclass(frozen=True, slots=True)
class End:
    pass


Action = LayPlace | LayCreature | Clash | End


def _first_side(options: Options, player: str) -> Side:
    """A side as the game begins: 8 cards drawn, the rest of its deck (64 where none is
    named) the pile."""
    deck = options.deck(player)
    size = sum(n for _, n in deck) if deck else DECK_SIZE
    hand = min(START_HAND, size)
    return Side(hand=hand, pile=size - hand)


def initial_state(options: Options) -> State:
    sides = (_first_side(options, "A"), _first_side(options, "B"))
    state = State(options, sides, turn=options.starter)
    starter = evolve(state.side(options.starter), turns=1)  # its first turn: no draw
    return with_side(state, options.starter, starter)


def with_side(state: State, player: str, side: Side) -> State:
    sides = (side, state.sides[1]) if player == "A" else (state.sides[0], side)
    return evolve(state, sides=sides)
