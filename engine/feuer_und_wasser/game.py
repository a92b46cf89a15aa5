"""A whole game of Feuer und Wasser on the contract (`engine/contract.py`): two rounds of
drawing and laying cards, rows (basic) or groups (allied), discards or tactician points.

A turn is two actions: `draw ID` (which card the active player drew: it must be in their deck
and not laid yet) and `lay ROW,COL TURNS` (the drawn card, turned TURNS quarter turns
clockwise, its top-left field on that square). The decks are part of the options, so a record
replays without any file. Pure: no I/O, no randomness.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.contract import Game, Result, RoundResult, Scores
from engine.core import Coord, IllegalMove, MisuseError, NotationError, evolve
from engine.feuer_und_wasser import table as on_table
from engine.feuer_und_wasser.counting import longest, score_placement as score_placement
from engine.feuer_und_wasser.landscape import (
    COLOURS,
    COVER,
    DIVISOR,
    Card,
    Landscape,
    Mode,
    Placement,
    lay,
    parse_card,
)

CARD_ID = re.compile(r"[A-Za-z0-9_.-]{1,40}")
OTHER = {"R": "B", "B": "R"}


@dataclass(frozen=True, slots=True)
class Options:
    mode: Mode = "rows"  # rows (basic) or groups (allied)
    tactician: bool = False  # open piles: nothing is discarded, points are written down
    starter: str = "R"  # who starts round 1; the other starts round 2
    start: Card = Card(("RRB", "BBR"))  # the neutral start card, as it lies
    decks: tuple[tuple[tuple[str, Card], ...], tuple[tuple[str, Card], ...]] = ((), ())

    def deck(self, player: str) -> tuple[tuple[str, Card], ...]:
        return self.decks[COLOURS.index(player)]


@dataclass(frozen=True, slots=True)
class Draw:
    card: str  # the card's id in the active player's deck


@dataclass(frozen=True, slots=True)
class Lay:
    at: Coord  # the landscape square under the turned card's top-left field
    turns: int  # quarter turns clockwise, 0..3


Action = Draw | Lay


@dataclass(frozen=True, slots=True)
class Last:
    """The last placement: who laid it, what counted and what it scored."""

    player: str
    length: int
    cards: int  # discards (basic/allied, capped at the pile) or points (tactician)
    fields: tuple[Coord, ...]
    card: tuple[Coord, ...]  # the squares the card covers


@dataclass(frozen=True, slots=True)
class State:
    options: Options
    round: int
    turn: str
    landscape: Landscape
    piles: Scores  # cards left in each draw pile
    laid: frozenset[tuple[str, str]]  # (player, card id) laid this round: each deck its own
    drawn: str | None = None  # the card in the active player's hand
    points: Scores = Scores({"R": 0, "B": 0})  # tactician points this round
    last: Last | None = None
    cards_laid: int = 1  # the start card included
    # every card on the landscape this round, in the order laid, where it lies: (player, card
    # id, the squares it covers); the start card is ("", "start", ...). What the box names a
    # place by (the card it lies next to), and what an undo takes off.
    cards: tuple[tuple[str, str, tuple[Coord, ...]], ...] = ()
    round_scores: tuple[Scores, ...] = ()
    over: bool = False
    round_landscapes: tuple[Landscape, ...] = ()  # each finished round's final landscape

    def is_laid(self, player: str, card_id: str) -> bool:
        """Laid this round from `player`'s deck (both printed decks may number 1..n)."""
        return (player, card_id) in self.laid

    def laid_by(self, player: str) -> list[str]:
        return [card_id for who, card_id in self.laid if who == player]


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
    fields = state.landscape.fields
    legal: dict[tuple[int, int], list[Coord]] = {}  # by the card's shape: a half turn keeps it
    for turns in turns_of:
        height, width = (len(card.rows), len(card.rows[0]))[:: 1 if turns % 2 == 0 else -1]
        if (height, width) not in legal:
            cells = [(dr, dc) for dr in range(height) for dc in range(width)]
            # each (field, square of the card) pair that puts that square on that field: a
            # place is counted once for every field its card covers
            covered = Counter((r - dr, c - dc) for (r, c) in fields for (dr, dc) in cells)
            legal[(height, width)] = [at for at in sorted(covered) if covered[at] == COVER]
        found += [Lay(at, turns) for at in legal[(height, width)]]
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


