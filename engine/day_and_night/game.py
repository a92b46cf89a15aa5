"""A whole game of Day and Night on the contract (`engine/contract.py`): 12 action points a
turn, the start-of-turn upkeep, spells from data, steps, temples (chosen when more than 8
tiles connect, also in the middle of a spell), adjudication after every board change. Its
actions are written as `engine/day_and_night/notation.py` gives them: a step costs 3 AP and
enters a field not yet entered this turn; a temple is chosen when more than 8 tiles connect;
at the end of a turn the next player's upkeep happens at once. The box knows hand, deck and
discard counts, not which cards are in a hand. Pure.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping, Sequence
from typing import Any

from engine.contract import Game, Result, Scores, lead_chances
from engine.core import Coord, IllegalMove, NotationError, evolve, parse_deck_rules
from engine.day_and_night import table as on_table
from engine.day_and_night.adjudication import TEMPLE_SIZE
from engine.day_and_night.areas import COLS, ROWS, bit, components, size
from engine.day_and_night.choices import can_cast_now, first_targets
from engine.day_and_night.effects import (
    apply_effect,
    check_prerequisite,
    draw_spells,
)
from engine.day_and_night.end import ended_by, judge
from engine.day_and_night.notation import format_action, parse_action
from engine.day_and_night.spells import (
    EXAMPLE,
    Effect,
    Spell,
    deck_from_data,
    deck_to_data,
    small_decks,
    worth,
)
from engine.day_and_night.standing import Standing, aimed, every_move, standing
from engine.day_and_night.state import (
    AP_PER_TURN,
    HAND,
    OTHER,
    SIDES,
    STEP_COST,
    Action,
    Cast,
    End,
    Options,
    State,
    Step,
    Temple,
    Upkeep,
    adjacent,
    deck_rule_broken,
    initial_state,
    on_board,
    tile_at,
)
from engine.day_and_night.temples import (
    build_temple,
    build_temples,
    day_upkeep,
    temple_choices,
)
from engine.table import Change, Table

# --- playing --------------------------------------------------------------------------------


def apply(state: State, action: Action) -> State:
    """The state after `action`: a temple chosen, a spell cast, a step, or the turn's end."""
    if state.over:
        raise IllegalMove("the game is over", "game_over")
    if state.pending is not None and not isinstance(action, Temple):
        raise IllegalMove("first choose the 8 tiles of the temple", "temple_first")
    side = state.turn
    match action:
        case Temple(fields):
            return _choose_temple(state, fields)
        case Cast(spell_id, targets):
            return _cast(state, side, spell_id, targets)
        case Step(to):
            return _step(state, side, to)
        case End():
            return _next_turn(state)
    raise IllegalMove(f"unknown action {action!r}", "unknown_action")  # pragma: no cover


def _spell_to_cast(state: State, side: str, spell_id: str, targets: tuple[Coord, ...]) -> Spell:
    """The side's spell `spell_id`, if it may be cast now with that many targets."""
    spell = state.options.spell(side, spell_id)
    if spell is None:
        raise IllegalMove(f"{spell_id} is not a {side} spell", "not_your_spell")
    if state.stepped:  # "Als erstes hat der Spieler die Möglichkeit zu zaubern"
        raise IllegalMove("spells come first: the pawn has moved", "spells_first")
    if state.hands[side] == 0:
        raise IllegalMove("no card in hand", "hand_empty")
    if spell.cost > state.ap:
        raise IllegalMove(
            f"{spell.name} costs {spell.cost} AP, {state.ap} are left", "too_expensive"
        )
    check_prerequisite(state, side, spell)
    if len(targets) != spell.targets:
        raise IllegalMove(
            f"{spell.name} takes {spell.targets} target(s), got {len(targets)}",
            "wrong_targets",
        )
    return spell


def _cast(state: State, side: str, spell_id: str, targets: tuple[Coord, ...]) -> State:
    """A spell from the hand: its AP paid, its card discarded, its effects in order."""
    spell = _spell_to_cast(state, side, spell_id, targets)
    steps = _split(spell, targets)
    _validate(state, side, steps)  # the spell applies only when every target is valid
    hands, discards = dict(state.hands), dict(state.discards)
    hands[side] -= 1
    discards[side] += 1
    state = evolve(
        state,
        ap=state.ap - spell.cost,
        hands=Scores(hands),
        discards=Scores(discards),
        cast=(*state.cast, (side, spell.id)),
    )
    return _effects(state, side, steps)


