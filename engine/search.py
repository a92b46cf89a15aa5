"""One search for every game: information-set Monte Carlo tree search (single observer,
"SO-ISMCTS", Cowling, Powley and Whitehouse 2012; OpenSpiel's `ismcts.py` and `mcts.py`),
over nothing but the engine contract (`engine/contract.py`).

Each simulation starts from a state the searching seat could be in (`determinize`: what it has
not seen, sampled), walks down a tree of the actions played from the root (UCB1 with
availability counts: an action is judged against the simulations in which it was possible),
samples what the table decides by chance (`chance_outcomes`, with their probabilities) as it
comes, adds one new action, plays on at random to the end or to `depth` actions (then the
game's `evaluate` judges), and credits every action on its path with the result for the player
who chose it. Where the engines keep hidden hands as counts, each simulation also deals the
cards (engine/hands.py `deal`): every hand its count, the searching seat's known cards first
(`among` is a `Holding`: the box's own hand in solo play, `tabletop hint --hand`), the rest
drawn from what neither seat has seen leave the deck, the piles shuffled; in that world each
seat plays only the cards it holds and draws from its pile (a game that measured weaker so,
`search_deals` false, has only the searching seat's known cards followed). Where the mover
may start a step whose details another seat decides (Druiden's clash), starting it is
one option judged for the mover (`_Handover`), under which the other seat's choices are
judged for that seat: the mover never compares its own results with the other seat's.
Each action of the root starts with its immediate result (`evaluate` after it)
as `PRIOR` play-outs, so a small budget stays near the greedy choice, and the game's rule of
thumb, where it has one (`first_guess`: Druiden's order of a turn, Day and Night's aim), as
`GUESS` won ones; a guess the sample missed (a spell's targets the sample did not list)
joins the root's actions, where it is the mover's own legal move. The
answer is the action of the root tried most often, the best on average among those.

Pure and reproducible: the randomness comes from the `random.Random` the caller gives, the
budget is a number of simulations (and, optionally, a `stop` the caller checks its own clock
in); the same seed, state and budget give the same action. A game adds only its contract
parts (`chance_outcomes`, `determinize`, optionally `evaluate`); no game has search code of
its own. `choose` takes a game's `known_best` (a fast choice: Feuer und Wasser's placement
one card further, Druiden's best defence) where the game has one, and searches otherwise.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine import hands
from engine.contract import AnyGame
from engine.core import MisuseError
from engine.hands import Holding

EXPLORATION = 0.7  # UCB1's constant for rewards in [0, 1]
DEPTH = 40  # actions played at random after the tree before `evaluate` judges
PRIOR = 1  # play-outs a root action's immediate result counts as (small budgets trust it)
GUESS = 4  # won play-outs the game's first guess counts as at the root (`first_guess`)


@dataclass
class _Node:
    visits: int = 0
    available: int = 0  # simulations in which this node's action was possible
    reward: float = 0.0  # summed, for the player who chose the action
    children: dict[Any, _Node] = field(default_factory=dict)


@dataclass(frozen=True)
class Answer:
    """The search's choice, how many simulations it ran and how often each action of the
    root was tried (most first)."""

    action: Any
    simulations: int
    visits: tuple[tuple[Any, int], ...]


def choices(game: AnyGame, state: Any) -> list[Any]:
    """The actions the search considers: every legal action where the game lists them, else
    the game's own sample of them."""
    listed = game.legal_actions(state)
    return list(listed) if listed is not None else list(game.sample_actions(state))


def pick_chance(outcomes: Sequence[tuple[Any, float]], rng: random.Random) -> Any:
    """One outcome, drawn with its probability."""
    x, total = rng.random(), 0.0
    for action, p in outcomes:
        total += p
        if x < total:
            return action
    return outcomes[-1][0]


def search(
    game: AnyGame,
    state: Any,
    rng: random.Random,
    simulations: int = 200,
    depth: int = DEPTH,
    stop: Callable[[int], bool] | None = None,
    among: Callable[[Any], bool] | None = None,
) -> Answer:
    """The action the player to move should take (with `among`: the best of the actions it
    accepts, e.g. those that are one player's decision). ValueError where nobody chooses (the
    game is over, nobody is to move, or the table decides by chance) or nothing is left."""
    seat = game.to_move(state)
    if seat is None or game.is_over(state):
        raise MisuseError("nobody is to move")
    if game.chance_outcomes(state) is not None:
        raise MisuseError("the table decides this step (a draw), not a player")
    legal = [a for a in choices(game, state) if among is None or among(a)]
    hand = among.cards if isinstance(among, Holding) else None  # the cards the seat holds
    if not legal:
        raise MisuseError("no legal action")
    if len(legal) == 1:
        return Answer(legal[0], 0, ((legal[0], 0),))
    guess = game.first_guess(state, legal, rng, hand)
    if guess is not None and guess not in legal and _own_move(game, state, seat, guess, among):
        legal.append(guess)  # a fuller move than the sample's (Day and Night's targets)
    root = _Node()
    options, handed = _grouped(game, state, seat, legal)
    for option in options:  # each one's immediate result, as one play-out it starts with
        root.children[option] = _Node(
            PRIOR, PRIOR, PRIOR * _prior(game, state, seat, option, handed)
        )
    _guessed(game, state, seat, guess, root)
    listed: dict[Any, list[Any]] = {}  # the choices at each state met
    done = 0
    while done < simulations and not (stop is not None and stop(done)):
        world = game.determinize(state, seat, rng)
        dealt = _Hands.of(game, world, seat, hand, rng, listed)
        _simulate(game, world, root, rng, depth, legal, dealt)
        done += 1
    tried = [(o, root.children[o]) for o in options]
    # the most tried, then the best on average (a small budget tries many once)
    best = max(tried, key=lambda pair: (pair[1].visits, pair[1].reward / pair[1].visits))[0]
    visits = {a: n.visits for a, n in tried if not isinstance(a, _Handover)}
    for over in (o for o in options if isinstance(o, _Handover)):
        under = root.children[over].children
        visits.update({a: under[a].visits if a in under else 0 for a in handed[over.decider]})
        if best == over:  # the other seat decides the details: its most tried of them
            best = max(handed[over.decider], key=lambda a: visits[a])
    ordered = tuple(sorted(((a, visits[a]) for a in legal), key=lambda pair: -pair[1]))
    return Answer(best, done, ordered)


