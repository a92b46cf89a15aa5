"""A whole game of Wandernde Druiden on the contract (`engine/contract.py`): MP, hands and
draw piles as counts, power places and creatures in play, the clash, the end of the game.

Actions (one line each), all in the active player's turn:
    place ID                  lay a power place (one a turn, before the clash)
    clash 0,0,1 [discard 1]   the clash: for each defending creature (in the order they were
                              laid) the attacker it blocks; `-` when the defender has none.
                              `discard` names, for a group whose strongest blockers tie,
                              the one the defender sends to the discard pile
    creature ID               lay a creature (after the clash), paid with unused power places
    end                       the turn ends: the hand is cut to the MP, the next player draws
The box knows how many cards a hand holds, not which: any card of the set may be laid while
the hand holds one. Pure.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping, Sequence
from typing import Any

from engine.contract import Game, Result, RoundResult, Scores, lead_chances
from engine.core import IllegalMove, NotationError, evolve, parse_deck_rules
from engine.table import Change, Table
from engine.wandernde_druiden import outlook, table as on_table, tactics
from engine.wandernde_druiden.cards import (
    SMALL_DECKS,
    deck_option,
    format_deck,
    set_option,
    set_to_data,
)
from engine.wandernde_druiden.clash import (
    MAX_BEST_ATTACKERS,
    MAX_BEST_DEFENDERS,
    ClashOutcome,
    MpRule,
    best_assignment,
    resolve,
)
from engine.wandernde_druiden.notation import (
    clash_summary as _clash_summary,
    format_action as format_action,
    parse_action as parse_action,
)
from engine.wandernde_druiden.state import (
    FIRST_TURN_HAND as FIRST_TURN_HAND,
    OTHER as OTHER,
    PLAYERS as PLAYERS,
    START_HAND as START_HAND,
    START_MP as START_MP,
    Action as Action,
    Clash as Clash,
    ClashRecord as ClashRecord,
    Creature as Creature,
    End as End,
    LayCreature as LayCreature,
    LayPlace as LayPlace,
    Options as Options,
    Place as Place,
    Side as Side,
    State as State,
    initial_state as initial_state,
    with_side as with_side,
)
from engine.wandernde_druiden.turn import (
    end_turn,
    judge,
    lay_creature,
    lay_place,
    lays,
)

# --- the clash -------------------------------------------------------------------------------


def clash_outcome(state: State, action: Clash) -> ClashOutcome:
    """The outcome of the active player's creatures attacking with this assignment and the
    defender's picks (IllegalMove when either breaks the rules). What the box shows before
    the clash is confirmed is exactly this."""
    attackers = [c.strength for c in state.side(state.turn).creatures]
    defenders = [c.strength for c in state.side(OTHER[state.turn]).creatures]
    try:
        outcome = resolve(attackers, defenders, action.assignment, state.options.rule)
    except IllegalMove as error:
        raise IllegalMove(str(error), "bad_assignment") from None
    return _picked(outcome, defenders, action.discard)


def _picked(outcome: ClashOutcome, defenders: list[int], picks: tuple[int, ...]) -> ClashOutcome:
    if not picks:
        return outcome
    out = set(outcome.defenders_discarded)
    groups: dict[int, list[int]] = {}
    for d, a in enumerate(outcome.assignment):
        groups.setdefault(a, []).append(d)
    done: set[int] = set()
    for d in picks:
        if not 0 <= d < len(defenders):
            raise IllegalMove(f"discard {d}: no such defender", "bad_pick")
        group = groups[outcome.assignment[d]]
        top = max(defenders[x] for x in group)
        if len(group) < 2 or defenders[d] != top:
            raise IllegalMove(
                f"discard {d}: only one of the strongest of several blockers", "bad_pick"
            )
        if outcome.assignment[d] in done:
            raise IllegalMove(f"discard {d}: one pick per attacker", "bad_pick")
        done.add(outcome.assignment[d])
        out -= set(group)
        out.add(d)
    return evolve(outcome, defenders_discarded=tuple(sorted(out)))


def suggestion(state: State) -> Clash | None:
    """The engine's best assignment for the defender (docs/rules), or None beyond the
    search's limits."""
    attackers = [c.strength for c in state.side(state.turn).creatures]
    defenders = [c.strength for c in state.side(OTHER[state.turn]).creatures]
    if len(attackers) > MAX_BEST_ATTACKERS or len(defenders) > MAX_BEST_DEFENDERS:
        return None
    return Clash(best_assignment(attackers, defenders, state.options.rule).assignment)


def tied_groups(state: State, assignment: tuple[int, ...]) -> list[tuple[int, ...]]:
    """The groups of several blockers whose strongest members tie: the defender picks which
    of those (listed here) goes to the discard pile."""
    defenders = [c.strength for c in state.side(OTHER[state.turn]).creatures]
    groups: dict[int, list[int]] = {}
    for d, a in enumerate(assignment):
        groups.setdefault(a, []).append(d)
    found = []
    for a in sorted(groups):
        group = groups[a]
        if len(group) < 2:
            continue
        top = max(defenders[d] for d in group)
        tied = tuple(d for d in group if defenders[d] == top)
        if len(tied) > 1:
            found.append(tied)
    return found


