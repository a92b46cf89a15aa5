"""Where a side stands, as a player who knows Day and Night sees it: whether it can still
win, its temples and the other's, then its largest connected area of own tiles outside a
temple (the next temple grows from it), its tiles against the other's, the cards it can
still draw, what its powers hold, then its hand. Every move that can leave it standing
elsewhere, for such a player to weigh them all (engine/strength.py's knowing player, one
move deep). And, between equals, where its pawn can stand for the tiles it lays next to it,
which the box weighs after these (game.py's `first_guess`)."""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterator, Sequence
from functools import lru_cache

from engine.core import Coord, IllegalMove
from engine.day_and_night.adjudication import TEMPLE_SIZE, Board, adjudicate
from engine.day_and_night.areas import COLS, FULL, ROWS, bit, components, fields_of, grow, size
from engine.day_and_night.choices import castable, target_options, temple_options
from engine.day_and_night.effects import check_prerequisite
from engine.day_and_night.end import may_hold, tiles_to_have
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
from engine.hands import without

TILE_KINDS = ("place", "flip", "move_tile")  # the effects that change whose tiles lie where
UNORDERED = ("place", "flip")  # a tile effect whose fields may come in any order
POWERS = ("mystify", "crystallize")  # the effects that hold tiles (and Day's pawn)


Standing = tuple[float, ...]


def standing(state: State, side: str, held: Sequence[str] | None = None) -> Standing:
    """Where `side` stands, the most important first: whether it can still win (`hopes`: 1,
    else -1, so that a drawn end, 0, ranks between), its temples, the other side's (fewer
    first), its largest area of own tiles outside a temple (fixed Day tiles count for Day),
    its tiles less the other's, the cards its deck will still hold once this turn's steps
    have drawn (fewer first), what its powers hold (`guarded`), its hand: kept while the
    deck still gives, cast once it is empty (a card kept can then no longer bring one it
    lacks), and then its pawn where the cards it holds can be cast (`held`: the side's own
    hand, where known)."""
    board = state.board
    own, other = own_tiles(board, side), own_tiles(board, OTHER[side])
    temples, others = (
        (board.day_temples, board.night_temples)
        if side == "day"
        else (board.night_temples, board.day_temples)
    )
    largest = max(components(own), key=size, default=0)
    deck, hand = state.decks[side], state.hands[side]
    return (
        1 if hopes(state, side, held) else -1,
        temples,
        -others,
        size(largest),
        size(own) - size(other),
        _to_draw(state, side) - deck,
        guarded(state, side, largest),
        hand if deck else -hand,
        0 if deck or held is None else _ready(state, side, held),
    )


def hopes(state: State, side: str, held: Sequence[str] | None = None) -> bool:
    """Whether `side` can still win: the board leaves it room for its temples, and it can
    still have their tiles (end.py's `tiles_to_have`, with its hand where known); Day also
    while a tile is mystified or it may hold a spell that mystifies (a fixed tile can take
    Night's last chance: the adjudication)."""
    verdict = adjudicate(state.board)
    if not (verdict.day_can_win if side == "day" else verdict.night_can_win):
        return False
    if side == "day" and (state.mystify or _may_mystify(state, held)):
        return True
    temples = state.board.day_temples if side == "day" else state.board.night_temples
    need = TEMPLE_SIZE * (2 - temples)
    if size(own_tiles(state.board, side)) >= need:  # the tiles are there (most games' start
        return True  # aside, where they are not: the cards' count below)
    hand = None if held is None else tuple(held)
    return tiles_to_have(state, side, hand) >= need


def _may_mystify(state: State, held: Sequence[str] | None) -> bool:
    """Day holds (or, its hand unknown, may hold: end.py's `may_hold`) a spell that
    mystifies."""
    deck = state.options.decks[0]
    mystifying = {s.id for s in deck if any(e.kind == "mystify" for e in s.effects)}
    return any(spell in mystifying for spell in (may_hold(state, "day") if held is None else held))


