"""A Zweimal position (road orientations and figures), its notation, its roads and its score."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache

from engine.core import Coord, MisuseError, NotationError

HORIZONTAL = "-"
VERTICAL = "|"
PLAYERS = ("A", "B")
EMPTY = "."
FIGURES_PER_PLAYER = 8
SIZES = (4, 5)


@dataclass(frozen=True, slots=True)
class Position:
    """Orientations and occupants of a square grid, row by row (`.` for no figure)."""

    roads: tuple[str, ...]  # one string per row of "-" and "|"
    figures: tuple[str, ...]  # one string per row of "A", "B", "."

    @property
    def size(self) -> int:
        return len(self.roads)

    def figure_at(self, coord: Coord) -> str:
        return self.figures[coord[0]][coord[1]]

    def road_at(self, coord: Coord) -> str:
        return self.roads[coord[0]][coord[1]]

    def count(self, player: str) -> int:
        return sum(row.count(player) for row in self.figures)

    def notation(self) -> str:
        return "/".join(
            "".join(o + f for o, f in zip(ro, fi, strict=True))
            for ro, fi in zip(self.roads, self.figures, strict=True)
        )

    def __repr__(self) -> str:
        return f"parse_position({self.notation()!r})"


def with_card(laid: tuple[int, ...], size: int, field: Coord) -> tuple[int, ...]:
    """Cards laid per field, row by row (empty: none), with one more on `field`."""
    counts = list(laid or (0,) * (size * size))
    counts[field[0] * size + field[1]] += 1
    return tuple(counts)


def parse_position(text: str) -> Position:
    """Read the notation of `../shared/rules/zweimal.md`: rows split by `/`, two chars a field."""
    text = text.strip()
    if not text:
        raise NotationError("empty notation: expected rows like '-A|.-B|.' separated by '/'")
    rows = text.split("/")
    if len(rows) not in SIZES:
        raise NotationError(
            f"expected 4 or 5 rows separated by '/' (a 4x4 or 5x5 grid), got {len(rows)}"
        )
    size = len(rows)
    roads: list[str] = []
    figures: list[str] = []
    for r, row in enumerate(rows):
        if len(row) != 2 * size:
            raise NotationError(
                f"row {r + 1} has {len(row)} characters, expected {2 * size} "
                f"(two per field on a {size}x{size} grid)"
            )
        orientation = row[0::2]
        occupant = row[1::2]
        for c, ch in enumerate(orientation):
            if ch not in (HORIZONTAL, VERTICAL):
                raise NotationError(f"row {r + 1}, field {c + 1}: road {ch!r} must be '-' or '|'")
        for c, ch in enumerate(occupant):
            if ch not in (*PLAYERS, EMPTY):
                raise NotationError(
                    f"row {r + 1}, field {c + 1}: occupant {ch!r} must be 'A', 'B' or '.'"
                )
        roads.append(orientation)
        figures.append(occupant)
    position = Position(tuple(roads), tuple(figures))
    for player in PLAYERS:
        if position.count(player) > FIGURES_PER_PLAYER:
            raise NotationError(
                f"player {player} has {position.count(player)} figures; "
                f"each player has {FIGURES_PER_PLAYER}"
            )
    return position


@dataclass(frozen=True, slots=True)
class Road:
    """A maximal straight run of same-orientation fields (a lone field is a road of length 1)."""

    orientation: str
    fields: tuple[Coord, ...]

    @property
    def length(self) -> int:
        return len(self.fields)


def roads(position: Position) -> list[Road]:
    """Every road of the position; each field belongs to exactly one. Row-major order of starts."""
    return list(_roads(position.roads))


@lru_cache(maxsize=4096)
def _roads(grid: tuple[str, ...]) -> tuple[Road, ...]:
    """The roads of a grid of orientations, found once per grid: the search scores thousands
    of positions a move, most of them on the same few grids (only a lay turns a field)."""
    n = len(grid)
    found: list[Road] = []
    seen: set[Coord] = set()
    for r in range(n):
        for c in range(n):
            if (r, c) in seen:
                continue
            o = grid[r][c]
            dr, dc = (0, 1) if o == HORIZONTAL else (1, 0)
            run = []
            rr, cc = r, c
            while rr < n and cc < n and grid[rr][cc] == o:
                run.append((rr, cc))
                rr, cc = rr + dr, cc + dc
            seen.update(run)
            found.append(Road(o, tuple(run)))
    return tuple(found)


def road_of(position: Position, coord: Coord) -> Road:
    """The road the field `coord` belongs to."""
    for road in _roads(position.roads):
        if coord in road.fields:
            return road
    raise MisuseError(f"{coord} is not on the grid")  # pragma: no cover - caller's bug


@dataclass(frozen=True, slots=True)
class RoadScore:
    road: Road
    figures: dict[str, int]
    winner: str | None
    points: int


def _majority(road: Road, figures: tuple[str, ...]) -> tuple[int, int, str | None, int]:
    """A road's figures of A and B, who holds the strict majority (None on a tie) and the
    points: the road's length x the majority holder's figures."""
    a = b = 0
    for r, c in road.fields:
        occupant = figures[r][c]
        a += occupant == "A"
        b += occupant == "B"
    if a == b:
        return a, b, None, 0
    return a, b, ("A" if a > b else "B"), len(road.fields) * max(a, b)


def score_roads(position: Position) -> list[RoadScore]:
    """Each road with its figure counts and who scores it: strictly more figures wins."""
    result = []
    for road in _roads(position.roads):
        a, b, winner, points = _majority(road, position.figures)
        result.append(RoadScore(road, {"A": a, "B": b}, winner, points))
    return result


def score(position: Position) -> dict[str, int]:
    """Points of each player: for every road, length x figures of the strict majority holder
    (`score_roads` without the breakdown: the search's evaluation, thousands a move)."""
    totals = dict.fromkeys(PLAYERS, 0)
    for road in _roads(position.roads):
        _, _, winner, points = _majority(road, position.figures)
        if winner is not None:
            totals[winner] += points
    return totals


def reach(position: Position, left: Mapping[str, int]) -> dict[str, int]:
    """The majorities each player can still reach: for every road, the points it would score
    there with every field still free taken by its own figures (at most the figures it has
    `left`), where that would give it the majority (`Zweimal.standing`)."""
    totals = dict.fromkeys(PLAYERS, 0)
    for road in _roads(position.roads):
        a, b, _, _ = _majority(road, position.figures)
        free = sum(position.figures[r][c] == EMPTY for r, c in road.fields)
        for player, own, theirs in (("A", a, b), ("B", b, a)):
            most = own + min(free, left[player])
            if most > theirs:
                totals[player] += road.length * most
    return totals