def _step(state: State, side: str, to: Coord) -> State:
    """The side's pawn one field on, for `STEP_COST` AP; each field entered draws a card."""
    here = state.pawn(side)
    if not on_board(to) or not adjacent(here, to):
        raise IllegalMove("a step goes one field, not diagonally", "step_not_adjacent")
    if state.ap < STEP_COST:
        raise IllegalMove(f"a step costs {STEP_COST} AP, {state.ap} are left", "too_expensive")
    if to in state.entered:
        raise IllegalMove("that field was entered this turn", "entered_twice")
    if side == "day" and here in state.crystals:
        raise IllegalMove("a Day pawn on a crystal cannot leave", "pawn_held")
    pawns = (to, state.pawns[1]) if side == "day" else (state.pawns[0], to)
    moved = evolve(
        state,
        pawns=pawns,
        ap=state.ap - STEP_COST,
        entered=state.entered | {to},
        stepped=True,
    )
    return judge(draw_spells(moved, side, 1))  # each field entered: one card


Steps = tuple[tuple[Effect, tuple[Coord, ...]], ...]  # each effect of a spell with its targets


def _split(spell: Spell, targets: tuple[Coord, ...]) -> Steps:
    out, i = [], 0
    for effect in spell.effects:
        out.append((effect, tuple(targets[i : i + effect.targets])))
        i += effect.targets
    return tuple(out)


def _validate(state: State, side: str, steps: Steps) -> None:
    """Every effect's targets, in order, on the board as the earlier effects leave it."""
    for effect, targets in steps:
        state = apply_effect(state, side, effect, targets)


def _effects(state: State, side: str, steps: Steps, resumed: bool = False) -> State:
    """A spell's effects in order, every one of them before the end is decided; a temple may
    pause it (the rest waits for the choice). Resumed after a temple, an effect whose target
    became a temple tile has no effect."""
    for i, (effect, targets) in enumerate(steps):
        try:
            state = apply_effect(state, side, effect, targets)
        except IllegalMove:
            if not resumed:
                raise
            continue
        if effect.kind in ("place", "flip", "move_tile"):
            state = build_temples(state, steps[i + 1 :])
            if state.pending is not None:
                return state
    return judge(state)


def _choose_temple(state: State, fields: tuple[Coord, ...]) -> State:
    pending = state.pending
    if pending is None:
        raise IllegalMove("no temple to choose now", "no_temple_pending")
    chosen = 0
    for at in fields:
        if not on_board(at):
            raise IllegalMove(f"{at} is not on the board", "off_board")
        chosen |= bit(*at)
    if len(set(fields)) != TEMPLE_SIZE or chosen & ~pending.area:
        raise IllegalMove("choose 8 different tiles of the connected area", "temple_choice")
    if len(components(chosen)) != 1:
        raise IllegalMove("the 8 temple tiles must be connected", "temple_not_connected")
    built = build_temple(evolve(state, pending=None), pending.side, chosen)
    after = build_temples(built, pending.rest)  # another area of more than 8: pause again
    if after.pending is not None:
        return after
    if not pending.rest:
        return judge(after)
    return _effects(after, state.turn, pending.rest, resumed=True)


def _next_turn(state: State) -> State:
    side = OTHER[state.turn]
    hands, discards = dict(state.hands), dict(state.discards)
    extra = max(0, hands[state.turn] - HAND)  # the box says how many; the player chooses
    hands[state.turn] -= extra
    discards[state.turn] += extra
    nxt = evolve(
        state,
        turn=side,
        ap=AP_PER_TURN,
        entered=frozenset({state.pawn(side)}),
        hands=Scores(hands),
        discards=Scores(discards),
        draws=0,
        turns_played=state.turns_played + 1,
        stepped=False,
    )
    if side == "day":  # one marker off each mystified tile; the last one fixes it
        board, markers, removed, fixed = day_upkeep(nxt.board, nxt.mystify)
        nxt = evolve(nxt, board=board, mystify=markers, upkeep=Upkeep(removed, fixed))
        nxt = build_temples(nxt) if fixed else nxt
        return nxt if nxt.pending is not None else judge(nxt, turn_start=True)
    night = evolve(nxt, crystals=frozenset(), upkeep=Upkeep(crystals=tuple(sorted(state.crystals))))
    return judge(night, turn_start=True)


# --- the contract ---------------------------------------------------------------------------