@dataclass(frozen=True)
class _Handover:
    """The choice to start a step whose details another seat decides (Druiden: the attacker
    starts the clash, the defender assigns the blockers): one option for the mover, judged
    for the mover, under which `decider` chooses among those actions, judged for itself.
    Without it the mover would compare its own actions with the decider's results."""

    decider: str


def _grouped(
    game: AnyGame, state: Any, mover: str, actions: list[Any]
) -> tuple[list[Any], dict[str, list[Any]]]:
    """The mover's options at a state: its own actions, and one `_Handover` for each other
    seat that decides some of them (with those actions); where every action is one other
    seat's (a decision handed to it), they are that seat's options as they are."""
    handed: dict[str, list[Any]] = {}
    own = []
    for action in actions:
        decider = game.decided_by(state, action) or mover
        if decider == mover:
            own.append(action)
        else:
            handed.setdefault(decider, []).append(action)
    if not own and len(handed) == 1:
        return actions, {}
    return own + [_Handover(d) for d in handed], handed


def _own_move(
    game: AnyGame, state: Any, seat: str, action: Any, among: Callable[[Any], bool] | None
) -> bool:
    """`action` is a legal choice of `seat`'s own (not one handed to another seat) that
    `among` accepts."""
    if among is not None and not among(action):
        return False
    return (game.decided_by(state, action) or seat) == seat and game.is_legal(state, action)


def _guessed(game: AnyGame, state: Any, seat: str, guess: Any, root: _Node) -> None:
    """The game's first guess (`first_guess`) counts as `GUESS` won play-outs of its option
    (a step another seat decides: of starting it)."""
    if guess is None:
        return
    option = guess if guess in root.children else _Handover(game.decided_by(state, guess) or seat)
    node = root.children.get(option)
    if node is not None:
        node.visits += GUESS
        node.available += GUESS
        node.reward += GUESS


def _prior(
    game: AnyGame, state: Any, seat: str, option: Any, handed: dict[str, list[Any]]
) -> float:
    """An option's immediate result for whoever chooses it; a handover's: the mover's result
    after the decider's best action by the decider's own evaluation."""
    if not isinstance(option, _Handover):
        mover = game.decided_by(state, option) or seat
        return game.evaluate(game.apply(state, option)).get(mover, 0.5)
    after = [game.evaluate(game.apply(state, a)) for a in handed[option.decider]]
    return max(after, key=lambda v: v.get(option.decider, 0.5)).get(seat, 0.5)


def choose(
    game: AnyGame,
    state: Any,
    rng: random.Random,
    simulations: int,
    depth: int = DEPTH,
    among: Callable[[Any], bool] | None = None,
    seat: str | None = None,
    stop: Callable[[int], bool] | None = None,
) -> Answer:
    """The box's choice for `seat` (default: the player to move): the game's known best
    where it has one that `among` accepts (`known_best`: no simulation), else the search
    (`stop`: as `search`'s)."""
    deciding = seat or game.to_move(state)
    quick = None if deciding is None else game.known_best(state, deciding)
    if quick is not None and (among is None or among(quick)):
        return Answer(quick, 0, ((quick, 0),))
    return search(game, state, rng, simulations, depth, stop=stop, among=among)


