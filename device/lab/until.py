"""When a run knows enough (`tabletop lab run --until WIDTH`): every headline interval (each
seat's win rate and the first mover's, of the decided games, and the share of games decided)
narrower than WIDTH. Looked at after each `EVERY` games in order (the first 50, the first
100, ...), never on whichever games finished first, so where a run stops depends on its
games alone, not on how many workers played them."""

from __future__ import annotations

from collections.abc import Sequence

from device.lab.play import Finished
from engine.strength import wilson

EVERY = 50


def widths(seats: Sequence[str], games: Sequence[Finished]) -> dict[str, float]:
    """The headline intervals' widths over `games`."""
    decided = [g for g in games if g.winner in seats]
    out = {}
    for seat in seats:
        low, high = wilson(sum(g.winner == seat for g in decided), len(decided))
        out[f"{seat} wins"] = high - low
    low, high = wilson(sum(g.winner == g.first for g in decided), len(decided))
    out["the first mover wins"] = high - low
    low, high = wilson(len(decided), len(games))
    out["games decided"] = high - low
    return out


def settled(seats: Sequence[str], games: Sequence[Finished], width: float) -> bool:
    return all(w < width for w in widths(seats, games).values())


def said(stopped: int, games: int, width: float) -> str:
    return (
        f"stopped after {stopped} of {games} games: the intervals of each seat's win rate, "
        f"the first mover's and the games decided were all narrower than {width:g} (looked "
        f"at every {EVERY} games, in order)"
    )
