"""A whole game of Day and Night on the contract (`engine/contract.py`): 12 action points a
turn, the start-of-turn upkeep, spells from data, steps, temples (chosen when more than 8
tiles connect, also in the middle of a spell), adjudication after every board change.

Actions (one line each):
    cast ID R,C ...     a spell of the side's deck with its targets, in the order of its effects
    step R,C            the own pawn one field (3 AP; a field not yet entered this turn)
    temple R,C x8       the 8 connected tiles that become a temple (when more than 8 connect)
    end                 the turn ends (the next player's upkeep happens at once)
The box knows hand, deck and discard counts, not which cards are in a hand. Pure.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any

from engine.contract import Game, Result, Scores
from engine.core import Coord, IllegalMove, NotationError, parse_deck_rules
from engine.day_and_night.adjudication import TEMPLE_SIZE, Board, adjudicate
from engine.day_and_night.areas import COLS, ROWS, bit, components, size
from engine.day_and_night.spells import EXAMPLE, Effect, Spell, deck_from_data, deck_to_data

SIDES = ("day", "night")
AP_PER_TURN = 12
STEP_COST = 3
HAND = 5
DECK = 70
OTHER = {"day": "night", "night": "day"}


@dataclass(frozen=True, slots=True)
class Options:
    decks: tuple[tuple[Spell, ...], tuple[Spell, ...]] = (EXAMPLE["day"], EXAMPLE["night"])
    deck_rules: str = "strict"  # strict: 70 cards a deck, as the original; free: any size

    def spell(self, side: str, spell_id: str) -> Spell | None:
        return next((s for s in self.decks[SIDES.index(side)] if s.id == spell_id), None)


@dataclass(frozen=True, slots=True)
class Cast:
    spell: str
    targets: tuple[Coord, ...]


@dataclass(frozen=True, slots=True)
class Step:
    to: Coord


@dataclass(frozen=True, slots=True)
class Temple:
    fields: tuple[Coord, ...]  # 8, sorted


@dataclass(frozen=True, slots=True)
class End:
    pass


Action = Cast | Step | Temple | End


@dataclass(frozen=True, slots=True)
class Pending:
    """Play pauses: `side` picks 8 connected tiles of `area` (a mask) as a temple; then the
    rest of the spell (`rest`: effects with their targets) goes on."""

    side: str
    area: int
    rest: tuple[tuple[Effect, tuple[Coord, ...]], ...] = ()


@dataclass(frozen=True, slots=True)
class Upkeep:
    """What the start-of-turn upkeep did: markers taken off, tiles fixed, crystals removed."""

    markers: tuple[Coord, ...] = ()
    fixed: tuple[Coord, ...] = ()
    crystals: tuple[Coord, ...] = ()


@dataclass(frozen=True, slots=True)
class State:
    options: Options
    board: Board
    pawns: tuple[Coord, Coord]  # day, night
    turn: str = "day"
    ap: int = AP_PER_TURN
    entered: frozenset[Coord] = frozenset()
    mystify: tuple[tuple[Coord, int], ...] = ()  # markers on mystified Day tiles
    crystals: frozenset[Coord] = frozenset()
    hands: Scores = Scores({"day": HAND, "night": HAND})
    decks: Scores = Scores({"day": DECK - HAND, "night": DECK - HAND})
    discards: Scores = Scores({"day": 0, "night": 0})
    pending: Pending | None = None
    upkeep: Upkeep = field(default_factory=Upkeep)
    draws: int = 0  # cards drawn this turn (one per field entered, and by spells)
    verdict: str = "play"  # the adjudication of the board (`tabletop score day-and-night`)
    turns_played: int = 0
    stepped: bool = False  # the pawn has stepped this turn: no more spells
    outcome: str | None = None  # the game's end: "day", "night" or "draw"

    def pawn(self, side: str) -> Coord:
        return self.pawns[SIDES.index(side)]

    @property
    def over(self) -> bool:
        return self.outcome is not None


def on_board(at: Coord) -> bool:
    return 0 <= at[0] < ROWS and 0 <= at[1] < COLS


def adjacent(a: Coord, b: Coord) -> bool:
    return abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1


def initial_state(options: Options) -> State:
    start = (0, 0)
    sizes = {
        side: sum(s.copies for s in deck) for side, deck in zip(SIDES, options.decks, strict=True)
    }
    hands = {side: min(HAND, n) for side, n in sizes.items()}
    return State(
        options,
        Board(),
        (start, (ROWS - 1, COLS - 1)),
        entered=frozenset({start}),
        hands=Scores(hands),
        decks=Scores({side: sizes[side] - hands[side] for side in SIDES}),
    )


# --- the board's fields ---------------------------------------------------------------------


def tile_at(board: Board, at: Coord) -> str:
    return board.at(*at)


def _set(board: Board, at: Coord, symbol: str) -> Board:
    b = bit(*at)
    masks = {
        "d": board.day & ~b,
        "n": board.night & ~b,
        "f": board.fixed & ~b,
        "D": board.day_temple & ~b,
        "N": board.night_temple & ~b,
    }
    if symbol != ".":
        masks[symbol] |= b
    return Board(masks["d"], masks["n"], masks["f"], masks["D"], masks["N"])


def _affectable(state: State, side: str, at: Coord, what: str) -> None:
    """Fixed and temple tiles never change; Day cannot touch crystallized tiles."""
    if not on_board(at):
        raise IllegalMove(f"{what}: {at} is not on the 6x8 board", "off_board")
    symbol = tile_at(state.board, at)
    if symbol == "f":
        raise IllegalMove(f"{what}: the tile on {at} is fixed", "target_fixed")
    if symbol in "DN":
        raise IllegalMove(f"{what}: the tile on {at} is a temple tile", "target_temple")
    if side == "day" and at in state.crystals:
        raise IllegalMove(f"{what}: the tile on {at} is crystallized", "target_crystal")


def _markers(state: State) -> dict[Coord, int]:
    return dict(state.mystify)


def _with_markers(state: State, markers: dict[Coord, int]) -> State:
    return replace(state, mystify=tuple(sorted((k, v) for k, v in markers.items() if v > 0)))


def _effect(state: State, side: str, effect: Effect, targets: tuple[Coord, ...]) -> State:
    """One effect of a spell on the state (targets checked); raises IllegalMove."""
    own = "d" if side == "day" else "n"
    board = state.board
    if effect.kind == "place":
        colour = own if effect.colour in ("", "own") else effect.colour[0]
        for at in targets:
            if not on_board(at) or tile_at(board, at) != ".":
                raise IllegalMove(f"place: {at} is not an empty field", "target_not_empty")
            if effect.adjacent and not adjacent(at, state.pawn(side)):
                raise IllegalMove(f"place: {at} is not next to your pawn", "target_not_adjacent")
            board = _set(board, at, colour)
        return replace(state, board=board)
    if effect.kind == "flip":
        to = {"": "", "own": own}.get(effect.colour, effect.colour[:1])  # "": either way
        for at in targets:
            _affectable(state, side, at, "flip")
            symbol = tile_at(state.board, at)
            if symbol not in "dn":
                raise IllegalMove(f"flip: no tile on {at}", "target_no_tile")
            if to and symbol == to:
                colour = "Day" if to == "d" else "Night"
                raise IllegalMove(f"flip: the tile on {at} is {colour} already", "target_colour")
            markers = _markers(state)
            markers.pop(at, None)  # a mystified tile that turns to Night loses its markers
            crystals = state.crystals - {at}
            flipped = replace(state, board=_set(state.board, at, "n" if symbol == "d" else "d"))
            state = replace(_with_markers(flipped, markers), crystals=crystals)
        return state
    if effect.kind == "move_tile":
        source, target = targets
        _affectable(state, side, source, "move")
        symbol = tile_at(board, source)
        if symbol not in "dn":
            raise IllegalMove(f"move: no tile on {source}", "target_no_tile")
        if not on_board(target) or tile_at(board, target) != ".":
            raise IllegalMove(f"move: {target} is not an empty field", "target_not_empty")
        if not adjacent(source, target):
            raise IllegalMove("move: one field, not diagonally", "target_not_adjacent")
        markers = _markers(state)
        if source in markers:
            markers[target] = markers.pop(source)
        crystals = state.crystals
        if source in crystals:
            crystals = (crystals - {source}) | {target}
        moved = replace(state, board=_set(_set(board, source, "."), target, symbol))
        return replace(_with_markers(moved, markers), crystals=crystals)
    if effect.kind == "move_pawn":
        (at,) = targets
        here = state.pawn(side)
        if not on_board(at) or not adjacent(at, here):
            raise IllegalMove("the pawn moves one field, not diagonally", "target_not_adjacent")
        if side == "day" and here in state.crystals:
            raise IllegalMove("a Day pawn on a crystal cannot leave", "pawn_held")
        if at in state.entered:  # "ein Feld niemals zweimal betreten"
            raise IllegalMove("that field was entered this turn", "entered_twice")
        pawns = (at, state.pawns[1]) if side == "day" else (state.pawns[0], at)
        return replace(state, pawns=pawns, entered=state.entered | {at})
    if effect.kind == "mystify":
        (at,) = targets
        _affectable(state, side, at, "mystify")
        if tile_at(board, at) != "d":
            raise IllegalMove(f"mystify: no ordinary Day tile on {at}", "target_not_day")
        markers = _markers(state)
        markers[at] = markers.get(at, 0) + effect.count
        return _with_markers(state, markers)
    if effect.kind == "crystallize":
        if len(set(targets)) != len(targets):
            raise IllegalMove("crystallize: each tile once", "target_twice")
        for at in targets:
            _affectable(state, side, at, "crystallize")
            if tile_at(board, at) != "n":
                raise IllegalMove(
                    f"crystallize: no ordinary Night tile on {at}", "target_not_night"
                )
        return replace(state, crystals=state.crystals | set(targets))
    if effect.kind == "draw":
        return _draw(state, side, effect.count)
    raise IllegalMove(f"unknown effect {effect.kind!r}", "unknown_action")  # pragma: no cover


def _draw(state: State, side: str, n: int) -> State:
    n = min(n, state.decks[side])
    hands, decks = dict(state.hands), dict(state.decks)
    hands[side] += n
    decks[side] -= n
    return replace(state, hands=Scores(hands), decks=Scores(decks), draws=state.draws + n)


# --- temples and the verdict ----------------------------------------------------------------


def _own_tiles(board: Board, side: str) -> int:
    return (board.day | board.fixed) if side == "day" else board.night


def _temples(state: State, rest=()) -> State:
    """Make every area of 8 connected tiles a temple (the active side first); more than 8:
    play pauses for the choice. Once a side has its second temple the game is decided and
    no more temples are built (the end itself is decided when the action is done)."""
    for side in (state.turn, OTHER[state.turn]):
        for part in components(_own_tiles(state.board, side)):
            if _decided(state.board):
                return state
            n = size(part)
            if n == TEMPLE_SIZE:
                state = _build(state, side, part)
            elif n > TEMPLE_SIZE:
                return replace(state, pending=Pending(side, part, tuple(rest)))
    return state


def _decided(board: Board) -> bool:
    return board.day_temples >= 2 or board.night_temples >= 2


def _build(state: State, side: str, mask: int) -> State:
    board = state.board
    keep = ~mask
    if side == "day":
        board = Board(
            board.day & keep,
            board.night,
            board.fixed & keep,
            board.day_temple | mask,
            board.night_temple,
        )
    else:
        board = Board(
            board.day, board.night & keep, board.fixed, board.day_temple, board.night_temple | mask
        )
    markers = {k: v for k, v in state.mystify if not bit(*k) & mask}
    crystals = frozenset(c for c in state.crystals if not bit(*c) & mask)
    return replace(state, board=board, crystals=crystals, mystify=tuple(sorted(markers.items())))


def _judge(state: State) -> State:
    """The end, decided once an action is done (every effect of a spell applied): the board's
    adjudication (a second temple, Day's adjudicated win, a draw when neither can still win).
    With no card left on either side only Day's upkeeps can still change the board (markers
    coming off, tiles fixed): they are played out here, one after the other, the board
    adjudicated after each; when nothing can change any more and the game is still open it
    is a draw ("Unentschieden": nobody can build a second temple without a card)."""
    verdict = adjudicate(state.board).verdict
    outcome = None if verdict == "play" else verdict
    if outcome is None and not any(state.hands.values()) and not any(state.decks.values()):
        while state.mystify and outcome is None:
            board, markers, removed, fixed = _day_upkeep(state.board, state.mystify)
            state = replace(state, board=board, mystify=markers, upkeep=Upkeep(removed, fixed))
            verdict = adjudicate(board).verdict
            outcome = None if verdict == "play" else verdict
        outcome = outcome or "draw"
    return replace(state, verdict=verdict, outcome=outcome)


def _day_upkeep(board: Board, mystify):
    """One marker off each mystified tile; the last one fixes it."""
    markers, removed, fixed = {}, [], []
    for at, n in mystify:
        removed.append(at)
        if n > 1:
            markers[at] = n - 1
        else:
            fixed.append(at)
            board = _set(board, at, "f")
    return board, tuple(sorted(markers.items())), tuple(removed), tuple(fixed)


# --- playing --------------------------------------------------------------------------------


def apply(state: State, action: Action) -> State:
    if state.over:
        raise IllegalMove("the game is over", "game_over")
    if state.pending is not None and not isinstance(action, Temple):
        raise IllegalMove("first choose the 8 tiles of the temple", "temple_first")
    side = state.turn
    match action:
        case Temple(fields):
            return _choose_temple(state, fields)
        case Cast(spell_id, targets):
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
            _prerequisite(state, side, spell)
            if len(targets) != spell.targets:
                raise IllegalMove(
                    f"{spell.name} takes {spell.targets} target(s), got {len(targets)}",
                    "wrong_targets",
                )
            steps = _split(spell, targets)
            _validate(state, side, steps)  # the spell applies only when every target is valid
            hands, discards = dict(state.hands), dict(state.discards)
            hands[side] -= 1
            discards[side] += 1
            state = replace(
                state, ap=state.ap - spell.cost, hands=Scores(hands), discards=Scores(discards)
            )
            return _effects(state, side, steps)
        case Step(to):
            here = state.pawn(side)
            if not on_board(to) or not adjacent(here, to):
                raise IllegalMove("a step goes one field, not diagonally", "step_not_adjacent")
            if state.ap < STEP_COST:
                raise IllegalMove(
                    f"a step costs {STEP_COST} AP, {state.ap} are left", "too_expensive"
                )
            if to in state.entered:
                raise IllegalMove("that field was entered this turn", "entered_twice")
            if side == "day" and here in state.crystals:
                raise IllegalMove("a Day pawn on a crystal cannot leave", "pawn_held")
            pawns = (to, state.pawns[1]) if side == "day" else (state.pawns[0], to)
            moved = replace(
                state,
                pawns=pawns,
                ap=state.ap - STEP_COST,
                entered=state.entered | {to},
                stepped=True,
            )
            return _judge(_draw(moved, side, 1))  # each field entered: one card
        case End():
            return _next_turn(state)
    raise IllegalMove(f"unknown action {action!r}", "unknown_action")  # pragma: no cover


def _split(spell: Spell, targets: tuple[Coord, ...]):
    out, i = [], 0
    for effect in spell.effects:
        out.append((effect, tuple(targets[i : i + effect.targets])))
        i += effect.targets
    return tuple(out)


def _validate(state: State, side: str, steps) -> None:
    """Every effect's targets, in order, on the board as the earlier effects leave it."""
    for effect, targets in steps:
        state = _effect(state, side, effect, targets)


