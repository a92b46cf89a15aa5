"""Issue 49: the play-testers' lab (`tabletop lab`, device/lab). Real Dask: a local cluster of
worker processes, and a real scheduler with two workers on the loopback started as the
docs say (`dask scheduler`, `dask worker`). A game is a pure function of (seed, options,
agents): the same results whatever the workers, after a kill -9 and `--resume`, and through
a cluster that loses a worker; every game's record replays."""

from __future__ import annotations

import contextlib
import os
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from device.lab.play import Spec, play_one
from tests.webserver import ROOT, free_port

pytest.importorskip(
    "distributed", reason="the lab's extra (dask) is not installed: ./dev test installs it"
)
BIN = Path(sys.executable).parent
TABLETOP = [sys.executable, "-m", "device.cli.main"]


def lab(*args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(
        [*TABLETOP, "lab", *args], capture_output=True, text=True, timeout=300, cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )  # fmt: skip
    if check:
        assert done.returncode == 0, done.stderr[-2000:]
    return done


def rows(folder: Path) -> list[tuple]:
    db = sqlite3.connect(folder / "lab.sqlite3")
    try:
        return db.execute("SELECT * FROM games ORDER BY idx").fetchall()
    finally:
        db.close()


@contextlib.contextmanager
def cluster_on_loopback() -> Iterator[tuple[str, list[subprocess.Popen[bytes]]]]:
    """A real `dask scheduler` and two `dask worker`s on 127.0.0.1, started as docs/lab.md
    says, the workers up: the scheduler's address and the workers; all killed after."""
    port = free_port()
    address = f"tcp://127.0.0.1:{port}"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL, "cwd": ROOT, "env": env}
    scheduler = subprocess.Popen(
        [BIN / "dask", "scheduler", "--host", "127.0.0.1", "--port", str(port),
         "--no-dashboard"], **quiet,
    )  # fmt: skip
    workers = [
        subprocess.Popen(
            [
                BIN / "dask",
                "worker",
                address,
                "--nthreads",
                "1",
                "--nworkers",
                "1",
                "--no-dashboard",
                "--no-nanny",
            ],
            **quiet,
        )  # fmt: skip
        for _ in range(2)
    ]
    try:
        from distributed import Client

        with Client(address, timeout=30) as client:
            client.wait_for_workers(2, timeout=30)
        yield address, workers
    finally:
        for process in [*workers, scheduler]:
            process.kill()
            process.wait()


def test_a_game_is_the_same_wherever_it_is_played_and_its_record_replays(tmp_path):
    """One worker or two, or the function called here: the same games; each record
    replays with `tabletop replay` to the game's end and winner."""
    from device import games
    from engine.replay import options_of, parse_record, replay

    args = ["run", "feuer-und-wasser", "--games", "12", "--agents", "greedy,random",
            "--seed", "7"]  # fmt: skip
    lab(*args, "--out", str(tmp_path / "one"), "--workers", "1")
    said = lab(*args, "--out", str(tmp_path / "two"), "--workers", "2").stdout
    assert "12 games of feuer-und-wasser" in said
    assert rows(tmp_path / "one") == rows(tmp_path / "two")
    spec = Spec("feuer-und-wasser", (), ("greedy", "random"), 7)
    here = [play_one(spec, i) for i in range(12)]
    assert [(r[0], r[3], r[8]) for r in rows(tmp_path / "one")] == [
        (g.index, g.winner, g.record) for g in here
    ]
    assert {dict(g.seats)["R"] for g in here} == {"greedy", "random"}  # seats alternate
    lab("export", str(tmp_path / "two"), "--out", str(tmp_path / "records"))
    files = sorted((tmp_path / "records").iterdir())
    assert len(files) == 12
    engine = games.GAMES["feuer-und-wasser"].game
    for path, game in zip(files, here, strict=True):
        parsed = parse_record(path.read_text())
        actions = [engine.parse_action(text) for _, text in parsed.actions]
        state = replay(engine, options_of(engine, dict(parsed.options)), actions)
        assert engine.is_over(state) and (engine.result(state).winner or "") == game.winner
        checked = subprocess.run(
            [*TABLETOP, "replay", str(path)], capture_output=True, text=True, cwd=ROOT
        )
        assert checked.returncode == 0, checked.stderr


