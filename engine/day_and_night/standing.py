"""Where a side stands, as a player who knows Day and Night sees it: its temples, then its
largest connected area of own tiles outside a temple (the next temple grows from it), then
its tiles against the other's, then the cards it keeps in hand. Every move that can leave
it standing elsewhere, for such a player to weigh them all (engine/strength.py's knowing
player, one move deep)."""

from __future__ import annotations

from collections.abc import Iterator

from engine.core import Coord
from engine.day_and_night.areas import components, fields_of, size
from engine.day_and_night.choices import castable, target_options, temple_options
from engine.day_and_night.spells import Spell
from engine.day_and_night.state import (
    OTHER,
    STEP_COST,
    Action,
    Cast,
    End,
    State,
    Step,
    Temple,
    on_board,
)
from engine.day_and_night.temples import own_tiles, temple_choices

TILE_KINDS = ("place", "flip", "move_tile")  # the effects that change whose tiles lie where
UNORDERED = ("place", "flip", "crystallize")  # an effect whose fields may come in any order


def standing(state: State, side: str) -> tuple[float, ...]:
    """`side`'s temples, its largest area of own tiles outside a temple (fixed Day tiles
    count for Day), its tiles less the other's, its hand."""
    board = state.board
    own, other = own_tiles(board, side), own_tiles(board, OTHER[side])
    temples = board.day_temples if side == "day" else board.night_temples
    largest = max((size(part) for part in components(own)), default=0)
    return (temples, largest, size(own) - size(other), state.hands[side])


def every_move(state: State) -> list[Action]:
    """Every action that can leave the mover standing differently: each temple choice, the
    end, each step, and each spell with every list of targets for its tile effects (place,
    flip, move a tile); the targets of its other effects (mystify, crystallize, move the
    pawn), which change no tile, only the first that can be taken."""
    if state.over:
        return []
    if state.pending is not None:
        return _temples(state)
    found: list[Action] = [End()]
    r, c = state.pawn(state.turn)
    for to in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
        if on_board(to) and state.ap >= STEP_COST and to not in state.entered:
            held = state.turn == "day" and (r, c) in state.crystals
            if not held:
                found.append(Step(to))
    for spell in castable(state):
        found += [Cast(spell.id, targets) for targets in _target_lists(state, spell, ())]
    return found


def _temples(state: State) -> list[Action]:
    pending = state.pending
    assert pending is not None
    left_out = temple_options(state)
    if not left_out:  # pragma: no cover - an area of more than 8 always leaves 8
        return [*temple_choices(state)]
    tiles = fields_of(pending.area)
    return [Temple(tuple(sorted(set(tiles) - set(out)))) for out in left_out]


def _target_lists(
    state: State, spell: Spell, chosen: tuple[Coord, ...]
) -> Iterator[tuple[Coord, ...]]:
    if len(chosen) == spell.targets:
        yield chosen
        return
    kind, first_of_effect = _effect_at(spell, len(chosen))
    options = target_options(state, spell, chosen)
    if kind not in TILE_KINDS:
        options = options[:1]
    elif kind in UNORDERED and not first_of_effect:  # the same fields in another order
        options = tuple(at for at in options if at > chosen[-1])
    for at in options:
        yield from _target_lists(state, spell, (*chosen, at))


def _effect_at(spell: Spell, index: int) -> tuple[str, bool]:
    """The kind of the effect the spell's `index`th target belongs to, and whether it is
    that effect's first."""
    start = 0
    for effect in spell.effects:
        if index < start + effect.targets:
            return effect.kind, index == start
        start += effect.targets
    raise IndexError(index)  # pragma: no cover - asked only below the spell's targets
