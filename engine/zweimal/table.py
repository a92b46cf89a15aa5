"""Zweimal's table (engine/table.py): the grid's road cards and figures, the figures beside
the grid and the supply of road cards (the scores are the box's); and what the players change
on it between two states.

Fields are named as the box names them (row, column from 0, as on the box's grid). A road
card laid flips its field (`lay`: a card from the supply on top; `count`: how many, a field
laid on twice shows its road as before); taken back, the top cards go back to the supply
(`take_back`); in the set-up a card is turned (`turn`). A round's end is its last step, then
the grid cleared for the next round (`clear`); taken back, the grid is laid out again as it
was scored (`restore`), then that last step is taken back.
"""

from __future__ import annotations

from typing import Any

from engine.core import evolve
from engine.table import Change, Table, differing
from engine.zweimal.position import PLAYERS, with_card


def _field(r: int, c: int) -> str:
    return f"{r},{c}"


def table(state: Any) -> Table:
    n = state.options.size
    out: dict[str, Any] = {"supply": state.supply}
    for r in range(n):
        for c in range(n):
            out[f"road {r},{c}"] = state.position.road_at((r, c))
            out[f"figure {r},{c}"] = state.position.figure_at((r, c))
            out[f"cards {r},{c}"] = state.cards_on((r, c))
    for p in ("A", "B"):
        out[f"figures {p}"] = state.figures_left(p)
    return out


def changes(before: Any, after: Any) -> tuple[Change, ...]:
    a, b = table(before), table(after)
    differ = differing(a, b)
    found: list[Change] = []
    grid = sorted(differ)
    if after.round > before.round:  # the round's last step, then the grid cleared
        end = _round_end(before, after)
        if end is not None:
            step = differing(a, table(end))  # the round's last step
            found += _figures(before, end, step)
            found += _roads(before, end, step)
        if grid:
            found.append(Change("clear", what="grid", places=tuple(grid)))
        return tuple(found)
    if after.round < before.round:  # a round's end taken back: the grid as it was scored,
        if grid:  # then its last step taken back
            found.append(Change("restore", what="grid", places=tuple(grid)))
        end = _round_end(after, before)
        if end is not None:
            step = differing(table(end), b)  # the last step, taken back
            found += _figures(end, after, step)
            found += _roads(end, after, step)
        return tuple(found)
    found += _figures(before, after, differ)
    found += _roads(before, after, differ)
    return tuple(found)


def _round_end(before: Any, after: Any) -> Any | None:
    """The grid at the end of `before`'s round, as `after` (the next round) recorded it. None
    where `before` is not the round's last step (a span of several: the grid is cleared, no
    more): the last step places or moves one figure and lays at most one card."""
    if after.round != before.round + 1 or before.phase not in ("figure", "road"):
        return None
    final = after.round_positions[-1]
    n = before.options.size
    fields = [(r, c) for r in range(n) for c in range(n)]
    flipped = [f for f in fields if final.road_at(f) != before.position.road_at(f)]
    figures = sum(final.figure_at(f) != before.position.figure_at(f) for f in fields)
    if len(flipped) > 1 or figures > 2:
        return None
    laid = with_card(before.laid, n, flipped[0]) if flipped else before.laid
    return evolve(before, position=final, supply=before.supply - len(flipped), laid=laid)


def _figures(before: Any, after: Any, differ: set[str]) -> list[Change]:
    n = before.options.size
    found: list[Change] = []
    for p in PLAYERS:
        gone = [
            (r, c)
            for r in range(n)
            for c in range(n)
            if before.position.figure_at((r, c)) == p and after.position.figure_at((r, c)) != p
        ]
        come = [
            (r, c)
            for r in range(n)
            for c in range(n)
            if after.position.figure_at((r, c)) == p and before.position.figure_at((r, c)) != p
        ]
        supply = (f"figures {p}",) if f"figures {p}" in differ else ()
        moves = min(len(gone), len(come))
        for source in gone[:moves]:  # each move to the nearest field a figure came to
            target = min(come, key=lambda t: (abs(t[0] - source[0]) + abs(t[1] - source[1]), t))
            come.remove(target)
            where = (f"figure {_field(*source)}", f"figure {_field(*target)}")
            found.append(Change("move", p, "figure", source, target, places=where))
        for at in gone[moves:]:
            found.append(
                Change("remove", p, "figure", at, places=(f"figure {_field(*at)}", *supply))
            )
        for at in come:
            found.append(
                Change("place", p, "figure", at, places=(f"figure {_field(*at)}", *supply))
            )
    return found


def _roads(before: Any, after: Any, differ: set[str]) -> list[Change]:
    """The road cards: a field with more cards on it than before had them laid (`count` of
    them; the top one shows `to`), one with fewer had its top cards taken back, one with as
    many turned (the set-up)."""
    n = before.options.size
    supply = ("supply",) if "supply" in differ else ()
    found: list[Change] = []
    moved = 0  # cards from the supply onto the grid (< 0: back)
    for at in [(r, c) for r in range(n) for c in range(n)]:
        places = tuple(p for p in (f"road {_field(*at)}", f"cards {_field(*at)}") if p in differ)
        if not places:
            continue
        now, laid = after.position.road_at(at), after.cards_on(at) - before.cards_on(at)
        moved += laid
        kind = "lay" if laid > 0 else "take_back" if laid < 0 else "turn"
        found.append(Change(kind, None, "road", at, now, abs(laid) or 1, (*places, *supply)))
    if supply and before.supply - after.supply != moved:  # (never within a round)
        found.append(Change("count", None, "road", "supply", count=after.supply, places=supply))
    return found
