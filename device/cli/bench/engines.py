"""The games' heavy computations, timed: each game's entry names a module of its own figures
(`bench_module`, a `Figures`: device/games/contract.py), e.g. Day and Night's adjudication or
Wandernde Druiden's best defence. Each figure is the fastest of a few runs of the same input
with cold caches (that filters out other load on the machine); the maximum is over the inputs."""

from __future__ import annotations

import time

from device.games.contract import GameOptions, GameState, GameView
from engine.contract import AnyGame


def figures(quick: bool) -> dict[str, float]:
    """Every game's figures, in the registry's order."""
    from device.games import GAMES

    found: dict[str, float] = {}
    for entry in GAMES.values():
        if entry.figures is not None:
            found.update(entry.figures.figures(quick, frame))
    return found


def frame(game_id: str, options: GameOptions, state: GameState, view: GameView) -> object:
    """The box's frame of a game in play (the fonts are loaded once, before the first)."""
    from device.app.frame import render
    from device.app.session import Session
    from device.app.state import BoxState

    return render(BoxState(mode="game", session=Session(1, game_id, options, state, 1), view=view))


def targets() -> dict[str, tuple[str, float]]:
    """Every game's targets for its figures."""
    from device.games import GAMES

    found: dict[str, tuple[str, float]] = {}
    for entry in GAMES.values():
        if entry.figures is not None:
            found.update(entry.figures.TARGETS)
    return found


SEARCH_TARGET_MS = 50.0  # 2 s on a Pi Zero 2 W, at 40 times this machine's time for Python


def variant_labels(game_id: str, game: AnyGame) -> list[tuple[str, dict[str, str]]]:
    """A game with its default options (labelled by its id) and each of its `variants`
    (`zweimal:variant=2`; a list as its length: `deck_A=[9]`), as the benchmarks measure
    them."""
    labelled: list[tuple[str, dict[str, str]]] = [(game_id, {})]
    for given in game.variants:
        options = ",".join(f"{k}={_short(v)}" for k, v in given.items())
        labelled.append((f"{game_id}:{options}", dict(given)))
    return labelled


def _short(value: str) -> str:
    """An option's value in a label: a list (a deck) as its number of entries, `[9]`."""
    if value.startswith("["):  # a JSON list: Day and Night's spells
        import json

        return f"[{len(json.loads(value))}]"
    return f"[{len(value.split(','))}]" if "," in value else value


def search_figures(quick: bool, seed: int = 2026) -> dict[str, dict[str, float]]:
    """The box's time a move (engine/search.py, `choose`: the game's known best where it has
    one, else the search at the game's budget), from states of random games where a player
    chooses: per game the median and the worst, with the budget."""
    import random
    import statistics

    from device.games import GAMES
    from engine.search import choices, choose, pick_chance

    found: dict[str, dict[str, float]] = {}
    moves = 4 if quick else 24
    measured = [
        (label, entry.engine, given)
        for game_id, entry in GAMES.items()
        if entry.engine is not None
        for label, given in variant_labels(game_id, entry.engine)
    ]
    for label, game, given in measured:
        rng = random.Random(seed)
        simulations, depth = game.search_budget
        times: list[float] = []
        options = game.parse_options({**game.option_defaults, **given})
        state = game.initial(options)
        while len(times) < moves:
            if game.is_over(state):
                state = game.initial(options)
            chance = game.chance_outcomes(state)
            if chance is not None:
                state = game.apply(state, pick_chance(chance, rng))
                continue
            actions = choices(game, state)
            if game.to_move(state) is not None and len(actions) > 1 and rng.random() < 0.5:
                started = time.perf_counter()
                choose(game, state, random.Random(len(times)), simulations, depth)
                times.append((time.perf_counter() - started) * 1000)
            state = game.apply(state, actions[rng.randrange(len(actions))])
        found[label] = {
            "search_ms_median": round(statistics.median(times), 1),
            "search_ms_max": round(max(times), 1),
            "simulations": simulations,
            "depth": depth,
        }
    return found
