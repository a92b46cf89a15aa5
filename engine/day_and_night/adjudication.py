"""Who can still win Day and Night, a draw, and Day's immediate win by fixing a tile.

The board notation (`../shared/rules/day-and-night.md`): six rows of eight characters split by
`/`: `.` empty, `d` Day tile, `n` Night tile, `f` fixed Day tile, `D` / `N` temple tiles.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from engine.core import Coord, NotationError
from engine.day_and_night.areas import (
    COLS,
    FULL,
    ROWS,
    bit,
    components,
    holds_one,
    holds_two,
    size,
    splits,
)

TEMPLE_SIZE = 8
SYMBOLS = ".dnfDN"


@dataclass(frozen=True, slots=True)
class Board:
    """The 6x8 board as one 48-bit mask per kind of field."""

    day: int = 0  # ordinary Day tiles
    night: int = 0  # ordinary Night tiles
    fixed: int = 0  # fixed Day tiles
    day_temple: int = 0
    night_temple: int = 0

    @property
    def day_temples(self) -> int:
        return size(self.day_temple) // TEMPLE_SIZE

    @property
    def night_temples(self) -> int:
        return size(self.night_temple) // TEMPLE_SIZE

    def at(self, r: int, c: int) -> str:
        b = bit(r, c)
        for symbol, mask in zip(
            "dnfDN",
            (self.day, self.night, self.fixed, self.day_temple, self.night_temple),
            strict=True,
        ):
            if mask & b:
                return symbol
        return "."

    def notation(self) -> str:
        return "/".join("".join(self.at(r, c) for c in range(COLS)) for r in range(ROWS))

    def __repr__(self) -> str:
        return f"parse_board({self.notation()!r})"


def parse_board(text: str) -> Board:
    rows = text.strip().split("/")
    if len(rows) != ROWS:
        raise NotationError(f"expected {ROWS} rows separated by '/', got {len(rows)}")
    masks = dict.fromkeys("dnfDN", 0)
    for r, row in enumerate(rows):
        if len(row) != COLS:
            raise NotationError(f"row {r + 1} has {len(row)} fields, expected {COLS}")
        for c, ch in enumerate(row):
            if ch not in SYMBOLS:
                raise NotationError(
                    f"row {r + 1}, column {c + 1}: {ch!r} must be one of . d n f D N"
                )
            if ch != ".":
                masks[ch] |= bit(r, c)
    board = Board(masks["d"], masks["n"], masks["f"], masks["D"], masks["N"])
    for name, temple in (("Day", board.day_temple), ("Night", board.night_temple)):
        count = size(temple)
        if count % TEMPLE_SIZE or count > 2 * TEMPLE_SIZE:
            raise NotationError(
                f"{name} has {count} temple tiles: a temple is {TEMPLE_SIZE} tiles, "
                "so the count must be 0, 8 or 16"
            )
        if not _is_temples(temple, count // TEMPLE_SIZE):
            raise NotationError(
                f"{name}'s {count} temple tiles do not form edge-connected temples of {TEMPLE_SIZE}"
            )
    if board.day_temples == 2 and board.night_temples == 2:
        raise NotationError("both players have two temples; the game ends at the first")
    return board


def _is_temples(mask: int, count: int) -> bool:
    parts = components(mask)
    if count == 1:
        return len(parts) == 1
    if count == 2:
        return len(parts) == 2 or (len(parts) == 1 and splits(mask))
    return True


def can_still_win(area: int, temples: int) -> bool:
    """A player with `temples` can still win if `area` holds 2 - temples disjoint 8-field sets."""
    need = 2 - temples
    if need <= 0:
        return True
    if need == 1:
        return holds_one(area)
    return holds_two(area)


@dataclass(frozen=True, slots=True)
class Verdict:
    verdict: str  # "play", "draw", "day", "night"
    day_can_win: bool
    night_can_win: bool
    winning_tiles: tuple[Coord, ...]  # ordinary Day tiles whose fixing wins for Day


def open_to_day(board: Board) -> int:
    return FULL & ~(board.day_temple | board.night_temple)


def open_to_night(board: Board) -> int:
    return open_to_day(board) & ~board.fixed


@lru_cache(maxsize=256)  # judged after every action, and again by the box for each move:
# kept small, as each board kept is objects every full pass of the garbage collector visits
def adjudicate(board: Board) -> Verdict:
    """The verdict of a position, per the rules digest's "End by adjudication"."""
    t_day, t_night = board.day_temples, board.night_temples
    day_area, night_area = open_to_day(board), open_to_night(board)
    day_can = can_still_win(day_area, t_day)
    night_can = can_still_win(night_area, t_night)
    if t_day >= 2:
        return Verdict("day", day_can, night_can, ())
    if t_night >= 2:
        return Verdict("night", day_can, night_can, ())
    if not day_can and not night_can:
        return Verdict("draw", day_can, night_can, ())
    winning: list[Coord] = []
    if day_can:
        for tile in _tiles(board.day & _tiles_that_matter(night_area, t_night, night_can)):
            if not can_still_win(night_area & ~tile, t_night):
                winning.append(divmod(tile.bit_length() - 1, COLS))
    verdict = "day" if winning else "play"
    return Verdict(verdict, day_can, night_can, tuple(winning))


def _tiles(mask: int) -> list[int]:
    found = []
    while mask:
        low = mask & -mask
        found.append(low)
        mask ^= low
    return found


def _tiles_that_matter(night_area: int, t_night: int, night_can: bool) -> int:
    """The fields whose fixing could take Night's last chance away (a quick filter)."""
    if not night_can:
        return FULL  # Night cannot win already: fixing any Day tile keeps it so
    big = [part for part in components(night_area) if size(part) >= TEMPLE_SIZE]
    if 2 - t_night == 2 and len(big) >= 3:
        return 0  # one fixed tile touches one area; two others remain
    return sum(big)