def _to_draw(state: State, side: str) -> int:
    """The cards `side`'s steps this turn can still draw: a step each 3 AP left, as many as
    its deck holds (none for a Day pawn held on a crystal)."""
    if state.turn != side or state.pending is not None:
        return 0
    if side == "day" and state.pawn("day") in state.crystals:
        return 0
    return min(state.decks[side], state.ap // STEP_COST)


def _ready(state: State, side: str, held: Sequence[str]) -> int:
    """How many of the cards `held` the pawn's field allows (their prerequisite)."""
    ready = 0
    for spell_id in held:
        spell = state.options.spell(side, spell_id)
        try:
            if spell is not None:
                check_prerequisite(state, side, spell)
                ready += 1
        except IllegalMove:
            pass
    return ready


def guarded(state: State, side: str, largest: int) -> int:
    """What `side`'s powers hold in its largest area (`largest`): for Day its tiles fixed or
    mystified (Night can no longer touch a fixed tile, and a mystified one becomes fixed);
    for Night its tiles crystallized (Day cannot touch them in its next turn) and one more
    for Day's pawn held on a crystal."""
    if side == "day":
        marked = state.board.fixed
        for at, _ in state.mystify:
            marked |= bit(*at)
        return size(largest & marked)
    crystals = 0
    for at in state.crystals:
        crystals |= bit(*at)
    return size(largest & crystals) + (state.pawn("day") in state.crystals)


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
    if kind in POWERS:  # one list: where they hold something (each such tile counts alike)
        wanted = _held_fields(state, kind)
        first = next((at for at in wanted if at in options), None)
        options = options[:1] if first is None else (first,)
    elif kind not in TILE_KINDS:
        options = options[:1]
    elif kind in UNORDERED and not first_of_effect:  # the same fields in another order
        options = tuple(at for at in options if at > chosen[-1])
    for at in options:
        yield from _target_lists(state, spell, (*chosen, at))


def _held_fields(state: State, kind: str) -> tuple[Coord, ...]:
    """Where a power holds something (`guarded`), the first to take first: for Night's
    crystals the tile under Day's pawn, then the tiles of the caster's largest area."""
    side = "day" if kind == "mystify" else "night"
    largest = max(components(own_tiles(state.board, side)), key=size, default=0)
    fields = fields_of(largest)
    return (state.pawn("day"), *fields) if side == "night" else fields


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
    card `held` (None: any): a won game first, a lost one last, a drawn one below any still
    open where it can still win and above any where it cannot; else where it stands after
    it (`standing`, with the cards it then holds), and between equals where its pawn can
    stand for the next tiles it lays (`pawn_reach`: asked of those only); ties at random.
    `apply`: the game's."""
    side = state.turn if state.pending is None else state.pending.side
    scored = []
    for action in moves:
        if held is not None and isinstance(action, Cast) and action.spell not in held:
            continue
        after = apply(state, action)
        if after.over:
            value = _won_or_lost(after, side)
        else:
            played = action.spell if isinstance(action, Cast) else None
            value = standing(after, side, without(held, played))
        scored.append((action, after, value))
    if not scored:  # a game over: nobody moves
        return None
    top = max(value for _, _, value in scored)
    best = [(action, after) for action, after, value in scored if value == top]
    if len(best) > 1:
        reach = {
            a: (0, 0, 0) if after.over else (_free(after, side), *pawn_reach(after, side))
            for a, after in best
        }
        far = max(reach.values())
        best = [(action, after) for action, after in best if reach[action] == far]
    return best[rng.randrange(len(best))][0]


def _free(state: State, side: str) -> int:
    """Day's pawn off Night's tiles, where Night's crystals could hold it."""
    if side != "day":
        return 0
    return 0 if state.board.night & bit(*state.pawn("day")) else 1


def _won_or_lost(state: State, side: str) -> tuple[float, ...]:
    """A game over, as `aimed` compares it: won above everything, lost below, a draw (0)
    between the games still open that `side` can still win (1, ...) and those it cannot
    (-1, ...)."""
    if state.outcome == side:
        return (math.inf,)
    return (-math.inf,) if state.outcome in SIDES else (0.0,)
