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
import shutil
import struct
import subprocess
import sys
import tempfile
import termios
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from device.bench.process import cpu_ns  # noqa: E402  (every thread's CPU time, from /proc)

WARM_UP_S = 3.0


def tabletop() -> str:
    local = ROOT / ".venv" / "bin" / "tabletop"
    return str(local) if local.exists() else shutil.which("tabletop") or "tabletop"


def measure(proc: subprocess.Popen, seconds: float) -> float:
    time.sleep(WARM_UP_S)
    if proc.poll() is not None:
        raise SystemExit(f"the box stopped early (exit {proc.returncode})")
    t0, c0 = time.monotonic(), cpu_ns(proc.pid)
    time.sleep(seconds)
    t1, c1 = time.monotonic(), cpu_ns(proc.pid)
    return 100.0 * (c1 - c0) / 1e9 / (t1 - t0)


def headless(seconds: float, state: Path) -> float:
    script = state / "idle.script"
    script.write_text(f"wait {int((WARM_UP_S + seconds + 5) * 1000)}\n")
    proc = subprocess.Popen(
        [tabletop(), "run", "--sim", "--script", str(script), "--state-dir", str(state / "h")],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        return measure(proc, seconds)
    finally:
        proc.terminate()
        proc.wait(10)


def in_terminal(seconds: float, state: Path) -> float:
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 36, 130, 0, 0))
    env = dict(os.environ, TERM="xterm-256color", LINES="36", COLUMNS="130")
    proc = subprocess.Popen(
        [tabletop(), "run", "--sim", "--state-dir", str(state / "t")],
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
        return measure(proc, seconds)
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
        results = {"headless": headless(seconds, state), "terminal": in_terminal(seconds, state)}
    print(f"idle CPU of the simulated box over {seconds:g} s (goal: under 0.1% each)")
    for name, percent in results.items():
        mark = "ok" if percent < 0.1 else "MISSED"
        print(f"  {name:9} {percent:.3f}% of one core  {mark}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
