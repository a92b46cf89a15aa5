"""`tabletop bench`: the smoke run CI does (every key there, of the right type; never the
timings), and the soak: open files and memory do not grow over many presses in all games
(`TABLETOP_SOAK_PRESSES`, default 400 here; the documented long run is
`tabletop bench --soak 20000`)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from device.cli import bench
from device.cli.bench.engines import variant_labels
from device.games import playable

FIGURES = {
    "press_to_frame_ms_p50": float,
    "press_to_frame_ms_p99": float,
    "press_to_frame_ms_max": float,
    "bus_bytes_per_press": float,
    "bus_bytes_full_frame": int,
    "bus_bytes_max": int,
    "bus_bytes_max_ordinary": int,
    "adjudicate_ms_max": float,
    "best_defense_ms_8v8": float,
    "best_defense_ms_8v10": float,
    "best_defense_ms_max": float,
    "best_placement_ms_max": float,
    "box_placement_ms_max": float,
    "full_action_ms_max": float,
    "tap_to_uid_ms_p50": float,
    "tap_to_uid_ms_max": float,
    "start_to_first_frame_s": float,
    "import_floor_s": float,
    "rss_mb": float,
    "idle_cpu_percent": float,
}
PER_GAME = ("press_to_frame_ms_p50", "press_to_frame_ms_p99", "press_to_frame_ms_max",
            "bus_bytes_per_press", "bus_bytes_max_ordinary", "presses")  # fmt: skip


def test_the_quick_bench_prints_every_figure_for_every_game():
    done = subprocess.run(
        [sys.executable, "-m", "device.cli.main", "bench", "--json", "--quick"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    figures = json.loads(done.stdout)
    for key, kind in FIGURES.items():
        value = figures[key]
        assert isinstance(value, (int, float)) and not isinstance(value, bool), key
        if kind is int:
            assert isinstance(value, int), key
    assert set(figures["games"]) == set(playable())
    for game in figures["games"].values():
        assert all(isinstance(game[k], (int, float)) for k in PER_GAME)
    assert set(figures["targets"]) <= set(figures) | {"first_frame_over_floor"}
    games = {f"{g}:{k}" for g in figures["games"] for k in bench.PER_GAME}
    games |= {f"{g}:search_ms_max" for g in figures["search"]}
    assert isinstance(figures["missed"], list) and set(figures["missed"]) <= set(figures) | games
    variants = {label for g, entry in playable().items()
                for label, _ in variant_labels(g, entry.engine)} - set(playable())  # fmt: skip
    assert "zweimal:variant=2" in variants
    assert "wandernde-druiden:deck_rules=free,deck_A=[9],deck_B=[9]" in variants
    assert set(figures["search"]) == set(playable()) | variants  # timed in every game, variant
    for label, search in figures["search"].items():
        budget = playable()[label.partition(":")[0]].engine.search_budget[0]
        assert search["simulations"] == budget  # Day and Night: none, its aim alone
        assert 0 < search["search_ms_median"] <= search["search_ms_max"]
    assert done.stderr == ""  # --json: nothing but the object


def test_a_soak_over_all_games_leaks_no_files_or_memory():
    presses = int(os.environ.get("TABLETOP_SOAK_PRESSES", "400"))
    samples = bench.soak(presses, checkpoints=8)
    assert samples[-1]["presses"] >= presses
    warmed = samples[1]  # the first block loads fonts, modules and caches
    assert samples[-1]["open_fds"] <= warmed["open_fds"] + 2, samples
    assert samples[-1]["rss_mb"] <= warmed["rss_mb"] + 8, samples


def test_bad_bench_options_are_one_line(capsys):
    from device.cli.main import main

    for args, words in ((["--soak", "0"], "1 or more"), (["--soak", "x"], "invalid int")):
        assert main(["bench", *args]) == 2
        err = capsys.readouterr().err
        assert words in err and err.count("\n") == 1, err


def test_a_game_that_misses_a_press_target_on_its_own_is_named_even_when_all_games_meet_it():
    """The targets hold for each game on its own: the mean of all games hid one game's 432
    bytes a press."""
    figures = {k: 0 for k in bench.targets()}
    figures["games"] = {
        "zweimal": {"press_to_frame_ms_p99": 1.0, "bus_bytes_per_press": 120.0,
                    "bus_bytes_max_ordinary": 100},
        "wandernde-druiden": {"press_to_frame_ms_p99": 1.0, "bus_bytes_per_press": 432.0,
                              "bus_bytes_max_ordinary": 535},
    }  # fmt: skip
    assert bench.missed(figures) == [
        "wandernde-druiden:bus_bytes_per_press",
        "wandernde-druiden:bus_bytes_max_ordinary",
    ]
    figures["games"]["wandernde-druiden"]["press_to_frame_ms_max"] = 2.0
    for g in figures["games"].values():
        g.update(presses=1, press_to_frame_ms_p50=0.5, press_to_frame_ms_max=2.0, bus_bytes_max=9)
    figures.update(targets={}, missed=bench.missed(figures), quick=True)
    shown = bench.table(figures)
    assert "MISSED bus_bytes_per_press, bus_bytes_max_ordinary" in shown
    assert shown.splitlines()[-2].endswith("ok")  # zweimal


def test_the_bench_tells_a_new_screen_from_a_cursor_step(tmp_path):
    """Issue 60: `bus_bytes_max_ordinary` (an arrow that changed nothing but the cursor on
    the same screen) counted an arrow that closed an undo's page, and Day and Night's spell
    list turned to another page, as cursor steps: a whole frame. The bench's screen key now
    changes with an undo's page and with the list's page as drawn (of the spells offered)."""
    from dataclasses import replace

    from device.app.session import Session
    from device.app.state import BoxState
    from device.cli.bench.box import _screen
    from device.games import GAMES
    from device.games.day_and_night.view import LIST_ROWS, offered

    entry = GAMES["day-and-night"]
    state = entry.engine.initial(entry.engine.parse_options({}))
    listed = offered(state)
    assert len(listed) > LIST_ROWS, "the list spans pages"
    screens = entry.screens
    session = Session(1, "day-and-night", state.options, state, 0, (), ())
    box = BoxState(mode="game", session=session, view=screens.initial_view(state))
    opened = replace(box, view=replace(box.view, mode="spells", spell=listed[0]))
    for i, spell in enumerate(listed):  # the same screen exactly while on the first page
        stepped = replace(opened, view=replace(opened.view, spell=spell))
        assert (_screen(stepped) == _screen(opened)) == (i < LIST_ROWS), (i, spell)
    undone = replace(box, undone=(("a",), ("b",)), undone_page=0)
    assert _screen(undone) != _screen(box)  # an undo's changes said: not the board
    assert _screen(replace(undone, undone_page=1)) != _screen(undone)  # its next page
