"""The contract every game's engine implements (OpenSpiel's Game/State split, python-chess's
notation habits): one object, `Game`, over immutable, hashable states and actions. Every hook
is described once, in docs/contract.md ("The engine: `Game`"); each method below says what
it returns. Round and game ends come from here (`result`, `is_over`), never from attributes
the box reads.
"""

from __future__ import annotations

import math
import random
from abc import ABC, abstractmethod
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from engine.core import IllegalMove
from engine.table import Change, Table, differing

S = TypeVar("S")  # a game's state
A = TypeVar("A")  # its actions
Opt = TypeVar("Opt")  # its options


class Scores(Mapping[str, int]):
    """Points by player: an immutable, hashable mapping (states must hash)."""

    __slots__ = ("_hash", "_items")
    _items: tuple[tuple[str, int], ...]
    _hash: int  # kept once asked: a state's hash asks for it on every cached lookup

    def __init__(self, values: Mapping[str, int] | Sequence[tuple[str, int]] = ()) -> None:
        items = values.items() if isinstance(values, Mapping) else values
        object.__setattr__(self, "_items", tuple(items))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Scores are immutable")

    def __getitem__(self, key: str) -> int:
        for k, v in self._items:
            if k == key:
                return v
        raise KeyError(key)

    def __iter__(self) -> Iterator[str]:
        return (k for k, _ in self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __hash__(self) -> int:
        try:
            return self._hash
        except AttributeError:
            object.__setattr__(self, "_hash", hash(frozenset(self._items)))
            return self._hash

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Mapping):
            return dict(self._items) == dict(other.items())
        return NotImplemented

    def __reduce__(self) -> tuple[type[Scores], tuple[tuple[tuple[str, int], ...]]]:
        return (Scores, (self._items,))  # rebuilt through __init__: slots refuse setattr

    def __repr__(self) -> str:
        return f"Scores({dict(self._items)!r})"


@dataclass(frozen=True, slots=True)
class RoundResult:
    scores: Scores
    details: tuple[tuple[str, Any], ...] = ()  # JSON values, e.g. (("position", "<notation>"),)


@dataclass(frozen=True, slots=True)
class Result:
    over: bool
    totals: Scores
    winner: str | None  # a player; None for a draw or a game not over
    rounds: tuple[RoundResult, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "totals": dict(self.totals),
            "winner": self.winner,
            "rounds": [{"scores": dict(r.scores), **dict(r.details)} for r in self.rounds],
        }


def points_lead(points: Mapping[str, float], seat: str, players: Sequence[str]) -> float:
    """`seat`'s points less the best of the others'."""
    return points.get(seat, 0) - max(points.get(p, 0) for p in players if p != seat)


def lead_chances(
    totals: Mapping[str, float], players: Sequence[str], scale: float
) -> dict[str, float]:
    """Two players' chances of winning from their points: 0.5 each when level, towards 1 for
    the one ahead (0.5 + 0.5 tanh(lead / scale)); more players: 1 for the leaders."""
    if len(players) == 2:
        a, b = players
        p = 0.5 + 0.5 * math.tanh((totals.get(a, 0) - totals.get(b, 0)) / scale)
        return {a: p, b: 1 - p}
    best = max((totals.get(p, 0) for p in players), default=0)
    return {p: 1.0 if totals.get(p, 0) == best else 0.0 for p in players}


