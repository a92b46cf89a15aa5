"""Where a Druiden side stands as a player who knows the game sees it (`Game.standing`, the
knowing player of engine/strength.py): its MP after the clash to come, then the strength it
keeps in play against the other's after that clash, then its hand (an empty hand loses; a
few cards are safe enough). Pure."""

from __future__ import annotations

from engine.wandernde_druiden.clash import (
    MAX_BEST_ATTACKERS,
    MAX_BEST_DEFENDERS,
    MpRule,
    best_assignment,
)
from engine.wandernde_druiden.state import OTHER, State

SEARCHED = min(MAX_BEST_ATTACKERS, MAX_BEST_DEFENDERS)  # the best defence's exact search
SAFE_HAND = 4  # cards in hand beyond which one more changes little (as `evaluate`)


def standing(state: State, seat: str) -> tuple[float, ...]:
    """`seat`'s lead on MP once the clash to come is fought (the mover's own before it has
    clashed, else the other's next turn), the defender blocking at its best; its lead on the
    strength of the creatures left in play after it; its lead on the cards in hand, up to
    `SAFE_HAND` each."""
    other = OTHER[seat]
    attacker = state.turn if not state.clashed else OTHER[state.turn]
    defender = OTHER[attacker]
    attacking = [c.strength for c in state.side(attacker).creatures]
    defending = [c.strength for c in state.side(defender).creatures]
    mp = {seat: state.side(seat).mp, other: state.side(other).mp}
    strength = {attacker: sum(attacking), defender: sum(defending)}
    if attacking and defending and max(len(attacking), len(defending)) <= SEARCHED:
        fought = best_assignment(attacking, defending, state.options.rule)
        mp[defender] -= fought.mp_loss
        strength[attacker] -= fought.attack_discarded
        strength[defender] -= fought.defense_discarded
    elif len(defending) < len(attacking):  # unblocked attackers (beyond the exact search:
        unblocked = len(attacking) - len(defending)  # only the count, nothing discarded)
        mp[defender] -= unblocked if state.options.rule is MpRule.PER_UNBLOCKED else 1
    hand = {p: min(state.side(p).hand, SAFE_HAND) for p in (seat, other)}
    return (mp[seat] - mp[other], strength[seat] - strength[other], hand[seat] - hand[other])
