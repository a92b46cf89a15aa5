"""The landscape of visible card fields, laying a card on it, and what the laying scores."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from engine.core import Coord, IllegalMove, MisuseError, NotationError, components

COLOURS = ("R", "B")
EMPTY = "."
COVER = 4  # a card must cover exactly this many visible fields
Mode = Literal["rows", "groups"]
DIVISOR: dict[str, int] = {"rows": 2, "groups": 3}


@dataclass(frozen=True, slots=True)
class Landscape:
    """The visible top field of every square that holds a card, by (row, col); may be negative."""

    fields: dict[Coord, str]

    def __hash__(self) -> int:  # dict field: hash by content
        return hash(frozenset(self.fields.items()))

    def notation(self) -> str:
        if not self.fields:
            return EMPTY
        rows = [r for r, _ in self.fields]
        cols = [c for _, c in self.fields]
        return "/".join(
            "".join(self.fields.get((r, c), EMPTY) for c in range(min(cols), max(cols) + 1))
            for r in range(min(rows), max(rows) + 1)
        )


@dataclass(frozen=True, slots=True)
class Card:
    """A card as laid (already turned): 2 rows of 3 or 3 rows of 2 fields."""

    rows: tuple[str, ...]

    def fields(self, at: Coord) -> dict[Coord, str]:
        r0, c0 = at
        return {
            (r0 + r, c0 + c): colour
            for r, row in enumerate(self.rows)
            for c, colour in enumerate(row)
        }

    def turned(self) -> Card:
        """The card turned a quarter clockwise."""
        height, width = len(self.rows), len(self.rows[0])
        return Card(
            tuple(
                "".join(self.rows[height - 1 - r][c] for r in range(height)) for c in range(width)
            )
        )

    def notation(self) -> str:
        return "/".join(self.rows)


def parse_landscape(text: str) -> Landscape:
    """Rows split by `/`, one of `R`, `B`, `.` per square, all rows equally long."""
    rows = text.strip().split("/")
    if not rows or rows == [""]:
        raise NotationError("empty board: expected rows of 'R', 'B', '.' separated by '/'")
    width = len(rows[0])
    fields: dict[Coord, str] = {}
    for r, row in enumerate(rows):
        if len(row) != width:
            raise NotationError(
                f"board row {r + 1} has {len(row)} squares, row 1 has {width}: "
                "all rows must be equally long"
            )
        for c, ch in enumerate(row):
            if ch in COLOURS:
                fields[(r, c)] = ch
            elif ch != EMPTY:
                raise NotationError(
                    f"board row {r + 1}, column {c + 1}: {ch!r} must be 'R', 'B' or '.'"
                )
    if width == 0:
        raise NotationError("board row 1 is empty")
    return Landscape(fields)


def parse_card(text: str) -> Card:
    """`RRB/BBR` (2x3) or `RB/BB/RR` (3x2): six fields, each `R` or `B`."""
    rows = tuple(text.strip().split("/"))
    shape = (len(rows), len(rows[0]) if rows else 0)
    if shape not in ((2, 3), (3, 2)) or any(len(row) != shape[1] for row in rows):
        raise NotationError(
            f"card {text!r}: a card is 2 rows of 3 fields or 3 rows of 2, e.g. 'RRB/BBR'"
        )
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            if ch not in COLOURS:
                raise NotationError(f"card row {r + 1}, field {c + 1}: {ch!r} must be 'R' or 'B'")
    return Card(rows)


@dataclass(frozen=True, slots=True)
class Placement:
    """The result of laying a card: the new landscape and what the active player scores."""

    landscape: Landscape
    length: int  # longest counting row / largest counting group, 0 if none
    cards: int  # cards to discard (also the tactician points)
    fields: tuple[Coord, ...]  # the counting row or group, empty if none


def check_cover(landscape: Landscape, card: Card, at: Coord) -> None:
    """Raise IllegalMove unless the card covers exactly four fields that hold a card."""
    covered = sum(coord in landscape.fields for coord in card.fields(at))
    if covered != COVER:
        raise IllegalMove(f"card covers {covered} fields, it must cover exactly {COVER}")


def lay(landscape: Landscape, card: Card, at: Coord, player: str, mode: Mode) -> Placement:
    """Lay `card` with its top-left field on square `at` and score it for `player`.

    Raises IllegalMove when the card does not cover exactly four fields.
    """
    if player not in COLOURS:
        raise MisuseError(f"player must be 'R' or 'B', not {player!r}")
    check_cover(landscape, card, at)
    on_card = card.fields(at)
    visible = {**landscape.fields, **on_card}
    mine = {coord for coord, colour in visible.items() if colour == player}
    areas = _runs(mine) if mode == "rows" else components(mine)
    counting = [
        a for a in areas if any(f in on_card for f in a) and any(f not in on_card for f in a)
    ]
    best = max(counting, key=len, default=frozenset())
    length = len(best)
    return Placement(Landscape(visible), length, length // DIVISOR[mode], tuple(sorted(best)))


def _runs(fields: set[Coord]) -> list[frozenset[Coord]]:
    """Every maximal horizontal and vertical straight run of the given fields."""
    runs: list[frozenset[Coord]] = []
    for step in ((0, 1), (1, 0)):
        dr, dc = step
        for r, c in fields:
            if (r - dr, c - dc) in fields:
                continue  # not the start of a run
            run = []
            while (r, c) in fields:
                run.append((r, c))
                r, c = r + dr, c + dc
            runs.append(frozenset(run))
    return runs
