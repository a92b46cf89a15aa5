"""Wandernde Druiden's turn: laying a power place or a creature (paid with unused places),
the end of a turn (the hand cut to the MP, the next player's draw), and who has lost. Pure;
engine/wandernde_druiden/game.py plays a whole game with them."""

from __future__ import annotations

from functools import lru_cache

from engine.core import IllegalMove, evolve
from engine.wandernde_druiden.cards import Card
from engine.wandernde_druiden.state import (
    FIRST_TURN_HAND,
    OTHER,
    Action,
    Creature,
    LayCreature,
    LayPlace,
    Options,
    Place,
    State,
    with_side,
)

# --- laying cards ----------------------------------------------------------------------------


def _card(state: State, card_id: str, type_: str) -> Card:
    card = state.options.cards.card(card_id)
    if card is None:
        raise IllegalMove(f"{card_id}: not a card of this set", "no_such_card")
    deck = state.options.deck(state.turn)
    if deck and all(c != card_id for c, _ in deck):
        raise IllegalMove(f"{card.name} is not in {state.turn}'s deck", "not_in_own_deck")
    if card.type != type_:
        code = "not_a_place" if type_ == "place" else "not_a_creature"
        raise IllegalMove(f"{card.name} is not a {type_}", code)
    if state.side(state.turn).hand < 1:  # pragma: no cover - an empty hand has lost
        raise IllegalMove("no card in hand", "empty_hand")
    return card


def lay_place(state: State, action: LayPlace) -> State:
    card = _card(state, action.card, "place")
    if state.placed:
        raise IllegalMove("one power place a turn", "place_laid")
    if state.clashed:
        raise IllegalMove("power places come before the clash", "clash_done")
    side = state.side(state.turn)
    side = side.laying(card.id, places=(*side.places, Place(card.id, card.kind)))
    return judge(evolve(with_side(state, state.turn, side), placed=True))


def payment(state: State, card_id: str) -> tuple[int, ...] | None:
    """The unused power places (indices) that pay for the creature, or None if they do not
    suffice. Places of one kind are alike for the turn, so the first unused ones pay."""
    card = state.options.cards.card(card_id)
    places = state.side(state.turn).places
    paid: list[int] = []
    for kind, n in card.cost if card else ():
        free = [i for i, p in enumerate(places) if p.kind == kind and not p.used]
        if len(free) < n:
            return None
        paid += free[:n]
    return tuple(paid)


def lay_creature(state: State, action: LayCreature) -> State:
    card = _card(state, action.card, "creature")
    if state.clash_due:
        raise IllegalMove("your creatures attack first: the clash", "clash_first")
    paid = payment(state, card.id)
    if paid is None:
        kinds = state.options.cards
        need = ", ".join(f"{n} {kinds.kind_name(k)}" for k, n in card.cost)
        raise IllegalMove(f"{card.name} needs {need} unused", "no_power")
    side = state.side(state.turn)
    places = tuple(evolve(p, used=True) if i in paid else p for i, p in enumerate(side.places))
    side = side.laying(
        card.id, places=places, creatures=(*side.creatures, Creature(card.id, card.strength))
    )
    return judge(evolve(with_side(state, state.turn, side), clashed=True))


# --- the turn --------------------------------------------------------------------------------


def cut_at_end(state: State) -> int:
    """How many cards the active player discards when the turn ends (down to the MP)."""
    side = state.side(state.turn)
    return max(0, side.hand - side.mp)


def end_turn(state: State) -> State:
    if state.clash_due:
        raise IllegalMove("your creatures attack first: the clash", "clash_first")
    player = state.turn
    side = state.side(player)
    cut = cut_at_end(state)
    side = evolve(
        side,
        hand=side.hand - cut,
        discard=side.discard + cut,
        places=tuple(evolve(p, used=False) for p in side.places),
    )
    state = with_side(state, player, side)
    nxt = OTHER[player]
    coming = state.side(nxt)
    limit = FIRST_TURN_HAND if coming.turns == 0 else coming.mp
    drawn = max(0, min(limit - coming.hand, coming.pile))
    coming = evolve(
        coming, hand=coming.hand + drawn, pile=coming.pile - drawn, turns=coming.turns + 1
    )
    state = with_side(state, nxt, coming)
    return judge(
        evolve(
            state,
            turn=nxt,
            turn_number=state.turn_number + 1,
            clashed=False,
            placed=False,
            drawn=drawn,
        )
    )


def judge(state: State) -> State:
    """A player with 0 MP or no card in hand has lost (the defender is judged first)."""
    for player in (OTHER[state.turn], state.turn):
        side = state.side(player)
        if side.mp <= 0:
            return evolve(state, loser=player, why="mp")
        if side.hand <= 0:
            return evolve(state, loser=player, why="hand")
    return state


@lru_cache(maxsize=64)
def lays(options: Options, player: str) -> tuple[Action, ...]:
    """A lay of each card the player's deck has (of the set where it names none)."""
    deck = {c for c, _ in options.deck(player)}
    cards = [c for c in options.cards.cards if not deck or c.id in deck]
    return tuple(LayPlace(c.id) if c.type == "place" else LayCreature(c.id) for c in cards)
