"""Temples (8 connected tiles; a choice when more connect) and Day's upkeep of the mystify
markers (the verdict after every change: end.py)."""

from __future__ import annotations

from engine.core import Coord, evolve
from engine.day_and_night.adjudication import TEMPLE_SIZE, Board
from engine.day_and_night.areas import bit, components, fields_of, size
from engine.day_and_night.spells import Effect
from engine.day_and_night.state import (
    OTHER,
    Pending,
    State,
    Temple,
    set_tile,
)

# --- temples and the verdict ----------------------------------------------------------------


def own_tiles(board: Board, side: str) -> int:
    return (board.day | board.fixed) if side == "day" else board.night


def build_temples(state: State, rest: tuple[tuple[Effect, tuple[Coord, ...]], ...] = ()) -> State:
    """Make every area of 8 connected tiles a temple (the active side first); more than 8:
    play pauses for the choice. Once a side has its second temple the game is decided and
    no more temples are built (the end itself is decided when the action is done)."""
    for side in (state.turn, OTHER[state.turn]):
        own = own_tiles(state.board, side)
        if size(own) < TEMPLE_SIZE:  # too few tiles for a temple (most boards, most sides)
            continue
        for part in components(own):
            n = size(part)
            if n < TEMPLE_SIZE:
                continue
            if _decided(state.board):
                return state
            if n == TEMPLE_SIZE:
                state = build_temple(state, side, part)
            elif n > TEMPLE_SIZE:
                return evolve(state, pending=Pending(side, part, tuple(rest)))
    return state


def _decided(board: Board) -> bool:
    return board.day_temples >= 2 or board.night_temples >= 2


def build_temple(state: State, side: str, mask: int) -> State:
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
    return evolve(state, board=board, crystals=crystals, mystify=tuple(sorted(markers.items())))


def day_upkeep(
    board: Board, mystify: tuple[tuple[Coord, int], ...]
) -> tuple[Board, tuple[tuple[Coord, int], ...], tuple[Coord, ...], tuple[Coord, ...]]:
    """One marker off each mystified tile; the last one fixes it."""
    markers, removed, fixed = {}, [], []
    for at, n in mystify:
        removed.append(at)
        if n > 1:
            markers[at] = n - 1
        else:
            fixed.append(at)
            board = set_tile(board, at, "f")
    return board, tuple(sorted(markers.items())), tuple(removed), tuple(fixed)


def temple_choices(state: State) -> list[Temple]:
    """A few ways to pick 8 connected tiles out of the pending area (grown from each tile)."""
    assert state.pending is not None  # only asked while a temple is to be chosen
    area = state.pending.area
    tiles = fields_of(area)
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
