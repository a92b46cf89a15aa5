"""The box's strength, measured: the box's player (as in solo play: the game's known best, or
the search at the game's budget) against a random legal player, a greedy one (the best
immediate result: the most points now), a harder greedy one (by the box's evaluation) and
one that knows the game (by what wins it, over every move, not the box's sample),
games seeded, seats alternating, the defender choosing its own blockers. Pure (the caller
prints; `benchmarks/strength.py`)."""

from __future__ import annotations

import hashlib
import math
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from engine.contract import AnyGame, points_lead
from engine.hands import Held, Holding, both, follow, playable, start, without
from engine.search import choices, choose, pick_chance

Among = Callable[[Any], bool] | None
Player = Callable[..., Any]  # (game, state, rng, among=None): an action `among` accepts


def _offered(game: AnyGame, state: Any, among: Among) -> list[Any]:
    return [a for a in choices(game, state) if among is None or among(a)]


def random_player(game: AnyGame, state: Any, rng: random.Random, among: Among = None) -> Any:
    actions = _offered(game, state, among)
    return actions[rng.randrange(len(actions))]


def greedy_player(game: AnyGame, state: Any, rng: random.Random, among: Among = None) -> Any:
    """The action with the best immediate result: after it, the mover's lead on the points
    as the game scores them now (`points`: Zweimal's roads as they lie, Feuer und Wasser's
    cards to the pile, Day and Night's temples, Druiden's MP) is largest; a won game first,
    a lost one last; ties at random."""

    def value(after: Any, mover: str, _: Any) -> float:
        if game.is_over(after):
            return _ended(game, after, mover)
        return points_lead(game.points(after), mover, game.players)

    return _best_by(game, state, rng, value, among)


def evaluated_player(game: AnyGame, state: Any, rng: random.Random, among: Among = None) -> Any:
    """A stronger greedy player: the action after which the box's own evaluation
    (`evaluate`: beyond the points, Day and Night's largest area and tiles, Druiden's hand
    and creatures) is best for the mover, ties at random."""

    def value(after: Any, mover: str, _: Any) -> float:
        return game.evaluate(after).get(mover, 0.5)

    return _best_by(game, state, rng, value, among)


def knowing_player(game: AnyGame, state: Any, rng: random.Random, among: Among = None) -> Any:
    """A player who knows the game, one move deep: of every move (`every_move`: in Day and
    Night each spell with every list of targets, not the search's sample) the one after
    which it stands best by what wins the game (`standing`, the most important first, with
    the cards it then holds where it holds a hand); a won game first, a lost one last, a
    drawn one as 0 against the measure's first figure; ties at random."""
    held = among.cards if isinstance(among, Holding) else None

    def value(after: Any, mover: str, action: Any) -> tuple[float, ...]:
        if game.is_over(after):
            return (_ended(game, after, mover),)
        played = None if held is None else game.card_played(state, action)
        return game.standing(after, mover, without(held, played))

    moves = [a for a in game.every_move(state) if among is None or among(a)]
    return _best_by(game, state, rng, value, among, moves)


def _ended(game: AnyGame, after: Any, mover: str) -> float:
    """A game over, for the mover: a win before any points, a loss after any, a draw level."""
    winner = game.result(after).winner
    return 0.0 if winner is None else math.inf if winner == mover else -math.inf


def _best_by(
    game: AnyGame,
    state: Any,
    rng: random.Random,
    value: Callable[[Any, str, Any], Any],
    among: Among = None,
    offered: list[Any] | None = None,
) -> Any:
    """The action with the highest `value` after it (of the state after it, the mover and
    the action: numbers, or tuples compared in order)."""
    seat = game.to_move(state)
    assert seat is not None
    best: list[Any] = []
    best_value: Any = None
    for action in _offered(game, state, among) if offered is None else offered:
        mover = game.decided_by(state, action) or seat
        v = value(game.apply(state, action), mover, action)
        if best_value is None or v > best_value:
            best, best_value = [action], v
        elif v == best_value:
            best.append(action)
    return best[rng.randrange(len(best))]


def box_player(
    game: AnyGame,
    state: Any,
    rng: random.Random,
    among: Among = None,
    *,
    simulations: int | None = None,
) -> Any:
    """The box: the game's known best, else the search at the game's budget (or with
    `simulations` a move); for a decision handed to it (`among`: Druiden's defence) its best
    among those."""
    budget, depth = game.search_budget
    simulations = simulations or budget
    seat = None  # the player to move, unless every action offered is one other seat's
    if among is not None:
        deciders = {game.decided_by(state, a) for a in _offered(game, state, among)}
        seat = deciders.pop() if len(deciders) == 1 else None
    return choose(game, state, rng, simulations, depth, among=among, seat=seat).action


CAPPED = "capped"  # `play`'s answer for a game still open after its limit of actions


def shuffled(deck: tuple[tuple[str, int], ...], salt: int) -> list[str]:
    """A deck's cards (each id with its copies) in the order of a shuffle that keeps its
    cards' places when the deck changes: each copy's place is drawn from the game's seed,
    the card and the copy's number alone, so one copy more lies between the same cards as
    before and the rest keep their order (the lab's paired comparisons: one card changed,
    the same deals otherwise)."""

    def place(card: str, copy: int) -> bytes:
        return hashlib.blake2b(f"{salt}:{card}:{copy}".encode(), digest_size=8).digest()

    return [card for _, card in sorted((place(c, k), c) for c, n in deck for k in range(n))]


