"""Figures measured on separate processes: the time from starting `tabletop run --sim` to its
first frame (against the floor of importing pydantic and Pillow), and the CPU the box uses
while nothing happens (read from /proc/<pid>/task/*/schedstat, every thread)."""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from engine.core import TabletopError


def tabletop() -> list[str]:
    local = Path(sys.executable).parent / "tabletop"
    if local.exists():
        return [str(local)]
    found = shutil.which("tabletop")
    return [found] if found else [sys.executable, "-c", "from device.cli.main import main; main()"]


def _env() -> dict[str, str]:
    """As an installed box runs: with its modules' bytecode cached (an install compiles it; a
    shell that sets PYTHONDONTWRITEBYTECODE would make every start compile from source)."""
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def first_frame_s(runs: int) -> float:
    """Median over `runs` of: start the headless simulator, wait until its first frame is
    shown: the READY=1 it sends systemd's way (device/hw/systemd.py) right after handing that
    frame to the display, here to a socket of the bench's own. No `--frames`: a PNG of each
    frame is the simulator's record (its PNG encoder alone is 25-30 ms to import), not the
    box's work. One start before them is not counted (it writes the bytecode cache, as
    installing does)."""
    times = []
    for run in range(runs + 1):
        with tempfile.TemporaryDirectory(prefix="tabletop-bench-") as tmp:
            root = Path(tmp)
            script = root / "wait.script"
            script.write_text("wait 50\n")
            with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as told:
                told.bind(str(root / "notify"))
                told.settimeout(0.05)
                started = time.perf_counter()
                proc = subprocess.Popen(
                    [*tabletop(), "run", "--sim", "--script", str(script)]
                    + ["--state-dir", str(root / "state")],
                    stdout=subprocess.DEVNULL,
                    stderr=subprocess.DEVNULL,
                    env={**_env(), "NOTIFY_SOCKET": str(root / "notify")},
                )
                try:
                    shown = _ready(told, proc)
                    if run:
                        times.append(shown - started)
                finally:
                    proc.wait(30)
    return statistics.median(times)


def _ready(told: socket.socket, proc: subprocess.Popen[bytes]) -> float:
    """The moment READY=1 arrives on `told` (TabletopError if the box ends first)."""
    while True:
        try:
            message = told.recv(4096)
        except TimeoutError:
            if proc.poll() is not None:
                raise TabletopError(f"tabletop run ended (exit {proc.returncode})") from None
            continue
        if b"READY=1" in message.split(b"\n"):
            return time.perf_counter()


FLOOR = "import pydantic, PIL.Image"
# what the box cannot do without: pydantic's models (its top level alone imports them lazily)
MODELS_FLOOR = "from pydantic import BaseModel; import PIL.Image, sqlite3, logging"


def import_floor_s(runs: int, code: str = FLOOR) -> float:
    """Median over `runs` of `python -c CODE` (by default the bare import floor), start to
    exit."""
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        command = [sys.executable, "-c", code]
        subprocess.run(command, check=True, env=_env())
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def cpu_ns(pid: int) -> int:
    total = 0
    for task in Path(f"/proc/{pid}/task").iterdir():
        with contextlib.suppress(OSError, ValueError, IndexError):
            total += int((task / "schedstat").read_text().split()[0])
    return total


def cpu_percent(proc: subprocess.Popen[bytes], seconds: float, warm_up: float) -> float:
    """A running box's CPU (percent of one core) over `seconds`, after `warm_up` seconds."""
    time.sleep(warm_up)
    if proc.poll() is not None:
        raise TabletopError(f"tabletop run ended (exit {proc.returncode})")
    t0, c0 = time.monotonic(), cpu_ns(proc.pid)
    time.sleep(seconds)
    t1, c1 = time.monotonic(), cpu_ns(proc.pid)
    return 100.0 * (c1 - c0) / 1e9 / (t1 - t0)


def idle_cpu_percent(seconds: float, warm_up: float) -> float:
    """The headless simulator's CPU (percent of one core) over `seconds` with nothing
    happening, after `warm_up` seconds."""
    with tempfile.TemporaryDirectory(prefix="tabletop-bench-") as tmp:
        root = Path(tmp)
        script = root / "idle.script"
        script.write_text(f"wait {int((warm_up + seconds + 5) * 1000)}\n")
        proc = subprocess.Popen(
            [*tabletop(), "run", "--sim", "--script", str(script), "--state-dir", str(root)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        try:
            return cpu_percent(proc, seconds, warm_up)
        finally:
            proc.terminate()
            proc.wait(10)
