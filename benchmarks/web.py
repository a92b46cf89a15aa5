"""The web page's figures (prints them; not a timed test), issue 34's targets:

    .venv/bin/python benchmarks/web.py [ACTIONS]      # default a game of 200 actions

A random game of each other kind, then a Day and Night game of ACTIONS random legal actions
are saved (the store, as the box saves: SQLite's log fills once and starts anew, as on a box
that has played a while), then `tabletop web` is started as its own process on a free port:
- a game's page served: the service's first; after an action was saved (a new snapshot
  read, the game replayed; at most 50 ms here); again (the same snapshot);
- an action saved, until the page's event stream brings it: at most 1 s;
- the service's resident memory after serving them, and after serving a page of every other
  game too: under 40 MB.
The box's own press-to-frame path never calls the page (the page reads the saved games in
its own process); `tabletop bench` compares it with the page open.
"""

from __future__ import annotations

import os
import random
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from device.storage.store import Store  # noqa: E402
from engine.day_and_night.game import GAME, spread_actions  # noqa: E402
from engine.replay import options_of  # noqa: E402
from tests.webserver import answering, free_port  # noqa: E402


def save_game(store: Store, actions: int, seed: int = 1) -> tuple[int, object]:
    """A Day and Night game of up to `actions` random legal actions, saved as the box saves."""
    state = GAME.initial(options_of(GAME, {}))
    game_id = store.new_game("day-and-night", GAME.rules_version, {}, {"mode": "game"})
    rng = random.Random(seed)
    for _ in range(actions):
        if GAME.is_over(state):
            break
        action = rng.choice(spread_actions(state))
        state = GAME.apply(state, action)
        append = {"kind": "action", "action": GAME.format_action(action)}
        store.record(game_id, {"mode": "game"}, append=append)
    store.flush()
    return game_id, state


def save_the_others(store: Store) -> list[int]:
    """A random game of each other kind, for the page of every game to be served."""
    from device import games
    from engine.replay import options_of as options

    ids = []
    for name, entry in games.playable().items():
        engine = entry.game
        if engine is GAME:
            continue
        state = engine.initial(options(engine, {}))
        game_id = store.new_game(name, engine.rules_version, {}, {"mode": "game"})
        rng = random.Random(2)
        for _ in range(60):
            offered = engine.legal_actions(state) or engine.sample_actions(state)
            if engine.is_over(state) or not offered:
                break
            action = rng.choice(list(offered))
            state = engine.apply(state, action)
            append = {"kind": "action", "action": engine.format_action(action)}
            store.record(game_id, {"mode": "game"}, append=append)
        ids.append(game_id)
    store.flush()
    return ids


def timed_get(url: str) -> float:
    start = time.perf_counter()
    with urllib.request.urlopen(url, timeout=30) as response:
        response.read()
    return (time.perf_counter() - start) * 1000


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def private_mb(pid: int) -> float:
    """The part of the resident memory that is the service's own (not shared libraries)."""
    total = 0
    for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
        if line.startswith(("Private_Clean:", "Private_Dirty:")):
            total += int(line.split()[1])
    return total / 1024


@dataclass(frozen=True)
class Figures:
    """What was measured: the pages' times (ms), the event's latency (ms), the memory (MB)."""

    cold: float  # the service's first game page
    fresh: list[float]  # a page after each action saved
    again: list[float]  # the same page, the same snapshot
    latency: float  # an action saved -> the page's event
    memory: float
    private: float  # of it the service's own
    memory_all: float  # after every game's page was served too


def page_times(
    url: str, store: Store, game_id: int, state: object
) -> tuple[float, list[float], list[float], object]:
    """A game's page: the service's first, after each of 15 actions saved, and again; the
    game's state after those actions."""
    cold = timed_get(f"{url}/games/{game_id}")  # the service's first game page
    fresh = []
    for _ in range(15):  # an action saved: a new snapshot, the game replayed
        action = spread_actions(state)[0]
        state = GAME.apply(state, action)
        append = {"kind": "action", "action": GAME.format_action(action)}
        store.record(game_id, {"mode": "game"}, append=append)
        store.flush()
        fresh.append(timed_get(f"{url}/games/{game_id}"))
    again = [timed_get(f"{url}/games/{game_id}") for _ in range(20)]
    return cold, fresh, again, state


def event_latency(url: str, store: Store, game_id: int, state: object) -> float:
    """From an action saved until the game's page's event stream brings it (ms)."""
    arrived: list[float] = []
    stream = urllib.request.urlopen(f"{url}/games/{game_id}/events", timeout=30)

    def read() -> None:
        for raw in stream:
            if raw.startswith(b"data: ") and b"data-revision" in raw:
                arrived.append(time.perf_counter())
                return

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    time.sleep(0.5)
    action = spread_actions(state)[0]
    saved = time.perf_counter()
    store.record(
        game_id,
        {"mode": "game"},
        append={"kind": "action", "action": GAME.format_action(action)},
    )
    store.flush()
    reader.join(5)
    stream.close()
    return (arrived[0] - saved) * 1000 if arrived else float("inf")


def measured(
    url: str, pid: int, store: Store, game_id: int, state: object, others: list[int]
) -> Figures:
    """The figures of the service at `url` (its process `pid`), once it answers."""
    answering(url)
    time.sleep(2)  # the games' screens imported meanwhile (the service preloads them)
    cold, fresh, again, state = page_times(url, store, game_id, state)
    latency = event_latency(url, store, game_id, state)
    memory, private = rss_mb(pid), private_mb(pid)
    for other in others:  # every game's page, in both languages, and its record
        for lang in ("de", "en"):
            timed_get(f"{url}/games/{other}?lang={lang}")
        timed_get(f"{url}/games/{other}/record")
    return Figures(cold, fresh, again, latency, memory, private, rss_mb(pid))


def report(actions: int, f: Figures) -> None:
    print(f"tabletop web: a Day and Night game of {actions} actions")
    print(f"  page, the service's first                   {f.cold:7.1f} ms")
    print(
        f"  page, after an action (snapshot, replay)    {statistics.median(f.fresh):7.1f} ms"
        "  (median of 15; target at most 50)"
    )
    print(f"  page, again (the same snapshot; median)     {statistics.median(f.again):7.1f} ms")
    print(
        f"  an action saved -> the page's event          {f.latency:7.1f} ms  (target at most 1000)"
    )
    print(f"  resident memory                              {f.memory:7.1f} MB  (target under 40)")
    print(f"  of it the service's own (private)            {f.private:7.1f} MB")
    print(
        f"  resident memory, every game's page served    {f.memory_all:7.1f} MB  (target under 40)"
    )


def main() -> int:
    actions = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    with tempfile.TemporaryDirectory() as tmp:
        state_dir = Path(tmp)
        store = Store(state_dir)
        others = save_the_others(store)
        game_id, state = save_game(store, actions)  # the game on the box's screen
        port = free_port()
        env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parent.parent)}
        command = [sys.executable, "-m", "device.cli.main", "web", "--state-dir", str(state_dir)]
        web = subprocess.Popen([*command, "--bind", f"127.0.0.1:{port}"], env=env)
        try:
            figures = measured(f"http://127.0.0.1:{port}", web.pid, store, game_id, state, others)
        finally:
            web.terminate()
            web.wait(10)
            store.close()
    report(actions, figures)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
