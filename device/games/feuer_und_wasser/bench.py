"""Feuer und Wasser's heavy computation, timed for `tabletop bench`
(device/cli/bench/engines.py): the tip (the best placement) on landscapes of 60 cards
(`best_placement_ms_max`), and the box's placement, one card further, on the same games when
20, 40 and 60 cards lie (`box_placement_ms_max`: the cards still to draw cost it most)."""

from __future__ import annotations

import random
from functools import partial
from typing import Any

from device.games.contract import Frame
from device.games.timing import timed_ms

TARGETS: dict[str, tuple[str, float]] = {
    "best_placement_ms_max": ("<=", 50.0),
    "box_placement_ms_max": ("<=", 50.0),
}
BOX_AT = (20, 40, 60)  # cards on the table where the box's placement is timed


def figures(quick: bool, frame: Frame, /) -> dict[str, float]:
    landscapes = 2 if quick else 20
    return {
        "best_placement_ms_max": round(max(best_placement(landscapes)), 3),
        "box_placement_ms_max": round(max(box_placement(landscapes)), 3),
    }


def best_placement(landscapes: int) -> list[float]:
    from engine.feuer_und_wasser.game import best_placement as best

    return [timed_ms(partial(best, state)) for state in _drawn(landscapes, 60)]


def box_placement(landscapes: int) -> list[float]:
    from engine.feuer_und_wasser.game import box_placement as box
    from engine.feuer_und_wasser.next_turn import pattern, turns_of

    def cold() -> None:  # the cards' turns, as on the box's first move of a game
        turns_of.cache_clear()
        pattern.cache_clear()

    return [
        timed_ms(partial(box, state), cold) for laid in BOX_AT for state in _drawn(landscapes, laid)
    ]


def _drawn(landscapes: int, laid: int) -> list[Any]:
    """Random games with 30-card decks (both versions, the tactician's points) until `laid`
    cards lie, a card drawn."""
    from engine.feuer_und_wasser.game import GAME, Draw
    from engine.replay import options_of

    states = []
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
        while state.cards_laid < laid:
            state = GAME.apply(state, rng.choice(GAME.legal_actions(state)))
        draws = [a for a in GAME.legal_actions(state) if isinstance(a, Draw)]
        states.append(GAME.apply(state, rng.choice(draws)))
    return states
