"""A hand one seat knows card by card, though the engine keeps it as a count: the box's own
hand in solo play. The player draws the box's cards and tells the box each one (a tap or a
pick): `told` is every card told so far, in order. `follow` walks the game's actions and
states: a card an action plays leaves the hand, a draw takes the next told cards, a cut (the
hand brought down to its limit) discards the cards of least worth (`Game.card_worth`), so
the known hand at any point of a game is a function of its actions and `told`. Pure.

The search plays the box's move only from the cards it holds (`playable`). The player's hand
is never known to it: each of its simulations deals a world the box could be in (`deal`):
every hidden hand its count of cards, the box's own as told and the rest drawn at random from
what neither seat has seen leave the deck (`unseen`: the deck less `cards_out`), each pile
shuffled from the rest; in that world a seat plays only the cards it holds and draws from
its pile (`keep_up`). A game where that measured weaker does not deal (`search_deals`).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.core import IllegalMove, evolve

if TYPE_CHECKING:
    from engine.contract import AnyGame


@dataclass(frozen=True, slots=True)
class Held:
    """The cards of the hand that are known (in the order drawn), how many of the told cards
    they have used, the cards the last step cut from the hand, and how many cards were told
    since it (`take`; `forget` takes the last of those back)."""

    cards: tuple[str, ...] = ()
    used: int = 0
    cut: tuple[str, ...] = ()
    now: int = 0


def missing(game: AnyGame, state: Any, seat: str, held: Held) -> int:
    """How many cards the hand holds that nobody has told yet."""
    count = game.hand_count(state, seat)
    return 0 if count is None else max(0, count - len(held.cards))


def start(game: AnyGame, state: Any, seat: str, told: Sequence[str]) -> Held:
    """The hand as the game begins: the first told cards."""
    count = game.hand_count(state, seat) or 0
    cards = tuple(told[:count])
    return Held(cards, len(cards))


def take(held: Held, card: str) -> Held:
    """A card told for the hand (it fills a place the hand is missing)."""
    return Held((*held.cards, card), held.used + 1, held.cut, held.now + 1)


def tell(game: AnyGame, state: Any, seat: str, held: Held, told: Sequence[str], card: str) -> Held:
    """A card told for the hand (`told`: the cards told before it): IllegalMove if the seat's
    deck has no such card (`told_unknown`), no copy of it left (`told_all`), or the hand
    holds no card that was not told (`told_none_missing`)."""
    left = copies_left(game, state, seat, told, card)
    if left < 0:
        raise IllegalMove(f"{card!r} is not a card of {seat}'s deck", "told_unknown")
    if left == 0:
        raise IllegalMove(f"every {card} of {seat}'s deck is told already", "told_all")
    if missing(game, state, seat, held) == 0:
        raise IllegalMove(f"{seat}'s hand holds no card that was not told", "told_none_missing")
    return take(held, card)


def forget(held: Held) -> Held:
    """The last card told since the last step, taken back (nothing to take: the same)."""
    if held.now == 0:
        return held
    return Held(held.cards[:-1], held.used - 1, held.cut, held.now - 1)


def follow(
    game: AnyGame, before: Any, action: Any, after: Any, seat: str, held: Held, told: Sequence[str]
) -> Held:
    """The hand after `action` took `before` to `after`: its played card out, new cards from
    `told`, a cut's cards (the least worth) discarded."""
    count = game.hand_count(after, seat)
    if count is None:
        return held
    cards = list(held.cards)
    played = game.card_played(before, action) if game.to_move(before) == seat else None
    if played is not None and played in cards:
        cards.remove(played)
    cut = _cut(game, after, seat, cards, count)  # the box discards what it needs least
    drawn = count - (game.hand_count(before, seat) or 0) + (1 if played is not None else 0)
    used = held.used
    if drawn > 0:
        new = tuple(told[used : used + drawn])
        cards += new
        used += len(new)
    return Held(tuple(cards), used, cut)


def replay(
    game: AnyGame,
    states: Sequence[Any],
    actions: Sequence[Any],
    seat: str,
    told: Sequence[str],
) -> Held:
    """The hand after `actions`; `states` are the states before each action and, last, the
    state after them (one more than the actions)."""
    held = start(game, states[0], seat, told)
    last = 0  # told cards used before the last step: the ones after were told since it
    for i, action in enumerate(actions):
        last = held.used
        held = follow(game, states[i], action, states[i + 1], seat, held, told)
    return evolve(held, now=held.used - last)