def _effects(state: State, side: str, steps, resumed: bool = False) -> State:
    """A spell's effects in order, every one of them before the end is decided; a temple may
    pause it (the rest waits for the choice). Resumed after a temple, an effect whose target
    became a temple tile has no effect."""
    for i, (effect, targets) in enumerate(steps):
        try:
            state = _effect(state, side, effect, targets)
        except IllegalMove:
            if not resumed:
                raise
            continue
        if effect.kind in ("place", "flip", "move_tile"):
            state = _temples(state, steps[i + 1 :])
            if state.pending is not None:
                return state
    return _judge(state)


def _prerequisite(state: State, side: str, spell: Spell) -> None:
    under = tile_at(state.board, state.pawn(side))
    own = "dfD" if side == "day" else "nN"
    if spell.prerequisite == "pawn_on_own" and under not in own:
        raise IllegalMove(f"{spell.name}: your pawn must stand on your tile", "prerequisite")
    if spell.prerequisite == "pawn_on_empty" and under != ".":
        raise IllegalMove(f"{spell.name}: your pawn must stand on an empty field", "prerequisite")


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
    built = _build(replace(state, pending=None), pending.side, chosen)
    after = _temples(built, pending.rest)  # another area of more than 8: pause again
    if after.pending is not None:
        return after
    if not pending.rest:
        return _judge(after)
    return _effects(after, state.turn, pending.rest, resumed=True)


