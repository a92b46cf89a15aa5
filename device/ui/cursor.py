"""A cursor that moves only over the fields where the current step is possible (any board
game's screens): `right`/`left` go to the next/previous such field in reading order,
`down`/`up` in column order, wrapping; `start` is the field the others are fewest presses
from (the 1-median under these moves). Zweimal's fields: `device/games/zweimal/cursor.py`; Day and
Night's targets and temple tiles use the same moves.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence

from engine.core import Coord

MOVES = ("up", "down", "left", "right")


def step(fields: Sequence[Coord], cursor: Coord, button: str) -> Coord:
    """The next field from `cursor` for an arrow, over `fields` (reading order)."""
    if not fields:
        return cursor
    if button in ("left", "right"):
        order = fields
        key = cursor
    else:
        order = sorted(fields, key=lambda f: (f[1], f[0]))
        key = (cursor[1], cursor[0])
    keys = [f if button in ("left", "right") else (f[1], f[0]) for f in order]
    if button in ("right", "down"):
        after = [i for i, k in enumerate(keys) if k > key]
        return order[after[0] if after else 0]
    before = [i for i, k in enumerate(keys) if k < key]
    return order[before[-1] if before else -1]


def graph(fields: list[Coord]) -> dict[Coord, tuple[Coord, ...]]:
    """Each field's four arrow neighbours within `fields` (reading order given)."""
    k = len(fields)
    columns = sorted(fields, key=lambda f: (f[1], f[0]))
    at = {f: i for i, f in enumerate(columns)}
    out: dict[Coord, tuple[Coord, ...]] = {}
    for i, f in enumerate(fields):
        j = at[f]
        out[f] = (
            columns[(j - 1) % k],
            columns[(j + 1) % k],
            fields[(i - 1) % k],
            fields[(i + 1) % k],
        )
    return out  # up, down, left, right


def distances(
    fields: list[Coord], start: Coord, table: dict[Coord, tuple[Coord, ...]] | None = None
) -> dict[Coord, int]:
    """Presses from `start` to each field (breadth-first over the four arrows)."""
    table = table or graph(fields)
    seen = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        near = table.get(here) or tuple(step(fields, here, b) for b in MOVES)
        for there in near:
            if there not in seen:
                seen[there] = seen[here] + 1
                queue.append(there)
    return seen


def start(fields: list[Coord]) -> Coord:
    """The field the others are fewest presses from, on average (ties: reading order)."""
    if not fields:
        return (0, 0)
    if len(fields) <= 2:
        return fields[0]
    table = graph(fields)
    best, best_sum = fields[0], None
    for field in fields:
        total = sum(distances(fields, field, table).values())
        if best_sum is None or total < best_sum:
            best, best_sum = field, total
    return best