def _clash(state: State, action: Clash) -> State:
    if state.clashed:
        raise IllegalMove("the clash of this turn is over", "clash_done")
    if not state.side(state.turn).creatures:
        raise IllegalMove("no creature of yours can attack", "no_attackers")
    outcome = clash_outcome(state, action)
    attacker, defender = state.turn, OTHER[state.turn]
    a_side, d_side = state.side(attacker), state.side(defender)
    gone_a, gone_d = set(outcome.attackers_discarded), set(outcome.defenders_discarded)
    a_side = evolve(
        a_side,
        creatures=tuple(c for i, c in enumerate(a_side.creatures) if i not in gone_a),
        discard=a_side.discard + len(gone_a),
    )
    mp = max(0, d_side.mp - outcome.mp_loss)
    cut = max(0, d_side.hand - mp)  # discarded at once down to the new hand limit
    d_side = evolve(
        d_side,
        mp=mp,
        hand=d_side.hand - cut,
        creatures=tuple(c for i, c in enumerate(d_side.creatures) if i not in gone_d),
        discard=d_side.discard + len(gone_d) + cut,
    )
    record = ClashRecord(
        attacker,
        state.turn_number,
        state.side(attacker).creatures,
        state.side(defender).creatures,
        outcome,
        cut,
    )
    state = with_side(with_side(state, attacker, a_side), defender, d_side)
    return judge(evolve(state, clashed=True, clash=record))


def apply(state: State, action: Action) -> State:
    if state.over:
        raise IllegalMove("the game is over", "game_over")
    if isinstance(action, LayPlace):
        return lay_place(state, action)
    if isinstance(action, LayCreature):
        return lay_creature(state, action)
    if isinstance(action, Clash):
        return _clash(state, action)
    if isinstance(action, End):
        return end_turn(state)
    raise IllegalMove(f"unknown action {action!r}", "unknown_action")


# --- the game --------------------------------------------------------------------------------


PLACE_WORTH = 2.0  # a power place kept like a creature of strength 2 (card_worth)


