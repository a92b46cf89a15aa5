"""The box's strength in every game (prints a table; not a test).

    .venv/bin/python benchmarks/strength.py [GAMES] [GAME[:KEY=VALUE,...] ...]  # default 200
        [--any-card] [--limit ACTIONS] [--against random,greedy,greedy+,knowing]

A game may name a variant's options (`zweimal:variant=2`, `zweimal:variant=2,supply=24`), or
a variant by its label (`wandernde-druiden:deck_rules=free,deck_A=[9],deck_B=[9]`); without
games, every game with its default options and each of its `variants`.

The box's player (at each game's budget, `search_budget`, or the game's known best where it
has one) plays GAMES seeded games against each opponent, its seat alternating: a random
legal player, a greedy one (the action with the best immediate result: the most points as
the game scores them now, `points`), `greedy+` (the action after which the box's own
evaluation is best, a harder one where the evaluation looks further than the points) and
`knowing` (a player who knows the game, one move deep over every move, not the search's
sample: where it stands after it, `standing`, the most important first; Day and Night's
temples, largest own area, tiles and cards kept; the other games' points, then the box's
evaluation); the
table gives wins, draws and losses, the 95% interval of the win rate, and the box's share of
the decided games (wins and losses) with its interval, for games that may end drawn by their
rules (Day and Night's small decks). Goal: at least 90% against random, 60% against the
others.
The measuring is `engine/strength.py`.

The cards lie as at a table (`engine/strength.py`'s `Table`): in the games with hidden hands
(Day and Night, Wandernde Druiden) each seat's deck is shuffled, its hand dealt and drawn
card by card, and each player plays only the cards it holds (the box knows only its own);
a cut hand discards its cards of least worth, as the box does. `--any-card` measures as
before, any card of the deck in every hand. A game still open after `--limit` actions
(default 2000) is a draw, and counted in the `cap` column too. `pow` counts the games in
which the box cast a spell that only mystifies or crystallizes (Day and Night's powers;
blank in the other games).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from device import games  # noqa: E402
from device.cli.bench.engines import variant_labels  # noqa: E402
from engine.day_and_night.state import Cast  # noqa: E402
from engine.strength import (  # noqa: E402
    Played,
    evaluated_player,
    greedy_player,
    knowing_player,
    match,
    random_player,
)

OPPONENTS = {
    "random": random_player,
    "greedy": greedy_player,
    "greedy+": evaluated_player,
    "knowing": knowing_player,
}


def powers_cast(game_played: Played, seat: str) -> bool:
    """The box (`seat`) cast a spell of Day and Night's powers alone: mystify, crystallize."""
    for action, mover in zip(game_played.actions, game_played.movers, strict=True):
        if mover == seat and isinstance(action, Cast):
            spell = game_played.options.spell(seat, action.spell)
            if spell and all(e.kind in ("mystify", "crystallize") for e in spell.effects):
                return True
    return False


def main() -> int:
    args = sys.argv[1:]
    hands = "--any-card" not in args
    args = [a for a in args if a != "--any-card"]
    limit = 2000
    if "--limit" in args:
        at = args.index("--limit")
        limit = int(args[at + 1])
        del args[at : at + 2]
    against = dict(OPPONENTS)
    if "--against" in args:
        at = args.index("--against")
        against = {name: OPPONENTS[name] for name in args[at + 1].split(",")}
        del args[at : at + 2]
    count = int(args[0]) if args else 200
    wanted = args[1:] or [
        label
        for game_id in games.with_engine()
        for label, _ in variant_labels(game_id, games.GAMES[game_id].game)
    ]
    print(
        f"{'game':<56}{'against':<8}{'W':>5}{'D':>5}{'L':>5}{'cap':>5}{'pow':>5}  win rate (95%)"
        "      of the decided         s"
    )
    known = {
        label: given
        for game_id in games.with_engine()
        for label, given in variant_labels(game_id, games.GAMES[game_id].game)
    }
    for label in wanted:
        game_id, _, given = label.partition(":")
        options = known.get(label) or dict(kv.split("=", 1) for kv in given.split(",") if kv)
        game = games.GAMES[game_id].game
        for name, opponent in against.items():
            started = time.perf_counter()
            mark = powers_cast if game_id == "day-and-night" else None
            t = match(game, opponent, count, options=options, hands=hands, limit=limit, mark=mark)
            low, high = t.interval()
            rate = t.wins / t.games
            d_low, d_high = t.decided_interval()
            decided = t.wins / (t.wins + t.losses) if t.wins + t.losses else 0.0
            print(
                f"{label:<56}{name:<8}{t.wins:>5}{t.draws:>5}{t.losses:>5}{t.capped:>5}"
                f"{t.marked if mark else '':>5}"
                f"  {rate:5.0%} ({low:.0%}-{high:.0%})  {decided:5.0%} ({d_low:.0%}-{d_high:.0%})"
                f"  {time.perf_counter() - started:6.0f}",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
