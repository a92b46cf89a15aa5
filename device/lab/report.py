"""A lab run's report (`tabletop lab report DIR`): its figures (device/lab/figures.py) as one
self-contained HTML page with plots (matplotlib, drawn to PNG and put in the page), as JSON
and as CSV (a game a row, a card a row) for notebooks."""

from __future__ import annotations

import base64
import csv
import io
import json
from collections.abc import Callable
from html import escape
from pathlib import Path
from typing import Any

from device.jsontypes import JsonObject
from device.lab.figures import figures
from device.lab.play import Finished, Spec
from device.lab.until import EVERY, said
from device.lab.words import WORDS
from engine.contract import AnyGame

PAGES = {"de": "report.html", "en": "report.en.html"}  # German first, as the box


def write(
    folder: Path,
    out: Path,
    engine: AnyGame,
    spec: Spec,
    games: list[Finished],
    stop: tuple[int, int, float] | None = None,
) -> Path:
    """The report of `games` into `out` (report.html in German, report.en.html in English,
    report.json, games.csv, cards.csv); the German page's path. `stop`: where the run's
    rule stopped it (its game, the games asked, the width)."""
    found = figures(engine, spec, games)
    found["stopped"] = said(*stop) if stop is not None else ""
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
    pages = {}
    for lang, name in PAGES.items():
        other = next(n for lg, n in PAGES.items() if lg != lang)
        pages[lang] = out / name
        html = _html(found, folder, [g.moves for g in games], lang, other, stop)
        pages[lang].write_text(html)
    return pages["de"]


class _Words:
    """The report's words and numbers in one language."""

    def __init__(self, lang: str) -> None:
        self.lang = lang

    def __call__(self, key: str, **values: object) -> str:
        return WORDS.text(f"lab.{key}", self.lang, **values)

    def rate(self, r: JsonObject) -> str:
        shown = f"{r['rate']:.1%} [{r['low']:.1%}–{r['high']:.1%}]"
        return _num(shown, self.lang) + self("of", n=r["n"])

    def spread(self, v: dict[str, float]) -> str:
        values = {k: f"{v[k]:.2f}" for k in ("mean", "low", "high", "median", "p10", "p90")}
        return _num(self("spread", **values), self.lang)


def _rows(found: JsonObject, t: _Words) -> list[tuple[str, str]]:
    """The figures' table: each figure's name and its value with its interval."""
    rows = [
        (t("completion"), t.rate(found["completion"])),
        (t("drawishness"), t.rate(found["drawishness"])),
        (t("capped"), t.rate(found["capped"])),
        (t("first_mover"), t.rate(found["first_mover_wins"])),
        (t("advantage"), _num(f"{found['first_player_advantage']:+.1%}", t.lang)),
        (t("balance"), _num(f"{found['balance']:.2f}", t.lang)),
        (t("moves"), t.spread(found["moves"])),
        (t("actions"), t.spread(found["actions"])),
        (t("lead_changes"), t.spread(found["lead_changes"])),
        (t("decisiveness"), t.spread(found["decisiveness"])),
    ]
    rows += [(t("seat_wins", seat=s), t.rate(r)) for s, r in found["win_rate_by_seat"].items()]
    rows += [(t("agent_wins", agent=a), t.rate(r)) for a, r in found["win_rate_by_agent"].items()]
    return rows


