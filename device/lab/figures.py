"""The figures of a lab run (docs/lab.md says what each means): read from its games, each
with a 95% confidence interval (Wilson's for a rate, the normal one for a mean). A game's own
figures (its lead changes, how early its winner led for good, the cards each side played and
held, the points over the game) come from replaying its record as the run played it: the
same seeds deal the same hands (`engine.strength.Table`)."""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Iterable
from dataclasses import dataclass, field

from device.games.contract import GameState
from device.jsontypes import JsonObject
from device.lab.play import Finished, Spec
from engine.contract import AnyGame
from engine.replay import parse_record
from engine.strength import Table, wilson

BINS = 10  # the points over the game: at each tenth of it


@dataclass(frozen=True)
class Rate:
    """`k` of `n`, its share and 95% Wilson interval."""

    k: int
    n: int

    @property
    def value(self) -> float:
        return self.k / self.n if self.n else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.k, self.n)

    def json(self) -> JsonObject:
        low, high = self.interval
        return {"k": self.k, "n": self.n, "rate": self.value, "low": low, "high": high}


@dataclass(frozen=True)
class Spread:
    """A quantity over the games: mean (with its 95% interval), median, standard deviation,
    the 10th and 90th percentiles."""

    values: tuple[float, ...]

    def json(self) -> dict[str, float]:
        v = sorted(self.values) or [0.0]
        mean = statistics.fmean(v)
        sd = statistics.stdev(v) if len(v) > 1 else 0.0
        half = 1.96 * sd / math.sqrt(len(v))
        return {
            "n": len(self.values),
            "mean": mean,
            "low": mean - half,
            "high": mean + half,
            "median": statistics.median(v),
            "sd": sd,
            "p10": v[int(0.1 * (len(v) - 1))],
            "p90": v[int(0.9 * (len(v) - 1))],
        }


@dataclass
class GameFigures:
    """What replaying one game shows: the leader's changes (by the box's evaluation), the
    share of the game from which its winner led to the end, each side's cards played and
    held, and each side's points at each tenth of the game."""

    lead_changes: int = 0
    decided_at: float = 1.0
    played: dict[str, set[str]] = field(default_factory=dict)
    held: dict[str, set[str]] = field(default_factory=dict)
    points: dict[str, list[float]] = field(default_factory=dict)


def replayed(engine: AnyGame, spec: Spec, game: Finished) -> GameFigures:
    """Game `game` of the run, replayed from its record."""
    parsed = parse_record(game.record)
    state = engine.initial(engine.parse_options(dict(parsed.options)))
    table = Table(engine, state, random.Random(game.seed ^ 0x5EED), spec.hands)
    seats = engine.players
    out = GameFigures(
        played={s: set() for s in seats},
        held={s: set(h.cards) for s, h in table.held.items()},
        points={s: [] for s in seats},
    )
    actions = [engine.parse_action(text) for _, text in parsed.actions]
    leaders: list[str | None] = []
    marks = {round(i * len(actions) / BINS) for i in range(BINS + 1)}
    for n, action in enumerate(actions):
        if n in marks:
            _points(engine, state, out)
        mover = engine.to_move(state)
        card = engine.card_laid(state, action) if mover is not None else None
        if card is not None and mover is not None:
            out.played[mover].add(card)
        after = engine.apply(state, action)
        table.follow(state, action, after)
        for seat, held in table.held.items():
            out.held[seat].update(held.cards)
        state = after
        chances = engine.evaluate(state)
        best = max(chances.values()) if chances else 0.0
        top = [s for s in seats if chances.get(s) == best]
        leaders.append(top[0] if len(top) == 1 else None)
    _points(engine, state, out)
    shown = [x for x in leaders if x is not None]
    out.lead_changes = sum(1 for a, b in zip(shown, shown[1:], strict=False) if a != b)
    if game.winner in seats and leaders:
        since = len(leaders)
        while since > 0 and leaders[since - 1] == game.winner:
            since -= 1
        out.decided_at = since / len(leaders)
    return out


