"""What a card laid on Feuer und Wasser's landscape scores, fast: the longest counting row or
the largest counting group through it (engine/feuer_und_wasser/game.py's best placement
tries every placement with it), and a player's longest row or largest group anywhere (what
the best placement leaves the other player). Pure."""

from __future__ import annotations

from engine.core import Coord


def score_placement(
    fields: dict[Coord, str], card: dict[Coord, str], player: str, mode: str
) -> tuple[int, tuple[Coord, ...]]:
    """The longest counting row or largest counting group after laying `card` (its squares and
    colours), looking only at what runs through the card: the same answer as `lay`, faster."""

    colour = {**fields, **card}.get  # the landscape with the card on top
    best: tuple[Coord, ...] = ()
    mine = [at for at, c in card.items() if c == player]
    if mode == "rows":
        walked: set[tuple[Coord, int]] = set()  # (square, direction) already in a run
        for r, c in mine:
            for dr, dc in ((0, 1), (1, 0)):
                if ((r, c), dr) in walked:
                    continue
                r0, c0 = r, c
                while colour((r0 - dr, c0 - dc)) == player:
                    r0, c0 = r0 - dr, c0 - dc
                run = []
                while colour((r0, c0)) == player:
                    run.append((r0, c0))
                    walked.add(((r0, c0), dr))
                    r0, c0 = r0 + dr, c0 + dc
                if len(run) > len(best) and any(f not in card for f in run):
                    best = tuple(run)
        return len(best), tuple(sorted(best))
    seen: set[Coord] = set()
    for start in mine:
        if start in seen:
            continue
        group, stack = [start], [start]
        seen.add(start)
        while stack:
            r, c = stack.pop()
            for near in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if near not in seen and colour(near) == player:
                    seen.add(near)
                    group.append(near)
                    stack.append(near)
        if len(group) > len(best) and any(f not in card for f in group):
            best = tuple(group)
    return len(best), tuple(sorted(best))


def longest(fields: dict[Coord, str], player: str, mode: str) -> int:
    """The player's longest row (`rows`) or largest group (`groups`) anywhere on the
    landscape, counting or not: what the player's next card could build on."""
    best = 0
    if mode == "rows":
        for (r, c), colour in fields.items():
            if colour != player:
                continue
            for dr, dc in ((0, 1), (1, 0)):
                if fields.get((r - dr, c - dc)) == player:
                    continue  # not where a run starts
                n = 1
                while fields.get((r + n * dr, c + n * dc)) == player:
                    n += 1
                best = max(best, n)
        return best
    seen: set[Coord] = set()
    for start, colour in fields.items():
        if colour != player or start in seen:
            continue
        stack, size = [start], 0
        seen.add(start)
        while stack:
            r, c = stack.pop()
            size += 1
            for near in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if near not in seen and fields.get(near) == player:
                    seen.add(near)
                    stack.append(near)
        best = max(best, size)
    return best
