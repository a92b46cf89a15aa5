"""The games' heavy computations, timed: Day and Night's adjudication (crowded random boards
and hand-made hard ones) and one full action (apply with the temple check and adjudication,
then the frame), Feuer und Wasser's best placement on landscapes of 60 cards, and Wandernde
Druiden's best defence (8 v 8, 8 v 10 with ten distinct strengths, and the limits, 12 v 12).
Each figure is the fastest of a few runs of the same input with cold caches (that filters
out other load on the machine); the maximum is over the inputs."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from functools import partial

REPEATS = 3

# Boards built to make the search work: thin areas, bridges, a star that cannot be split.
HARD_BOARDS = [
    "ffffffff/fnnnnnnf/fnffffnf/fnfddfnf/fnnnnnnf/ffffffff",
    "nfnfnfnf/nnnnnnnn/ffffffnf/nnnnnnnn/nfffffff/nnnnnnnn",
    "dfffffff/dfdnnnnf/ddfffffn/fdnnnnfn/fffffdfn/nnnnnnnn",
    "dddddfnn/fffffdfn/nnnndddd/nffffffn/nnnnnnnn/DDDDDDDD",
    "nnnfnnnf/nfnfnfnf/nfnnnfnn/nfffffff/nnnnnnnn/NNNNNNNN",
    "ndddddnf/nfffffnf/nnnnnnnf/ffffffff/DDDDDDDD/NNNNNNNN",
]


def timed_ms(fn: Callable[[], object], before: Callable[[], None] = lambda: None) -> float:
    best = float("inf")
    for _ in range(REPEATS):
        before()
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best * 1000


def random_board(rng: random.Random, fill: float) -> str:
    rows = []
    for _ in range(6):
        rows.append("".join(rng.choice("dnf") if rng.random() < fill else "." for _ in range(8)))
    for symbol in "DN":  # now and then a temple row
        if rng.random() < 0.4:
            r = rng.randrange(6)
            if all(ch not in "DN" for ch in rows[r]):
                rows[r] = symbol * 8
    return "/".join(rows)


def adjudication(boards: int, seed: int = 2026) -> list[float]:
    from engine.day_and_night import adjudicate, parse_board
    from engine.day_and_night.areas import holds_two

    rng = random.Random(seed)
    texts = [random_board(rng, fill) for fill in (0.9, 0.6) for _ in range(boards)]
    times = []
    for text in texts + HARD_BOARDS:
        try:
            board = parse_board(text)
        except ValueError:
            continue
        times.append(timed_ms(partial(adjudicate, board), holds_two.cache_clear))
    return times


def best_defence(attackers: int, defenders: int, count: int, seed: int = 2026) -> list[float]:
    """Random clashes with distinct strengths 0-99 on both sides: the hard case for the
    search (equal strengths make its multisets small)."""
    from engine.wandernde_druiden import best_assignment

    rng = random.Random(seed)
    times = []
    for _ in range(count):
        a = rng.sample(range(100), attackers)
        d = rng.sample(range(100), defenders)
        times.append(timed_ms(partial(best_assignment, a, d)))
    return times


def best_placement(landscapes: int) -> list[float]:
    from engine.feuer_und_wasser.game import GAME, Draw
    from engine.feuer_und_wasser.game import best_placement as best
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


def full_action(boards: int) -> list[float]:
    """Day and Night, every action the engine offers on boards with 32+ tiles: apply (temple
    check, adjudication), the screens' next view, the frame."""
    from device.app.box import Box, Session
    from device.games.day_and_night import screen as screens
    from device.ui.render import render
    from engine.day_and_night.areas import size
    from engine.day_and_night.game import GAME

    render(Box())  # the fonts load once, when the box starts
    times: list[float] = []
    seed, used = 0, 0
    while used < boards:  # boards on which the game is not over yet
        seed += 1
        rng = random.Random(seed)
        options = GAME.parse_options({})
        state = GAME.initial(options)
        while not state.over:
            b = state.board
            if size(b.day | b.night | b.fixed | b.day_temple | b.night_temple) >= 32:
                break
            state = GAME.apply(state, rng.choice(GAME.sample_actions(state)))
        if state.over:
            continue
        used += 1
        for action in GAME.sample_actions(state):
            started = time.perf_counter()
            after = GAME.apply(state, action)
            view = screens.after(state, after, screens.initial_view(state))
            session = Session(1, GAME.id, options, after, 1)
            render(Box(mode="game", session=session, view=view))
            times.append((time.perf_counter() - started) * 1000)
    return times