def _points(engine: AnyGame, state: GameState, out: GameFigures) -> None:
    points = engine.points(state)
    for seat in engine.players:
        if len(out.points[seat]) <= BINS:
            out.points[seat].append(float(points.get(seat, 0)))


def figures(engine: AnyGame, spec: Spec, games: list[Finished]) -> JsonObject:
    """The run's figures, as JSON."""
    seats = list(engine.players)
    n = len(games)
    decided = [g for g in games if g.winner in seats]
    draws = [g for g in games if g.winner not in seats]
    capped = [g for g in games if g.winner == "capped"]
    by_seat = {s: Rate(sum(g.winner == s for g in decided), len(decided)) for s in seats}
    agents = sorted(set(spec.agents))
    by_agent = {
        a: Rate(sum(dict(g.seats).get(g.winner) == a for g in decided), len(decided))
        for a in agents
    }
    first = Rate(sum(g.winner == g.first for g in decided), len(decided))
    rates = [r.value for r in by_seat.values()]
    replays = [replayed(engine, spec, g) for g in games]
    out: JsonObject = {
        "game": spec.game,
        "options": dict(spec.options),
        "agents": list(spec.agents),
        "seed": spec.seed,
        "hands": spec.hands,
        "games": n,
        "win_rate_by_seat": {s: r.json() for s, r in by_seat.items()},
        "win_rate_by_agent": {a: r.json() for a, r in by_agent.items()},
        "first_mover_wins": first.json(),
        "first_player_advantage": first.value - 0.5 if decided else 0.0,
        "balance": 1 - (max(rates) - min(rates)) if decided else 0.0,
        "completion": Rate(len(decided), n).json(),
        "drawishness": Rate(len(draws) - len(capped), n).json(),
        "capped": Rate(len(capped), n).json(),
        "moves": Spread(tuple(float(g.moves) for g in games)).json(),
        "actions": Spread(tuple(float(g.actions) for g in games)).json(),
        "lead_changes": Spread(tuple(float(r.lead_changes) for r in replays)).json(),
        "decisiveness": Spread(
            tuple(1 - r.decided_at for r, g in zip(replays, games, strict=True) if g in decided)
        ).json(),
        "points_over_game": {
            s: [statistics.fmean(r.points[s][i] for r in replays) for i in range(BINS + 1)]
            for s in seats
        }
        if replays
        else {},
        "cards": _cards(seats, games, replays),
    }
    return out


def _cards(seats: list[str], games: list[Finished], replays: list[GameFigures]) -> list[JsonObject]:
    """Each card's figures: the games a side played it in and that side's win rate, the
    games a side held it in (hidden hands) and that side's win rate, and the shift: the
    playing side's win rate less its win rate in the games it did not play the card."""
    cards = sorted({c for r in replays for cs in r.played.values() for c in cs})
    out: list[JsonObject] = []
    for card in cards:
        played = [(g, s) for g, r in zip(games, replays, strict=True) for s in seats
                  if card in r.played[s]]  # fmt: skip
        held = [(g, s) for g, r in zip(games, replays, strict=True) for s in seats
                if card in r.held.get(s, ())]  # fmt: skip
        without = [(g, s) for g, r in zip(games, replays, strict=True) for s in seats
                   if card not in r.played[s]]  # fmt: skip
        with_rate, held_rate, without_rate = _won(played), _won(held), _won(without)
        out.append(
            {
                "card": card,
                "played": with_rate.json(),
                "held": held_rate.json() if held else None,
                "shift": with_rate.value - without_rate.value,
            }
        )
    out.sort(key=lambda c: -abs(float(c["shift"])))
    return out


def _won(sides: Iterable[tuple[Finished, str]]) -> Rate:
    pairs = list(sides)
    return Rate(sum(g.winner == s for g, s in pairs), len(pairs))
