"""`./dev` (the README's two quick-start commands) says what it is doing while it sets up the
virtual environment (it printed nothing for about 10 s and looked hung), and is quiet once
set up. A stand-in environment records what `./dev` runs (no real install here)."""

from __future__ import annotations

import os
import stat
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def stand_in(venv: Path) -> None:
    (venv / "bin").mkdir(parents=True)
    for name, body in (("python", 'echo "python $*" >> "$(dirname "$0")/../calls"'),
                       ("tabletop", 'echo "tabletop $*"')):  # fmt: skip
        path = venv / "bin" / name
        path.write_text(f"#!/bin/sh\n{body}\n")
        path.chmod(path.stat().st_mode | stat.S_IEXEC)


def dev(venv: Path, *args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "TABLETOP_VENV": str(venv)}
    return subprocess.run(
        ["sh", str(ROOT / "dev"), *args], capture_output=True, text=True, env=env, timeout=30
    )


def test_dev_says_it_is_installing_the_first_time_and_nothing_after(tmp_path):
    venv = tmp_path / "venv"
    stand_in(venv)
    first = dev(venv, "run", "--sim")
    assert first.returncode == 0, first.stderr
    assert "installing from pyproject.toml" in first.stderr and "starting" in first.stderr
    assert first.stdout.strip() == "tabletop run --sim"
    assert "-m pip install" in (venv / "calls").read_text()
    again = dev(venv, "run", "--sim")
    assert again.returncode == 0 and again.stderr == ""  # set up: straight to the box
    assert again.stdout.strip() == "tabletop run --sim"
