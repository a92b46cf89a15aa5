"""Day and Night's options, actions and state, and the board's fields (engine/day_and_night/
game.py plays them)."""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.contract import Scores
from engine.core import Coord, evolve
from engine.day_and_night.adjudication import Board
from engine.day_and_night.areas import COLS, ROWS, bit
from engine.day_and_night.spells import EXAMPLE, Effect, Spell

SIDES = ("day", "night")
AP_PER_TURN = 12
STEP_COST = 3
HAND = 5
DECK = 70
OTHER = {"day": "night", "night": "day"}


@dataclass(frozen=True, slots=True)
class Options:
    decks: tuple[tuple[Spell, ...], tuple[Spell, ...]] = (EXAMPLE["day"], EXAMPLE["night"])
    deck_rules: str = "strict"  # strict: 70 cards a deck, as the original; free: any size
    # the hash, computed once: the states' caches (engine/day_and_night/choices.py) hash the
    # state with its options at every lookup, and the decks' spells were most of that time
    _hash: int = field(default=0, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_hash", hash((self.decks, self.deck_rules)))

    def __hash__(self) -> int:
        return self._hash

    def spell(self, side: str, spell_id: str) -> Spell | None:
        return next((s for s in self.decks[SIDES.index(side)] if s.id == spell_id), None)

    def with_copies(self, side: str, spell_id: str, copies: int) -> Options:
        """`side`'s deck with `copies` of the spell (0: none), the deck rules free (the
        lab's `cards`: Game.with_copies)."""
        at = SIDES.index(side)
        deck = tuple(
            evolve(s, copies=copies) if s.id == spell_id else s
            for s in self.decks[at]
            if s.id != spell_id or copies > 0
        )
        decks = (deck, self.decks[1]) if at == 0 else (self.decks[0], deck)
        return Options(decks, "free")


def deck_rule_broken(deck: tuple[Spell, ...]) -> str | None:
    """The original's deck rule ("sein aus 70 Karten bestehendes Kartendeck"), if broken."""
    cards = sum(s.copies for s in deck)
    return None if cards == DECK else f"{DECK} cards a deck, this one has {cards}"


@dataclass(frozen=True, slots=True)
class Cast:
    spell: str
    targets: tuple[Coord, ...]


@dataclass(frozen=True, slots=True)
class Step:
    to: Coord


@dataclass(frozen=True, slots=True)
class Temple:
    fields: tuple[Coord, ...]  # 8, sorted


@dataclass(frozen=True, slots=True)
class End:
    pass


Action = Cast | Step | Temple | End


@dataclass(frozen=True, slots=True)
class Pending:
    """Play pauses: `side` picks 8 connected tiles of `area` (a mask) as a temple; then the
    rest of the spell (`rest`: effects with their targets) goes on."""

    side: str
    area: int
    rest: tuple[tuple[Effect, tuple[Coord, ...]], ...] = ()


@dataclass(frozen=True, slots=True)
class Upkeep:
    """What the start-of-turn upkeep did: markers taken off, tiles fixed, crystals removed."""

    markers: tuple[Coord, ...] = ()
    fixed: tuple[Coord, ...] = ()
    crystals: tuple[Coord, ...] = ()


@dataclass(frozen=True, slots=True)
class State:
    options: Options
    board: Board
    pawns: tuple[Coord, Coord]  # day, night
    turn: str = "day"
    ap: int = AP_PER_TURN
    entered: frozenset[Coord] = frozenset()
    mystify: tuple[tuple[Coord, int], ...] = ()  # markers on mystified Day tiles
    crystals: frozenset[Coord] = frozenset()
    hands: Scores = Scores({"day": HAND, "night": HAND})
    decks: Scores = Scores({"day": DECK - HAND, "night": DECK - HAND})
    discards: Scores = Scores({"day": 0, "night": 0})
    pending: Pending | None = None
    upkeep: Upkeep = field(default_factory=Upkeep)
    draws: int = 0  # cards drawn this turn (one per field entered, and by spells)
    verdict: str = "play"  # the adjudication of the board (`tabletop score day-and-night`)
    turns_played: int = 0
    stepped: bool = False  # the pawn has stepped this turn: no more spells
    outcome: str | None = None  # the game's end: "day", "night" or "draw"
    cast: tuple[tuple[str, str], ...] = ()  # (side, spell) of every spell cast: seen by both

    def pawn(self, side: str) -> Coord:
        return self.pawns[SIDES.index(side)]

    @property
    def over(self) -> bool:
        return self.outcome is not None


def on_board(at: Coord) -> bool:
    return 0 <= at[0] < ROWS and 0 <= at[1] < COLS


def adjacent(a: Coord, b: Coord) -> bool:
    return abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1


def initial_state(options: Options) -> State:
    start = (0, 0)
    sizes = {
        side: sum(s.copies for s in deck) for side, deck in zip(SIDES, options.decks, strict=True)
    }
    hands = {side: min(HAND, n) for side, n in sizes.items()}
    return State(
        options,
        Board(),
        (start, (ROWS - 1, COLS - 1)),
        entered=frozenset({start}),
        hands=Scores(hands),
        decks=Scores({side: sizes[side] - hands[side] for side in SIDES}),
    )


# --- the board's fields ---------------------------------------------------------------------


def tile_at(board: Board, at: Coord) -> str:
    return board.at(*at)


def set_tile(board: Board, at: Coord, symbol: str) -> Board:
    b = bit(*at)
    masks = {
        "d": board.day & ~b,
        "n": board.night & ~b,
        "f": board.fixed & ~b,
        "D": board.day_temple & ~b,
        "N": board.night_temple & ~b,
    }
    if symbol != ".":
        masks[symbol] |= b
    return Board(masks["d"], masks["n"], masks["f"], masks["D"], masks["N"])
