"""The Feuer und Wasser best-placement hint on large landscapes (prints figures; not a test).

    .venv/bin/python benchmarks/best_placement.py [LANDSCAPES]     # default 20

Random games with 30-card decks are played until 60 cards lie on the table (start card
included); then the hint is timed for the drawn card (best of 3 runs each), in both versions.
Target (issue 11): at most 50 ms on the development machine for a landscape of 60 cards.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.feuer_und_wasser.game import GAME, Draw, best_placement, placements  # noqa: E402
from engine.replay import options_of  # noqa: E402


def deck(player: str, rng: random.Random) -> str:
    cards = []
    for i in range(30):
        cells = "".join(rng.choice("RB") for _ in range(6))
        cards.append(f"{player}{i:02d}:{cells[:3]}/{cells[3:]}")
    return ",".join(cards)


def landscape(mode: str, seed: int):
    rng = random.Random(seed)
    options = options_of(
        GAME,
        {"mode": mode, "tactician": "yes", "deck_R": deck("R", rng), "deck_B": deck("B", rng)},
    )
    state = GAME.initial(options)
    while state.cards_laid < 60:
        state = GAME.apply(state, rng.choice(GAME.legal_actions(state)))
    draws = [a for a in GAME.legal_actions(state) if isinstance(a, Draw)]
    return GAME.apply(state, rng.choice(draws))


def main() -> int:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    print(f"best placement on landscapes of 60 cards ({count} each; target at most 50 ms)")
    for mode in ("rows", "groups"):
        times, options = [], []
        for seed in range(count):
            state = landscape(mode, seed)
            best = min(_timed(state) for _ in range(3))
            times.append(best * 1000)
            card = dict(state.options.deck(state.turn))[state.drawn]
            options.append(len(placements(state, card)))
        worst = max(times)
        mark = "ok" if worst <= 50 else "MISSED"
        print(
            f"  {mode:6}  median {statistics.median(times):5.1f} ms  worst {worst:5.1f} ms  {mark}"
            f"  ({statistics.median(options):.0f} legal placements, median)"
        )
    return 0


def _timed(state) -> float:
    started = time.perf_counter()
    best_placement(state)
    return time.perf_counter() - started


if __name__ == "__main__":
    sys.exit(main())