def test_a_run_cut_by_kill_9_resumes_to_the_uncut_run(tmp_path):
    args = ["run", "zweimal", "--games", "300", "--agents", "random,greedy", "--workers", "1"]
    cut = subprocess.Popen(
        [*TABLETOP, "lab", *args, "--out", str(tmp_path / "cut")], cwd=ROOT,
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            time.sleep(0.2)
            try:
                if len(rows(tmp_path / "cut")) >= 20:
                    break
            except sqlite3.Error:
                pass  # (not made as yet)
    finally:
        os.killpg(cut.pid, signal.SIGKILL)  # the run and its workers, at once
        cut.wait()
    kept = rows(tmp_path / "cut")
    assert 20 <= len(kept) < 300, len(kept)
    refused = lab(*args, "--out", str(tmp_path / "cut"), check=False)
    assert refused.returncode == 2 and "--resume" in refused.stderr
    lab(*args, "--out", str(tmp_path / "cut"), "--resume")
    lab(*args, "--out", str(tmp_path / "whole"))
    assert rows(tmp_path / "cut") == rows(tmp_path / "whole")
    assert len(rows(tmp_path / "whole")) == 300


def test_a_scheduler_and_two_workers_on_the_loopback_play_the_local_run_even_losing_one(
    tmp_path,
):
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    with cluster_on_loopback() as (address, workers):
        args = ["run", "zweimal", "--games", "200", "--agents", "greedy,random"]
        running = subprocess.Popen(
            [*TABLETOP, "lab", *args, "--out", str(tmp_path / "cluster"), "--scheduler",
             address], cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            text=True,
        )  # fmt: skip
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            time.sleep(0.1)
            try:
                if len(rows(tmp_path / "cluster")) >= 10:
                    break
            except sqlite3.Error:
                pass
        workers[0].kill()  # a worker lost mid-run: its games are played again elsewhere
        out, err = running.communicate(timeout=240)
        assert running.returncode == 0, err[-2000:]
        assert "200 games of zweimal" in out
    lab(*args, "--out", str(tmp_path / "local"), "--workers", "2")
    assert rows(tmp_path / "cluster") == rows(tmp_path / "local")


def test_the_agents_are_the_strength_benchmark_s_players_by_name():
    import functools

    from device.lab.play import agent
    from engine import strength

    assert agent("knowing") is strength.knowing_player
    assert agent("greedy+") is strength.evaluated_player
    deeper = agent("box:40")
    assert isinstance(deeper, functools.partial) and deeper.keywords == {"simulations": 40}


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["run", "chess", "--games", "2", "--out", "X"], "unknown game 'chess'"),
        (["run", "zweimal", "--games", "2", "--out", "X", "--option", "variant=9"],
         "zweimal refuses the options"),
        (["run", "zweimal", "--games", "2", "--out", "X", "--option", "colour=red"],
         "zweimal has no option 'colour'"),
        (["run", "zweimal", "--games", "2", "--out", "X", "--agents", "box,wizard"],
         "unknown agent 'wizard'"),
        (["run", "zweimal", "--games", "0", "--out", "X"], "--games 0"),
        (["run", "zweimal", "--games", "2", "--out", "X", "--scheduler", "tcp://127.0.0.1:9"],
         "cannot reach the Dask scheduler"),
        (["export", "X", "--out", "Y"], "holds no lab run"),
    ],
)  # fmt: skip
def test_bad_input_is_one_line_and_exit_2(tmp_path, args, said):
    args = [str(tmp_path / a) if a in ("X", "Y") else a for a in args]
    done = lab(*args, check=False)
    assert done.returncode == 2 and said in done.stderr, done.stderr
    assert len(done.stderr.strip().splitlines()) == 1 and "Traceback" not in done.stderr


def test_a_folder_of_another_run_or_damaged_results_are_refused_and_kept(tmp_path):
    folder = tmp_path / "lab"
    lab("run", "zweimal", "--games", "4", "--agents", "random,random", "--workers", "1",
        "--out", str(folder))  # fmt: skip
    before = (folder / "lab.sqlite3").read_bytes()
    other = lab("run", "zweimal", "--games", "4", "--agents", "greedy,random", "--out",
                str(folder), "--resume", check=False)  # fmt: skip
    assert other.returncode == 2 and "holds another run" in other.stderr
    assert "random vs random" in other.stderr
    assert (folder / "lab.sqlite3").read_bytes() == before
    damaged = tmp_path / "damaged"
    damaged.mkdir()
    (damaged / "lab.sqlite3").write_bytes(b"not a database at all" * 100)
    resume = ["run", "zweimal", "--games", "2", "--out", str(damaged), "--resume"]
    for args in (["export", str(damaged), "--out", str(tmp_path / "r")], resume):
        done = lab(*args, check=False)
        assert done.returncode == 2 and "not a lab's results" in done.stderr, done.stderr
    assert (damaged / "lab.sqlite3").read_bytes() == b"not a database at all" * 100


