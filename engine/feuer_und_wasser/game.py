"""A whole game of Feuer und Wasser on the contract (`engine/contract.py`): two rounds of
drawing and laying cards, rows (basic) or groups (allied), discards or tactician points.

A turn is two actions, a draw and a lay (written as `engine/feuer_und_wasser/notation.py`
gives them): the card drawn must be in the active player's deck and not laid yet. The decks
are part of the options, so a record replays without any file. Pure: no I/O, no randomness.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.contract import Game, Result, RoundResult, Scores
from engine.core import Coord, IllegalMove, NotationError, evolve
from engine.feuer_und_wasser import table as on_table
from engine.feuer_und_wasser.counting import longest, score_placement as score_placement
from engine.feuer_und_wasser.landscape import (
    COLOURS,
    DIVISOR,
    Card,
    Landscape,
    Placement,
    lay,
    parse_card,
)
from engine.feuer_und_wasser.next_turn import best_lengths, legal_squares, pattern, turns_of
from engine.feuer_und_wasser.notation import format_action, format_deck, parse_action, parse_deck
from engine.feuer_und_wasser.state import (
    CARD_ID as CARD_ID,
    OTHER as OTHER,
    Action as Action,
    Draw as Draw,
    Last as Last,
    Lay as Lay,
    Options as Options,
    State as State,
)
from engine.table import Change, Table


def turned(card: Card, turns: int) -> Card:
    for _ in range(turns % 4):
        card = card.turned()
    return card


def _fresh_round(
    options: Options,
    round_: int,
    starter: str,
    scores: tuple[Scores, ...] = (),
    boards: tuple[Landscape, ...] = (),
) -> State:
    start = options.start
    return State(
        options,
        round_,
        starter,
        Landscape(start.fields((0, 0))),
        Scores({p: len(options.deck(p)) for p in COLOURS}),
        frozenset(),
        round_scores=tuple(scores),
        round_landscapes=tuple(boards),
        cards=(("", "start", tuple(sorted(start.fields((0, 0))))),),
    )


def initial_state(options: Options) -> State:
    return _fresh_round(options, 1, options.starter)


def card_of(state: State, player: str, card_id: str) -> Card | None:
    return dict(state.options.deck(player)).get(card_id)


def drawn_card(state: State) -> Card:
    """The card in the active player's hand (its id was checked when it was drawn)."""
    card = card_of(state, state.turn, state.drawn) if state.drawn is not None else None
    if card is None:
        raise IllegalMove("draw a card first", "draw_first")
    return card


def placements(state: State, card: Card, turns_of: tuple[int, ...] = (0, 1, 2, 3)) -> list[Lay]:
    """Every legal placement of `card` (as drawn) on the landscape: each turn (of `turns_of`),
    each square that makes it cover exactly four fields; in reading order of (turns, row,
    column)."""
    found: list[Lay] = []
    legal: dict[tuple[int, int], list[Coord]] = {}  # by the card's shape: a half turn keeps it
    for turns in turns_of:
        height, width = len(card.rows), len(card.rows[0])
        shape = (height, width) if turns % 2 == 0 else (width, height)
        if shape not in legal:
            legal[shape] = legal_squares(state.landscape.fields, shape)
        found += [Lay(at, turns) for at in legal[shape]]
    return found


def apply(state: State, action: Action) -> State:
    if state.over:
        raise IllegalMove("the game is over", "game_over")
    match action:
        case Draw(card_id):
            if state.drawn is not None:
                raise IllegalMove("a card is drawn: lay it first", "lay_first")
            if card_of(state, state.turn, card_id) is None:
                raise IllegalMove(f"{card_id} is not in {state.turn}'s deck", "not_in_deck")
            if state.is_laid(state.turn, card_id):
                raise IllegalMove(f"{card_id} is laid already", "card_laid")
            if state.piles[state.turn] == 0:
                raise IllegalMove("the draw pile is empty", "pile_empty")
            return evolve(state, drawn=card_id)
        case Lay(at, turns):
            if state.drawn is None:
                raise IllegalMove("draw a card first", "draw_first")
            if turns not in (0, 1, 2, 3):
                raise IllegalMove("a card turns 0 to 3 quarter turns", "bad_turn")
            card = turned(drawn_card(state), turns)
            options = state.options
            try:
                placed = lay(state.landscape, card, at, state.turn, options.mode)
            except IllegalMove as error:
                raise IllegalMove(str(error), "cover_four") from None
            return _after_lay(state, placed, card, at)
    raise IllegalMove(f"unknown action {action!r}", "unknown_action")  # pragma: no cover


