"""Day and Night's table (engine/table.py): each field's tile (empty, Day, Night, fixed Day,
a temple's), the mystify markers and crystals on it, both pawns, and each side's hand, deck
and discard pile; and what the players change on it between two states.

A tile comes onto a field (`place`, `to`: the side it shows), goes off it (`remove`), moves
(`move`) or is turned over (`turn`); a Day tile becomes fixed (`marker` "fixed": the
provisional temple marker) and 8 tiles become a temple (`marker` "temple", `where`: the
fields); mystify markers and crystals are `marker`s with the count now on the field; a pawn
moves (`move`). Cards go from the deck into the hand (`draw`) and back (`to_pile`); from the
hand onto the discards as spells cast in a turn (`play`) or at a turn's end (`discard`), and
back (`unplay`, `from_discard`).
"""

from __future__ import annotations

from typing import Any

from engine.core import Coord
from engine.day_and_night.areas import COLS, ROWS
from engine.day_and_night.state import SIDES, State, tile_at
from engine.table import Change, Table, differing

TILES = "dn"  # ordinary tiles: they come, go, move and turn
FIXED = {"f": "fixed", "D": "temple", "N": "temple"}


def table(state: State) -> Table:
    out: dict[str, Any] = {}
    markers = dict(state.mystify)
    for r in range(ROWS):
        for c in range(COLS):
            out[f"tile {r},{c}"] = tile_at(state.board, (r, c))
            out[f"markers {r},{c}"] = markers.get((r, c), 0)
            out[f"crystal {r},{c}"] = (r, c) in state.crystals
    for side in SIDES:
        out[f"pawn {side}"] = state.pawn(side)
        out[f"hand {side}"] = state.hands[side]
        out[f"deck {side}"] = state.decks[side]
        out[f"discard {side}"] = state.discards[side]
    return out


def changes(before: State, after: State) -> tuple[Change, ...]:
    a, b = table(before), table(after)
    differ = differing(a, b)
    cards = [change for side in SIDES for change in _cards(a, b, side, before.turn == after.turn)]
    played = [c for c in cards if c.kind in ("play", "unplay")]  # the spell first ...
    found = played + _tiles(before, after)  # ... then what it does
    for r in range(ROWS):
        for c in range(COLS):
            key = f"markers {r},{c}"
            if key in differ:
                found.append(Change("marker", None, "mystify", (r, c), count=b[key], places=(key,)))
            key = f"crystal {r},{c}"
            if key in differ:
                n = 1 if b[key] else 0
                found.append(Change("marker", None, "crystal", (r, c), count=n, places=(key,)))
    for side in SIDES:
        if f"pawn {side}" in differ:
            where = (f"pawn {side}",)
            found.append(
                Change("move", side, "pawn", before.pawn(side), after.pawn(side), places=where)
            )
    return tuple(found + [c for c in cards if c not in played])  # draws, discards last


def _tiles(before: State, after: State) -> list[Change]:
    """The tiles: moved (one gone, the same one come next to it), placed, removed, turned,
    fixed, made a temple (the 8 fields in one change)."""
    gone, come, found = [], [], []
    temples: dict[str, list[Coord]] = {}
    for r in range(ROWS):
        for c in range(COLS):
            at = (r, c)
            x, y = tile_at(before.board, at), tile_at(after.board, at)
            place = f"tile {r},{c}"
            if x == y:
                continue
            if y in "DN" and x not in "DN":
                temples.setdefault(y, []).append(at)
            elif x in "DN" and y not in "DN":  # a temple taken back: its tiles as they were
                temples.setdefault(x.lower(), []).append(at)
            elif y == "f" and x == "d" or x == "f" and y == "d":
                n = 1 if y == "f" else 0
                found.append(Change("marker", None, "fixed", at, y, count=n, places=(place,)))
            elif x == "." and y != ".":
                come.append((at, y))
            elif y == "." and x != ".":
                gone.append((at, x))
            else:  # Day and Night: turned over (a fixed tile turns back to Night by an undo)
                found.append(Change("turn", None, "tile", at, y, places=(place,)))
    for symbol, fields in temples.items():  # "D", "N": built; "d", "n": taken back
        side = "day" if symbol in "Dd" else "night"
        places = tuple(f"tile {r},{c}" for r, c in fields)
        built = 1 if symbol in "DN" else 0
        found.append(
            Change("marker", side, "temple", tuple(fields), symbol, count=built, places=places)
        )
    for at, symbol in list(gone):  # a tile moved one field: gone here, come next to it
        match = next(
            (
                t
                for t in come
                if t[1] == symbol and abs(t[0][0] - at[0]) + abs(t[0][1] - at[1]) == 1
            ),
            None,
        )
        if match is None:
            continue
        gone.remove((at, symbol))
        come.remove(match)
        where = (f"tile {at[0]},{at[1]}", f"tile {match[0][0]},{match[0][1]}")
        found.append(Change("move", None, "tile", at, match[0], places=where))
    for at, symbol in come:
        found.append(Change("place", None, "tile", at, symbol, places=(f"tile {at[0]},{at[1]}",)))
    for at, symbol in gone:
        found.append(Change("remove", None, "tile", at, symbol, places=(f"tile {at[0]},{at[1]}",)))
    return found


def _cards(a: Table, b: Table, side: str, same_turn: bool) -> list[Change]:
    deck, hand, discard = f"deck {side}", f"hand {side}", f"discard {side}"
    drawn = a[deck] - b[deck]
    out = b[discard] - a[discard]
    found: list[Change] = []
    touched = (hand,) if a[hand] != b[hand] else ()
    if drawn > 0:
        found.append(Change("draw", side, count=drawn, places=(deck, *touched)))
    elif drawn < 0:
        found.append(Change("to_pile", side, count=-drawn, places=(deck, *touched)))
    if out > 0:
        kind = "play" if same_turn else "discard"
        found.append(Change(kind, side, where="hand", count=out, places=(discard, *touched)))
    elif out < 0:
        kind = "unplay" if same_turn else "from_discard"
        found.append(Change(kind, side, where="hand", count=-out, places=(discard, *touched)))
    return found