def test_the_report_s_figures_are_the_games_counted_with_their_intervals(tmp_path):
    """`tabletop lab report`: one self-contained page with its plots, JSON and CSV; each
    figure what the games say (counted here again), each rate with its Wilson interval."""
    import csv
    import json

    from engine.strength import wilson

    folder = tmp_path / "druids"
    lab("run", "wandernde-druiden", "--games", "30", "--agents", "greedy,random",
        "--workers", "1", "--out", str(folder))  # fmt: skip
    said = lab("report", str(folder)).stdout
    assert "report.html" in said
    found = json.loads((folder / "report.json").read_text())
    games = rows(folder)
    decided = [g for g in games if g[3] in ("A", "B")]
    assert found["games"] == 30 and found["completion"]["k"] == len(decided)
    wins_a = sum(g[3] == "A" for g in decided)
    assert found["win_rate_by_seat"]["A"]["k"] == wins_a
    low, high = wilson(wins_a, len(decided))
    assert found["win_rate_by_seat"]["A"]["low"] == pytest.approx(low)
    assert found["win_rate_by_seat"]["A"]["high"] == pytest.approx(high)
    first_won = sum(g[3] == g[6] for g in decided)
    assert found["first_mover_wins"]["k"] == first_won
    agent_of = [dict(json.loads(g[2])) for g in games]
    greedy = sum(a.get(g[3]) == "greedy" for a, g in zip(agent_of, games, strict=True))
    assert found["win_rate_by_agent"]["greedy"]["k"] == greedy
    moves = sorted(g[5] for g in games)
    assert found["moves"]["median"] == pytest.approx((moves[14] + moves[15]) / 2)
    assert found["cards"] and all(c["played"]["n"] > 0 for c in found["cards"])
    assert len(found["points_over_game"]["A"]) == 11  # each tenth of the game
    with (folder / "games.csv").open() as f:
        assert len(list(csv.DictReader(f))) == 30
    with (folder / "cards.csv").open() as f:
        assert len(list(csv.reader(f))) == len(found["cards"]) + 1
    page = (folder / "report.html").read_text()
    assert page.count('src="data:image/png;base64,') == 4  # seats, lengths, points, cards
    assert "http" not in page.replace("docs/lab.md", "")  # nothing fetched: self-contained
    english = (folder / "report.en.html").read_text()
    assert '<html lang="de">' in page and '<html lang="en">' in english  # German first
    assert "10–90\u202f%" in page and " \u202f%" not in page  # one narrow space a percent
    rate = found["win_rate_by_seat"]["A"]
    assert f"Platz A gewinnt</th><td>{rate['rate']:.1%}".replace(".", ",")[:-1] in page
    assert f"Seat A wins</th><td>{rate['rate']:.1%}" in english
    assert '<a href="report.en.html" hreflang="en">English</a>' in page
    assert '<a href="report.html" hreflang="de">Deutsch</a>' in english
    assert english.count('src="data:image/png;base64,') == 4
    empty = tmp_path / "empty"
    lab("run", "zweimal", "--games", "1", "--agents", "random,random", "--workers", "1",
        "--out", str(empty))  # fmt: skip
    assert lab("report", str(empty)).returncode == 0


