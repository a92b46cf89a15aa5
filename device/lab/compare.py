"""Two lab runs side by side (`tabletop lab compare A B`): each headline figure of both, the
difference with its 95% interval and a two-sided test of "no difference" (two proportions:
the z test, the interval Newcombe's from the two Wilson intervals; two means: Welch's, by
the normal for the runs' sizes), said in words a designer reads."""

from __future__ import annotations

import math

from device.jsontypes import JsonObject
from engine.strength import wilson

LEVEL = 0.05  # a difference is called significant below this p


def _p(z: float) -> float:
    """The two-sided p of a standard normal `z`."""
    return math.erfc(abs(z) / math.sqrt(2))


def rates(a: JsonObject, b: JsonObject) -> JsonObject:
    """Two rates (`Rate.json`): B less A, Newcombe's interval, the z test's p."""
    pa, pb = a["rate"], b["rate"]
    la, ha = wilson(a["k"], a["n"])
    lb, hb = wilson(b["k"], b["n"])
    d = pb - pa
    low = d - math.sqrt((pb - lb) ** 2 + (ha - pa) ** 2)
    high = d + math.sqrt((hb - pb) ** 2 + (pa - la) ** 2)
    n = a["n"] + b["n"]
    pooled = (a["k"] + b["k"]) / n if n else 0.0
    se = math.sqrt(pooled * (1 - pooled) * (1 / a["n"] + 1 / b["n"])) if a["n"] and b["n"] else 0
    p = _p(d / se) if se else 1.0
    return {"a": pa, "b": pb, "difference": d, "low": low, "high": high, "p": p}


def means(a: JsonObject, b: JsonObject) -> JsonObject:
    """Two means (`Spread.json`): B less A, its interval and Welch's p."""
    d = b["mean"] - a["mean"]
    se = math.sqrt(a["sd"] ** 2 / max(1, a["n"]) + b["sd"] ** 2 / max(1, b["n"]))
    p = _p(d / se) if se else (1.0 if d == 0 else 0.0)
    return {"a": a["mean"], "b": b["mean"], "difference": d, "low": d - 1.96 * se,
            "high": d + 1.96 * se, "p": p}  # fmt: skip


def compare(a: JsonObject, b: JsonObject) -> list[JsonObject]:
    """The headline figures of two runs' figures (`figures.figures`), each compared."""
    out = []
    for seat in a["win_rate_by_seat"]:
        if seat in b["win_rate_by_seat"]:
            diff = rates(a["win_rate_by_seat"][seat], b["win_rate_by_seat"][seat])
            out.append({"figure": f"{seat} wins", "kind": "rate", **diff})
    for agent in a["win_rate_by_agent"]:
        if agent in b["win_rate_by_agent"]:
            diff = rates(a["win_rate_by_agent"][agent], b["win_rate_by_agent"][agent])
            out.append({"figure": f"{agent} wins", "kind": "rate", **diff})
    for key, name in (("first_mover_wins", "the first mover wins"),
                      ("completion", "games decided"), ("drawishness", "games drawn"),
                      ("capped", "games capped")):  # fmt: skip
        out.append({"figure": name, "kind": "rate", **rates(a[key], b[key])})
    for key, name in (("moves", "moves a game"), ("lead_changes", "lead changes a game"),
                      ("decisiveness", "decisiveness")):  # fmt: skip
        out.append({"figure": name, "kind": "mean", **means(a[key], b[key])})
    cards_a = {c["card"]: c for c in a["cards"]}
    for card in b["cards"]:
        if card["card"] in cards_a:
            diff = rates(cards_a[card["card"]]["played"], card["played"])
            out.append({"figure": f"{card['card']}: its side wins", "kind": "rate", **diff})
    return out


def said(row: JsonObject) -> str:
    """One compared figure in words: "Night wins 8 points more often in B: 58% [..] against
    50% (difference +8 points [+4, +12], p 0.0003: significant)"."""
    sure = "significant" if row["p"] < LEVEL else "not significant"
    if row["kind"] == "rate":
        points = row["difference"] * 100
        way = "more" if points > 0 else "less"
        unit = "point" if round(abs(points)) == 1 else "points"
        head = (
            f"{row['figure']}: {abs(points):.0f} {unit} {way} often in B"
            if round(points)
            else f"{row['figure']}: as often in both"
        )
        return (
            f"{head}: {row['b']:.0%} against {row['a']:.0%} (difference {points:+.1f} points "
            f"[{row['low'] * 100:+.1f}, {row['high'] * 100:+.1f}], p {row['p']:.2g}: {sure})"
        )
    return (
        f"{row['figure']}: {row['b']:.2f} in B against {row['a']:.2f} (difference "
        f"{row['difference']:+.2f} [{row['low']:+.2f}, {row['high']:+.2f}], p {row['p']:.2g}: "
        f"{sure})"
    )
