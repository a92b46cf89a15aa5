"""Day and Night's heavy computations, timed for `tabletop bench` (device/cli/bench/engines.py):
its adjudication on crowded random boards and hand-made hard ones (`adjudicate_ms_max`), and
one full action: apply with the temple check and adjudication, then the frame
(`full_action_ms_max`)."""

from __future__ import annotations

import random
import time
from functools import partial

from device.games.contract import Frame
from device.games.timing import timed_ms

TARGETS: dict[str, tuple[str, float]] = {
    "adjudicate_ms_max": ("<=", 5.0),
    "full_action_ms_max": ("<=", 10.0),
}


def figures(quick: bool, frame: Frame, /) -> dict[str, float]:
    return {
        "adjudicate_ms_max": round(max(adjudication(20 if quick else 300)), 3),
        "full_action_ms_max": round(max(full_action(2 if quick else 30, frame)), 3),
    }


# Boards built to make the search work: thin areas, bridges, a star that cannot be split.
HARD_BOARDS = [
    "ffffffff/fnnnnnnf/fnffffnf/fnfddfnf/fnnnnnnf/ffffffff",
    "nfnfnfnf/nnnnnnnn/ffffffnf/nnnnnnnn/nfffffff/nnnnnnnn",
    "dfffffff/dfdnnnnf/ddfffffn/fdnnnnfn/fffffdfn/nnnnnnnn",
    "dddddfnn/fffffdfn/nnnndddd/nffffffn/nnnnnnnn/DDDDDDDD",
    "nnnfnnnf/nfnfnfnf/nfnnnfnn/nfffffff/nnnnnnnn/NNNNNNNN",
    "ndddddnf/nfffffnf/nnnnnnnf/ffffffff/DDDDDDDD/NNNNNNNN",
]


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


def full_action(boards: int, frame: Frame) -> list[float]:
    """Day and Night, every action the engine offers on boards with 32+ tiles: apply (temple
    check, adjudication), the screens' next view, the box's frame (`frame`, from the bench)."""
    from device.games.day_and_night.screen import SCREENS
    from engine.day_and_night.areas import size
    from engine.day_and_night.game import GAME

    screens = SCREENS()
    first = GAME.initial(GAME.parse_options({}))
    frame(GAME.id, first.options, first, screens.initial_view(first))  # the fonts load once
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
            frame(GAME.id, options, after, view)
            times.append((time.perf_counter() - started) * 1000)
    return times