def _after_lay(state: State, placed: Placement, card: Card, at: Coord) -> State:
    me, other = state.turn, OTHER[state.turn]
    assert state.drawn is not None  # a card is laid only once it is drawn
    piles = dict(state.piles)
    piles[me] -= 1  # the drawn card left the pile
    points = dict(state.points)
    if state.options.tactician:
        gained = placed.cards
        points[me] += gained
    else:
        gained = min(placed.cards, piles[me])  # more than the pile holds: all of it
        piles[me] -= gained
    last = Last(me, placed.length, gained, placed.fields, tuple(sorted(card.fields(at))))
    nxt = evolve(
        state,
        landscape=placed.landscape,
        piles=Scores(piles),
        points=Scores(points),
        laid=state.laid | {(me, state.drawn)},
        drawn=None,
        last=last,
        cards_laid=state.cards_laid + 1,
        cards=(*state.cards, (me, state.drawn, last.card)),
    )
    if state.options.tactician:
        if piles[me] == 0 and piles[other] == 0:
            return _end_round(nxt, Scores(points))
        turn = other if piles[other] > 0 else me  # an empty pile sits out
        return evolve(nxt, turn=turn)
    if piles[me] == 0:  # the round ends at once: the player scores the opponent's pile
        return _end_round(nxt, Scores({me: piles[other], other: 0}))
    return evolve(nxt, turn=other)


def _end_round(state: State, scores: Scores) -> State:
    done = (*state.round_scores, scores)
    boards = (*state.round_landscapes, state.landscape)
    if state.round == 2:
        return evolve(state, round_scores=done, over=True, drawn=None, round_landscapes=boards)
    starter = OTHER[state.options.starter]
    fresh = _fresh_round(state.options, 2, starter, done, boards)
    return evolve(fresh, last=state.last)


