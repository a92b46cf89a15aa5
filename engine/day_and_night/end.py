"""The game's end, decided once an action is done: the board's adjudication, and a board that
can no longer change.

The original ends the game drawn when no player can build a second temple ("Sollte es
vorkommen, dass kein Spieler seinen zweiten Tempel bauen kann ... endet das Spiel in einem
Unentschieden"). Beside the adjudication (neither can still win on the board), rules_version
4 knows two more such games:

- too few tiles: neither side can ever have the tiles its second temple needs (its own tiles
  outside temples and every tile of its colour the spells not yet cast could lay or flip,
  fewer than 8 for each temple it lacks): a draw at once;
- a board that can no longer change, found at the start of a turn: both decks are empty, and
  no spell a side may still hold can change the board from any field its pawn can reach.
  Then only Day's upkeeps still take markers off and fix tiles: they are played out at once,
  the board adjudicated after each, and what is still open is a draw.

A side may still hold any spell of its deck that it has not cast (the box sees every spell
cast, not which ones a player discards at a turn's end), so a board is never taken for
frozen while a card that could change it may be in a hand. A spell changes the board where it
lays, flips, moves or mystifies a tile (moving a pawn, crystals and drawing change no tile).
The pawns can reach every field (any field may be entered; the crystals that hold Day's pawn
are gone at Night's next upkeep, and none can be laid without a spell).
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache

from engine.core import Coord, evolve
from engine.day_and_night.adjudication import TEMPLE_SIZE, Board, adjudicate
from engine.day_and_night.areas import size
from engine.day_and_night.choices import FIELDS_48, can_cast_now, first_targets
from engine.day_and_night.spells import Effect, Spell
from engine.day_and_night.state import AP_PER_TURN, SIDES, Options, State, Upkeep
from engine.day_and_night.temples import day_upkeep, own_tiles

CHANGES_TILES = ("place", "flip", "move_tile", "mystify")


def judge(state: State, turn_start: bool = False) -> State:
    """The end, decided once an action is done (every effect of a spell applied): the board's
    adjudication (a second temple, Day's adjudicated win, a draw when neither can still win),
    then too few tiles for a second temple on either side (a draw), then, at the start of a
    turn, a board that can no longer change (Day's remaining upkeeps played out, then a
    draw): once a turn is enough for a board that stays as it is, and the search applies
    many more actions than turns."""
    verdict = adjudicate(state.board).verdict
    outcome = None if verdict == "play" else verdict
    if outcome is None and too_few_tiles(state):
        return evolve(state, verdict=verdict, outcome="draw")
    if outcome is None and turn_start and no_change_left(state):
        while state.mystify and outcome is None:
            board, markers, removed, fixed = day_upkeep(state.board, state.mystify)
            state = evolve(state, board=board, mystify=markers, upkeep=Upkeep(removed, fixed))
            verdict = adjudicate(board).verdict
            outcome = None if verdict == "play" else verdict
        outcome = outcome or "draw"
    return evolve(state, verdict=verdict, outcome=outcome)


def too_few_tiles(state: State) -> bool:
    """Neither side can ever have the tiles its second temple needs (`tiles_to_have`)."""
    return all(
        tiles_to_have(state, side) < TEMPLE_SIZE * (2 - temples)
        for side, temples in zip(SIDES, _temples(state.board), strict=True)
    )


def tiles_to_have(state: State, side: str, held: tuple[str, ...] | None = None) -> int:
    """The most tiles of `side`'s colour outside temples it can ever have: its own now, and
    every tile of its colour that spells still to be cast could lay or flip (its own and the
    other side's). A side casts at most as many more spells as it has cards in hand and
    deck: the ones that bring the most, of those not yet cast (each copy once). `held`: the
    side's own hand, where it knows it (the box, a player at the table): then its hand's
    spells, and its deck's best of the copies neither cast nor held (a card drawn since
    `held` was told counts as one of the deck's)."""
    counts = tuple((state.hands[c], state.decks[c]) for c in SIDES)
    return size(own_tiles(state.board, side)) + _to_come(
        state.options, state.cast, counts, side, held
    )


@lru_cache(maxsize=4096)
def _to_come(
    options: Options,
    cast: tuple[tuple[str, str], ...],
    counts: tuple[tuple[int, int], ...],
    side: str,
    held: tuple[str, ...] | None,
) -> int:
    """The tiles of `side`'s colour the spells still to be cast can bring (`tiles_to_have`;
    `counts`: each side's hand and deck): the same for every move of a turn that casts
    nothing, and for every target of one spell."""
    at = SIDES.index(side)
    could = 0
    left = _left(options, cast)  # per caster, per side: (tiles, copies), best first
    for caster, by_side, (hand, deck) in zip(SIDES, left, counts, strict=True):
        if caster == side and held is not None:
            could += _from_hand(options, cast, side, held, hand, deck)
            continue
        could += _best(by_side[at], hand + deck)
    return could


def _best(spells: tuple[tuple[int, int], ...], more: int) -> int:
    """The tiles of the `more` best of `spells` ((tiles, copies), the most tiles first)."""
    could = 0
    for tiles, copies in spells:
        if more <= 0 or tiles == 0:
            break
        could += tiles * min(copies, more)
        more -= copies
    return could


def _from_hand(
    options: Options,
    cast: tuple[tuple[str, str], ...],
    side: str,
    held: tuple[str, ...],
    hand: int,
    deck: int,
) -> int:
    """The tiles of its colour `side`'s own hand `held` and its deck's best can bring."""
    at = SIDES.index(side)
    done = Counter(spell for who, spell in cast if who == side) + Counter(held)
    spells = _tiles_of(options)[at]
    in_hand = sum(tiles[at] * held.count(spell_id) for spell_id, _, tiles in spells)
    rest = sorted(
        ((tiles[at], copies - done[spell_id]) for spell_id, copies, tiles in spells),
        reverse=True,
    )
    unknown = deck + max(0, hand - len(held))  # drawn since told
    return in_hand + _best(tuple((t, n) for t, n in rest if n > 0), unknown)


def _temples(board: Board) -> tuple[int, int]:
    return board.day_temples, board.night_temples


@lru_cache(maxsize=4096)
def _left(
    options: Options, cast: tuple[tuple[str, str], ...]
) -> tuple[tuple[tuple[tuple[int, int], ...], ...], ...]:
    """For each caster and each side: the spells not yet cast as (tiles of that side's
    colour one cast lays or flips, copies left), the most tiles first (a spell dearer than a
    turn's AP is never cast). Kept per set of spells cast: it changes only with a cast."""
    done = Counter(cast)
    out = []
    for caster, spells in zip(SIDES, _tiles_of(options), strict=True):
        sides = []
        for i in range(len(SIDES)):
            found = [
                (tiles[i], copies - done[(caster, spell_id)]) for spell_id, copies, tiles in spells
            ]
            sides.append(tuple(sorted(((t, n) for t, n in found if n > 0), reverse=True)))
        out.append(tuple(sides))
    return tuple(out)


@lru_cache(maxsize=64)
def _tiles_of(options: Options) -> tuple[tuple[tuple[str, int, tuple[int, ...]], ...], ...]:
    """Each caster's spells that can be cast in a turn: (id, copies, tiles of each side's
    colour one cast lays or flips)."""
    return tuple(
        tuple(
            (
                spell.id,
                spell.copies,
                tuple(sum(_gain(e, caster, side) for e in spell.effects) for side in SIDES),
            )
            for spell in deck
            if spell.cost <= AP_PER_TURN
        )
        for caster, deck in zip(SIDES, options.decks, strict=True)
    )


def _gain(effect: Effect, caster: str, side: str) -> int:
    """The tiles of `side`'s colour one cast of `effect` by `caster` can bring."""
    if effect.kind not in ("place", "flip"):
        return 0
    colour = caster if effect.colour == "own" else effect.colour
    if effect.kind == "place" and effect.colour == "":
        colour = caster  # a place of no colour lays the caster's own
    return effect.count if colour in ("", side) else 0  # a flip of no colour: either way


def no_change_left(state: State) -> bool:
    """Both decks empty, and no spell either side may still hold changes the board."""
    if any(state.decks.values()):
        return False
    held = tuple(may_hold(state, side) for side in SIDES)
    mystified = tuple(at for at, _ in state.mystify)
    return not _can_change(state.options, state.board, mystified, held)


def may_hold(state: State, side: str) -> tuple[str, ...]:
    """The spells (ids) `side` may still have in hand: none with an empty hand, else every
    spell of its deck with a copy not yet cast."""
    if state.hands[side] == 0:
        return ()
    cast = Counter(spell for who, spell in state.cast if who == side)
    deck = state.options.decks[SIDES.index(side)]
    return tuple(sorted(s.id for s in deck if s.copies > cast[s.id]))


@lru_cache(maxsize=4096)
def _can_change(
    options: Options, board: Board, mystified: tuple[Coord, ...], held: tuple[tuple[str, ...], ...]
) -> bool:
    """Some spell held (`held`: per side) changes the board from some field of its pawn, at
    the start of that side's turn."""
    start = evolve(
        _blank(options, board),
        mystify=tuple((at, 1) for at in mystified),  # their count does not matter here
    )
    for side, ids in zip(SIDES, held, strict=True):
        for spell_id in ids:
            spell = options.spell(side, spell_id)
            if spell is not None and _changes_board(start, side, spell):
                return True
    return False


def _blank(options: Options, board: Board) -> State:
    """A state of this board with nothing else on it (pawns, turn and hands set per trial)."""
    return State(options, board, ((0, 0), (0, 0)))


def _changes_board(start: State, side: str, spell: Spell) -> bool:
    if spell.cost > AP_PER_TURN or not any(e.kind in CHANGES_TILES for e in spell.effects):
        return False
    for at in FIELDS_48:
        pawns = (at, start.pawns[1]) if side == "day" else (start.pawns[0], at)
        trial = evolve(start, turn=side, pawns=pawns, entered=frozenset({at}))
        if can_cast_now(trial, spell) and first_targets(trial, spell) is not None:
            return True
    return False


def ended_by(state: State) -> str | None:
    """Why the game ended: `second_temple`, `adjudication` (Day's adjudicated win, or neither
    can still win on the board), `no_tiles` (neither side can ever have the tiles of its
    second temple), `no_change` (the board can no longer change); None while it goes on
    (end.py)."""
    if not state.over:
        return None
    if max(state.board.day_temples, state.board.night_temples) >= 2:
        return "second_temple"
    if state.verdict != "play":
        return "adjudication"
    return "no_tiles" if too_few_tiles(state) else "no_change"
