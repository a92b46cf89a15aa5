"""Druiden's rule of thumb for a turn, the search's first guess (`Game.first_guess`): a power
place that lets the mover pay for the creatures it holds (where its hand is unknown: the kind
its deck needs most for the places in play), then the clash, then the strongest creature
that can be paid, never the last card of the hand (an empty hand loses), then the end.

Played alone with the cards as dealt, it won about 9 games in 10 against the random and the
greedy players and 6 in 10 against the box's search of that day; as the search's first guess
it made the box stronger against all three (docs/benchmarks.md)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from engine.wandernde_druiden.state import Action, Clash, End, LayCreature, LayPlace, State

PAID = 10.0  # a held creature one more place lets the mover pay for; one still short: less


def first_guess(
    state: State, actions: Sequence[Action], rng: random.Random, held: Sequence[str] | None
) -> Action | None:
    """The action of `actions` (the mover's choices) the rule of thumb plays; ties at
    random."""
    card = state.options.cards.card
    last_card = state.side(state.turn).hand <= 1
    places = [a for a in actions if isinstance(a, LayPlace)]
    if places and not last_card:

        def worth(action: LayPlace) -> float:
            kind = found.kind if (found := card(action.card)) else ""
            return place_need(state, kind) if held is None else place_use(state, kind, held)

        return max(places, key=lambda a: (worth(a), rng.random()))
    clashes = [a for a in actions if isinstance(a, Clash)]
    if clashes:
        return clashes[0]
    creatures = [a for a in actions if isinstance(a, LayCreature)]
    if creatures and not last_card:

        def strength(action: LayCreature) -> int:
            return found.strength if (found := card(action.card)) else 0

        return max(creatures, key=lambda a: (strength(a), rng.random()))
    return next((a for a in actions if isinstance(a, End)), None)


def place_use(state: State, kind: str, held: Sequence[str]) -> float:
    """What one more place of `kind` does for the kinds of creature the mover holds: `PAID`
    for each it could then pay for, less the more places one still lacks."""
    have: dict[str, int] = {}
    for place in state.side(state.turn).places:
        have[place.kind] = have.get(place.kind, 0) + 1
    have[kind] = have.get(kind, 0) + 1
    use = 0.0
    for card_id in dict.fromkeys(held):
        card = state.options.cards.card(card_id)
        if card is not None and card.type == "creature":
            short = sum(max(0, n - have.get(k, 0)) for k, n in card.cost)
            use += PAID if short == 0 else 1.0 / (1 + short)
    return use


def place_need(state: State, kind: str) -> float:
    """How much the mover's deck needs one more place of `kind`: its creatures' cost in that
    kind (by copies) over the places of that kind already in play."""
    options = state.options
    deck = options.deck(state.turn) or tuple((c.id, 1) for c in options.cards.cards)
    need = 0.0
    for card_id, copies in deck:
        card = options.cards.card(card_id)
        if card is not None and card.type == "creature":
            need += copies * sum(n for k, n in card.cost if k == kind)
    laid = sum(1 for place in state.side(state.turn).places if place.kind == kind)
    return need / (1 + laid)
