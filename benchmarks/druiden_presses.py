"""Presses at the table for Wandernde Druiden: a creature laid by the buttons (prints
figures; not a timed test).

    .venv/bin/python benchmarks/druiden_presses.py [GAMES]      # default 40 games

Random legal games with the example decks (the engine's sample of actions, one chosen at
random each time). For every creature laid, the fewest presses through the box's own picker
(`device/games/wandernde_druiden/view.py` `layable`: the deck's cards the engine takes now,
strongest first; the picker opens on the first and wraps): `ok` opens it, ▲▼ to the card,
`ok` lays it. A creature laid by a tap of its card is one tap and no press.

Goal (issue 33): at most 3 on average.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))  # benchmarks/counting.py

from counting import Count  # noqa: E402

from device.games.wandernde_druiden.view import layable  # noqa: E402
from engine.replay import options_of  # noqa: E402
from engine.wandernde_druiden.game import GAME  # noqa: E402
from engine.wandernde_druiden.state import LayCreature  # noqa: E402

GOAL = 3


def creature_presses(state, card: str) -> int:
    """`ok`, the picker to the card the shorter way round (it opens on the first), `ok`."""
    listed = layable(state)
    at = listed.index(card)
    return 1 + min(at, len(listed) - at) + 1


def measure(games: int, actions: int = 400) -> Count:
    count = Count()
    for seed in range(games):
        rng = random.Random(seed)
        state = GAME.initial(options_of(GAME, {}))
        for _ in range(actions):
            if GAME.is_over(state):
                break
            action = rng.choice(GAME.sample_actions(state))
            if isinstance(action, LayCreature):
                count.add(creature_presses(state, action.card), len(layable(state)))
            state = GAME.apply(state, action)
    return count


def main() -> int:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    c = measure(games)
    mark = "ok" if c.mean <= GOAL else "MISSED"
    print(f"Wandernde Druiden: presses per creature laid by the buttons, {games} random games")
    print(
        f"  creature  {c.actions} laid  mean {c.mean:.2f}  worst {c.worst}"
        f"  (picker of {c.places / c.actions:.1f} cards on average; goal at most {GOAL}: {mark})"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