def _next_turn(state: State) -> State:
    side = OTHER[state.turn]
    hands, discards = dict(state.hands), dict(state.discards)
    extra = max(0, hands[state.turn] - HAND)  # the box says how many; the player chooses
    hands[state.turn] -= extra
    discards[state.turn] += extra
    nxt = replace(
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
        board, markers, removed, fixed = _day_upkeep(nxt.board, nxt.mystify)
        nxt = replace(nxt, board=board, mystify=markers, upkeep=Upkeep(removed, fixed))
        nxt = _temples(nxt) if fixed else nxt
        return nxt if nxt.pending is not None else _judge(nxt)
    night = replace(
        nxt, crystals=frozenset(), upkeep=Upkeep(crystals=tuple(sorted(state.crystals)))
    )
    return _judge(night)


# --- the notation -----------------------------------------------------------------------------

FIELD = re.compile(r"([0-9]),([0-9])")
SPELL_ID = re.compile(r"[A-Za-z0-9_.-]{1,40}")


def _field(text: str) -> Coord:
    found = FIELD.fullmatch(text)
    if not found:
        raise NotationError(f"expected a field as ROW,COL like 2,5, got {text!r}")
    return int(found.group(1)), int(found.group(2))


def format_action(action: Action) -> str:
    match action:
        case Cast(spell_id, targets):
            return " ".join(["cast", spell_id, *(f"{r},{c}" for r, c in targets)])
        case Step((r, c)):
            return f"step {r},{c}"
        case Temple(fields):
            return " ".join(["temple", *(f"{r},{c}" for r, c in fields)])
        case End():
            return "end"
    raise ValueError(f"not a Day and Night action: {action!r}")


def parse_action(text: str) -> Action:
    words = text.split()
    if not words:
        raise NotationError("empty action; actions: cast ID R,C..., step R,C, temple R,C x8, end")
    verb, args = words[0], words[1:]
    if verb == "end" and not args:
        return End()
    if verb == "step" and len(args) == 1:
        return Step(_field(args[0]))
    if verb == "temple" and len(args) == TEMPLE_SIZE:
        return Temple(tuple(sorted(_field(a) for a in args)))
    if verb == "cast" and args and SPELL_ID.fullmatch(args[0]):
        return Cast(args[0], tuple(_field(a) for a in args[1:]))
    raise NotationError(
        f"expected cast ID R,C..., step R,C, temple R,C (8 fields) or end, got {text!r}"
    )


# --- the contract ---------------------------------------------------------------------------


class DayAndNight(Game):
    id = "day-and-night"
    name = "Day and Night"
    short = "D&N"
    rules_version = 2
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

    def parse_options(self, values) -> Options:
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
        spell the first few valid target lists (not all: there are too many)."""
        if state.over:
            return []
        if state.pending is not None:
            return [*_temple_choices(state)]
        found: list[Action] = [End()]
        r, c = state.pawn(state.turn)
        for to in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if self.is_legal(state, Step(to)):
                found.append(Step(to))
        fields = [(r, c) for r in range(ROWS) for c in range(COLS)]
        for spell in state.options.decks[SIDES.index(state.turn)]:
            if spell.cost > state.ap or state.hands[state.turn] == 0:
                continue
            for start in range(0, 49, 7):
                targets = tuple(
                    fields[(start + 11 * i) % len(fields)] for i in range(spell.targets)
                )
                action = Cast(spell.id, targets)
                if self.is_legal(state, action):
                    found.append(action)
                    break
            near = _near_targets(state, spell)
            if near is not None and self.is_legal(state, near):
                found.append(near)
        return list(dict.fromkeys(found))

    def apply(self, state: State, action: Action) -> State:
        return apply(state, action)

    def is_over(self, state: State) -> bool:
        return state.over

    def result(self, state: State) -> Result:
        temples = Scores({"day": state.board.day_temples, "night": state.board.night_temples})
        winner = state.outcome if state.outcome in SIDES else None
        return Result(state.over, temples, winner)

    def format_action(self, action: Action) -> str:
        return format_action(action)

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

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
        }


def deck_rule_broken(deck: tuple[Spell, ...]) -> str | None:
    """The original's deck rule ("sein aus 70 Karten bestehendes Kartendeck"), if broken."""
    cards = sum(s.copies for s in deck)
    return None if cards == DECK else f"{DECK} cards a deck, this one has {cards}"


def _temple_choices(state: State) -> list[Temple]:
    """A few ways to pick 8 connected tiles out of the pending area (grown from each tile)."""
    assert state.pending is not None  # only asked while a temple is to be chosen
    area = state.pending.area
    tiles = [(r, c) for r in range(ROWS) for c in range(COLS) if bit(r, c) & area]
    found: list[Temple] = []
    for seed in tiles:
        chosen = [seed]
        frontier = [seed]
        while frontier and len(chosen) < TEMPLE_SIZE:
            r, c = frontier.pop(0)
            for near in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if near in tiles and near not in chosen and len(chosen) < TEMPLE_SIZE:
                    chosen.append(near)
                    frontier.append(near)
        if len(chosen) == TEMPLE_SIZE:
            found.append(Temple(tuple(sorted(chosen))))
    return list(dict.fromkeys(found))


def _near_targets(state: State, spell: Spell) -> Cast | None:
    """Targets next to the own pawn, for spells that want them (place near, move pawn)."""
    r, c = state.pawn(state.turn)
    around = [(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)]
    if spell.targets == 1:
        for at in around:
            if on_board(at) and tile_at(state.board, at) == ".":
                return Cast(spell.id, (at,))
    return None


GAME = DayAndNight()


# --- what can be played now (the box offers only this) ---------------------------------------

FIELDS_48 = tuple((r, c) for r in range(ROWS) for c in range(COLS))


def can_cast_now(state: State, spell: Spell) -> bool:
    """The spell's cost, prerequisite and moment are met (targets aside)."""
    side = state.turn
    if state.over or state.pending is not None or state.stepped or state.hands[side] == 0:
        return False
    if spell.cost > state.ap:
        return False
    try:
        _prerequisite(state, side, spell)
    except IllegalMove:
        return False
    return True


def _candidates(state: State, side: str, effect: Effect, done: tuple[Coord, ...]) -> list[Coord]:
    """The fields worth trying as the next target of `effect` (`done`: its targets so far):
    a superset of the valid ones, found from the board's masks."""
    board = state.board
    taken = board.day | board.night | board.fixed | board.day_temple | board.night_temple
    empty = [at for at in FIELDS_48 if not bit(*at) & taken]
    tiles = [at for at in FIELDS_48 if bit(*at) & (board.day | board.night)]
    kind = effect.kind
    if kind == "place":
        if effect.adjacent:
            return [at for at in empty if adjacent(at, state.pawn(side))]
        return empty
    if kind in ("flip", "mystify", "crystallize"):
        return tiles
    if kind == "move_tile":
        if not done:
            return tiles
        return [at for at in empty if adjacent(at, done[0])]
    if kind == "move_pawn":
        r, c = state.pawn(side)
        return [at for at in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)) if on_board(at)]
    return []


