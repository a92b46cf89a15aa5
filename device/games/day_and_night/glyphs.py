"""Day and Night's fields, 8x8 pixels each. Each state of a field differs from every other in at
least 3 of its 64 pixels (tested pairwise): the tile in the 6x6 middle, a temple's second ring
and a crystal in the 1-pixel margin, mystify markers in the inner corners, the pawns turning
margin pixels over (so they show on any tile), a chosen target or temple tile the whole field
inverted. The cursor is a frame just outside the field."""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from engine.core import Coord


def _square(a: int, b: int, hollow: bool) -> frozenset[Coord]:
    return frozenset(
        (r, c)
        for r in range(a, b + 1)
        for c in range(a, b + 1)
        if not hollow or r in (a, b) or c in (a, b)
    )


MARGIN, RING, BLOCK = _square(0, 7, True), _square(1, 6, True), _square(1, 6, False)
CENTRE, FULL = _square(3, 4, False), _square(0, 7, False)
TILES = {
    ".": frozenset({(3, 3)}),  # an empty field: a dot
    "d": RING,  # a Day tile: a ring
    "n": BLOCK,  # a Night tile: a block
    "f": RING | CENTRE,  # a fixed Day tile: a ring with a dot
    "D": RING | MARGIN,  # a Day temple: a double ring
    "N": FULL - CENTRE,  # a Night temple: the whole field with a hole
}
MARKERS = (  # mystify markers, one in each inner corner (4 or more: all four)
    frozenset({(2, 2), (2, 3), (3, 2)}),
    frozenset({(2, 5), (2, 4), (3, 5)}),
    frozenset({(5, 5), (5, 4), (4, 5)}),
    frozenset({(5, 2), (5, 3), (4, 2)}),
)
CRYSTAL = frozenset({(0, 5), (0, 6), (0, 7), (1, 7), (2, 7)})  # the top-right corner
PAWNS = {
    "day": frozenset(  # Day's pawn: the field's four corners
        {(0, 0), (0, 1), (1, 0), (0, 7), (0, 6), (1, 7)}
        | {(7, 0), (7, 1), (6, 0), (7, 7), (7, 6), (6, 7)}
    ),
    "night": frozenset(  # Night's pawn: the middle of each side
        {(0, 3), (0, 4), (7, 3), (7, 4), (3, 0), (4, 0), (3, 7), (4, 7)}
    ),
}


def cell_pixels(
    symbol: str,
    markers: int = 0,
    crystal: bool = False,
    pawns: Iterable[str] = (),
    chosen: bool = False,
) -> frozenset[Coord]:
    """The lit pixels (row, column) of one field's 8x8 glyph."""
    return _cell_pixels(symbol, markers, crystal, tuple(pawns), chosen)


@lru_cache(maxsize=256)
def _cell_pixels(
    symbol: str, markers: int, crystal: bool, pawns: tuple[str, ...], chosen: bool
) -> frozenset[Coord]:
    """`cell_pixels`, kept: a board of 48 fields draws a few kinds of glyph over and over."""
    lit = set(TILES[symbol])
    for corner in MARKERS[: min(markers, len(MARKERS))]:
        lit |= corner
    if crystal:
        lit |= CRYSTAL
    for side in pawns:
        lit ^= PAWNS[side]  # turned over: a pawn shows on a lit margin (a temple) too
    if chosen:
        lit ^= FULL
    return frozenset(lit)