class Table:
    """The cards as they lie at a table (`hands=True`): each seat's deck shuffled, its hand
    dealt and drawn from it card by card (`engine/hands.py` follows the counts the engine
    keeps); a seat plays only cards it holds, and a cut of its hand discards the cards of
    least worth (`card_worth`: the box's discard, for both seats). Games without hidden
    hands: nothing to follow."""

    def __init__(self, game: AnyGame, state: Any, rng: random.Random, hands: bool) -> None:
        self.game = game
        self.told: dict[str, list[str]] = {}
        self.held: dict[str, Held] = {}
        for seat in game.players if hands else ():
            if game.hand_count(state, seat) is None:
                continue
            self.told[seat] = shuffled(game.deck_cards(state, seat), rng.getrandbits(64))
            self.held[seat] = start(game, state, seat, self.told[seat])

    def among(self, state: Any, seat: str, handed: Among = None) -> Among:
        """What `seat` may choose: `handed` (a decision handed to it), only cards it holds."""
        if seat not in self.held:
            return handed
        holds = playable(self.game, state, self.held[seat].cards)
        return holds if handed is None else both(handed, holds)

    def follow(self, before: Any, action: Any, after: Any) -> None:
        for seat, held in self.held.items():
            self.held[seat] = follow(self.game, before, action, after, seat, held, self.told[seat])


@dataclass(frozen=True)
class Played:
    """A game played out: its options, every action in order (the table's steps too, so
    the record replays), the state it reached and its winner (None: a draw; `CAPPED`: still
    open after its limit of actions)."""

    options: Any
    actions: tuple[Any, ...]
    state: Any
    winner: str | None
    movers: tuple[str | None, ...] = ()  # who chose each action (None: the table's step)


def played(
    game: AnyGame,
    players: dict[str, Player],
    seed: int,
    limit: int = 2000,
    options: Mapping[str, str] | None = None,
    hands: bool = False,
) -> Played:
    """One game, a pure function of its seed, options and players. The table's own steps
    (a draw, a dealt set-up) are at random. A step whose details are the other player's
    (Druiden's clash: the defender assigns the blockers) is chosen by that player among such
    steps, as at the table. `hands`: the cards as they lie at a table (`Table`)."""
    rng = random.Random(seed)
    parsed = game.parse_options({**game.option_defaults, **(options or {})})
    state = game.initial(parsed)
    table = Table(game, state, random.Random(seed ^ 0x5EED), hands)
    actions: list[Any] = []
    movers: list[str | None] = []
    for _ in range(limit):
        if game.is_over(state):
            winner = game.result(state).winner
            return Played(parsed, tuple(actions), state, winner, tuple(movers))
        chance = game.chance_outcomes(state)
        seat = None
        if chance is not None:
            action = pick_chance(chance, rng)
        elif (seat := game.to_move(state)) is None:  # the table sets up
            action = random_player(game, state, rng)
        else:
            action = players[seat](game, state, rng, table.among(state, seat))
            decider = game.decided_by(state, action)
            if decider is not None and decider != seat:
                handed = table.among(state, decider, _handed_to(game, state, decider))
                action = players[decider](game, state, rng, handed)
        after = game.apply(state, action)
        table.follow(state, action, after)
        actions.append(action)
        movers.append(seat)
        state = after
    winner = game.result(state).winner if game.is_over(state) else CAPPED
    return Played(parsed, tuple(actions), state, winner, tuple(movers))


def _handed_to(game: AnyGame, state: Any, decider: str) -> Callable[[Any], bool]:
    return lambda action: game.decided_by(state, action) == decider


@dataclass(frozen=True)
class Tally:
    wins: int
    draws: int  # the capped games among them
    losses: int
    capped: int = 0
    marked: int = 0  # the games `match`'s `mark` accepted

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    def interval(self) -> tuple[float, float]:
        """The 95% Wilson interval of the win rate."""
        return wilson(self.wins, self.games)

    def decided_interval(self) -> tuple[float, float]:
        """The 95% Wilson interval of the box's share of the decided games (wins and
        losses; a game that may end drawn by its rules is judged by these)."""
        return wilson(self.wins, self.wins + self.losses)


def wilson(successes: int, n: int) -> tuple[float, float]:
    """The 95% Wilson interval of `successes` in `n` trials ((0, 1) for none)."""
    if n == 0:
        return (0.0, 1.0)
    p, z = successes / n, 1.96
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def match(
    game: AnyGame,
    opponent: Player,
    games: int,
    seed: int = 2026,
    options: Mapping[str, str] | None = None,
    hands: bool = False,
    limit: int = 2000,
    mark: Callable[[Played, str], bool] | None = None,
) -> Tally:
    """The box against `opponent`, `games` games, the box's seat alternating (`options`:
    a variant's, as text; `hands`: the cards as at a table; a game open after `limit`
    actions is a draw, counted as capped too; `mark`: the games to count, asked of each
    game played and the box's seat)."""
    wins = draws = losses = capped = marked = 0
    first, second = game.players[0], game.players[1]
    for i in range(games):
        box_seat = first if i % 2 == 0 else second
        other = second if box_seat == first else first
        players = {box_seat: box_player, other: opponent}
        game_played = played(game, players, seed + i, limit, options, hands)
        marked += mark is not None and mark(game_played, box_seat)
        winner = game_played.winner
        if winner == box_seat:
            wins += 1
        elif winner is None or winner == CAPPED:
            draws += 1
            capped += winner == CAPPED
        else:
            losses += 1
    return Tally(wins, draws, losses, capped, marked)
