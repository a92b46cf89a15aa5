"""The web page on a box with a long history (prints figures; not a timed test):

    .venv/bin/python benchmarks/web_history.py [GAMES]      # default 100 games

GAMES Day and Night games of up to 100 random legal actions are saved (the store, as the box
saves). Then, in this process: a read-only snapshot of them as `tabletop games` takes it, and
as the web page takes it after an action (remembering the games it read: only the changed one
is read and checked again); and the page's game after an action (a snapshot, the action
played), as `benchmarks/web.py` times it with four games.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

sys.path.insert(0, str(Path(__file__).resolve().parent))

from web import save_game  # noqa: E402 - benchmarks/web.py

from device.storage.records import Remembered  # noqa: E402
from device.storage.store import Store  # noqa: E402
from device.web.feed import Feed  # noqa: E402
from engine.day_and_night.game import GAME, spread_actions  # noqa: E402


def save(store: Store, games: int) -> tuple[int, object, int]:
    """GAMES games (benchmarks/web.py's), the last one's id and state, the actions saved."""
    for seed in range(games):
        game_id, state = save_game(store, 100, seed)
    return game_id, state, sum(row.events for row in store.games())


def timed(work, times: int = 7) -> float:
    out = []
    for _ in range(times):
        start = time.perf_counter()
        work()
        out.append((time.perf_counter() - start) * 1000)
    return statistics.median(out)


def main() -> int:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    with tempfile.TemporaryDirectory() as tmp:
        state_dir = Path(tmp)
        store = Store(state_dir)
        game_id, state, actions = save(store, games)
        plain = timed(lambda: Store(state_dir, read_only=True).close())
        seen = Remembered()
        Store(state_dir, read_only=True, remembered=seen).close()
        remembering = timed(lambda: Store(state_dir, read_only=True, remembered=seen).close())
        feed = Feed(state_dir)
        feed.game(game_id, "de")
        pages = []
        for _ in range(7):
            if GAME.is_over(state):
                break
            action = spread_actions(state)[0]
            state = GAME.apply(state, action)
            append = {"kind": "action", "action": GAME.format_action(action)}
            store.record(game_id, {"mode": "game"}, append=append)
            store.flush()
            start = time.perf_counter()
            feed.game(game_id, "de")
            pages.append((time.perf_counter() - start) * 1000)
        store.close()
    print(f"the web page with {games} saved games ({actions} actions)")
    print(f"  a read-only snapshot (tabletop games)          {plain:7.1f} ms")
    print(f"  the same, remembering the games read before    {remembering:7.1f} ms")
    print(f"  a game after an action (snapshot, replay)      {statistics.median(pages):7.1f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
