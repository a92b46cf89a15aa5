"""`tabletop lab cards`: what each card of a deck does to its side's game. For each card of
each seat's deck two runs of the same games: the deck with one copy more, and with one copy
less (a card of one copy: removed), the rest as given, the deck rules free
(`Game.with_copies`). The same game numbers and seeds, the same deals but for the card
changed (engine/strength.py `shuffled`), so each game is a pair: the card's effect is the
mean over the games of the side's score with one copy more less its score with one copy
less, halved (a copy's worth: a win 1, a draw half), with its paired 95% interval
(device/lab/paired.py). Ranked by it: the strongest first. Every run is a lab folder of its
own under DIR (`SEAT-CARD-more`, `SEAT-CARD-fewer`), played on Dask like any run and
resumed with `--resume`."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import IO, Any

from device.jsontypes import JsonObject
from device.lab import paired
from device.lab.play import Finished, Spec
from engine.core import InputError


@dataclass(frozen=True)
class Variant:
    """One card of one seat's deck, and the two runs that measure it."""

    seat: str
    card: str
    copies: int
    more: Spec
    fewer: Spec

    def folders(self, out: Path) -> tuple[Path, Path]:
        return out / f"{self.seat}-{self.card}-more", out / f"{self.seat}-{self.card}-fewer"


def variants(spec: Spec, seats: Sequence[str] = ()) -> list[Variant]:
    """Each card of each seat's deck (`seats`: only theirs) with its two runs' specs; a
    one-line InputError for a game whose decks are not cards in copies."""
    from device import games

    engine = games.GAMES[spec.game].game
    options = engine.parse_options({**engine.option_defaults, **dict(spec.options)})
    state = engine.initial(options)
    unknown = [s for s in seats if s not in engine.players]
    if unknown:
        known = ", ".join(engine.players)
        raise InputError(f"lab cards: {spec.game} has no seat {unknown[0]!r}; seats: {known}")
    found = []
    for seat in seats or engine.players:
        deck = engine.deck_cards(state, seat)
        for card, copies in deck:
            more = engine.with_copies(options, seat, card, copies + 1)
            fewer = engine.with_copies(options, seat, card, copies - 1)
            if more is None or fewer is None:
                break
            if copies == 1 and len(deck) == 1:
                continue  # (no deck is left without it)
            found.append(
                Variant(seat, card, copies, _with(spec, engine, more), _with(spec, engine, fewer))
            )
    if not found:
        raise InputError(f"lab cards: {spec.game}'s decks are no cards in copies to vary")
    return found


def _with(spec: Spec, engine: Any, options: Any) -> Spec:  # (a game, its options)
    return replace(spec, options=tuple(sorted(engine.format_options(options).items())))


def run_cards(
    spec: Spec,
    games: int,
    out: Path,
    seats: Sequence[str] = (),
    scheduler: str = "",
    workers: int = 0,
    resume: bool = False,
    log: IO[str] | None = None,
) -> list[JsonObject]:
    """Play every card's two runs into `out` (those already there with `resume`: the games
    they lack), on one Dask cluster; each card's effect, the strongest first."""
    from device.lab.run import connect, run

    log = log or sys.stderr
    found = variants(spec, seats)
    out.mkdir(parents=True, exist_ok=True)
    client, cluster = connect(scheduler, workers)
    effects = []
    try:
        for n, variant in enumerate(found, 1):
            played = []
            runs = zip(variant.folders(out), (variant.more, variant.fewer), strict=True)
            for way, (folder, changed) in zip(("more", "fewer"), runs, strict=True):
                log.write(f"card {n}/{len(found)}: {variant.seat} {variant.card}, a copy {way}\n")
                again = resume and (folder / "lab.sqlite3").exists()
                lab = run(changed, games, folder, resume=again, out=log, client=client)
                try:
                    played.append(lab.finished())
                finally:
                    lab.close()
            effects.append(effect(variant, played[0], played[1]))
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
    return ranked(effects)


def effect(variant: Variant, more: Sequence[Finished], fewer: Sequence[Finished]) -> JsonObject:
    """A card's effect: its side's score, one copy more less one copy less, halved, over
    the games both runs finished."""
    both = paired.matched(fewer, more)
    if len(both) < 2:
        raise InputError(f"lab cards: {variant.seat} {variant.card}: fewer than 2 games paired")
    row = paired.difference(
        f"{variant.seat} {variant.card}",
        "score",
        [paired.score(f, variant.seat) for f, _ in both],
        [paired.score(m, variant.seat) for _, m in both],
    )
    half = {k: row[k] / 2 for k in ("difference", "low", "high")}
    return {**row, **half, "seat": variant.seat, "card": variant.card, "copies": variant.copies}


def ranked(effects: list[JsonObject]) -> list[JsonObject]:
    """The strongest card first (by its effect; equal effects by seat and card)."""
    return sorted(effects, key=lambda e: (-e["difference"], e["seat"], e["card"]))


def said(row: JsonObject) -> str:
    """A card's effect in words: "A einhorn (5 copies): a copy more, +2.1 points for A
    [+0.4, +3.8] (p 0.02: stronger than its place in the deck)"."""
    d, low, high = (row[k] * 100 for k in ("difference", "low", "high"))
    copies = "copy" if row["copies"] == 1 else "copies"
    if low > 0:
        verdict = "a copy more helps its side"
    elif high < 0:
        verdict = "a copy more costs its side"
    else:
        verdict = "no effect shown"
    return (
        f"{row['seat']} {row['card']} ({row['copies']} {copies}): {d:+.1f} points a copy"
        f" [{low:+.1f}, {high:+.1f}] for {row['seat']}, p {row['p']:.2g}: {verdict}"
        f" ({row['games']} games paired)"
    )