class Game(ABC, Generic[S, A, Opt]):
    """The base every game derives from, generic in its state (`S`), action (`A`) and options
    (`Opt`). Its abstract methods are what every game writes (its options, play, result and
    notation); every other hook has a default a game overrides where it differs."""

    id: str = ""
    name: str = ""  # the game's own (German) name, the same in every language
    short: str = ""  # for tight places on the screen
    rules_version: int = 1
    # older rules versions whose records mean the same under these rules: their saved games
    # still replay (any other version is listed, never replayed)
    replays_versions: tuple[int, ...] = ()
    players: tuple[str, ...] = ("A", "B")
    option_defaults: Mapping[str, str] = {}
    refusal_codes: tuple[str, ...] = ()
    # the search's budget on the box (engine/search.py): simulations, and actions played at
    # random after the tree; sized for about 2 s a move on a Pi Zero 2 W (`tabletop bench`)
    search_budget: tuple[int, int] = (100, 10)
    evaluation_scale: float = 4.0  # points of lead that make a game likely won (`evaluate`)
    # each simulation of the search deals the hidden hands from the cards not seen (engine/
    # hands.py `deal`); False: the other seat may play any card of its deck and the searching
    # seat only the cards it is known to hold (what measured stronger in the game)
    search_deals: bool = True
    # option sets, over the defaults, that play differently enough to be measured on their own
    # (the search's time in `tabletop bench`, the strength in benchmarks/strength.py)
    variants: tuple[Mapping[str, str], ...] = ()

    # options
    @abstractmethod
    def parse_options(self, values: Mapping[str, str]) -> Opt:
        """The options from their text (`option_defaults` where one is not given)."""

    @abstractmethod
    def format_options(self, options: Opt) -> dict[str, str]:
        """The options as text, every one of them: what `parse_options` reads back."""

    # the option that names who begins (its values: `players`), or None (a fixed first seat)
    starter_option: str | None = None

    def rematch(self, options: Opt) -> Opt:
        """The options of a rematch, the same game again at one press from its end: the same
        options, with the other player beginning where the game names who begins
        (`starter_option`; none of the rules says who begins the next game, and players
        take turns)."""
        if self.starter_option is None:
            return options
        values = self.format_options(options)
        first, second = self.players
        values[self.starter_option] = second if values[self.starter_option] == first else first
        return self.parse_options(values)

    # play
    @abstractmethod
    def initial(self, options: Opt) -> S:
        """The state a game with these options starts from."""

    @abstractmethod
    def to_move(self, state: S) -> str | None:
        """The player whose decision is next; None where no player decides (over, set-up)."""

    def legal_actions(self, state: S) -> Sequence[A] | None:
        return None

    def sample_actions(self, state: S) -> Sequence[A]:
        """Legal actions to play on with (random play-outs, tests): every legal action where
        they can be listed, else a game's own choice of them. Empty once the game is over."""
        listed = self.legal_actions(state)
        return [] if listed is None else listed

    def is_legal(self, state: S, action: A) -> bool:
        try:
            self.apply(state, action)
        except IllegalMove:
            return False
        return True

    @abstractmethod
    def apply(self, state: S, action: A) -> S:
        """The state after `action`; `IllegalMove` (with its refusal) if the rules refuse it."""

    def is_over(self, state: S) -> bool:
        return self.result(state).over

    @abstractmethod
    def result(self, state: S) -> Result:
        """The points so far, each round scored, and whether and by whom the game is won."""

    # notation
    @abstractmethod
    def format_action(self, action: A) -> str:
        """The action in the game's notation (docs/rules/), what `parse_action` reads."""

    @abstractmethod
    def parse_action(self, text: str) -> A:
        """The action `text` names in the game's notation; `NotationError` if it names none."""

    def summary(self, state: S) -> dict[str, Any]:  # JSON for `tabletop replay`
        return {"to_move": self.to_move(state)}

    # the search (engine/search.py)
    def decided_by(self, state: S, action: A) -> str | None:
        """The player whose decision `action` is: the player to move, unless the game hands
        a decision to the other (Druiden's clash: the defender assigns the blockers)."""
        return self.to_move(state)

    def chance_outcomes(self, state: S) -> list[tuple[A, float]] | None:
        """Where the table decides by chance (a draw): each outcome as an action, with its
        probability. None where a player chooses."""
        return None

    def determinize(self, state: S, seat: str, rng: random.Random) -> S:
        """A state consistent with everything `seat` has seen. The engines keep the hands and
        piles as counts, so nothing is hidden from a seat that the state holds: the state
        itself. The cards in the hands and piles are dealt beside it, from each deck less
        `cards_out` (engine/hands.py `deal`)."""
        return state

    def points(self, state: S) -> Mapping[str, float]:
        """Each player's points as the game's own scoring has them now, with no look-ahead:
        the totals so far and what the round in play would score if it were scored now (the
        default: the result's totals). What the greedy player of `engine/strength.py`
        maximises, and what the default `evaluate` judges by."""
        return self.result(state).totals

    def evaluate(self, state: S) -> dict[str, float]:
        """Each player's chance of winning, in [0, 1]: 1 for the winner (0.5 each for a
        draw) once the game is over, else by the lead on the points now (`points`; a lead of
        `evaluation_scale` points is about a 76% chance)."""
        if not self.is_over(state):  # (the result is asked only at the end: it costs more)
            return lead_chances(self.points(state), self.players, self.evaluation_scale)
        winner = self.result(state).winner
        if winner is None:
            return {p: 0.5 for p in self.players}
        return {p: 1.0 if p == winner else 0.0 for p in self.players}

    def standing(self, state: S, seat: str, held: Sequence[str] | None = None) -> tuple[float, ...]:
        """Where `seat` stands now as a player who knows the game sees it, the most
        important first (compared in that order; a game over ranks a win above all, a loss
        below all, a draw as 0 against the first figure): what `engine/strength.py`'s
        knowing player maximises, one move deep. `held`: the seat's own cards, where it
        holds a hand and knows it. The default: its lead on the points now (what wins the
        game), then its chance by the box's evaluation (what else it weighs)."""
        lead = points_lead(self.points(state), seat, self.players)
        return (lead, self.evaluate(state).get(seat, 0.5))

    def every_move(self, state: S) -> Sequence[A]:
        """Every action that can leave the mover standing differently (`standing`), for the
        knowing player to weigh: the legal actions where the game lists them, else the
        game's own fuller list (the default: the search's sample)."""
        listed = self.legal_actions(state)
        return listed if listed is not None else self.sample_actions(state)

    def known_best(self, state: S, seat: str) -> A | None:
        """A fast choice the game knows to be best for `seat`'s decision now, taken instead
        of the search (`engine/search.py`, `choose`): Feuer und Wasser's placement of the
        drawn card one card further, Druiden's best defence of a clash. None: the search
        decides."""
        return None

    def first_guess(
        self, state: S, actions: Sequence[A], rng: random.Random, held: Sequence[str] | None
    ) -> A | None:
        """The action the game's rule of thumb plays, one of `actions` (the mover's choices)
        or a fuller legal move of the mover's own that they miss (`held`: the mover's cards
        where known, and such a move plays only a card held), which the search counts as a
        few won play-outs before it starts (`engine/search.py`). None: no guess, the search
        alone."""
        return None

    # the table (engine/table.py)
    table_free: tuple[str, ...] = ("to_move",)  # `summary` keys not on the table

    def table(self, state: S) -> Table:
        """What lies on the table (place -> content): everything of the state a player can
        see or count there. The default: nothing (a game with no pieces)."""
        return {}

    def changes(self, before: S, after: S) -> tuple[Change, ...]:
        """What the players change on the table to go from `before` to `after` (any two
        states of one game). The default: each place that differs, set to what it holds."""
        a, b = self.table(before), self.table(after)
        return tuple(
            Change("set", where=p, to=b.get(p), places=(p,)) for p in sorted(differing(a, b))
        )

    # a hand the box holds (engine/hands.py): games with hidden hands give these
    def hand_count(self, state: S, seat: str) -> int | None:
        """How many cards `seat`'s hand holds (the engines keep hands as counts); None in a
        game without hands the other player cannot see."""
        return None

    def deck_cards(self, state: S, seat: str) -> tuple[tuple[str, int], ...]:
        """The cards `seat`'s deck is made of: each card's id with its most copies."""
        return ()

    def with_copies(self, options: Opt, seat: str, card: str, copies: int) -> Opt | None:
        """The options with `seat`'s deck holding `copies` of `card` (0: none, the card
        removed), the deck rules free (the lab's `cards`: a card's effect); None in a game
        whose decks are not cards in copies (`deck_cards` gives none)."""
        return None

    def card_played(self, state: S, action: A) -> str | None:
        """The card of the mover's hand that `action` plays (None: it plays no card)."""
        return None

    def card_laid(self, state: S, action: A) -> str | None:
        """The card `action` brings into play from its mover's hand (the lab's per-card
        figures): the card played (`card_played`), or in a game whose cards are drawn and
        laid in the open, the card laid."""
        return self.card_played(state, action)

    def cards_out(self, state: S, seat: str) -> tuple[str, ...]:
        """The cards of `seat`'s deck both seats have seen leave its hand for good (laid,
        cast), once for each time: what is left of the deck to be in its hand or pile."""
        return ()

    def card_worth(self, state: S, seat: str, card: str) -> float:
        """What a held card is worth keeping: when a hand is cut, the least worth go."""
        return 0.0


AnyGame = Game[Any, Any, Any]
"""A game whose types the caller does not know: the registry's entries, the search, replay
and the hands work with every game alike, so its state, action and options are Any there."""
