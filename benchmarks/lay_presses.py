"""Presses at the table for Feuer und Wasser's lay step (prints figures; not a timed test).

    .venv/bin/python benchmarks/lay_presses.py [GAMES]      # default 100 games of each version

Random games with the example decks, every version (rows or groups, with or without the
tactician). For each card laid: the fewest arrow presses from where the box puts the card
(`device/games/feuer_und_wasser/screen.py`: the tip, the best place, when a place scores) to the
place the player means, with the box's own buttons (◄► the previous/next legal place, ▲▼ a
turn). `ok` is one more press.

Which place the player means is a model, and the figures are given for two:
- `for the most` (the goal: at most 2 on average, issue 20): a player lays where the card
  gives the most (cards to discard, or tactician points), one of those places at random when
  several give as much; where no place gives anything, anywhere.
- `anywhere`: every legal place alike. No box with four arrows can reach this at 2: from one
  start, at most 4 places are one press away and 16 two, so 30 places (a common count) need
  2.1 on average at the very best.
- `the box's choice` (the same goal): a good player lays where the box would
  (`box_placement`: one card further than the most now), the measure of a player who plays
  well.
The games are played by the player of each model (the place meant is the one laid). For
each model, the lays off the tip (the card laid elsewhere than where the box opened it) are
counted apart too, `ok` included (issue 33's row, no goal).
"""

from __future__ import annotations

import random
import sys
from collections import deque
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))  # benchmarks/counting.py

from counting import Count  # noqa: E402

from device.games.feuer_und_wasser import screen  # noqa: E402
from engine.feuer_und_wasser.counting import score_placement  # noqa: E402
from engine.feuer_und_wasser.game import (  # noqa: E402
    GAME,
    Lay,
    box_placement,
    card_of,
    placements,
    turned,
)
from engine.feuer_und_wasser.landscape import DIVISOR  # noqa: E402
from engine.replay import options_of  # noqa: E402

SCREENS = screen.FeuerUndWasserScreens()

VERSIONS = [
    {"mode": m, "tactician": t} for m in ("rows", "groups") for t in ("no", "yes")
]  # fmt: skip
ARROWS = ("left", "right", "up", "down")


def distances(state, view) -> dict[tuple, int]:
    """Arrow presses from `view` to every place (at, turns) the card can be moved to, with the
    screen's own buttons (its legal places of each turn found once here, not once a press)."""
    found: dict[int, list] = {}
    real = screen.places

    def places(s, turns: int) -> list:
        if turns not in found:
            found[turns] = real(s, turns)
        return found[turns]

    screen.places = places
    try:
        return _search(state, view)
    finally:
        screen.places = real


def _search(state, view) -> dict[tuple, int]:
    start = (view.at, view.turns)
    seen = {start: 0}
    queue = deque([view])
    while queue:
        here = queue.popleft()
        for button in ARROWS:
            there = SCREENS.on_button(state, here, button).view
            key = (there.at, there.turns)
            if key not in seen:
                seen[key] = seen[(here.at, here.turns)] + 1
                queue.append(there)
    return seen


def gives(state, action: Lay) -> int:
    card = turned(card_of(state, state.turn, state.drawn), action.turns)
    length, _ = score_placement(
        state.landscape.fields, card.fields(action.at), state.turn, state.options.mode
    )
    return length // DIVISOR[state.options.mode]


def meant(state, rng: random.Random, model: str) -> Lay:
    if model == "the box's choice":
        chosen = box_placement(state)
        assert chosen is not None
        return chosen
    options = placements(state, card_of(state, state.turn, state.drawn))
    if model == "anywhere":
        return rng.choice(options)
    scored = [(gives(state, a), a) for a in options]
    most = max(n for n, _ in scored)
    return rng.choice([a for n, a in scored if n == most])


def play(options: dict, seed: int, model: str, count: Count, off: Count) -> None:
    rng = random.Random(seed)
    state = GAME.initial(options_of(GAME, {**options, "starter": rng.choice("RB")}))
    while not state.over:
        if state.drawn is None:
            action = rng.choice(GAME.legal_actions(state))  # the card drawn: from the hand
        else:
            view = SCREENS.initial_view(state)
            action = meant(state, rng, model)
            reach = distances(state, view)
            presses = reach.get((action.at, action.turns))
            assert presses is not None, f"{action} cannot be reached"
            count.add(presses, len(reach))
            if presses:  # off the tip: the card laid elsewhere than where it opened
                off.add(presses + 1)
        state = GAME.apply(state, action)


def measure(games: int) -> tuple[dict[str, dict[str, Count]], dict[str, Count]]:
    """Per model: each version's arrow presses; and the lays off the tip, with `ok`."""
    results: dict[str, dict[str, Count]] = {}
    off_tip: dict[str, Count] = {}
    for model in ("for the most", "the box's choice", "anywhere"):
        results[model], off_tip[model] = {}, Count()
        for options in VERSIONS:
            count = Count()
            for seed in range(games):
                play(options, seed, model, count, off_tip[model])
            results[model][f"{options['mode']}, tactician {options['tactician']}"] = count
    return results, off_tip


def mean(counts: dict[str, Count]) -> float:
    return sum(c.presses for c in counts.values()) / sum(c.actions for c in counts.values())


def main() -> int:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    results, off_tip = measure(games)
    print(f"Feuer und Wasser: arrow presses to the place meant, {games} games of each version")
    print("(goal: at most 2 on average for a player who lays for the most or as the box; ok is")
    print(" one more)")
    for model, counts in results.items():
        total = mean(counts)
        goal = model != "anywhere"
        mark = ("ok" if total <= 2 else "MISSED") if goal else "(no goal)"
        print(f"  {model}: {total:.2f} per lay  {mark}")
        for name, c in counts.items():
            print(
                f"    {name:22} {c.actions:6} lays  mean {c.mean:.2f}  worst {c.worst}"
                f"  places {c.places / c.actions:.1f} on average"
            )
        off = off_tip[model]
        share = off.actions / sum(c.actions for c in counts.values())
        print(
            f"    off the tip ({share:.0%} of the lays), ok included: mean {off.mean:.2f}"
            f"  worst {off.worst}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
