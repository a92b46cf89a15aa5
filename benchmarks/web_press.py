"""The box's press to frame with the web page open beside it, and without (issue 34: nothing
on the box's path waits for the page). Prints figures; not a timed test.

    .venv/bin/python benchmarks/web_press.py [PRESSES] [ROUNDS]     # default 300, 3

`tabletop bench`'s simulated box and player (device/cli/bench/box.py) play Day and Night in
alternating rounds: alone, then with `tabletop web` running as its own process on the same
state directory and a page's event stream open on the game in play (so every saved action
makes the page read the save file and replay the game, on the same two cores).
"""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from device.cli.bench import percentile  # noqa: E402
from device.cli.bench.box import TimedBox, play  # noqa: E402
from tests.webserver import answering, free_port  # noqa: E402

GAME = "day-and-night"


def with_page(box: TimedBox) -> tuple[subprocess.Popen, list]:
    """`tabletop web` on the box's state directory, a stream open on the newest game."""
    port = free_port()
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parent.parent)}
    command = [sys.executable, "-m", "device.cli.main", "web", "--bind", f"127.0.0.1:{port}"]
    web = subprocess.Popen([*command, "--state-dir", box._tmp.name], env=env)
    url = f"http://127.0.0.1:{port}"
    answering(url)
    streams: list = []

    def follow() -> None:  # the newest game's stream, opened anew as games start
        while web.poll() is None:
            session = box.box.session
            if session is None or not session.db_id:
                time.sleep(0.1)
                continue
            try:
                stream = urllib.request.urlopen(f"{url}/games/{session.db_id}/events", timeout=5)
                streams.append(stream)
                for _line in stream:
                    if box.box.session is None or box.box.session.db_id != session.db_id:
                        break
            except OSError:
                time.sleep(0.1)

    threading.Thread(target=follow, daemon=True).start()
    return web, streams


def measure(presses: int, rounds: int) -> dict[str, list[float]]:
    found: dict[str, list[float]] = {"alone": [], "page open": []}
    for r in range(rounds):
        for how in ("alone", "page open"):
            box = TimedBox()
            web = None
            try:
                if how == "page open":
                    play(box, GAME, 5, seed=r)  # a game in play for the page to follow
                    web, _ = with_page(box)
                    time.sleep(1)
                played = play(box, GAME, presses, seed=100 + r)
                found[how] += [p.ms for p in played.presses if p.ms is not None]
            finally:
                if web is not None:
                    web.terminate()
                    web.wait(10)
                box.close()
    return found


def main() -> int:
    presses = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    found = measure(presses, rounds)
    print(f"press to frame, Day and Night, {rounds} rounds of {presses} presses each way")
    for how, values in found.items():
        p50, p99 = percentile(values, 0.5), percentile(values, 0.99)
        print(f"  {how:10}  p50 {p50:6.3f} ms  p99 {p99:6.3f} ms  ({len(values)} frames)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
