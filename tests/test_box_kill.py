"""kill -9 at many points of a scripted game: the restarted box shows the last screen shown.

The number of kill points is TABLETOP_KILL_POINTS (default 10, a few seconds each); run with
e.g. TABLETOP_KILL_POINTS=200 for a long soak.

A frame is saved before it is shown, so a kill between the save and the display shows, after
the restart, the frame that was about to appear; the check accepts exactly the last frame
written before the kill or the one after it.
"""

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from device.sim.simulator import Simulator
from tests.boxdriver import Player, settings
from tests.test_box_zweimal import play_round

KILL_POINTS = int(os.environ.get("TABLETOP_KILL_POINTS", "10"))
CONFIG = "[buttons]\nhold_s = 0.2\n"


def record_script(tmp_path: Path) -> Path:
    """Play round 1 of a game in-process, writing every press as a script line."""
    lines: list[str] = []
    sim = Simulator(settings(), tmp_path / "recording")
    press, hold = sim.press, sim.hold
    sim.press = lambda b: (lines.append(f"press {b}"), press(b))[1]
    sim.hold = lambda b: (lines.append(f"hold {b}"), hold(b))[1]
    sim.start()
    try:
        p = Player(sim)
        p.new_game()
        p.set_up([(0, 1), (2, 2)])
        play_round(p)
        p.through_scoring()
    finally:
        sim.stop()
    script = tmp_path / "game.txt"
    script.write_text("".join(f"{line}\nwait 4\n" for line in lines))
    return script


def tabletop(*args: str) -> list[str]:
    return [
        sys.executable,
        "-c",
        "from device.cli.main import main; raise SystemExit(main())",
        *args,
    ]


def box_command(tmp: Path, script: Path, frames_dir: Path, state: Path) -> list[str]:
    return tabletop(
        "run",
        "--script",
        str(script),
        "--frames",
        str(frames_dir),
        "--state-dir",
        str(state),
        "--config",
        str(tmp / "config.toml"),
    )


def frames(directory: Path) -> list[Path]:
    return sorted(directory.glob("[0-9]*.png"))


def same(a: Path, b: Path) -> bool:
    return (
        ImageChops.difference(Image.open(a).convert("L"), Image.open(b).convert("L")).getbbox()
        is None
    )


@pytest.fixture(scope="module")
def reference(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("kill")
    script = record_script(tmp)
    (tmp / "config.toml").write_text(CONFIG)
    out = tmp / "ref-frames"
    started = time.monotonic()
    done = subprocess.run(
        box_command(tmp, script, out, tmp / "ref-state"),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    return tmp, script, frames(out), time.monotonic() - started


def test_kill_at_many_points_then_restart_shows_the_last_screen(reference):
    tmp, script, ref_frames, duration = reference
    assert len(ref_frames) > 50
    empty = tmp / "empty.txt"
    empty.write_text("# start, draw, stop\n")
    rng = random.Random(20261130)
    for point in range(KILL_POINTS):
        state, out, again = (
            tmp / f"state-{point}",
            tmp / f"frames-{point}",
            tmp / f"again-{point}",
        )
        proc = subprocess.Popen(
            box_command(tmp, script, out, state),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 60
        while not frames(out) and time.monotonic() < deadline:
            time.sleep(0.01)
        time.sleep(rng.uniform(0, duration * 0.8))
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        shown = frames(out)
        k = len(shown)
        assert k >= 1
        assert same(shown[-1], ref_frames[k - 1])  # the killed run followed the reference
        done = subprocess.run(
            box_command(tmp, empty, again, state),
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert done.returncode == 0, done.stderr
        first = frames(again)[0]
        candidates = ref_frames[k - 1 : k + 1]
        assert any(same(first, c) for c in candidates), f"kill point {point} after frame {k}"
