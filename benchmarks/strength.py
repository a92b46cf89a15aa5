"""The box's strength in every game (prints a table; not a test).

    .venv/bin/python benchmarks/strength.py [GAMES] [GAME ...]     # default 200 each

The box's player (at each game's budget, `search_budget`, or the game's known best where it
has one) plays GAMES seeded games against each opponent, its seat alternating: a random
legal player, a greedy one (the action with the best immediate result: the most points as
the game scores them now, `points`) and `greedy+` (the action after which the box's own
evaluation is best, a harder one where the evaluation looks further than the points); the
table gives wins, draws and losses and the 95% interval of the win rate. Goal: at least 90%
against random, 60% against greedy. The measuring is `engine/strength.py`.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from device import games  # noqa: E402
from engine.strength import (  # noqa: E402
    evaluated_player,
    greedy_player,
    match,
    random_player,
)

OPPONENTS = {"random": random_player, "greedy": greedy_player, "greedy+": evaluated_player}


def main() -> int:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    wanted = sys.argv[2:] or list(games.with_engine())
    print(f"{'game':<20}{'against':<8}{'W':>5}{'D':>5}{'L':>5}  win rate (95%)      s")
    for game_id in wanted:
        game = games.GAMES[game_id].game
        for name, opponent in OPPONENTS.items():
            started = time.perf_counter()
            t = match(game, opponent, count)
            low, high = t.interval()
            rate = t.wins / t.games
            print(
                f"{game_id:<20}{name:<8}{t.wins:>5}{t.draws:>5}{t.losses:>5}"
                f"  {rate:5.0%} ({low:.0%}-{high:.0%})  {time.perf_counter() - started:6.0f}",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