class WanderndeDruiden(Game[State, Action, Options]):
    id = "wandernde-druiden"
    name = "Wandernde Druiden"
    short = "WD"
    rules_version = 4
    # 2 had no decks (its games name none), 4 added solo records (`solo`, `told`): both replay
    replays_versions = (2, 3)
    search_budget = (28, 4)  # simulations, play-out depth (engine/search.py)
    variants = (SMALL_DECKS,)  # a designer's small decks, 32 cards each
    players = PLAYERS
    starter_option = "starter"  # a rematch: the other player begins
    option_defaults = {"rule": "once", "starter": "A", "cards": "", "deck_rules": "strict",
                       "deck_A": "", "deck_B": ""}  # fmt: skip
    refusal_codes = (
        "game_over",
        "no_such_card",
        "not_in_own_deck",
        "not_a_place",
        "not_a_creature",
        "place_laid",
        "clash_done",
        "clash_first",
        "no_attackers",
        "no_power",
        "bad_assignment",
        "bad_pick",
        "empty_hand",
        "unknown_action",
    )

    def parse_options(self, values: Mapping[str, str]) -> Options:
        rule_text = values.get("rule", "once")
        try:
            rule = MpRule(rule_text)
        except ValueError:
            raise NotationError(
                f"rule: expected once or per-unblocked, got {rule_text!r}"
            ) from None
        starter = values.get("starter", "A")
        if starter not in PLAYERS:
            raise NotationError(f"starter: expected A or B, got {starter!r}")
        text = values.get("cards", "")
        cards = set_option(text)
        deck_rules = parse_deck_rules(values)
        decks = tuple(deck_option(values, p, cards, deck_rules, bool(text)) for p in PLAYERS)
        return Options(rule, starter, cards, deck_rules, (decks[0], decks[1]))

    def format_options(self, options: Options) -> dict[str, str]:
        return {
            "rule": options.rule.value,
            "starter": options.starter,
            "cards": json.dumps(
                set_to_data(options.cards), separators=(",", ":"), ensure_ascii=False
            ),
            "deck_rules": options.deck_rules,
            "deck_A": format_deck(options.decks[0]),
            "deck_B": format_deck(options.decks[1]),
        }

    def initial(self, options: Options) -> State:
        return initial_state(options)

    def to_move(self, state: State) -> str | None:
        return None if state.over else state.turn

    def decided_by(self, state: State, action: Action) -> str | None:
        """The clash's assignment is the defender's: which attacker each of its creatures
        blocks (and which tied blocker it discards)."""
        if state.over:
            return None
        return OTHER[state.turn] if isinstance(action, Clash) else state.turn

    def known_best(self, state: State, seat: str) -> Clash | None:
        """The defender's best assignment of the clash (`suggestion`, the exact search of
        `tabletop score wandernde-druiden`), within its limits."""
        if state.over or not state.clash_due or seat != OTHER[state.turn]:
            return None
        return suggestion(state)

    def legal_actions(self, state: State) -> None:
        return None  # clash assignments: attackers ** defenders; is_legal decides

    def sample_actions(self, state: State) -> list[Action]:
        """Every legal place, creature and end; for a clash the best assignment, everybody on
        the first attacker, and round robin (each with the first tie pick)."""
        if state.over:
            return []
        found: list[Action] = []
        if state.clash_due:
            m = len(state.side(state.turn).creatures)
            n = len(state.side(OTHER[state.turn]).creatures)
            best = suggestion(state)
            for clash in (best, Clash((0,) * n), Clash(tuple(d % m for d in range(n)))):
                if clash is not None:
                    found.append(clash)
                    tied = tied_groups(state, clash.assignment)
                    if tied:
                        found.append(Clash(clash.assignment, tuple(g[-1] for g in tied)))
        else:
            found.append(End())
        found += (a for a in lays(state.options, state.turn) if self.is_legal(state, a))
        return list(dict.fromkeys(found))

    def apply(self, state: State, action: Action) -> State:
        return apply(state, action)

    def is_over(self, state: State) -> bool:
        return state.over

    def evaluate(self, state: State) -> dict[str, float]:
        """Once over, the result; before, what keeps a side in the game: its MP (none left
        loses), its hand (an empty hand loses; a few cards are safe enough) and the strength
        of its creatures in play (the next clash's)."""
        if state.over:
            return super().evaluate(state)
        points = {}
        for p in PLAYERS:
            side = state.side(p)
            strength = sum(c.strength for c in side.creatures)
            points[p] = side.mp + 0.5 * min(side.hand, 4) + 0.2 * strength
        return lead_chances(points, self.players, self.evaluation_scale)

    def standing(
        self, state: State, seat: str, held: Sequence[str] | None = None
    ) -> tuple[float, ...]:
        """MP after the clash to come, the strength left in play, the hand (`outlook.py`)."""
        return outlook.standing(state, seat)

    # the box's own hand in solo play (engine/hands.py): cards of the set by id
    def hand_count(self, state: State, seat: str) -> int:
        return state.side(seat).hand

    def deck_cards(self, state: State, seat: str) -> tuple[tuple[str, int], ...]:
        """The seat's deck; where the record names none, every card of the set up to its
        copy limit."""
        return state.options.deck_or_set(seat)

    def with_copies(self, options: Options, seat: str, card: str, copies: int) -> Options:
        return options.with_copies(seat, card, copies)

    def card_played(self, state: State, action: Action) -> str | None:
        return action.card if isinstance(action, LayPlace | LayCreature) else None

    def cards_out(self, state: State, seat: str) -> tuple[str, ...]:
        return state.side(seat).laid

    def card_worth(self, state: State, seat: str, card: str) -> float:
        """A creature is worth its strength, a power place (what pays for creatures) 2."""
        found = state.options.cards.card(card)
        if found is None:
            return 0.0
        return float(found.strength) if found.type == "creature" else PLACE_WORTH

    def result(self, state: State) -> Result:
        mp = Scores({p: state.side(p).mp for p in PLAYERS})
        if not state.over:
            return Result(False, mp, None)
        assert state.loser is not None  # over: somebody lost
        winner = OTHER[state.loser]
        details = (("loser", state.loser), ("why", state.why))
        return Result(True, mp, winner, (RoundResult(mp, details),))

    def format_action(self, action: Action) -> str:
        return format_action(action)

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    # whose turn and its step, the MP, the clash's record and the end are the box's
    table_free = ("to_move", "turn", "active", "phase", "drawn", "clash", "loser", "why")

    def first_guess(
        self,
        state: State,
        actions: Sequence[Action],
        rng: random.Random,
        held: Sequence[str] | None,
    ) -> Action | None:
        return tactics.first_guess(state, actions, rng, held)

    def table(self, state: State) -> Table:
        return on_table.table(state)

    def changes(self, before: State, after: State) -> tuple[Change, ...]:
        return on_table.changes(before, after)

    def summary(self, state: State) -> dict[str, Any]:
        return {
            "to_move": self.to_move(state),
            "turn": state.turn_number,
            "active": state.turn,
            "phase": "clash" if state.clash_due else ("creatures" if state.clashed else "place"),
            "drawn": state.drawn,
            "mp": {p: state.side(p).mp for p in PLAYERS},
            "hand": {p: state.side(p).hand for p in PLAYERS},
            "pile": {p: state.side(p).pile for p in PLAYERS},
            "discard": {p: state.side(p).discard for p in PLAYERS},
            "creatures": {
                p: [{"card": c.card, "strength": c.strength} for c in state.side(p).creatures]
                for p in PLAYERS
            },
            "power_places": {
                p: [{"card": x.card, "kind": x.kind, "used": x.used} for x in state.side(p).places]
                for p in PLAYERS
            },
            "clash": _clash_summary(state.clash),
            "loser": state.loser,
            "why": state.why or None,
        }


GAME = WanderndeDruiden()