class FeuerUndWasser(Game[State, Action, Options]):
    id = "feuer-und-wasser"
    name = "Feuer und Wasser"
    short = "FuW"
    rules_version = 3
    replays_versions = (2,)  # version 3 added solo records (`solo`, `told`): 2's mean the same
    search_budget = (50, 4)  # simulations, play-out depth (engine/search.py)
    # the original's four versions: longest row or largest group, each with or without the
    # tactician's points (the defaults: rows, no tactician)
    variants = ({"mode": "groups"}, {"tactician": "yes"}, {"mode": "groups", "tactician": "yes"})
    players = COLOURS
    starter_option = "starter"  # a rematch: the other player begins
    option_defaults = {
        "mode": "rows",
        "tactician": "no",
        "starter": "R",
        "start": "RRB/BBR",
        "deck_R": "example",
        "deck_B": "example",
    }
    refusal_codes = (
        "game_over",
        "lay_first",
        "not_in_deck",
        "card_laid",
        "pile_empty",
        "draw_first",
        "bad_turn",
        "cover_four",
        "unknown_action",
    )

    def parse_options(self, values: Mapping[str, str]) -> Options:
        from engine.feuer_und_wasser.decks import EXAMPLE

        mode, tactician, starter = values["mode"], values["tactician"], values["starter"]
        if mode not in DIVISOR:
            raise NotationError(f"mode is rows (basic) or groups (allied), not {mode!r}")
        if tactician not in ("yes", "no"):
            raise NotationError(f"tactician is yes or no, not {tactician!r}")
        if starter not in COLOURS:
            raise NotationError(f"starter is R (Fire) or B (Water), not {starter!r}")
        start = parse_card(values["start"])
        decks = tuple(  # "example" (the default): the example deck; "" is a deck of no card
            EXAMPLE[p]
            if values[f"deck_{p}"] == "example"
            else parse_deck(values[f"deck_{p}"], f"deck_{p}")
            for p in COLOURS
        )
        return Options(mode, tactician == "yes", starter, start, decks)  # type: ignore[arg-type]

    def format_options(self, options: Options) -> dict[str, str]:
        return {
            "mode": options.mode,
            "tactician": "yes" if options.tactician else "no",
            "starter": options.starter,
            "start": options.start.notation(),
            "deck_R": format_deck(options.deck("R")),
            "deck_B": format_deck(options.deck("B")),
        }

    def initial(self, options: Options) -> State:
        return initial_state(options)

    def to_move(self, state: State) -> str | None:
        return None if state.over else state.turn

    def chance_outcomes(self, state: State) -> list[tuple[Any, float]] | None:
        """The draw: the card that comes off the active player's pile, each of the cards
        still in it as likely (the box's players draw, the search samples)."""
        if state.over or state.drawn is not None:
            return None
        draws = self.legal_actions(state)
        return [(draw, 1 / len(draws)) for draw in draws] if draws else None

    def legal_actions(self, state: State) -> list[Action]:
        if state.over:
            return []
        if state.drawn is None:
            return [
                Draw(card_id)
                for card_id, _ in state.options.deck(state.turn)
                if not state.is_laid(state.turn, card_id)
            ]
        return list(placements(state, drawn_card(state)))

    def apply(self, state: State, action: Action) -> State:
        return apply(state, action)

    def is_over(self, state: State) -> bool:
        return state.over

    def card_laid(self, state: State, action: Action) -> str | None:
        """The drawn card a lay puts on the landscape (cards are drawn and laid in the open:
        no hand is hidden, so no card is `card_played`)."""
        return state.drawn if isinstance(action, Lay) else None

    def points(self, state: State) -> dict[str, float]:
        """The rounds scored so far and this round's as it stands: the tactician's points,
        else the race to an empty pile (who empties it first scores the other's pile: each
        card fewer than the other's counts). `evaluate` judges by these (the default)."""
        totals = self.result(state).totals
        if state.options.tactician:
            now = {p: state.points[p] for p in COLOURS}
        else:
            now = {p: state.piles[OTHER[p]] - state.piles[p] for p in COLOURS}
        return {p: totals[p] + now[p] for p in COLOURS}

    def standing(
        self, state: State, seat: str, held: Sequence[str] | None = None
    ) -> tuple[float, ...]:
        """The lead on the points, then what the next cards can still build on: the other
        colour's longest row (largest group) on the landscape, shorter first, then its own
        (`longest`)."""
        points = self.points(state)
        other, fields, mode = OTHER[seat], state.landscape.fields, state.options.mode
        lead = points[seat] - points[other]
        return (lead, -longest(fields, other, mode), longest(fields, seat, mode))

    def known_best(self, state: State, seat: str) -> Lay | None:
        """The box's placement of the drawn card (`box_placement`: one card further)."""
        if state.drawn is None or seat != self.to_move(state):
            return None
        return box_placement(state)

    def result(self, state: State) -> Result:
        totals = Scores({p: sum(s[p] for s in state.round_scores) for p in COLOURS})
        winner = None
        if state.over and totals["R"] != totals["B"]:
            winner = "R" if totals["R"] > totals["B"] else "B"
        rounds = tuple(RoundResult(s) for s in state.round_scores)
        return Result(state.over, totals, winner, rounds)

    def format_action(self, action: Action) -> str:
        return format_action(action)

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    table_free = ("round", "to_move", "last", "round_scores", "totals")

    def table(self, state: State) -> Table:
        return on_table.table(state)

    def changes(self, before: State, after: State) -> tuple[Change, ...]:
        return on_table.changes(before, after)

    def summary(self, state: State) -> dict[str, Any]:
        fields = state.landscape.fields
        rows = [r for r, _ in fields]
        cols = [c for _, c in fields]
        last = state.last
        return {
            "round": state.round,
            "to_move": self.to_move(state),
            "drawn": state.drawn,
            "piles": dict(state.piles),
            "landscape": {
                "board": state.landscape.notation(),
                "start": [-min(rows), -min(cols)],  # the start card's top-left on the board
            },
            "last": None
            if last is None
            else {
                "player": last.player,
                "length": last.length,
                "cards": last.cards,
                "fields": [list(f) for f in last.fields],
            },
            "points": dict(state.points),
            "round_scores": [dict(s) for s in state.round_scores],
            "totals": dict(self.result(state).totals),
        }


GAME = FeuerUndWasser()


# --- the best placement (the tip where the drawn card starts) ----------------------------------


@dataclass(frozen=True, slots=True)
class Best:
    action: Lay
    length: int
    cards: int  # before capping at the pile (the tactician's points)
    fields: tuple[Coord, ...]