# --- the notation ------------------------------------------------------------------------------

FIELD = re.compile(r"(-?[0-9]{1,4}),(-?[0-9]{1,4})")


def format_action(action: Action) -> str:
    match action:
        case Draw(card_id):
            return f"draw {card_id}"
        case Lay((r, c), turns):
            return f"lay {r},{c} {turns}"
    raise MisuseError(f"not a Feuer und Wasser action: {action!r}")


def parse_action(text: str) -> Action:
    words = text.split()
    if not words or words[0] not in ("draw", "lay"):
        raise NotationError(f"expected 'draw ID' or 'lay ROW,COL TURNS', got {text!r}")
    if words[0] == "draw":
        if len(words) != 2 or not CARD_ID.fullmatch(words[1]):
            raise NotationError(f"expected 'draw ID' (letters, digits, _ . -), got {text!r}")
        return Draw(words[1])
    if len(words) != 3:
        raise NotationError(f"expected 'lay ROW,COL TURNS', got {text!r}")
    at = FIELD.fullmatch(words[1])
    if not at:
        raise NotationError(f"expected a square as ROW,COL like -1,2, got {words[1]!r}")
    if words[2] not in ("0", "1", "2", "3"):
        raise NotationError(f"TURNS is 0, 1, 2 or 3 quarter turns, got {words[2]!r}")
    return Lay((int(at.group(1)), int(at.group(2))), int(words[2]))


def parse_deck(text: str, what: str) -> tuple[tuple[str, Card], ...]:
    """`ID:PATTERN,ID:PATTERN,...` (a deck in a record's option line)."""
    cards = []
    seen = set()
    for i, item in enumerate(filter(None, text.split(",")), start=1):
        card_id, sep, pattern = item.partition(":")
        if not sep or not CARD_ID.fullmatch(card_id):
            raise NotationError(f"{what}: card {i} must be ID:PATTERN, got {item!r}")
        if card_id in seen:
            raise NotationError(f"{what}: card {card_id!r} is listed twice")
        seen.add(card_id)
        card = parse_card(pattern)
        if len(card.rows) != 2:
            raise NotationError(f"{what}: card {card_id!r} is written 2 rows of 3 (as drawn)")
        cards.append((card_id, card))
    if not cards:
        raise NotationError(f"{what}: a deck needs at least one card")
    return tuple(cards)


def format_deck(deck: tuple[tuple[str, Card], ...]) -> str:
    return ",".join(f"{card_id}:{card.notation()}" for card_id, card in deck)


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

    def known_best(self, state: State, seat: str) -> Lay | None:
        """The drawn card's best placement (`best_placement`: the most cards to the pile)."""
        if state.drawn is None or seat != self.to_move(state):
            return None
        best = best_placement(state)
        return best.action if best is not None else None

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

    table = staticmethod(on_table.table)
    changes = staticmethod(on_table.changes)

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


# --- the best placement (a hint) ---------------------------------------------------------------


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
    if state.drawn is None:
        return None
    base = drawn_card(state)
    fields = state.landscape.fields
    mode = state.options.mode
    divisor = DIVISOR[mode]
    turns_of = [turned(base, t) for t in range(4)]
    scored: list[tuple[Best, dict[Coord, str]]] = []
    for action in placements(state, base):
        laid = turns_of[action.turns].fields(action.at)
        length, counted = score_placement(fields, laid, state.turn, mode)
        scored.append((Best(action, length, length // divisor, counted), laid))
    if not scored:
        return None
    most = max(best.cards for best, _ in scored)
    other = OTHER[state.turn]
    found, key = None, None
    for best, laid in scored:  # of the most cards, what it leaves the other player
        if best.cards != most:
            continue
        this = (-longest({**fields, **laid}, other, mode), best.length)
        if key is None or this > key:
            found, key = best, this
    return found
