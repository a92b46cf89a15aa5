"""CPU the simulated box uses while nothing happens (prints figures; not a test).

    .venv/bin/python benchmarks/idle.py [SECONDS]     # default 10 s each

Two runs, each a separate `tabletop run` process: headless (`--sim --script` with a long
`wait`) and in the terminal (`--sim` in a pseudo-terminal of 130x36). After a warm-up the
process's CPU time is read from /proc/<pid>/task/*/schedstat (nanoseconds, every thread) at the
start and the end of the window. Goal: under 0.1% of one core for both (issue 8): a Pi Zero 2 W
is 20-40 times slower, so 0.1% here is 2-4% there.
"""

from __future__ import annotations

import fcntl
import os
import struct
import subprocess
import sys
import tempfile
import termios
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from device.cli.bench import process  # noqa: E402  (tabletop bench's measuring, shared)

WARM_UP_S = 3.0


def in_terminal(seconds: float, state: Path) -> float:
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 36, 130, 0, 0))
    env = dict(os.environ, TERM="xterm-256color", LINES="36", COLUMNS="130")
    proc = subprocess.Popen(
        [*process.tabletop(), "run", "--sim", "--state-dir", str(state / "t")],
        stdin=slave,
        stdout=slave,
        stderr=slave,
        env=env,
        start_new_session=True,
    )
    os.close(slave)
    stop = threading.Event()

    def drain() -> None:  # read what the screen draws, so the terminal never blocks it
        while not stop.is_set():
            try:
                if not os.read(master, 65536):
                    return
            except OSError:
                return

    reader = threading.Thread(target=drain, daemon=True)
    reader.start()
    try:
        return process.cpu_percent(proc, seconds, WARM_UP_S)
    finally:
        os.write(master, b"q")
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
        stop.set()
        os.close(master)


def main() -> int:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 10.0
    with tempfile.TemporaryDirectory() as tmp:
        state = Path(tmp)
        results = {
            "headless": process.idle_cpu_percent(seconds, WARM_UP_S),
            "terminal": in_terminal(seconds, state),
        }
    print(f"idle CPU of the simulated box over {seconds:g} s (goal: under 0.1% each)")
    for name, percent in results.items():
        mark = "ok" if percent < 0.1 else "MISSED"
        print(f"  {name:9} {percent:.3f}% of one core  {mark}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
