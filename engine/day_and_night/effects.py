"""What a spell's effects do to the state, each checked (the rules digest's "Spell cards"), and
a spell's prerequisite."""

from __future__ import annotations

from collections.abc import Callable

from engine.contract import Scores
from engine.core import Coord, IllegalMove, evolve
from engine.day_and_night.spells import Effect, Spell
from engine.day_and_night.state import (
    State,
    adjacent,
    on_board,
    set_tile,
    tile_at,
)


def affectable(state: State, side: str, at: Coord, what: str) -> None:
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
    return evolve(state, mystify=tuple(sorted((k, v) for k, v in markers.items() if v > 0)))


def apply_effect(state: State, side: str, effect: Effect, targets: tuple[Coord, ...]) -> State:
    """One effect of a spell on the state (targets checked); raises IllegalMove."""
    do = _EFFECTS.get(effect.kind)
    if do is None:  # pragma: no cover
        raise IllegalMove(f"unknown effect {effect.kind!r}", "unknown_action")
    return do(state, side, effect, targets)


def _own_tile(side: str) -> str:
    return "d" if side == "day" else "n"


def _place(state: State, side: str, effect: Effect, targets: tuple[Coord, ...]) -> State:
    """A tile (the side's own colour, or the effect's) on each empty target field."""
    colour = _own_tile(side) if effect.colour in ("", "own") else effect.colour[0]
    board = state.board
    for at in targets:
        if not on_board(at) or tile_at(board, at) != ".":
            raise IllegalMove(f"place: {at} is not an empty field", "target_not_empty")
        if effect.adjacent and not adjacent(at, state.pawn(side)):
            raise IllegalMove(f"place: {at} is not next to your pawn", "target_not_adjacent")
        board = set_tile(board, at, colour)
    return evolve(state, board=board)


def _flip(state: State, side: str, effect: Effect, targets: tuple[Coord, ...]) -> State:
    """Each target tile turns over: either way, or (with a colour) only into that colour."""
    to = {"": "", "own": _own_tile(side)}.get(effect.colour, effect.colour[:1])  # "": either way
    for at in targets:
        affectable(state, side, at, "flip")
        symbol = tile_at(state.board, at)
        if symbol not in "dn":
            raise IllegalMove(f"flip: no tile on {at}", "target_no_tile")
        if to and symbol == to:
            colour = "Day" if to == "d" else "Night"
            raise IllegalMove(f"flip: the tile on {at} is {colour} already", "target_colour")
        markers = _markers(state)
        markers.pop(at, None)  # a mystified tile that turns to Night loses its markers
        crystals = state.crystals - {at}
        flipped = evolve(state, board=set_tile(state.board, at, "n" if symbol == "d" else "d"))
        state = evolve(_with_markers(flipped, markers), crystals=crystals)
    return state


def _move_tile(state: State, side: str, effect: Effect, targets: tuple[Coord, ...]) -> State:
    """A tile moves one field to an empty one, taking its markers and crystal along."""
    source, target = targets
    board = state.board
    affectable(state, side, source, "move")
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
    moved = evolve(state, board=set_tile(set_tile(board, source, "."), target, symbol))
    return evolve(_with_markers(moved, markers), crystals=crystals)


def _move_pawn(state: State, side: str, effect: Effect, targets: tuple[Coord, ...]) -> State:
    """The side's pawn moves one field, never onto a field it entered this turn."""
    (at,) = targets
    here = state.pawn(side)
    if not on_board(at) or not adjacent(at, here):
        raise IllegalMove("the pawn moves one field, not diagonally", "target_not_adjacent")
    if side == "day" and here in state.crystals:
        raise IllegalMove("a Day pawn on a crystal cannot leave", "pawn_held")
    if at in state.entered:  # "ein Feld niemals zweimal betreten"
        raise IllegalMove("that field was entered this turn", "entered_twice")
    pawns = (at, state.pawns[1]) if side == "day" else (state.pawns[0], at)
    return evolve(state, pawns=pawns, entered=state.entered | {at})


def _mystify(state: State, side: str, effect: Effect, targets: tuple[Coord, ...]) -> State:
    """The effect's count of markers on one ordinary Day tile."""
    (at,) = targets
    affectable(state, side, at, "mystify")
    if tile_at(state.board, at) != "d":
        raise IllegalMove(f"mystify: no ordinary Day tile on {at}", "target_not_day")
    markers = _markers(state)
    markers[at] = markers.get(at, 0) + effect.count
    return _with_markers(state, markers)


def _crystallize(state: State, side: str, effect: Effect, targets: tuple[Coord, ...]) -> State:
    """A crystal on each target, each an ordinary Night tile, each once."""
    if len(set(targets)) != len(targets):
        raise IllegalMove("crystallize: each tile once", "target_twice")
    for at in targets:
        affectable(state, side, at, "crystallize")
        if tile_at(state.board, at) != "n":
            raise IllegalMove(f"crystallize: no ordinary Night tile on {at}", "target_not_night")
    return evolve(state, crystals=state.crystals | set(targets))


def _draw(state: State, side: str, effect: Effect, targets: tuple[Coord, ...]) -> State:
    return draw_spells(state, side, effect.count)


_EFFECTS: dict[str, Callable[[State, str, Effect, tuple[Coord, ...]], State]] = {
    "place": _place,
    "flip": _flip,
    "move_tile": _move_tile,
    "move_pawn": _move_pawn,
    "mystify": _mystify,
    "crystallize": _crystallize,
    "draw": _draw,
}  # what each kind of effect does (engine/day_and_night/spells.py lists the kinds)


def draw_spells(state: State, side: str, n: int) -> State:
    n = min(n, state.decks[side])
    hands, decks = dict(state.hands), dict(state.decks)
    hands[side] += n
    decks[side] -= n
    return evolve(state, hands=Scores(hands), decks=Scores(decks), draws=state.draws + n)


def check_prerequisite(state: State, side: str, spell: Spell) -> None:
    under = tile_at(state.board, state.pawn(side))
    own = "dfD" if side == "day" else "nN"
    if spell.prerequisite == "pawn_on_own" and under not in own:
        raise IllegalMove(f"{spell.name}: your pawn must stand on your tile", "prerequisite")
    if spell.prerequisite == "pawn_on_empty" and under != ".":
        raise IllegalMove(f"{spell.name}: your pawn must stand on an empty field", "prerequisite")
