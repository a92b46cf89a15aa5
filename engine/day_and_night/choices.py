"""What can be played now, for the box to offer only that: the spells that can be cast, the
next targets from which a spell can still be finished, the tiles a temple can leave out."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from engine.core import Coord, IllegalMove, evolve
from engine.day_and_night.adjudication import TEMPLE_SIZE
from engine.day_and_night.areas import COLS, FULL, ROWS, bit, components, fields_of, grow
from engine.day_and_night.effects import (
    affectable,
    apply_effect,
    check_prerequisite,
)
from engine.day_and_night.spells import Effect, Spell
from engine.day_and_night.state import (
    SIDES,
    State,
    adjacent,
    on_board,
    tile_at,
)
from engine.day_and_night.temples import (
    build_temples,
    temple_choices,
)

FIELDS_48 = tuple((r, c) for r in range(ROWS) for c in range(COLS))


def can_cast_now(state: State, spell: Spell) -> bool:
    """The spell's cost, prerequisite and moment are met (targets aside)."""
    side = state.turn
    if state.over or state.pending is not None or state.stepped or state.hands[side] == 0:
        return False
    if spell.cost > state.ap:
        return False
    try:
        check_prerequisite(state, side, spell)
    except IllegalMove:
        return False
    return True


def _candidates(
    state: State, side: str, effect: Effect, done: tuple[Coord, ...]
) -> Sequence[Coord]:
    """The fields worth trying as the next target of `effect` (`done`: its targets so far):
    a superset of the valid ones, found from the board's masks."""
    board = state.board
    taken = board.day | board.night | board.fixed | board.day_temple | board.night_temple
    kind = effect.kind
    if kind in ("flip", "mystify", "crystallize") or (kind == "move_tile" and not done):
        return fields_of(board.day | board.night)  # ordinary tiles
    if kind == "place" and not effect.adjacent:
        return fields_of(FULL & ~taken)  # empty fields
    if kind in ("place", "move_tile"):  # an empty field next to the pawn, or the moved tile
        near = bit(*(state.pawn(side) if kind == "place" else done[0]))
        return fields_of(grow(near) & ~near & FULL & ~taken)
    if kind == "move_pawn":
        r, c = state.pawn(side)
        return [at for at in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)) if on_board(at)]
    return []


def _after_prefix(
    state: State, side: str, spell: Spell, chosen: tuple[Coord, ...]
) -> tuple[State, Effect | None, tuple[Coord, ...]]:
    """The state the spell's first targets leave (every effect they complete applied), the
    effect the next target belongs to and its targets so far; raises IllegalMove if a target
    so far is not valid."""
    i = 0
    for effect in spell.effects:
        n = effect.targets
        part = chosen[i : i + n]
        if len(part) < n:
            if part and effect.kind != "move_tile":
                apply_effect(state, side, effect, part)  # the prefix of a multi-field effect
            elif part:  # a tile to move: one that can move
                affectable(state, side, part[0], "move")
                if tile_at(state.board, part[0]) not in "dn":
                    raise IllegalMove("move: no tile", "target_no_tile")
            return state, effect, part
        state = apply_effect(state, side, effect, part)
        if effect.kind in ("place", "flip", "move_tile"):  # as `_effects`: a temple of 8 is
            built = build_temples(state)  # built at once, and the later targets must still be valid
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
    checks as `apply_effect`)."""
    symbol = tile_at(state.board, at)
    try:
        if effect.kind == "place":
            return symbol == "." and (not effect.adjacent or adjacent(at, state.pawn(side)))
        affectable(state, side, at, effect.kind)
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
        apply_effect(state, side, evolve(effect, count=1), (at,))
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


def first_targets(state: State, spell: Spell) -> tuple[Coord, ...] | None:
    """The first target list (fields in reading order) with which the spell is cast now, or
    None: the search's sample needs one, not all (`target_options` finds every one)."""
    side = state.turn
    chosen: tuple[Coord, ...] = ()
    while len(chosen) < spell.targets:
        try:
            after, effect, part = _after_prefix(state, side, spell, chosen)
        except IllegalMove:  # pragma: no cover - every prefix kept here is finishable
            return None
        if effect is None:  # pragma: no cover - the targets are complete
            break
        found = next(
            (
                at
                for at in _candidates(after, side, effect, part)
                if at not in part and _finishable(state, side, spell, (*chosen, at))
            ),
            None,
        )
        if found is None:
            return None
        chosen = (*chosen, found)
    return chosen


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
    tiles = fields_of(pending.area)
    extra = len(tiles) - TEMPLE_SIZE
    if len(tiles) > 12:
        return tuple(tuple(sorted(set(tiles) - set(t.fields))) for t in temple_choices(state))
    found = []
    for out in combinations(tiles, extra):
        rest = pending.area
        for at in out:
            rest &= ~bit(*at)
        if len(components(rest)) == 1:
            found.append(out)
    return tuple(found)