def _cut(game: AnyGame, state: Any, seat: str, cards: list[str], count: int) -> tuple[str, ...]:
    """A hand over its count cut down to it (`cards` changed in place): the cards of least
    worth leave it, and are returned."""
    if len(cards) <= count:
        return ()
    cut = least_worth(game, state, seat, tuple(cards), len(cards) - count)
    for card in cut:
        cards.remove(card)
    return cut


def least_worth(
    game: AnyGame, state: Any, seat: str, cards: tuple[str, ...], n: int
) -> tuple[str, ...]:
    """The `n` cards of least worth to keep (of equal worth: the one drawn first)."""
    order = sorted(range(len(cards)), key=lambda i: (game.card_worth(state, seat, cards[i]), i))
    return tuple(cards[i] for i in sorted(order[:n]))


@dataclass(frozen=True)
class Holding:
    """The actions the mover may choose holding `cards` (called with an action): those that
    play no card, or one held. The search reads `cards` too: the seat's later actions in its
    tree play only the cards still held (engine/search.py)."""

    game: AnyGame
    state: Any
    cards: tuple[str, ...]

    def __call__(self, action: Any) -> bool:
        card = self.game.card_played(self.state, action)
        return card is None or card in self.cards


def without(cards: Sequence[str] | None, card: str | None) -> tuple[str, ...] | None:
    """The cards held once `card` is played (None: not known; a card not held, or none
    played: the same cards)."""
    if cards is None:
        return None
    held = list(cards)
    if card is not None and card in held:
        held.remove(card)
    return tuple(held)


def playable(game: AnyGame, state: Any, cards: Sequence[str]) -> Holding:
    """The actions the mover may choose holding `cards`."""
    return Holding(game, state, tuple(cards))


def both(first: Callable[[Any], bool], second: Callable[[Any], bool]) -> Callable[[Any], bool]:
    """The actions both accept (a decision handed to a seat, and the cards it holds)."""
    return lambda action: first(action) and second(action)


def copies_left(game: AnyGame, state: Any, seat: str, told: Sequence[str], card: str) -> int:
    """How many more copies of `card` the seat's deck can still give (its copies less those
    told so far); -1 for a card not in the deck."""
    most = dict(game.deck_cards(state, seat)).get(card)
    if most is None:
        return -1
    return most - list(told).count(card)


# --- the worlds the search deals -----------------------------------------------------------


@dataclass(slots=True)
class Dealt:
    """One seat's cards in one world of the search: its hand, and its pile (drawn from the
    end)."""

    hand: list[str]
    pile: list[str]


def unseen(game: AnyGame, state: Any, seat: str, known: Sequence[str] = ()) -> list[str]:
    """The cards of `seat`'s deck that may be in its hand or pile (or were cut from its hand
    unseen): its deck less the cards both seats saw leave it (`cards_out`) and those `known`
    to be in its hand, in the deck's order."""
    left = Counter(dict(game.deck_cards(state, seat)))
    left.subtract(game.cards_out(state, seat))
    left.subtract(known)
    return list(left.elements())


def deal(
    game: AnyGame, state: Any, seat: str, known: Sequence[str] | None, rng: random.Random
) -> dict[str, Dealt]:
    """A world `seat` could be in: every seat with a hidden hand holds its count of cards,
    `seat` its `known` ones first (None: none known), the rest drawn at random from what is
    `unseen`, and its pile is the rest, shuffled. Empty in a game without hidden hands."""
    dealt: dict[str, Dealt] = {}
    for each in game.players:
        count = game.hand_count(state, each)
        if count is None:
            continue
        mine = list(known) if each == seat and known is not None else []
        pool = unseen(game, state, each, mine)
        rng.shuffle(pool)
        need = max(0, count - len(mine))
        dealt[each] = Dealt(mine + pool[:need], pool[need:])
    return dealt


def keep_up(game: AnyGame, state: Any, dealt: dict[str, Dealt]) -> None:
    """Each dealt hand brought to the count the engine keeps after a step: the cards drawn
    from its pile, a cut's cards of least worth discarded (the played card is out already)."""
    for seat, cards in dealt.items():
        count = game.hand_count(state, seat) or 0
        hand = cards.hand
        _cut(game, state, seat, hand, count)
        while len(hand) < count and cards.pile:
            hand.append(cards.pile.pop())
