"""`mypy --strict` on engine/ and device/ finds the same on every install: with the lab extra
(Dask, matplotlib: `./dev test`, CI) and without it (`pip install -e '.[test]'`, a fresh
install of what pyproject.toml asks for). Issue 60: without it, four `type: ignore`s meant
for Dask's untyped calls were errors of their own."""

from __future__ import annotations

import subprocess
import sys
import sysconfig
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LAB = ("dask", "distributed", "matplotlib")  # the lab extra's packages (pyproject.toml)


def _without_lab(venv: Path) -> Path:
    """A Python whose packages are this one's but for the lab extra's: a bare virtual
    environment with a link to each of this one's installed packages but those."""
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = venv / "bin" / "python"
    target = Path(
        subprocess.run(
            [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
            check=True,
            capture_output=True,
            text=True,
        ).stdout.strip()
    )
    ours = Path(sysconfig.get_paths()["purelib"])
    for entry in ours.iterdir():
        name = entry.name.lower().replace("-", "_")
        if not any(name == p or name.startswith(f"{p}_") or name.startswith(f"{p}.") for p in LAB):
            (target / entry.name).symlink_to(entry)
    return python


def test_mypy_strict_finds_nothing_without_the_lab_extra(tmp_path):
    python = _without_lab(tmp_path / "venv")
    check = subprocess.run([str(python), "-c", "import dask"], capture_output=True)
    assert check.returncode != 0, "the lab extra is still importable"
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "mypy",
            "--python-executable",
            str(python),
            "--cache-dir",
            str(tmp_path / "cache"),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stdout[-2000:]
    assert "Success: no issues found" in done.stdout
