"""A lab run's report (`tabletop lab report DIR`): its figures (device/lab/figures.py) as one
self-contained HTML page with plots (matplotlib, drawn to PNG and put in the page), as JSON
and as CSV (a game a row, a card a row) for notebooks."""

from __future__ import annotations

import base64
import csv
import io
import json
from html import escape
from pathlib import Path
from typing import Any

from device.jsontypes import JsonObject
from device.lab.figures import figures
from device.lab.play import Finished, Spec
from engine.contract import AnyGame


def write(
    folder: Path, out: Path, engine: AnyGame, spec: Spec, games: list[Finished], rule: str = ""
) -> Path:
    """The report of `games` into `out` (report.html, report.json, games.csv, cards.csv);
    the page's path. `rule`: how the run stopped, where its rule stopped it."""
    found = figures(engine, spec, games)
    found["stopped"] = rule
    out.mkdir(parents=True, exist_ok=True)
    (out / "report.json").write_text(json.dumps(found, indent=1, ensure_ascii=False) + "\n")
    with (out / "games.csv").open("w", newline="") as f:
        w = csv.writer(f)
        players = list(engine.players)
        w.writerow(["game", "seed", *[f"agent {s}" for s in players], "winner", "moves",
                    "actions", "first", *[f"points {s}" for s in players]])  # fmt: skip
        for g in games:
            seats, points = dict(g.seats), dict(g.points)
            w.writerow([g.index, g.seed, *[seats[s] for s in players], g.winner, g.moves,
                        g.actions, g.first, *[points[s] for s in players]])  # fmt: skip
    with (out / "cards.csv").open("w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["card", "played in", "its side won", "held in", "its side won", "shift"])
        for c in found["cards"]:
            held = c["held"] or {"n": "", "rate": ""}
            w.writerow([c["card"], c["played"]["n"], c["played"]["rate"], held["n"],
                        held["rate"], c["shift"]])  # fmt: skip
    page = out / "report.html"
    page.write_text(_html(found, folder, [g.moves for g in games]))
    return page


def _html(found: JsonObject, folder: Path, moves: list[int]) -> str:
    title = f"Lab: {found['game']} — {' vs '.join(found['agents'])}, {found['games']} games"
    options = " ".join(f"{k}={v}" for k, v in found["options"].items()) or "the defaults"
    rows = [
        ("Completion (decided games)", _rate(found["completion"])),
        ("Drawishness (drawn by the rules)", _rate(found["drawishness"])),
        ("Capped (still open after 2,000 actions)", _rate(found["capped"])),
        ("The first mover wins (decided games)", _rate(found["first_mover_wins"])),
        ("First-player advantage", f"{found['first_player_advantage']:+.1%}"),
        ("Balance (1 − the seats' win rates apart)", f"{found['balance']:.2f}"),
        ("Moves a game", _spread(found["moves"])),
        ("Actions a game (the table's steps too)", _spread(found["actions"])),
        ("Lead changes a game", _spread(found["lead_changes"])),
        ("Decisiveness (the share of a game its winner led to the end)",
         _spread(found["decisiveness"])),
    ]  # fmt: skip
    rows += [(f"Seat {s} wins", _rate(r)) for s, r in found["win_rate_by_seat"].items()]
    rows += [(f"{a} wins", _rate(r)) for a, r in found["win_rate_by_agent"].items()]
    table = "".join(f"<tr><th>{escape(k)}</th><td>{escape(v)}</td></tr>" for k, v in rows)
    cards = "".join(
        f"<tr><td>{escape(c['card'])}</td><td>{_rate(c['played'])}</td>"
        f"<td>{_rate(c['held']) if c['held'] else '–'}</td><td>{c['shift']:+.1%}</td></tr>"
        for c in found["cards"][:30]
    )
    plots = "".join(
        f'<figure><img alt="{escape(name)}" src="data:image/png;base64,{data}">'
        f"<figcaption>{escape(name)}</figcaption></figure>"
        for name, data in _plots(found, moves)
    )
    stopped = f" The run {escape(found['stopped'])}." if found["stopped"] else ""
    card_part = (
        "<h2>Cards (the 30 that shift the win rate most)</h2><table><tr><th>card</th>"
        "<th>its side won, when played</th><th>when held</th><th>shift</th></tr>"
        f"{cards}</table>"
        if cards
        else ""
    )
    return (
        f'<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{escape(title)}'
        "</title><style>body{font-family:system-ui,sans-serif;max-width:960px;margin:auto;"
        "padding:8px}table{border-collapse:collapse}td,th{border-bottom:1px solid #ddd;"
        "padding:3px 8px;text-align:left}img{max-width:100%}figure{margin:8px 0}</style>"
        f"</head><body><h1>{escape(title)}</h1><p>Options: {escape(options)}; seed "
        f"{found['seed']}; hands {'as at a table' if found['hands'] else 'open'}; from "
        f"{escape(str(folder))}. Each rate with its 95% interval; docs/lab.md says how each "
        f"figure is computed.{stopped}</p><table>{table}</table>{plots}{card_part}"
        "</body></html>\n"
    )


def _rate(r: JsonObject) -> str:
    return f"{r['rate']:.1%} [{r['low']:.1%}–{r['high']:.1%}] of {r['n']}"


def _spread(s: dict[str, float]) -> str:
    return (
        f"mean {s['mean']:.2f} [{s['low']:.2f}–{s['high']:.2f}], median {s['median']:.2f}, "
        f"10–90% {s['p10']:.2f}–{s['p90']:.2f}"
    )


def _plots(found: JsonObject, moves: list[int]) -> list[tuple[str, str]]:
    """The plots, each (its caption, a PNG in base64)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    out = []

    def png(fig: Any, name: str) -> None:  # matplotlib's Figure (imported lazily)
        buffer = io.BytesIO()
        fig.savefig(buffer, format="png", dpi=90, bbox_inches="tight")
        plt.close(fig)
        out.append((name, base64.b64encode(buffer.getvalue()).decode()))

    seats = found["win_rate_by_seat"]
    names = list(seats)
    rates = [seats[s]["rate"] for s in names]
    fig, ax = plt.subplots(figsize=(5, 3))
    pairs = list(zip(names, rates, strict=True))
    errors = [[max(0.0, r - seats[s]["low"]) for s, r in pairs],
              [max(0.0, seats[s]["high"] - r) for s, r in pairs]]  # fmt: skip
    ax.bar(names, rates, yerr=errors, capsize=6, color="#5b8db8")
    ax.axhline(0.5, color="#999", linewidth=1)
    ax.set_ylim(0, 1)
    ax.set_ylabel("win rate (decided games)")
    png(fig, "Win rate by seat, with 95% intervals")
    fig, ax = plt.subplots(figsize=(5, 3))
    ax.hist(moves, bins=20, color="#5b8db8")
    ax.set_xlabel("moves a game")
    ax.set_ylabel("games")
    png(fig, "The games' lengths")
    fig, ax = plt.subplots(figsize=(5, 3))
    for seat, values in found["points_over_game"].items():
        ax.plot([i * 10 for i in range(len(values))], values, label=seat)
    ax.set_xlabel("% of the game")
    ax.set_ylabel("mean points")
    ax.legend()
    png(fig, "Points over the game (mean of all games)")
    cards = found["cards"][:15][::-1]
    if cards:
        fig, ax = plt.subplots(figsize=(5, 0.3 * len(cards) + 1))
        rates = [c["played"]["rate"] for c in cards]
        low = [max(0.0, r - c["played"]["low"]) for r, c in zip(rates, cards, strict=True)]
        high = [max(0.0, c["played"]["high"] - r) for r, c in zip(rates, cards, strict=True)]
        ax.barh([c["card"] for c in cards], rates, xerr=[low, high], capsize=3, color="#8db85b")
        ax.axvline(0.5, color="#999", linewidth=1)
        ax.set_xlim(0, 1)
        ax.set_xlabel("win rate of the side that played it")
        png(fig, "Per card: the win rate of the side that played it (the 15 that shift most)")
    return out