def _after_prefix(state: State, side: str, spell: Spell, chosen: tuple[Coord, ...]):
    """The state the spell's first targets leave (every effect they complete applied), the
    effect the next target belongs to and its targets so far; raises IllegalMove if a target
    so far is not valid."""
    i = 0
    for effect in spell.effects:
        n = effect.targets
        part = chosen[i : i + n]
        if len(part) < n:
            if part and effect.kind != "move_tile":
                _effect(state, side, effect, part)  # the prefix of a multi-field effect
            elif part:  # a tile to move: one that can move
                _affectable(state, side, part[0], "move")
                if tile_at(state.board, part[0]) not in "dn":
                    raise IllegalMove("move: no tile", "target_no_tile")
            return state, effect, part
        state = _effect(state, side, effect, part)
        if effect.kind in ("place", "flip", "move_tile"):  # as `_effects`: a temple of 8 is
            built = _temples(state)  # built at once, and the later targets must still be valid
            if built.pending is None:  # (more than 8: the choice waits, the rest is kept)
                state = built
        i += n
    return state, None, ()


@lru_cache(maxsize=4096)
def _finishable(state: State, side: str, spell: Spell, chosen: tuple[Coord, ...]) -> bool:
    try:
        after, effect, part = _after_prefix(state, side, spell, chosen)
    except IllegalMove:
        return False
    if effect is None:
        return True
    left = effect.targets - len(part)
    last = len(chosen) - len(part) + effect.targets == spell.targets
    if last and effect.kind in ("place", "flip", "crystallize", "mystify"):
        # the last effect's fields do not depend on each other: enough valid ones will do
        valid = 0
        for at in _candidates(after, side, effect, part):
            if at not in part and _valid_alone(after, side, effect, at):
                valid += 1
                if valid >= left:
                    return True
        return False
    return any(
        _finishable(state, side, spell, (*chosen, at))
        for at in _candidates(after, side, effect, part)
    )