def best_placement(state: State) -> Best | None:
    """The placement of the drawn card that scores most; of those, the one that leaves the
    other player's longest row (largest group) on the landscape shortest, then the longest
    own row or group; on a tie the first in reading order of (turns, row, column). None
    without a drawn card or a legal placement."""
    scored = _scored(state)
    if not scored:
        return None
    most = max(best.cards for best, _ in scored)
    other, mode = OTHER[state.turn], state.options.mode
    found, key = None, None
    for best, laid in scored:  # of the most cards, what it leaves the other player
        if best.cards != most:
            continue
        this = (-longest({**state.landscape.fields, **laid}, other, mode), best.length)
        if key is None or this > key:
            found, key = best, this
    return found


def _scored(state: State) -> list[tuple[Best, dict[Coord, str]]]:
    """Every placement of the drawn card with what it scores and the squares it lays, in
    reading order (none without a drawn card)."""
    if state.drawn is None:
        return []
    base = drawn_card(state)
    fields, mode = state.landscape.fields, state.options.mode
    turns = turns_of(base)
    scored = []
    for action in placements(state, base):
        laid = turns[action.turns].fields(action.at)
        length, counted = score_placement(fields, laid, state.turn, mode)
        scored.append((Best(action, length, length // DIVISOR[mode], counted), laid))
    return scored


# --- the box's placement: one card further -----------------------------------------------------

LOOKED_AT = 6  # the placements most promising now that the box follows one card further
THEIRS, OWN = 1.0, 0.5  # what the other player's next card and the box's own next one weigh


def box_placement(state: State) -> Lay | None:
    """The box's placement of the drawn card, one card further than `best_placement`: a
    placement that empties the box's pile (the round won) before any other; else of the six
    most promising now (the cards it gives, less a card for every one the other player's
    longest row or largest group left on the landscape is worth), the one worth most: the
    cards it gives, less what the other player's next card gives at its best (on average
    over the cards the other may draw), plus half what the box's own next card gives (none
    where the other's last card ends the round); ties by the cards it gives, what it leaves
    the other player and the length, then reading order. None without a drawn card or a
    legal placement."""
    scored = _scored(state)
    if not scored:
        return None
    me, other = state.turn, OTHER[state.turn]
    fields, options = state.landscape.fields, state.options
    divisor, tactician = DIVISOR[options.mode], options.tactician
    pile = state.piles[me] - 1  # the drawn card has left the pile
    ranked = []
    for order, (best, laid) in enumerate(scored):
        after = {**fields, **laid}
        gained = best.cards if tactician else min(best.cards, pile)
        empties = not tactician and gained == pile  # the round ends at once, won
        left = longest(after, other, options.mode)
        key = (gained, -left, best.length)
        promise = (empties, gained - left // divisor, key, -order)
        ranked.append((promise, best.action, after, gained))
    ranked.sort(key=lambda r: r[0], reverse=True)
    # the other's last card ends the round as it is laid: the box's next card never comes
    last = not tactician and state.piles[other] <= 1
    found, worth = None, None
    for (empties, _, key, first), action, after, gained in ranked[:LOOKED_AT]:
        if empties:
            value = math.inf
        else:
            mine = 0 if last else pile if tactician else pile - gained
            value = (
                gained
                - THEIRS * _next_card(state, after, other, state.piles[other])
                + OWN * _next_card(state, after, me, mine, but=state.drawn)
            )
        if worth is None or (value, key, first) > worth:
            found, worth = action, (value, key, first)
    return found


def _next_card(
    state: State, fields: dict[Coord, str], player: str, pile: int, but: str | None = None
) -> float:
    """What the player's next card gives at its best on the landscape `fields`, on average
    over the cards it may draw (not laid, nor `but`), with `pile` cards in its pile before
    that draw (at most what is left of the pile after it, but for the tactician)."""
    cards = [
        card
        for card_id, card in state.options.deck(player)
        if not state.is_laid(player, card_id) and card_id != but
    ]
    tactician, divisor = state.options.tactician, DIVISOR[state.options.mode]
    cap = None if tactician else pile - 1
    if pile <= 0 or not cards or cap == 0:
        return 0.0
    enough = None if cap is None else cap * divisor
    lengths = best_lengths(fields, player, state.options.mode, cards, enough)
    gives = [lengths[pattern(card)] // divisor for card in cards]
    return sum(g if cap is None else min(g, cap) for g in gives) / len(cards)
