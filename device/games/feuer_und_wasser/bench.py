"""Feuer und Wasser's heavy computation, timed for `tabletop bench`
(device/cli/bench/engines.py): the best placement on landscapes of 60 cards
(`best_placement_ms_max`)."""

from __future__ import annotations

import random
from functools import partial

from device.games.contract import Frame
from device.games.timing import timed_ms

TARGETS: dict[str, tuple[str, float]] = {"best_placement_ms_max": ("<=", 50.0)}


def figures(quick: bool, frame: Frame, /) -> dict[str, float]:
    return {"best_placement_ms_max": round(max(best_placement(2 if quick else 20)), 3)}


def best_placement(landscapes: int) -> list[float]:
    from engine.feuer_und_wasser.game import GAME, Draw, best_placement as best
    from engine.replay import options_of

    times = []
    for seed in range(landscapes):
        rng = random.Random(seed)
        decks = {}
        for player in "RB":
            cards = []
            for i in range(30):
                cells = "".join(rng.choice("RB") for _ in range(6))
                cards.append(f"{player}{i:02d}:{cells[:3]}/{cells[3:]}")
            decks[f"deck_{player}"] = ",".join(cards)
        mode = ("rows", "groups")[seed % 2]
        options = options_of(GAME, {"mode": mode, "tactician": "yes", **decks})
        state = GAME.initial(options)
        while state.cards_laid < 60:
            state = GAME.apply(state, rng.choice(GAME.legal_actions(state)))
        draws = [a for a in GAME.legal_actions(state) if isinstance(a, Draw)]
        state = GAME.apply(state, rng.choice(draws))
        times.append(timed_ms(partial(best, state)))
    return times