class DayAndNight(Game[State, Action, Options]):
    id = "day-and-night"
    name = "Day and Night"
    short = "D&N"
    # version 4: a board that can no longer change ends the game drawn (engine/day_and_night/
    # end.py); a record of 2 or 3 means the same unless it went on past that point, where its
    # later actions are refused. Version 3 added solo records (`solo`, `told`).
    rules_version = 4
    replays_versions = (2, 3)
    # simulations, play-out depth (engine/search.py): none since issue 51, the box plays its
    # aim (`first_guess`): against a player who builds areas it won 63 of 80 games alone, 58
    # with 40 simulations on top, 3 of 40 before (docs/benchmarks.md)
    search_budget = (0, 0)
    # dealing the hidden hands measured weaker here: 75 / 73 / 58% of 60 games won against
    # greedy+ (all dealt / only the box's own / only the other's), 85% without
    search_deals = False
    variants = (small_decks(),)  # a designer's small decks, 35 cards a side
    players = SIDES
    option_defaults = {"deck_day": "", "deck_night": "", "deck_rules": "strict"}
    refusal_codes = (
        "game_over",
        "temple_first",
        "not_your_spell",
        "hand_empty",
        "too_expensive",
        "prerequisite",
        "spells_first",
        "wrong_targets",
        "off_board",
        "target_fixed",
        "target_temple",
        "target_crystal",
        "target_not_empty",
        "target_not_adjacent",
        "target_no_tile",
        "target_not_day",
        "target_not_night",
        "target_colour",
        "target_twice",
        "pawn_held",
        "step_not_adjacent",
        "entered_twice",
        "no_temple_pending",
        "temple_choice",
        "temple_not_connected",
        "unknown_action",
    )

    def parse_options(self, values: Mapping[str, str]) -> Options:
        rules = parse_deck_rules(values)
        decks = []
        for side in SIDES:
            text = values.get(f"deck_{side}", "")
            if not text:
                decks.append(EXAMPLE[side])
                continue
            try:
                decks.append(deck_from_data(json.loads(text), side))
            except (ValueError, RecursionError) as error:
                raise NotationError(f"deck_{side}: {error}") from None
        if rules == "strict":
            for side, deck in zip(SIDES, decks, strict=True):
                problem = deck_rule_broken(deck)
                if problem:
                    raise NotationError(f"deck_{side}: {problem} (deck_rules=free lifts this)")
        return Options((decks[0], decks[1]), rules)

    def format_options(self, options: Options) -> dict[str, str]:
        found = {
            f"deck_{side}": json.dumps(deck_to_data(deck), separators=(",", ":"))
            for side, deck in zip(SIDES, options.decks, strict=True)
        }
        return {**found, "deck_rules": options.deck_rules}

    def initial(self, options: Options) -> State:
        return initial_state(options)

    def to_move(self, state: State) -> str | None:
        if state.over:
            return None
        return state.pending.side if state.pending else state.turn

    def legal_actions(self, state: State) -> None:
        return None  # spells' targets: far too many combinations to list (is_legal decides)

    def sample_actions(self, state: State) -> list[Action]:
        """Legal actions for play-outs: every step, the end, temple choices, and for each
        spell the first few valid target lists (not all: there are too many); a spell that
        can be cast and that the spread of fields misses (one tile to mystify) gets the first
        targets that finish it."""
        return spread_actions(state, finish=True)

    def apply(self, state: State, action: Action) -> State:
        return apply(state, action)

    def standing(self, state: State, seat: str, held: Sequence[str] | None = None) -> Standing:
        """Its hope, its temples and the other's, largest own area, tiles, powers, hand
        (`standing.py`)."""
        return standing(state, seat, held)

    def every_move(self, state: State) -> list[Action]:
        """Every temple choice, step and end, every spell with each list of targets for its
        tile effects (`standing.py`)."""
        return every_move(state, legal_steps(state))

    def first_guess(
        self,
        state: State,
        actions: Sequence[Action],
        rng: random.Random,
        held: Sequence[str] | None,
    ) -> Action | None:
        """The box's play (`standing.py`'s `aimed`, one move deep over every move with the
        cards held, not only the search's sample): what grows its largest area, then its
        tiles and hand, then a pawn that can stand where its next tiles join that area."""
        return aimed(state, self.every_move(state), held, rng, apply)

    def is_over(self, state: State) -> bool:
        return state.over

    def evaluate(self, state: State) -> dict[str, float]:
        """Once over, the result; before, the way to the temples: each side's temples (ten
        points each), its largest area of own tiles (up to a temple's 8) and a little for
        every own tile (the stuff of the next temple)."""
        if state.over:
            return super().evaluate(state)
        b = state.board
        points = {}
        for side, tiles, temples in (
            ("day", b.day | b.fixed, b.day_temples),
            ("night", b.night, b.night_temples),
        ):
            largest = max((size(area) for area in components(tiles)), default=0)
            points[side] = 10 * temples + min(largest, TEMPLE_SIZE) + 0.3 * size(tiles)
        return lead_chances(points, self.players, self.evaluation_scale)

    # the box's own hand in solo play (engine/hands.py): spells by id
    def hand_count(self, state: State, seat: str) -> int:
        return state.hands[seat]

    def deck_cards(self, state: State, seat: str) -> tuple[tuple[str, int], ...]:
        return tuple((s.id, s.copies) for s in state.options.decks[SIDES.index(seat)])

    def with_copies(self, options: Options, seat: str, card: str, copies: int) -> Options:
        return options.with_copies(seat, card, copies)

    def card_played(self, state: State, action: Action) -> str | None:
        return action.spell if isinstance(action, Cast) else None

    def cards_out(self, state: State, seat: str) -> tuple[str, ...]:
        return tuple(spell for side, spell in state.cast if side == seat)

    def card_worth(self, state: State, seat: str, card: str) -> float:
        """The spells that bring own tiles are kept first (`spells.worth`)."""
        spell = state.options.spell(seat, card)
        return worth(spell) if spell is not None else 0.0

    def result(self, state: State) -> Result:
        temples = Scores({"day": state.board.day_temples, "night": state.board.night_temples})
        winner = state.outcome if state.outcome in SIDES else None
        return Result(state.over, temples, winner)

    def format_action(self, action: Action) -> str:
        return format_action(action)

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    # what the box keeps for the players (AP, the fields entered, the verdict) is not on
    # the table; the temples are the board's temple tiles
    table_free = (
        "to_move",
        "ap_left",
        "entered",
        "pending_temple",
        "verdict",
        "outcome",
        "ended_by",
    )

    def table(self, state: State) -> Table:
        return on_table.table(state)

    def changes(self, before: State, after: State) -> tuple[Change, ...]:
        return on_table.changes(before, after)

    def summary(self, state: State) -> dict[str, Any]:
        return {
            "to_move": self.to_move(state),
            "ap_left": state.ap,
            "hand": dict(state.hands),
            "deck": dict(state.decks),
            "discard": dict(state.discards),
            "pawns": {s: list(state.pawn(s)) for s in SIDES},
            "temples": {"day": state.board.day_temples, "night": state.board.night_temples},
            "board": state.board.notation(),
            "markers": {
                "mystify": [[r, c, n] for (r, c), n in state.mystify],
                "crystals": [list(at) for at in sorted(state.crystals)],
            },
            "entered": [list(at) for at in sorted(state.entered)],
            "pending_temple": state.pending is not None,
            "verdict": state.verdict,
            "outcome": state.outcome,
            "ended_by": ended_by(state),
        }


