"""The table: what lies on it, and what the players change on it between two states.

The box is a companion to a physical board: the players trust the pieces on the table, and
the box is only right if the table matches it. Each game says what its public state is as a
table (`Game.table(state)`: a place -> what lies or stands there: a field's piece, a pile's
count, a hand's count, points written down) and, for any two of its states (an action, several
actions, or back again by an undo), what the players change on the table to go from one to
the other (`Game.changes(before, after)`): a list of `Change`s in the game's own terms, each
one thing a player does with the pieces. The box's screens say each change as one line (the
box's move, an undo with everything it took along, a discard, a card to put back).

Every difference of two tables is in their changes: each change names the places it accounts
for (`places`), and together they account for every place that differs, and for no other
(`unaccounted`, checked by the conformance suite for every game).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

Table = Mapping[str, Any]  # place -> what lies there (hashable: a count, a piece, a tuple)

# What a change does, as the players do it with the pieces (a closed set: the screens say
# each kind in words):
KINDS = (
    "place",  # a piece (`what`) from the seat's supply onto a field (`where`)
    "remove",  # a piece off a field, back to the seat's supply
    "move",  # a piece from a field (`where`) to another (`to`)
    "lay",  # a card from a hand or supply onto the table (`where`; `to`: how it lies)
    "take_back",  # a card off the table, back where it came from (the inverse of `lay`)
    "turn",  # a tile or card on the table turned over or round (`to`: how it lies now)
    "draw",  # `count` cards from the seat's draw pile into the hand
    "to_pile",  # `count` cards from the hand back onto the draw pile (a draw taken back)
    "discard",  # `count` cards (`what`: one card, or "" for any) from `where` to the discards
    "from_discard",  # `count` cards back from the discards to `where` (a discard taken back)
    "play",  # a card from the hand, played and onto the discards (a spell)
    "unplay",  # a played card back from the discards into the hand
    "points",  # the seat's points (`where`: which) written anew: `count` is the new value
    "count",  # a pile or supply (`where`) of `what` holds `count` now (cards laid and taken
    # back in ways the two states cannot tell apart)
    "marker",  # markers on a field (`where`): `count` is how many lie there now
    "clear",  # the table cleared for a new round (`what`: what is taken off)
    "restore",  # the table laid out again as the box shows it (a round's end taken back)
    "set",  # anything else: `where` holds `to` now (a game without its own changes)
)


@dataclass(frozen=True, slots=True)
class Change:
    """One change on the table that the players make with the pieces (see KINDS). `seat`:
    whose piece, card or points (None: nobody's, a neutral tile); `what`: the piece or card
    in the game's terms; `where`, `to`: places in the game's terms (a field, "hand", "pile");
    `count`: how many (cards), or the new value (points, markers); `places`: the table's
    places this change accounts for."""

    kind: str
    seat: str | None = None
    what: str = ""
    where: Any = None
    to: Any = None
    count: int = 1
    places: tuple[str, ...] = ()


def differing(before: Table, after: Table) -> set[str]:
    """The places whose content differs (a place missing from one table holds nothing)."""
    return {k for k in set(before) | set(after) if before.get(k) != after.get(k)}


def unaccounted(
    before: Table, after: Table, changes: Iterable[Change]
) -> tuple[set[str], set[str]]:
    """(places that differ and no change accounts for, places a change names that do not
    differ): both empty when the changes say every difference and nothing else."""
    named: set[str] = set()
    for change in changes:
        named.update(change.places)
    differ = differing(before, after)
    return differ - named, named - differ


def counted(
    before: Table, after: Table, place: str, seat: str | None, up: str, down: str
) -> list[Change]:
    """A count on the table (a pile, a hand, the discards) that went up or down: one change
    of kind `up` or `down` for the difference."""
    a, b = before.get(place, 0), after.get(place, 0)
    assert isinstance(a, int) and isinstance(b, int)
    if a == b:
        return []
    if b > a:
        return [Change(up, seat, count=b - a, places=(place,))]
    return [Change(down, seat, count=a - b, places=(place,))]


def multiset(items: Iterable[Hashable]) -> tuple[tuple[Hashable, int], ...]:
    """Items with their counts, sorted: a table's content where order does not matter."""
    found: dict[Hashable, int] = {}
    for item in items:
        found[item] = found.get(item, 0) + 1
    return tuple(sorted(found.items(), key=repr))


def gone_and_come(
    before: tuple[tuple[Any, int], ...], after: tuple[tuple[Any, int], ...]
) -> tuple[list[Any], list[Any]]:
    """The items of two multisets that went (one per copy) and that came."""
    a, b = dict(before), dict(after)
    gone = [k for k in a for _ in range(a[k] - b.get(k, 0))]
    come = [k for k in b for _ in range(b[k] - a.get(k, 0))]
    return gone, come