def test_two_proportions_and_two_means_are_compared_as_the_textbooks_do():
    """The z test of two proportions (50/100 against 60/100: z = 1.42, p = 0.155),
    Newcombe's interval from the two Wilson intervals (-0.0373 to 0.2321 for these), and
    Welch's test of two means by the normal."""
    from device.lab.compare import means, rates, said

    found = rates({"k": 50, "n": 100, "rate": 0.5}, {"k": 60, "n": 100, "rate": 0.6})
    assert found["difference"] == pytest.approx(0.1)
    assert found["p"] == pytest.approx(0.1556, abs=0.001)
    assert found["low"] == pytest.approx(-0.0373, abs=0.0005)
    assert found["high"] == pytest.approx(0.2321, abs=0.0005)
    line = said({"figure": "night wins", "kind": "rate", **found})
    assert line.startswith("night wins: 10 points more often in B: 60% against 50%")
    assert "not significant" in line
    same = means({"n": 400, "mean": 50, "sd": 10}, {"n": 400, "mean": 52, "sd": 10})
    assert same["p"] == pytest.approx(0.0047, abs=0.0005)  # z = 2 / 0.707 = 2.83
    assert same["low"] == pytest.approx(2 - 1.96 * 0.7071, abs=0.001)
    assert "significant)" in said({"figure": "moves", "kind": "mean", **same})


def test_tabletop_lab_compare_says_each_figure_of_two_runs_and_refuses_two_games(tmp_path):
    import json

    for name, seed in (("a", "1"), ("b", "500")):
        lab("run", "feuer-und-wasser", "--games", "20", "--agents", "greedy,random",
            "--workers", "1", "--seed", seed, "--out", str(tmp_path / name))  # fmt: skip
    said = lab("compare", str(tmp_path / "a"), str(tmp_path / "b")).stdout.splitlines()
    assert said[0].startswith("A: ") and "(20 games)" in said[0]
    assert any(line.startswith("greedy wins: ") for line in said)
    assert all(" against " in line and ", p " in line for line in said[1:])
    rows = json.loads(lab("compare", str(tmp_path / "a"), str(tmp_path / "b"), "--json").stdout)
    assert {r["figure"] for r in rows["figures"]} >= {"R wins", "moves a game", "games drawn"}
    lab("run", "zweimal", "--games", "2", "--agents", "random,random", "--workers", "1",
        "--out", str(tmp_path / "z"))  # fmt: skip
    other = lab("compare", str(tmp_path / "a"), str(tmp_path / "z"), check=False)
    assert other.returncode == 2 and "one game" in other.stderr


def test_a_run_until_its_intervals_are_narrow_stops_at_the_same_game_on_any_workers(tmp_path):
    """`--until WIDTH`: the run stops at the first checkpoint (every 50 games, in order)
    where each seat's win rate, the first mover's and the games decided all have an
    interval narrower than WIDTH; where is a matter of the games alone."""
    import json

    from device.lab.results import LabFolder
    from device.lab.until import EVERY, widths

    args = ["run", "zweimal", "--games", "1000", "--agents", "greedy,random", "--until", "0.2"]
    one = lab(*args, "--workers", "1", "--out", str(tmp_path / "one")).stdout
    two = lab(*args, "--workers", "2", "--out", str(tmp_path / "two")).stdout
    assert "stopped after" in one and one.splitlines()[1] == two.splitlines()[1]
    runs = [LabFolder.open(tmp_path / name) for name in ("one", "two")]
    try:
        first, second = (r.finished() for r in runs)
        stopped = runs[0].stopped
    finally:
        for r in runs:
            r.close()
    assert stopped is not None and stopped % EVERY == 0 and len(first) == stopped < 1000
    assert [g.record for g in first] == [g.record for g in second]
    assert max(widths(["A", "B"], first).values()) < 0.2  # met here ...
    assert max(widths(["A", "B"], first[: stopped - EVERY]).values()) >= 0.2  # ... not before
    lab("report", str(tmp_path / "one"))
    report = json.loads((tmp_path / "one" / "report.json").read_text())
    assert report["games"] == stopped and "narrower than 0.2" in report["stopped"]
    again = lab(*args, "--out", str(tmp_path / "one"), "--resume", check=False)
    assert again.returncode == 0 and f"{stopped} games of zweimal" in again.stdout
    other = [*args[:-1], "0.1"]
    refused = lab(*other, "--out", str(tmp_path / "one"), "--resume", check=False)
    assert refused.returncode == 2 and "--until 0.2" in refused.stderr


