"""A fifth game needs nothing shared (issues 31 and 50): the stub game (tests/stubgame/), copied
into a copy of the project the way a new game is added — its engine as `engine/<game>/game.py`,
its screens and texts as `device/games/<game>/`, its `ENTRY` in the package's `__init__.py`,
its rules pages as `docs/rules/<game>.md` (and `de/`), one line in the registry — passes
`mypy --strict`, the architecture test and every test that enumerates the games there (each
test file that reads the registry, the four shipped games' own cases left out), with no
other file touched. (Copying is what a developer does; the test also renames the package's
own name, as the copy would.)"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
IGNORE = shutil.ignore_patterns(".venv", ".git", "__pycache__", ".mypy_cache")
SHIPPED = ("zweimal", "day-and-night", "day_and_night", "feuer", "druiden")  # their own cases
# A test file that enumerates the games: loops over or is parametrized by the registry.
ENUMERATES = re.compile(
    r"for [\w, ]+ in (?:sorted\()?(?:games\.)?(?:GAMES|playable\(\)|with_engine\(\))"
    r"|every_text\(\)|parametrize\([^\n]*(?:GAMES|playable|with_engine)"
    r"|(?:games\.)?playable\(\)\)|GAMES\.items\(\)|with_engine\(\)"
)


def copy_of_the_project(target: Path) -> None:
    for part in ("device", "engine", "tests", "docs"):  # (device/web/rules: a link to docs)
        shutil.copytree(ROOT / part, target / part, ignore=IGNORE, symlinks=True)
    shutil.copy(ROOT / "pyproject.toml", target / "pyproject.toml")


def enumerating_tests(project: Path) -> list[str]:
    return sorted(
        str(p.relative_to(project))
        for p in (project / "tests").glob("test_*.py")
        if ENUMERATES.search(p.read_text(encoding="utf-8"))
    )


def add_the_stub_as_a_game(project: Path, name: str = "haufen") -> list[Path]:
    """What a developer does to add a game copied from the stub; returns the files written."""
    stub = ROOT / "tests" / "stubgame"
    engine, box = project / "engine" / name, project / "device" / "games" / name
    engine.mkdir()
    box.mkdir()

    def copied(text: str) -> str:
        text = text.replace("tests.stubgame.engine", f"engine.{name}.game")
        return text.replace("tests.stubgame", f"device.games.{name}")

    written = [engine / "__init__.py", engine / "game.py", box / "__init__.py"]
    written[0].write_text(f'"""{name}: the stub game copied as a game of its own."""\n')
    game = copied((stub / "engine.py").read_text())
    game = game.replace('id = "stapel"', f'id = "{name}"').replace('"Stapel"', f'"{name.title()}"')
    written[1].write_text(game.replace('short = "ST"', 'short = "HF"'))
    written[2].write_text(
        '"""The stub game on the box."""\n\nfrom device.games.entry import Entry\n\n'
        f'ENTRY = Entry(\n    "{name}",\n    "{name.title()}",\n    "HF",\n'
        f'    engine_module="engine.{name}.game",\n    screens_module=f"{{__name__}}.screen",\n'
        '    texts_module=f"{__name__}.texts",\n)\n'
    )
    for module in ("screen.py", "texts.py"):
        written.append(box / module)
        written[-1].write_text(copied((stub / module).read_text()))
    for rules in ("", "de/"):  # its rules pages, as the box's page serves them
        page = (stub / "rules" / rules / "stapel.md").read_text(encoding="utf-8")
        written.append(project / "docs" / "rules" / rules / f"{name}.md")
        written[-1].write_text(page.replace("Stapel", name.title()), encoding="utf-8")
    registry = project / "device" / "games" / "__init__.py"
    lines = registry.read_text().splitlines(keepends=True)
    last = max(i for i, line in enumerate(lines) if line.startswith('    "device.games.'))
    lines.insert(last + 1, f'    "device.games.{name}",\n')
    registry.write_text("".join(lines))
    return written


def run(project: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(project)}
    return subprocess.run(
        [sys.executable, *args], cwd=project, env=env, capture_output=True, text=True, timeout=600
    )


def test_the_enumerating_tests_are_found_and_include_the_ones_that_loop_over_the_games():
    found = enumerating_tests(ROOT)
    for known in (
        "test_conformance.py",
        "test_screens_fit.py",
        "test_solo.py",
        "test_web_package.py",
    ):
        assert f"tests/{known}" in found
    assert "tests/test_replay.py" not in found and len(found) >= 8


def test_a_fifth_game_copied_from_the_stub_passes_every_check_without_a_shared_edit(tmp_path):
    project = tmp_path / "project"
    copy_of_the_project(project)
    before = {p: p.read_bytes() for p in project.rglob("*") if p.is_file() and not p.is_symlink()}
    written = add_the_stub_as_a_game(project)
    changed = [p for p, data in before.items() if p.read_bytes() != data]
    assert changed == [project / "device" / "games" / "__init__.py"]  # the one registry line
    assert all(p.exists() for p in written)

    typed = run(project, "-m", "mypy", "--strict", "--cache-dir", str(tmp_path / "mypy"))
    assert typed.returncode == 0, typed.stdout[-2000:]
    checked = sum(1 for part in ("engine", "device") for _ in (project / part).rglob("*.py"))
    assert f"no issues found in {checked} source files" in typed.stdout  # the new game's too
    files = enumerating_tests(project)
    others = " and ".join(f"not {game}" for game in SHIPPED)
    suite = run(project, "-m", "pytest", "-p", "no:cacheprovider", "-rA", "-k", others, *files)
    assert suite.returncode == 0, suite.stdout[-3000:]
    passed = [line for line in suite.stdout.splitlines() if line.startswith("PASSED")]
    assert any(line.startswith("PASSED tests/test_architecture.py") for line in passed)
    assert len([line for line in passed if "haufen" in line]) >= 10  # its own cases ran
    ran = {line.split()[1].split("::")[0] for line in passed}
    # a file whose tests skipped says why (the browser tests, on a machine without Chromium)
    skipped = {
        line.split()[2].split(":")[0]
        for line in suite.stdout.splitlines()
        if line.startswith("SKIPPED [") and len(line.split(":", 2)) == 3
    }
    assert ran | skipped == set(files)  # every enumerating file had tests that ran or said why
