"""Two runs of the same games compared game by game (`tabletop lab compare` when both runs
played the same game numbers with the same agents and seeds: the same deals where the decks
allow, engine/strength.py `shuffled`). Each figure is a value of each game (a seat's or an
agent's score: a win 1, a draw half, a loss 0; a game decided, drawn, capped: 1 or 0; its
moves); the difference is the mean of the games' differences, its 95% interval the normal
one of that mean (a paired interval), beside the interval the same games would give taken
as two independent samples, and the games an unpaired comparison would need, a side, for
the paired width: n times the square of the widths' ratio."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from device.jsontypes import JsonObject
from device.lab.play import Finished, Spec

Z = 1.96
Value = Callable[[Finished], float]


def pairable(a: Spec, b: Spec) -> bool:
    """Whether two runs' games pair: the same game, agents, first seed and hands (their
    options, the deck, may differ: that is what is compared)."""
    return (a.game, a.agents, a.seed, a.hands) == (b.game, b.agents, b.seed, b.hands)


def score(game: Finished, seat: str) -> float:
    """A seat's score in a game: a win 1, a draw (a capped game too) half, a loss 0."""
    if game.winner == seat:
        return 1.0
    return 0.5 if game.winner not in dict(game.seats) else 0.0


def values(seats: Sequence[str], agents: Sequence[str]) -> list[tuple[str, str, Value]]:
    """The figures compared game by game: (figure, kind, the value of a game)."""

    def seat_score(seat: str) -> Value:
        return lambda g: score(g, seat)

    def agent_score(agent: str) -> Value:
        return lambda g: score(g, next(s for s, a in g.seats if a == agent))

    found: list[tuple[str, str, Value]] = [
        (f"{seat}'s score", "score", seat_score(seat)) for seat in seats
    ]
    if len(set(agents)) == len(agents):  # (one agent in both seats: the seats say it)
        found += [(f"{a}'s score", "score", agent_score(a)) for a in agents]
    found += [
        ("the first mover's score", "score", lambda g: score(g, g.first)),
        ("games decided", "score", lambda g: float(g.winner in dict(g.seats))),
        ("games drawn", "score", lambda g: float(g.winner == "")),
        ("games capped", "score", lambda g: float(g.winner == "capped")),
        ("moves a game", "mean", lambda g: float(g.moves)),
    ]
    return found


def matched(a: Sequence[Finished], b: Sequence[Finished]) -> list[tuple[Finished, Finished]]:
    """The games both runs finished, each as (A's, B's), by their number."""
    by_b = {g.index: g for g in b}
    return [(g, by_b[g.index]) for g in sorted(a, key=lambda g: g.index) if g.index in by_b]


def _mean_sd(xs: Sequence[float]) -> tuple[float, float]:
    n = len(xs)
    mean = sum(xs) / n
    var = sum((x - mean) ** 2 for x in xs) / (n - 1) if n > 1 else 0.0
    return mean, math.sqrt(var)


def difference(name: str, kind: str, a: Sequence[float], b: Sequence[float]) -> JsonObject:
    """B less A over the same games, paired and (the same games) unpaired."""
    n = len(a)
    diffs = [y - x for x, y in zip(a, b, strict=True)]
    mean_a, sd_a = _mean_sd(a)
    mean_b, sd_b = _mean_sd(b)
    d, sd_d = _mean_sd(diffs)
    paired = sd_d / math.sqrt(n)
    unpaired = math.sqrt((sd_a**2 + sd_b**2) / n)
    p = math.erfc(abs(d / paired) / math.sqrt(2)) if paired else (1.0 if d == 0 else 0.0)
    needed = n * (unpaired / paired) ** 2 if paired else None
    return {
        "figure": name, "kind": kind, "games": n, "a": mean_a, "b": mean_b, "difference": d,
        "low": d - Z * paired, "high": d + Z * paired, "p": p,
        "unpaired_low": d - Z * unpaired, "unpaired_high": d + Z * unpaired,
        "unpaired_games": needed, "identical": all(x == 0 for x in diffs),
    }  # fmt: skip


def compare(
    seats: Sequence[str], agents: Sequence[str], a: Sequence[Finished], b: Sequence[Finished]
) -> list[JsonObject]:
    """Each figure of the games both runs finished (by number), B less A, paired."""
    both = matched(a, b)
    if len(both) < 2:
        return []
    return [
        difference(name, kind, [value(x) for x, _ in both], [value(y) for _, y in both])
        for name, kind, value in values(seats, agents)
    ]


def said(row: JsonObject) -> str:
    """One paired figure in words: "night's score: 3.5 points higher in B: 55% against 51%
    (difference +3.5 points [+1.2, +5.8], p 0.003: significant; paired over 400 games: an
    unpaired comparison would need 2,310 games a side for this width)"."""
    if row["identical"]:
        return f"{row['figure']}: the same in every one of the {row['games']} games"
    sure = "significant" if row["p"] < 0.05 else "not significant"
    scale, unit = (100, " points") if row["kind"] == "score" else (1, "")
    d = row["difference"] * scale
    way = "higher" if d > 0 else "lower"
    head = f"{abs(d):.1f}{unit} {way} in B" if round(d, 1) else "as high in both"
    shown = (
        (f"{row['b']:.0%}", f"{row['a']:.0%}")
        if row["kind"] == "score"
        else (f"{row['b']:.2f}", f"{row['a']:.2f}")
    )
    needed = row["unpaired_games"]
    unpaired = (
        f"an unpaired comparison would need {needed:,.0f} games a side for this width"
        if needed is not None
        else "no unpaired comparison reaches this width"
    )
    return (
        f"{row['figure']}: {head}: {shown[0]} against {shown[1]} (difference {d:+.1f}{unit}"
        f" [{row['low'] * scale:+.1f}, {row['high'] * scale:+.1f}], p {row['p']:.2g}: {sure};"
        f" paired over {row['games']} games: {unpaired})"
    )