def _valid_alone(state: State, side: str, effect: Effect, at: Coord) -> bool:
    """One field as a target of `effect`, without building the state it would make (the same
    checks as `_effect`)."""
    symbol = tile_at(state.board, at)
    try:
        if effect.kind == "place":
            return symbol == "." and (not effect.adjacent or adjacent(at, state.pawn(side)))
        _affectable(state, side, at, effect.kind)
    except IllegalMove:
        return False
    if effect.kind == "crystallize":
        return symbol == "n"
    if effect.kind == "mystify":
        return symbol == "d"
    if effect.kind == "flip":
        own = "d" if side == "day" else "n"
        to = {"": "", "own": own}.get(effect.colour, effect.colour[:1])
        return symbol in "dn" and not (to and symbol == to)
    try:  # pragma: no cover - the other kinds are not the last of several fields
        _effect(state, side, replace(effect, count=1), (at,))
    except IllegalMove:
        return False
    return True


@lru_cache(maxsize=64)  # the screens ask again for every frame of the same state
def target_options(state: State, spell: Spell, chosen: tuple[Coord, ...] = ()) -> tuple[Coord, ...]:
    """The fields that can be the spell's next target after `chosen`: valid, and the spell can
    still be finished from there (so a player who picks among them is never refused)."""
    side = state.turn
    try:
        after, effect, part = _after_prefix(state, side, spell, chosen)
    except IllegalMove:
        return ()
    if effect is None:
        return ()
    return tuple(
        sorted(
            at
            for at in dict.fromkeys(_candidates(after, side, effect, part))
            if _finishable(state, side, spell, (*chosen, at))
        )
    )


