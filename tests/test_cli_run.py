"""`tabletop run --script` (headless), `tabletop games`, config errors and the state dir."""

from pathlib import Path

import pytest

from device.cli.main import main
from device.settings import EXIT_CONFIG, state_directory
from device.sim.script import ScriptError, parse


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_script_runs_headless_and_writes_numbered_frames(tmp_path, capsys):
    script = tmp_path / "s.txt"
    script.write_text("# open a new game\npress ok\n\npress ok  # Zweimal\nwait 1\ntap 04A2B3C4\n")
    code, out, err = run(
        capsys,
        "run",
        "--script",
        str(script),
        "--frames",
        str(tmp_path / "f"),
        "--state-dir",
        str(tmp_path / "st"),
    )
    assert code == 0, err
    names = sorted(p.name for p in (tmp_path / "f").iterdir())
    # the unknown tag's notice is the fourth frame ("Karte unbekannt: im Menü anlernen")
    assert names == ["00001.png", "00002.png", "00003.png", "00004.png"]


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("press middle", "line 2: unknown button 'middle'"),
        ("jump ok", "line 2: unknown verb 'jump'"),
        ("tap 04XZ", "line 2: card UID '04XZ' is not hex"),
        ("wait soon", "line 2: wait takes milliseconds"),
        ("press", "line 2: expected '<verb> <argument>'"),
    ],
)
def test_malformed_script_line_exits_2_naming_the_line(tmp_path, capsys, line, message):
    script = tmp_path / "bad.txt"
    script.write_text(f"press ok\n{line}\n")
    code, out, err = run(capsys, "run", "--script", str(script), "--state-dir", str(tmp_path))
    assert code == 2 and message in err and err.count("\n") == 1
    assert not (tmp_path / "tabletop.sqlite3").exists()  # nothing ran


def test_missing_script_file(tmp_path, capsys):
    code, _, err = run(capsys, "run", "--script", str(tmp_path / "nope.txt"))
    assert code == 2 and "cannot read" in err


def test_script_parser_skips_comments_and_blank_lines():
    steps = parse("\n# x\npress OK\nhold ok # menu\n")
    assert [(s.line, s.verb, s.arg) for s in steps] == [(3, "press", "ok"), (4, "hold", "ok")]
    with pytest.raises(ScriptError, match="script line 1"):
        parse("press")


@pytest.mark.parametrize(
    ("toml", "message"),
    [
        ("language = 'fr'", "language: Input should be 'de' or 'en'"),
        ("[buttons]\nok = 40", "buttons.ok: Input should be less than or equal to 27"),
        ("[buttons]\nok = 5", "buttons: Value error, up and ok share pin 5"),
        ("colour = 'red'", "colour: Extra inputs are not permitted"),
        ("language = ", "not valid TOML"),
    ],
)
def test_bad_config_exits_78_naming_the_key(tmp_path, capsys, toml, message):
    config = tmp_path / "config.toml"
    config.write_text(toml)
    code, _, err = run(
        capsys, "run", "--sim", "--config", str(config), "--state-dir", str(tmp_path)
    )
    assert code == EXIT_CONFIG
    assert message in err and err.count("\n") == 1


def test_missing_config_file(tmp_path, capsys):
    code, _, err = run(capsys, "run", "--sim", "--config", str(tmp_path / "none.toml"))
    assert code == EXIT_CONFIG and "no such file" in err


def test_interactive_simulator_needs_a_terminal(tmp_path, capsys):
    code, _, err = run(capsys, "run", "--sim", "--state-dir", str(tmp_path))
    assert code == 2 and "needs a terminal" in err


def test_games_lists_saved_games(tmp_path, capsys):
    script = tmp_path / "s.txt"
    script.write_text("press ok\npress ok\npress ok\n")  # new, Zweimal, its page: start
    assert run(capsys, "run", "--script", str(script), "--state-dir", str(tmp_path))[0] == 0
    code, out, _ = run(capsys, "games", "--state-dir", str(tmp_path))
    assert code == 0 and out == "1\tzweimal\tplaying\t0 actions\n"


def test_state_directory_order(monkeypatch, tmp_path):
    monkeypatch.setenv("STATE_DIRECTORY", "/var/lib/tabletop")
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "xdg"))
    assert state_directory("/explicit") == Path("/explicit")
    assert state_directory(None) == Path("/var/lib/tabletop")
    monkeypatch.delenv("STATE_DIRECTORY")
    assert state_directory(None) == tmp_path / "xdg" / "tabletop"


def test_the_example_config_is_valid():
    from device.settings import load

    example = Path(__file__).resolve().parent.parent / "config.example.toml"
    settings = load(example)
    assert settings.language == "de" and settings.buttons.ok == 26


def test_unusable_state_directory_is_one_line(tmp_path, capsys):
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    script = tmp_path / "s.txt"
    script.write_text("press ok\n")
    code, _, err = run(capsys, "run", "--script", str(script), "--state-dir", str(blocker / "x"))
    assert code == 1 and "cannot use the state directory" in err and err.count("\n") == 1
    code, _, err = run(capsys, "games", "--state-dir", str(blocker / "x"))
    assert code == 1 and "cannot use the state directory" in err


def test_frames_pointing_at_a_file_is_one_line(tmp_path, capsys):
    script = tmp_path / "s.txt"
    script.write_text("press ok\n")
    blocker = tmp_path / "afile"
    blocker.write_text("x")
    code, _, err = run(capsys, "run", "--script", str(script), "--frames", str(blocker))
    assert code == 2 and err.count("\n") == 1 and "not a directory" in err
    assert "internal error" not in err and blocker.read_text() == "x"


def test_the_box_builds_its_models_without_pydantic_s_plugin_search():
    """The box uses no pydantic plugins (PYDANTIC_DISABLE_PLUGINS): its command line puts a
    stand-in for pydantic's plugin loader, so building the config's models and the saved
    screen's does not import `importlib.metadata` (26-34 ms of a start here). If a pydantic
    release needs more of its loader than the stand-in gives, this fails before a box does."""
    code = (
        "import sys\n"
        "import device.cli.main\n"
        "from device.settings import load\n"
        "from device.app import saved_screen\n"
        "from device.app.state import BoxState\n"
        "settings = load(None)\n"
        "data = saved_screen.record(BoxState())\n"
        "assert saved_screen.read(BoxState(), data).box == BoxState()\n"
        "print('importlib.metadata' in sys.modules, settings.language)\n"
    )
    import os
    import subprocess
    import sys

    env = {k: v for k, v in os.environ.items() if k != "PYDANTIC_DISABLE_PLUGINS"}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split() == ["False", "de"]
    enabled = {**env, "PYDANTIC_DISABLE_PLUGINS": "some-plugin"}  # a plugin named: its own
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=enabled)
    assert done.returncode == 0 and done.stdout.split()[0] == "True", done.stderr[-2000:]