def _near_targets(state: State, spell: Spell) -> Cast | None:
    """Targets next to the own pawn, for spells that want them (place near, move pawn)."""
    r, c = state.pawn(state.turn)
    around = [(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)]
    if spell.targets == 1:
        for at in around:
            if on_board(at) and tile_at(state.board, at) == ".":
                return Cast(spell.id, (at,))
    return None


def legal_steps(state: State) -> list[Step]:
    """The steps the mover's pawn can take now (up, down, left, right), by the rules."""
    r, c = state.pawn(state.turn)
    around = ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
    return [Step(to) for to in around if GAME.is_legal(state, Step(to))]


def spread_actions(state: State, finish: bool = False) -> list[Action]:
    """Every step, the end, temple choices, and for each spell the first of a spread of target
    lists over the board that is valid, and the one next to the pawn (the search's sample
    before issue 35, which missed spells with few valid targets; `benchmarks/dan_presses.py`
    keeps measuring the presses on these). `finish` (the search's sample now): a spell that
    can be cast and that both miss gets, after them, the first targets that finish it."""
    if state.over:
        return []
    if state.pending is not None:
        return [*temple_choices(state)]
    found: list[Action] = [End(), *legal_steps(state)]
    fields = [(r, c) for r in range(ROWS) for c in range(COLS)]
    missed: list[Action] = []
    for spell in state.options.decks[SIDES.index(state.turn)]:
        if not can_cast_now(state, spell):  # cost, prerequisite, the moment: no target will do
            continue
        sampled = len(found)
        for start in range(0, 49, 7):
            targets = tuple(fields[(start + 11 * i) % len(fields)] for i in range(spell.targets))
            action = Cast(spell.id, targets)
            if GAME.is_legal(state, action):
                found.append(action)
                break
        near = _near_targets(state, spell)
        if near is not None and GAME.is_legal(state, near):
            found.append(near)
        if finish and len(found) == sampled:
            first = first_targets(state, spell)
            missed += [] if first is None else [Cast(spell.id, first)]
    return [*dict.fromkeys(found), *missed]


GAME = DayAndNight()
