"""Where a side stands, as a player who knows Day and Night sees it: its temples, then its
largest connected area of own tiles outside a temple (the next temple grows from it), then
its tiles against the other's, then the cards it keeps in hand. Every move that can leave
it standing elsewhere, for such a player to weigh them all (engine/strength.py's knowing
player, one move deep). And where its pawn can stand for the tiles it lays next to it,
which the box weighs after these (game.py's `first_guess`)."""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterator, Sequence
from functools import lru_cache

from engine.core import Coord
from engine.day_and_night.adjudication import Board
from engine.day_and_night.areas import COLS, FULL, ROWS, bit, components, fields_of, grow, size
from engine.day_and_night.choices import castable, target_options, temple_options
from engine.day_and_night.spells import Spell
from engine.day_and_night.state import (
    OTHER,
    SIDES,
    STEP_COST,
    Action,
    Cast,
    End,
    State,
    Step,
    Temple,
)
from engine.day_and_night.temples import own_tiles, temple_choices

TILE_KINDS = ("place", "flip", "move_tile")  # the effects that change whose tiles lie where
UNORDERED = ("place", "flip")  # a tile effect whose fields may come in any order


def standing(state: State, side: str) -> tuple[float, ...]:
    """`side`'s temples, its largest area of own tiles outside a temple (fixed Day tiles
    count for Day), its tiles less the other's, its hand."""
    board = state.board
    own, other = own_tiles(board, side), own_tiles(board, OTHER[side])
    temples = board.day_temples if side == "day" else board.night_temples
    largest = max((size(part) for part in components(own)), default=0)
    return (temples, largest, size(own) - size(other), state.hands[side])


def every_move(state: State, steps: Sequence[Step]) -> list[Action]:
    """Every action that can leave the mover standing differently: each temple choice, the
    end, each step (`steps`: the game's legal ones), and each spell with every list of
    targets for its tile effects (place, flip, move a tile); the targets of its other
    effects (mystify, crystallize, move the pawn), which change no tile, only the first that
    can be taken."""
    if state.over:
        return []
    if state.pending is not None:
        return _temples(state)
    found: list[Action] = [End(), *steps]
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


def _taken(board: Board) -> int:
    return board.day | board.night | board.fixed | board.day_temple | board.night_temple


def pawn_reach(state: State, side: str) -> tuple[int, int]:
    """Where `side`'s pawn can stand for its next spells that lay a tile next to it
    (Morgensonne, Doppelsonne), at best, with the steps its turn still has: the largest
    own area a tile on an empty field next to the pawn would make (1 where none joins), and
    how many empty fields next to it border the largest own area."""
    at = bit(*state.pawn(side))
    reach = at
    if (
        state.turn == side
        and state.pending is None
        and not (side == "day" and state.pawn(side) in state.crystals)
    ):
        entered = 0
        for field in state.entered:
            entered |= bit(*field)
        held = 0  # a Day pawn stepping onto a crystal stays there
        for field in state.crystals if side == "day" else ():
            held |= bit(*field)
        layer = at
        for _ in range(state.ap // STEP_COST):
            layer = grow(layer & ~held) & FULL & ~entered & ~reach
            reach |= layer
    spots = _spots(state.board, side)
    return max(spots[field] for field in fields_of(reach))


@lru_cache(maxsize=256)
def _spots(board: Board, side: str) -> dict[tuple[int, int], tuple[int, int]]:
    """For each field, what a pawn there is worth (`pawn_reach`)."""
    own = own_tiles(board, side)
    parts = components(own)
    largest = max(parts, key=size, default=0)
    empty = FULL & ~_taken(board)
    joins = {}
    for field in fields_of(empty):
        around = grow(bit(*field))
        joins[field] = 1 + sum(size(part) for part in parts if part & around)
    border = grow(largest) & empty
    spots = {}
    for r in range(ROWS):
        for c in range(COLS):
            near = grow(bit(r, c)) & ~bit(r, c) & empty
            fields = fields_of(near)
            spots[(r, c)] = (max((joins[f] for f in fields), default=0), size(near & border))
    return spots


def aimed(
    state: State,
    moves: Sequence[Action],
    held: Sequence[str] | None,
    rng: random.Random,
    apply: Callable[[State, Action], State],
) -> Action | None:
    """The box's move, one move deep over `moves` (the game's `every_move`) that play only a
    card `held` (None: any): a won game first, a lost one last (a drawn one below any still
    open); else where it stands after it (`standing`, with the other side's temples, fewest
    first, right after its own: the knowing player's measure misses a temple it hands the
    other), and between equals where its pawn can stand for the next tiles it lays
    (`pawn_reach`: asked of those only); ties at random. `apply`: the game's."""
    side = state.turn if state.pending is None else state.pending.side
    scored = []
    for action in moves:
        if held is not None and isinstance(action, Cast) and action.spell not in held:
            continue
        after = apply(state, action)
        value = _won_or_lost(after, side) if after.over else _aim(after, side)
        scored.append((action, after, value))
    if not scored:  # a game over: nobody moves
        return None
    top = max(value for _, _, value in scored)
    best = [(action, after) for action, after, value in scored if value == top]
    if len(best) > 1:
        reach = {a: (0, 0) if after.over else pawn_reach(after, side) for a, after in best}
        far = max(reach.values())
        best = [(action, after) for action, after in best if reach[action] == far]
    return best[rng.randrange(len(best))][0]


def _aim(state: State, side: str) -> tuple[float, ...]:
    """`standing`, the other side's temples (as fewer is better) right after its own."""
    board = state.board
    others = board.night_temples if side == "day" else board.day_temples
    temples, *rest = standing(state, side)
    return (temples, -others, *rest)


def _won_or_lost(state: State, side: str) -> tuple[float, ...]:
    """A game over, as `aimed` compares it: won above everything, lost below, a draw below
    any game still open."""
    if state.outcome == side:
        return (math.inf,)
    return (-math.inf,) if state.outcome in SIDES else (0.0,)
