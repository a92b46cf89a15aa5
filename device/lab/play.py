"""One game of the lab: a pure function of the run's spec (the game, its options as text,
the two agents, the first seed) and the game's number, so every game is the same wherever
and whenever it is played. The agents take turns in the seats: game i's first agent sits in
the game's first seat when i is even. The record is the game's notation (`tabletop replay`
replays it)."""

from __future__ import annotations

import functools
import time
from dataclasses import dataclass
from typing import Any

from engine.core import InputError
from engine.replay import format_record
from engine.strength import (
    CAPPED,
    box_player,
    evaluated_player,
    greedy_player,
    knowing_player,
    played,
    random_player,
)

AGENTS = {
    "random": random_player,
    "greedy": greedy_player,
    "greedy+": evaluated_player,
    "knowing": knowing_player,
    "box": box_player,
}
LIMIT = 2000  # actions; a game still open after them is capped (a draw)


def agent(name: str) -> Any:  # a player function (engine/strength.py; its own signature each)
    """An agent by its name: `random`, `greedy`, `greedy+`, `knowing` (one move deep over
    every move, by what wins the game), `box` (the box's player: the search at the game's
    budget on the box) or `box:N` (the search with N simulations a move)."""
    if name in AGENTS:
        return AGENTS[name]
    kind, _, budget = name.partition(":")
    if kind == "box" and budget.isdigit() and 0 < int(budget) <= 100_000:
        return functools.partial(box_player, simulations=int(budget))
    known = ", ".join([*AGENTS, "box:N"])
    raise InputError(f"unknown agent {name!r}; agents: {known}")


@dataclass(frozen=True)
class Spec:
    """What a run plays: the game, its options (text, over the defaults), the two agents (the
    first in the first seat on even games), the first game's seed, and whether the cards are
    dealt as at a table (hidden hands: each seat plays only what it holds)."""

    game: str
    options: tuple[tuple[str, str], ...]
    agents: tuple[str, str]
    seed: int
    hands: bool = True


@dataclass(frozen=True)
class Finished:
    """One game the lab played: its number, its seed, who sat where, the winner ("" a draw,
    `capped` still open after the limit), its actions (all, and the players' own), the
    seat that moved first, each seat's final points, and its record."""

    index: int
    seed: int
    seats: tuple[tuple[str, str], ...]  # (seat, agent)
    winner: str
    actions: int
    moves: int
    first: str
    points: tuple[tuple[str, int], ...]
    record: str


def play_one(spec: Spec, index: int) -> Finished:
    """Game number `index` of the run `spec` (pure: the same on every worker)."""
    from device import games

    entry = games.GAMES[spec.game]
    engine = entry.game
    first, second = engine.players[0], engine.players[1]
    a, b = spec.agents if index % 2 == 0 else spec.agents[::-1]
    seats = {first: a, second: b}
    seed = spec.seed + index
    done = played(
        engine, {s: agent(n) for s, n in seats.items()}, seed, LIMIT, dict(spec.options), spec.hands
    )
    moved = [seat for seat in done.movers if seat is not None]
    totals = engine.result(done.state).totals
    return Finished(
        index,
        seed,
        tuple(seats.items()),
        "capped" if done.winner == CAPPED else done.winner or "",
        len(done.actions),
        len(moved),
        moved[0] if moved else "",
        tuple((s, int(totals.get(s, 0))) for s in engine.players),
        format_record(engine, done.options, done.actions),
    )


@dataclass(frozen=True)
class Batch:
    """A task's games, and the seconds the worker spent playing them (the run's timer of
    the games themselves: what a run spends besides is the lab's own time)."""

    games: tuple[Finished, ...]
    seconds: float


def play_some(spec: Spec, indices: tuple[int, ...]) -> Batch:
    """Several games of the run in one task (a fast game is over in milliseconds: one task
    each would cost more in the handing than in the playing), timed (a worker's first
    task imports the games before its clock starts: a start, not a game)."""
    from device import games  # noqa: F401

    started = time.perf_counter()
    finished = tuple(play_one(spec, i) for i in indices)
    return Batch(finished, time.perf_counter() - started)