def test_the_skill_trace_plays_the_box_against_itself_at_twice_and_four_times_its_budget(
    tmp_path,
):
    import json

    said = lab("skill", "zweimal", "--games", "12", "--budget", "4", "--steps", "2",
               "--workers", "2", "--out", str(tmp_path)).stdout.splitlines()  # fmt: skip
    assert [line.split(":")[1].split()[0] for line in said] == ["8", "16"]
    for line, strong in zip(said, (8, 16), strict=True):
        games = rows(tmp_path / f"4-vs-{strong}")
        assert len(games) == 12
        seats = [dict(json.loads(g[2])) for g in games]
        assert {a for s in seats for a in s.values()} == {"box:4", f"box:{strong}"}
        decided = [(s, g) for s, g in zip(seats, games, strict=True) if g[3] in s]
        won = sum(s[g[3]] == f"box:{strong}" for s, g in decided)
        assert f"wins {won / len(decided):.0%} [" in line and f"of {len(decided)} decided" in line


def test_a_run_takes_deck_files_as_the_config_does_and_a_bad_one_is_exit_78(tmp_path):
    """`--deck PATH`: a deck or card file of the game, as the config's `decks` (its options
    in each game's record); an edited deck is another run; a bad file one line, exit 78."""
    import json

    source = ROOT / "device/games/day_and_night/decks/day-and-night-night.example.json"
    deck = json.loads(source.read_text())
    deck["spells"][0]["cost"] = deck["spells"][0]["cost"] + 1  # one card changed
    edited = tmp_path / "night.json"
    edited.write_text(json.dumps(deck))
    lab("run", "day-and-night", "--games", "2", "--agents", "random,random", "--workers", "1",
        "--deck", str(edited), "--out", str(tmp_path / "run"))  # fmt: skip
    record = rows(tmp_path / "run")[0][8]
    line = next(x for x in record.splitlines() if x.startswith("option deck_night="))
    spells = json.loads(line.removeprefix("option deck_night="))
    assert spells[0]["cost"] == deck["spells"][0]["cost"]
    (tmp_path / "bad.json").write_text('{"game": "day-and-night", "spells": 3}')
    bad = lab("run", "day-and-night", "--games", "2", "--deck", str(tmp_path / "bad.json"),
              "--out", str(tmp_path / "bad"), check=False)  # fmt: skip
    assert bad.returncode == 78 and len(bad.stderr.strip().splitlines()) == 1, bad.stderr
    assert not (tmp_path / "bad").exists()


def test_a_difference_of_one_point_is_said_in_the_singular():
    from device.lab.compare import rates, said

    found = rates({"k": 50, "n": 100, "rate": 0.5}, {"k": 51, "n": 100, "rate": 0.51})
    assert said({"figure": "A wins", "kind": "rate", **found}).startswith(
        "A wins: 1 point more often in B: 51% against 50%"
    )


def test_the_lab_benchmark_measures_the_bare_loop_apart_and_gives_each_round():
    """benchmarks/lab.py (docs/benchmarks.md "The lab"): the bare loop in a process of its
    own says its games a second, and each figure is the median with its lowest and highest
    round."""
    from tests.bench_scripts import load

    lab = load("lab")
    assert lab.bare("zweimal", ("greedy", "random"), 4) > 0
    assert lab.spread([3.0, 1.0, 2.0], ".1f") == "2.0 [1.0-3.0]"
    assert lab.spread([-0.4, 12.0, 35.0], "+.0f") == "+12 [-0-+35]"


def test_tasks_are_sized_by_the_game_s_speed_and_spread_at_the_end():
    """One game a task until one is back; then about `TASK_SECONDS` of games, but the last
    ones spread over twice the cores; the games handed out in order, each once."""
    from device.lab.play import Batch
    from device.lab.run import TASK_SECONDS, Tasks

    tasks = Tasks(list(range(10_000)), 2)
    assert tasks.next() == (0,) and tasks.next() == (1,)
    tasks.learn(Batch((), 5.0))  # (an empty task teaches nothing)
    assert tasks.size() == 1
    fast = Tasks(list(range(10_000)), 2)
    fast.per_game = 0.01
    assert fast.size() == round(TASK_SECONDS / 0.01)  # 150 games of 10 ms
    slow = Tasks(list(range(10_000)), 2)
    slow.per_game = 0.6
    assert slow.size() == 3  # 1.5 s of 0.6 s games
    tail = Tasks(list(range(40)), 2)
    tail.per_game = 0.001
    handed = []
    while tail.left:
        handed.append(tail.next())
    assert [len(h) for h in handed[:3]] == [10, 7, 5]  # a quarter of what is left (2 cores)
    assert [len(h) for h in handed[-4:]] == [1, 1, 1, 1]  # the last games one a task
    assert [i for h in handed for i in h] == list(range(40))