class _Hands:
    """The cards of one simulation's world (`hands.deal`): where the engines keep hidden
    hands as counts, each seat's later actions in the tree and the play-out play only the
    cards it holds in that world (the searching seat's known cards among them), and its
    draws come from its pile there. A game without hidden hands: every action."""

    def __init__(
        self,
        game: AnyGame,
        dealt: dict[str, hands.Dealt],
        follow: bool,
        listed: dict[Any, list[Any]],
    ) -> None:
        self.game, self.dealt, self.follow, self.listed = game, dealt, follow, listed

    @classmethod
    def of(
        cls,
        game: AnyGame,
        world: Any,
        seat: str,
        known: Sequence[str] | None,
        rng: random.Random,
        listed: dict[Any, list[Any]],
    ) -> _Hands:
        """The cards of a simulation in `world`: dealt (`search_deals`), else only the cards
        `seat` is known to hold (none drawn later is played, any card for the others).
        `listed`: the choices at each state met so far in this search, shared by its
        simulations."""
        if game.search_deals:
            return cls(game, hands.deal(game, world, seat, known, rng), True, listed)
        mine = {} if known is None else {seat: hands.Dealt(list(known), [])}
        return cls(game, mine, False, listed)

    def offered(self, state: Any, mover: str) -> list[Any]:
        """The mover's choices at `state` (`choices`, asked once a state in a search: the
        simulations meet the same states again and again), only with cards it holds."""
        actions = self.listed.get(state)
        if actions is None:
            actions = self.listed[state] = choices(self.game, state)
        cards = self.dealt.get(mover)
        if cards is None:
            return actions
        held = cards.hand
        return [a for a in actions if (c := self.game.card_played(state, a)) is None or c in held]

    def apply(self, state: Any, mover: str, action: Any) -> Any:
        """The state after `action`, its card out of the mover's hand and every hand kept up
        with the counts (draws from the piles, cuts)."""
        cards = self.dealt.get(mover)
        if cards is not None:
            card = self.game.card_played(state, action)
            if card in cards.hand:
                cards.hand.remove(card)
        return self.kept(self.game.apply(state, action))

    def kept(self, state: Any) -> Any:
        """`state`, every hand kept up with its counts (after a step, or the table's draw)."""
        if self.follow and self.dealt:
            hands.keep_up(self.game, state, self.dealt)
        return state


def _simulate(
    game: AnyGame,
    state: Any,
    root: _Node,
    rng: random.Random,
    depth: int,
    first: list[Any],
    hand: _Hands,
) -> None:
    node, path = root, []
    handed_to: tuple[str, list[Any]] | None = None  # at a handover's node: who, among what
    while not game.is_over(state):
        if handed_to is not None:
            mover, actions = handed_to
            handed: dict[str, list[Any]] = {}
        else:
            drawn = _drawn(game, state, rng)
            if drawn is not None:
                state = hand.kept(drawn)
                continue
            seat = game.to_move(state)
            if seat is None:
                break
            mover = seat
            raw = first if node is root else hand.offered(state, mover)
            if not raw:
                break
            actions, handed = _grouped(game, state, mover, raw)
        untried, action = _visit(node, actions)
        if untried:
            action = untried[rng.randrange(len(untried))]
            child = node.children[action] = _Node(available=1)
            path.append((child, _chooser(game, state, mover, action)))
            if isinstance(action, _Handover):  # the decider's part, at random
                pool = handed[action.decider]
                mover, action = action.decider, pool[rng.randrange(len(pool))]
            state = hand.apply(state, mover, action)
            break
        node = node.children[action]
        path.append((node, _chooser(game, state, mover, action)))
        if isinstance(action, _Handover):
            handed_to = (action.decider, handed[action.decider])
            continue
        handed_to = None
        state = hand.apply(state, mover, action)
    rewards = _playout(game, state, rng, depth, hand)
    for child, mover in path:
        child.visits += 1
        child.reward += rewards.get(mover, 0.5)


def _drawn(game: AnyGame, state: Any, rng: random.Random) -> Any | None:
    """The state after the table's step where it decides by chance (a draw), drawn with its
    probability; None where a player decides."""
    chance = game.chance_outcomes(state)
    return None if chance is None else game.apply(state, pick_chance(chance, rng))


def _chooser(game: AnyGame, state: Any, mover: str, action: Any) -> str:
    """Whose result judges a choice: a handover's mover's, an action's decider's."""
    return mover if isinstance(action, _Handover) else game.decided_by(state, action) or mover


def _visit(node: _Node, actions: list[Any]) -> tuple[list[Any], Any]:
    """The node's untried actions among `actions`, and its best tried one by UCB1 (the first
    of equals); each tried one counted as available once more. One pass: the search spends
    most of its own time here."""
    untried, best, top = [], None, -1.0
    children, log, sqrt = node.children, math.log, math.sqrt
    for action in actions:
        child = children.get(action)
        if child is None:
            untried.append(action)
            continue
        child.available += 1
        visits = child.visits
        value = child.reward / visits + EXPLORATION * sqrt(log(child.available) / visits)
        if value > top:
            best, top = action, value
    return untried, best


def _playout(
    game: AnyGame, state: Any, rng: random.Random, depth: int, hand: _Hands
) -> dict[str, float]:
    for _ in range(depth):
        if game.is_over(state):
            break
        drawn = _drawn(game, state, rng)
        if drawn is not None:
            state = hand.kept(drawn)
            continue
        mover = game.to_move(state)
        if mover is None:
            break
        actions = hand.offered(state, mover)
        if not actions:
            break
        action = actions[rng.randrange(len(actions))]
        state = hand.apply(state, mover, action)
    return game.evaluate(state)