@lru_cache(maxsize=16)
def castable(state: State) -> tuple[Spell, ...]:
    """The active side's spells that can be cast now: cost, prerequisite, the moment, and at
    least one way to pick every target (in the deck's order)."""
    return tuple(
        s
        for s in state.options.decks[SIDES.index(state.turn)]
        if can_cast_now(state, s) and (s.targets == 0 or _finishable(state, state.turn, s, ()))
    )


@lru_cache(maxsize=8)
def temple_options(state: State) -> tuple[tuple[Coord, ...], ...]:
    """Every way to leave tiles out of the pending area so that 8 connected tiles remain
    (the tiles left out, sorted), for an area of at most 12 tiles; larger: the few that
    growing from each tile finds."""
    from itertools import combinations

    pending = state.pending
    if pending is None:
        return ()
    tiles = [at for at in FIELDS_48 if bit(*at) & pending.area]
    extra = len(tiles) - TEMPLE_SIZE
    if len(tiles) > 12:
        return tuple(tuple(sorted(set(tiles) - set(t.fields))) for t in _temple_choices(state))
    found = []
    for out in combinations(tiles, extra):
        rest = pending.area
        for at in out:
            rest &= ~bit(*at)
        if len(components(rest)) == 1:
            found.append(out)
    return tuple(found)
