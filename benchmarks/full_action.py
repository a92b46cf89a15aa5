"""Day and Night: one full action on crowded boards (prints figures; not a test).

    .venv/bin/python benchmarks/full_action.py [BOARDS]      # default 30

Random games (the example decks) are played until at least 32 of the 48 fields hold a tile;
then every action the engine offers there (steps, spells with targets, the end of the turn)
is timed as the box does it: apply (with the temple check and the adjudication after each
board change), then render the frame. Target (issue 12): at most 10 ms worst on the
development machine.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from device import day_and_night_screen as screens  # noqa: E402
from device.box import Box, Session  # noqa: E402
from device.render import render  # noqa: E402
from engine.day_and_night.areas import size  # noqa: E402
from engine.day_and_night.game import GAME  # noqa: E402


def crowded(seed: int):
    rng = random.Random(seed)
    options = GAME.parse_options({})
    state = GAME.initial(options)
    while True:
        b = state.board
        if size(b.day | b.night | b.fixed | b.day_temple | b.night_temple) >= 32 or state.over:
            return options, state
        state = GAME.apply(state, rng.choice(GAME.sample_actions(state)))


def main() -> int:
    boards = int(sys.argv[1]) if len(sys.argv) > 1 else 30
    render(Box())  # the fonts load once, when the box starts (not part of an action)
    times = []
    for seed in range(boards):
        options, state = crowded(seed)
        if state.over:
            continue
        for action in GAME.sample_actions(state):
            started = time.perf_counter()
            after = GAME.apply(state, action)
            view = screens.after(state, after, screens.initial_view(state))
            render(Box(mode="game", session=Session(1, GAME.id, options, after, 1), view=view))
            times.append((time.perf_counter() - started) * 1000)
    worst = max(times)
    mark = "ok" if worst <= 10 else "MISSED"
    print(f"Day and Night, one full action on crowded boards ({len(times)} actions)")
    print(
        f"  median {statistics.median(times):.2f} ms"
        f"  p99 {sorted(times)[int(len(times) * 0.99)]:.2f} ms"
        f"  worst {worst:.2f} ms  {mark}  (target: at most 10 ms)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
