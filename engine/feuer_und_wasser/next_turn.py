"""What each card can score on a player's next turn: on a landscape, for each card the player
may still draw, the longest counting row (largest counting group) it makes at its best
placement (every quarter turn, every square where it covers exactly four fields). The box
looks one card ahead with it (`box_placement` in engine/feuer_und_wasser/game.py).

Exact (the same length as trying every placement with `score_placement`) and fast: the
landscape's runs or groups are counted once, each place's neighbours once for every card,
a card's own rows or clusters once per pattern, and a card stops at the first place that
nothing after it can beat. Pure."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from functools import lru_cache

from engine.core import Coord
from engine.feuer_und_wasser.landscape import COVER, Card

Shape = tuple[int, int]  # a laid card's rows, columns
SHAPES: tuple[Shape, ...] = ((2, 3), (3, 2))


def legal_squares(fields: dict[Coord, str], shape: Shape) -> list[Coord]:
    """The squares where a card of `shape` (its top-left field) covers exactly four fields,
    in reading order."""
    height, width = shape
    cells = [(dr, dc) for dr in range(height) for dc in range(width)]
    # each (field, square of the card) pair that puts that square on that field: a place is
    # counted once for every field its card covers
    covered = Counter((r - dr, c - dc) for (r, c) in fields for (dr, dc) in cells)
    return [at for at in sorted(covered) if covered[at] == COVER]


@lru_cache(maxsize=512)  # a deck's cards, asked again for every landscape the box looks at
def turns_of(card: Card) -> tuple[Card, Card, Card, Card]:
    """The card as drawn and turned one, two and three quarters clockwise."""
    once = card.turned()
    twice = once.turned()
    return (card, once, twice, twice.turned())


@lru_cache(maxsize=512)
def pattern(card: Card) -> str:
    """One name for a card and its turns (they have the same placements): the least of
    their notations."""
    return min(turned.notation() for turned in turns_of(card))


def best_lengths(
    fields: dict[Coord, str],
    player: str,
    mode: str,
    cards: Iterable[Card],
    enough: int | None = None,
) -> dict[str, int]:
    """For each of `cards` (by `pattern`), the longest counting row (`rows`) or largest
    counting group (`groups`) the player makes with it at its best placement on the
    landscape, 0 where none counts; a card reaching `enough` stops there (it is at least
    that)."""
    wanted = {pattern(card): card for card in cards}
    if not wanted:
        return {}
    places = _Places(fields, player, mode)
    return {name: places.best(card, enough) for name, card in wanted.items()}


class _Places:
    """Every legal place of each shape on one landscape, with what lies around it for the
    player, most promising first (`reach`: the most any card could make there)."""

    def __init__(self, fields: dict[Coord, str], player: str, mode: str) -> None:
        self.player, self.rows = player, mode == "rows"
        around = _RunsAround(fields, player) if self.rows else _GroupsAround(fields, player)
        self.by_shape: dict[Shape, list[tuple[int, tuple[int, ...]]]] = {}
        for shape in SHAPES:
            found = [around.at(at, shape) for at in legal_squares(fields, shape)]
            self.by_shape[shape] = sorted((p for p in found if p[0] > 0), reverse=True)
        self.sizes = tuple(around.sizes) if isinstance(around, _GroupsAround) else ()

    def best(self, card: Card, enough: int | None) -> int:
        best = 0
        for turned in turns_of(card):
            shape = (len(turned.rows), len(turned.rows[0]))
            if self.rows:
                segments = _segments(turned.rows, self.player)
                for reach, ends in self.by_shape[shape]:
                    if reach <= best:
                        break
                    for length, start, end in segments:
                        more = ends[start] + ends[end]
                        if more and length + more > best:
                            best = length + more
                    if enough is not None and best >= enough:
                        return best
            else:
                clusters = _clusters(turned.rows, self.player)
                for reach, adjacent in self.by_shape[shape]:
                    if reach <= best:
                        break
                    best = max(best, self._group(clusters, adjacent))
                    if enough is not None and best >= enough:
                        return best
        return best

    def _group(self, clusters: tuple[tuple[int, ...], ...], adjacent: tuple[int, ...]) -> int:
        """The largest counting group of one card's clusters at one place: each cluster
        with the groups beside it, clusters that share one joined. `adjacent` holds, per
        square of the card (reading order), a bit set of the groups beside it."""
        sizes = self.sizes
        joined: list[tuple[int, int]] = []  # (squares of the card, bit set of groups)
        for cluster in clusters:
            bits = 0
            for k in cluster:
                bits |= adjacent[k]
            if not bits:
                continue  # nothing beside it: it never counts, nor joins another
            squares = len(cluster)
            for other in [j for j in joined if j[1] & bits]:
                joined.remove(other)
                squares += other[0]
                bits |= other[1]
            joined.append((squares, bits))
        return max((squares + total(sizes, bits) for squares, bits in joined), default=0)


class _RunsAround:
    """The player's straight runs on the landscape: for each square of the player's colour,
    the length of its run up to it and from it, along rows and along columns."""

    def __init__(self, fields: dict[Coord, str], player: str) -> None:
        self.upto: tuple[dict[Coord, int], dict[Coord, int]] = ({}, {})
        self.onward: tuple[dict[Coord, int], dict[Coord, int]] = ({}, {})
        for (r, c), colour in fields.items():
            if colour != player:
                continue
            for way, (dr, dc) in enumerate(((0, 1), (1, 0))):
                if fields.get((r - dr, c - dc)) == player:
                    continue  # not where a run starts
                run = [(r, c)]
                while fields.get((run[-1][0] + dr, run[-1][1] + dc)) == player:
                    run.append((run[-1][0] + dr, run[-1][1] + dc))
                for k, square in enumerate(run):
                    self.upto[way][square] = k + 1
                    self.onward[way][square] = len(run) - k

    def at(self, at: Coord, shape: Shape) -> tuple[int, tuple[int, ...]]:
        """A place's reach and the runs that meet the card there: for each row of the card
        the run ending left of it and the one starting right of it, then the same above and
        below each column, and a last 0 (`_segments` indexes these)."""
        (r0, c0), (height, width) = at, shape
        left, right = self.upto[0], self.onward[0]
        up, down = self.upto[1], self.onward[1]
        ends: list[int] = []
        reach = 0
        for i in range(height):
            pair = (left.get((r0 + i, c0 - 1), 0), right.get((r0 + i, c0 + width), 0))
            ends += pair
            if pair[0] or pair[1]:
                reach = max(reach, width + pair[0] + pair[1])
        for j in range(width):
            pair = (up.get((r0 - 1, c0 + j), 0), down.get((r0 + height, c0 + j), 0))
            ends += pair
            if pair[0] or pair[1]:
                reach = max(reach, height + pair[0] + pair[1])
        ends.append(0)
        return reach, tuple(ends)


class _GroupsAround:
    """The player's groups on the landscape, numbered, with their sizes; at a place, the
    groups that lie around the card once its squares are covered (what is left of a group
    the card cuts through is numbered anew, after the others)."""

    def __init__(self, fields: dict[Coord, str], player: str) -> None:
        self.fields, self.player = fields, player
        self.group: dict[Coord, int] = {}
        self.members: list[list[Coord]] = []
        for start, colour in fields.items():
            if colour == player and start not in self.group:
                self.members.append(self._flood(start, self.group, frozenset(), len(self.members)))
        self.sizes = [len(m) for m in self.members]

    def _flood(
        self, start: Coord, number: dict[Coord, int], card: frozenset[Coord], next_number: int
    ) -> list[Coord]:
        """Give the group of `start` (not entering the card) the next number."""
        fields, player = self.fields, self.player
        number[start] = next_number
        found, stack = [start], [start]
        while stack:
            r, c = stack.pop()
            for near in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if near not in number and near not in card and fields.get(near) == player:
                    number[near] = next_number
                    found.append(near)
                    stack.append(near)
        return found

    def at(self, at: Coord, shape: Shape) -> tuple[int, tuple[int, ...]]:
        """A place's reach (the card and every group beside it) and, per square of the card
        in reading order, a bit set of the groups beside that square."""
        (r0, c0), (height, width) = at, shape
        square = [(r0 + dr, c0 + dc) for dr in range(height) for dc in range(width)]
        card = frozenset(square)
        number = self.group
        cut = {number[s] for s in square if s in number}
        if cut:  # the card covers squares of these groups: number what is left of them anew
            number = dict(number)
            for g in cut:
                for s in self.members[g]:
                    del number[s]
            for g in cut:
                for s in self.members[g]:
                    if s not in card and s not in number:
                        flooded = self._flood(s, number, card, len(self.sizes))
                        self.sizes.append(len(flooded))
        adjacent = []
        every = 0
        for r, c in square:
            bits = 0
            for near in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if near not in card and near in number:
                    bits |= 1 << number[near]
            adjacent.append(bits)
            every |= bits
        if not every:
            return 0, tuple(adjacent)
        return len(square) + total(self.sizes, every), tuple(adjacent)


def total(sizes: list[int] | tuple[int, ...], bits: int) -> int:
    """The sum of the sizes of the groups in a bit set."""
    found = 0
    while bits:
        low = bits & -bits
        found += sizes[low.bit_length() - 1]
        bits ^= low
    return found


@lru_cache(maxsize=512)
def _segments(rows: tuple[str, ...], player: str) -> tuple[tuple[int, int, int], ...]:
    """A laid card's straight runs of the player's colour that reach its edge (only those can
    join a run on the landscape): (length, the index in a place's `ends` of the run it meets
    at its start, at its end; the last index, a 0, where it meets none)."""
    height, width = len(rows), len(rows[0])
    none = 2 * (height + width)
    found = []
    lines = [(row, 2 * i) for i, row in enumerate(rows)]
    lines += [("".join(row[j] for row in rows), 2 * height + 2 * j) for j in range(width)]
    for line, index in lines:
        k = 0
        while k < len(line):
            if line[k] != player:
                k += 1
                continue
            first = k
            while k < len(line) and line[k] == player:
                k += 1
            start = index if first == 0 else none
            end = index + 1 if k == len(line) else none
            if start != none or end != none:
                found.append((k - first, start, end))
    return tuple(found)


@lru_cache(maxsize=512)
def _clusters(rows: tuple[str, ...], player: str) -> tuple[tuple[int, ...], ...]:
    """A laid card's squares of the player's colour, joined where they touch on the card:
    each cluster as the squares' indices in reading order."""
    height, width = len(rows), len(rows[0])
    todo = {r * width + c for r in range(height) for c in range(width) if rows[r][c] == player}
    found = []
    while todo:
        start = min(todo)
        todo.discard(start)
        cluster, stack = [start], [start]
        while stack:
            k = stack.pop()
            r, c = divmod(k, width)
            for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                near = rr * width + cc
                if 0 <= rr < height and 0 <= cc < width and near in todo:
                    todo.discard(near)
                    cluster.append(near)
                    stack.append(near)
        found.append(tuple(sorted(cluster)))
    return tuple(found)