def _html(
    found: JsonObject,
    folder: Path,
    moves: list[int],
    lang: str,
    other: str,
    stop: tuple[int, int, float] | None,
) -> str:
    t = _Words(lang)
    rate = t.rate
    title = t("title", game=found["game"], agents=" vs ".join(found["agents"]), n=found["games"])
    options = " ".join(f"{k}={v}" for k, v in found["options"].items()) or t("defaults")
    rows = _rows(found, t)
    table = "".join(f"<tr><th>{escape(k)}</th><td>{escape(v)}</td></tr>" for k, v in rows)
    cards = "".join(
        f"<tr><td>{escape(c['card'])}</td><td>{escape(rate(c['played']))}</td>"
        f"<td>{escape(rate(c['held'])) if c['held'] else '–'}</td>"
        f"<td>{_num(format(c['shift'], '+.1%'), lang)}</td></tr>"
        for c in found["cards"][:30]
    )
    plots = "".join(
        f'<figure><img alt="{escape(name)}" src="data:image/png;base64,{data}">'
        f"<figcaption>{escape(name)}</figcaption></figure>"
        for name, data in _plots(found, moves, t)
    )
    stopped = ""
    if stop is not None:
        width = _num(f"{stop[2]:g}", lang)
        stopped = " " + escape(t("stopped", stopped=stop[0], games=stop[1], width=width,
                                 every=EVERY))  # fmt: skip
    card_part = (
        f"<h2>{escape(t('cards'))}</h2><table><tr><th>{escape(t('card'))}</th>"
        f"<th>{escape(t('played'))}</th><th>{escape(t('held'))}</th>"
        f"<th>{escape(t('shift'))}</th></tr>{cards}</table>"
        if cards
        else ""
    )
    hands = t("hands_table") if found["hands"] else t("hands_open")
    about = t("about", options=options, seed=found["seed"], hands=hands, folder=str(folder))
    return (
        f'<!doctype html><html lang="{lang}"><head><meta charset="utf-8"><title>'
        f"{escape(title)}</title><style>body{{font-family:system-ui,sans-serif;max-width:960px;"
        "margin:auto;padding:8px}table{border-collapse:collapse}td,th{border-bottom:1px solid"
        " #ddd;padding:3px 8px;text-align:left}img{max-width:100%}figure{margin:8px 0}</style>"
        f'</head><body><p><a href="{other}" hreflang="{"en" if lang == "de" else "de"}">'
        f"{escape(t('other'))}</a></p><h1>{escape(title)}</h1><p>{escape(about)}{stopped}</p>"
        f"<table>{table}</table>{plots}{card_part}</body></html>\n"
    )


def _num(text: str, lang: str) -> str:
    """Numbers as the language writes them: German with a decimal comma, "58,3 %"."""
    if lang != "de":
        return text
    return text.replace(".", ",").replace("%", "\u202f%")


def _plots(found: JsonObject, moves: list[int], t: Callable[..., str]) -> list[tuple[str, str]]:
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
    ax.set_ylabel(t("plot.win_rate"))
    png(fig, t("plot.by_seat"))
    fig, ax = plt.subplots(figsize=(5, 3))
    ax.hist(moves, bins=20, color="#5b8db8")
    ax.set_xlabel(t("plot.moves"))
    ax.set_ylabel(t("plot.games"))
    png(fig, t("plot.lengths"))
    fig, ax = plt.subplots(figsize=(5, 3))
    for seat, values in found["points_over_game"].items():
        ax.plot([i * 10 for i in range(len(values))], values, label=seat)
    ax.set_xlabel(t("plot.share"))
    ax.set_ylabel(t("plot.points"))
    ax.legend()
    png(fig, t("plot.over_game"))
    cards = found["cards"][:15][::-1]
    if cards:
        fig, ax = plt.subplots(figsize=(5, 0.3 * len(cards) + 1))
        rates = [c["played"]["rate"] for c in cards]
        low = [max(0.0, r - c["played"]["low"]) for r, c in zip(rates, cards, strict=True)]
        high = [max(0.0, c["played"]["high"] - r) for r, c in zip(rates, cards, strict=True)]
        ax.barh([c["card"] for c in cards], rates, xerr=[low, high], capsize=3, color="#8db85b")
        ax.axvline(0.5, color="#999", linewidth=1)
        ax.set_xlim(0, 1)
        ax.set_xlabel(t("plot.card_rate"))
        png(fig, t("plot.cards"))
    return out
