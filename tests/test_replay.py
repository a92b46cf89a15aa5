"""`tabletop replay` (the referee without the box), `tabletop games export`, the saved actions in
the move notation, older saves, and games saved under other rules."""

from __future__ import annotations

import io
import json
import random
import sqlite3
import sys

import pytest

from device.app.state import notice_text
from device.cli.main import main
from device.games.contract import UNDO
from device.storage.records import FILE
from device.storage.store import Store
from engine.replay import format_record
from engine.zweimal.game import GAME, Options, SetRoad, StartRound, legal_actions


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def replay_lines(capsys, tmp_path, game: str, *lines: str) -> tuple[int, list[dict], str]:
    """`tabletop replay` of a record of `game` with these lines: the exit status, each JSON
    line printed, and stderr."""
    path = tmp_path / "record.txt"
    path.write_text("\n".join([f"game {game}", *lines]) + "\n")
    code, out, err = run(capsys, "replay", str(path))
    return code, [json.loads(x) for x in out.splitlines()], err


def random_zweimal(variant: int, seed: int) -> tuple[Options, list]:
    """A whole game chosen at random, set-up included (a few roads turned)."""
    rng = random.Random(seed)
    options = Options(variant=variant, starter=rng.choice("AB"), supply=rng.randint(3, 20))
    state, actions = GAME.initial(options), []
    while not GAME.is_over(state):
        if state.phase == "setup":
            n = options.size
            turned = [SetRoad((rng.randrange(n), rng.randrange(n)), "|") for _ in range(4)]
            choices = [*turned, StartRound()]
            for action in choices:
                state = GAME.apply(state, action)
                actions.append(action)
            continue
        action = rng.choice(legal_actions(state))
        state = GAME.apply(state, action)
        actions.append(action)
    return options, actions


@pytest.mark.parametrize("variant", [1, 2])
@pytest.mark.parametrize("seed", range(3))
def test_replay_ends_with_the_scores_tabletop_score_gives(capsys, tmp_path, variant, seed):
    options, actions = random_zweimal(variant, seed)
    path = tmp_path / "game.txt"
    path.write_text("# a recorded game\n" + format_record(GAME, options, actions))
    code, out, err = run(capsys, "replay", str(path))
    assert code == 0 and err == ""
    lines = [json.loads(x) for x in out.splitlines()]
    assert len(lines) == len(actions) + 1 and all(x["ok"] for x in lines[:-1])
    last = lines[-1]
    assert last["over"] is True
    rounds = last["result"]["rounds"]
    assert len(rounds) == 2
    for r in rounds:  # each round's final position scores the same in `tabletop score`
        code, out, _ = run(capsys, "score", "zweimal", r["position"])
        assert code == 0 and json.loads(out)["scores"] == r["scores"]
    totals = {p: rounds[0]["scores"][p] + rounds[1]["scores"][p] for p in "AB"}
    assert last["result"]["totals"] == totals
    expected = "A" if totals["A"] > totals["B"] else "B" if totals["B"] > totals["A"] else None
    assert last["result"]["winner"] == expected
    state = lines[-2]["state"]
    assert state["step"] == "over" and state["round_scores"] == [r["scores"] for r in rounds]


def test_a_refused_action_is_reported_and_the_replay_goes_on(capsys, tmp_path):
    path = tmp_path / "r.txt"
    path.write_text("game zweimal\nstart\nplace 0,0\nlay 0,0\nlay 1,1\n")
    code, out, _ = run(capsys, "replay", str(path))
    lines = [json.loads(x) for x in out.splitlines()]
    assert code == 0
    assert lines[2] == {
        "line": 4,
        "action": "lay 0,0",
        "ok": False,
        "code": "lay_on_figure",
        "reason": "a card goes only on a field without a figure",
    }
    assert lines[3]["ok"] and lines[3]["state"]["to_move"] == "B"


def test_replay_reads_standard_input(capsys, monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"game zweimal\nstart\n")))
    code, out, _ = run(capsys, "replay", "-")
    assert code == 0 and json.loads(out.splitlines()[0])["state"]["step"] == "figure"


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("game chess\n", "unknown game 'chess'"),
        ("start\n", "line 1: the record must start with 'game <id>'"),
        ("game zweimal\noption colour=red\n", "line 2: unknown option 'colour'"),
        ("game zweimal\noption variant=3\n", "line 2: variant is 1 (4x4) or 2 (5x5)"),
        ("game zweimal\n\noption starter=B\noption supply=x\n", "line 4: supply is a number"),
        ("game zweimal\noption variant\n", "line 2: expected 'option KEY=VALUE'"),
        ("game zweimal\nstart\nplace 0;0\n", "line 3: expected a field as ROW,COL"),
        ("game zweimal\nstart\nfly 1,1\n", "line 3: unknown action 'fly'"),
        ("game zweimal\nstart\nplace\n", "line 3: 'place' takes 1 argument(s)"),
        ("", "no 'game <id>' line"),
    ],
)
def test_a_malformed_record_is_exit_2_with_one_line_and_nothing_on_stdout(
    capsys, tmp_path, text, says
):
    path = tmp_path / "bad.txt"
    path.write_text(text)
    code, out, err = run(capsys, "replay", str(path))
    assert code == 2 and out == "" and err.count("\n") == 1 and says in err


@pytest.mark.parametrize("command", ["replay", "hint"])
def test_a_bad_option_is_named_by_its_line_by_replay_and_hint(capsys, tmp_path, command):
    """Issue 32: `tabletop hint` with a bad option said only "options: ..."."""
    path = tmp_path / "bad.txt"
    path.write_text("game wandernde-druiden\n# the start\noption starter=A\noption rule=twice\n")
    code, out, err = run(capsys, command, str(path))
    assert code == 2 and out == "" and err.startswith(f"tabletop {command}: line 4: ")
    assert err.count("\n") == 1


def test_replay_of_a_file_that_is_not_utf8(capsys, tmp_path):
    path = tmp_path / "bad.txt"
    path.write_bytes(b"game zweimal\n\xff\n")
    code, out, err = run(capsys, "replay", str(path))
    assert code == 2 and out == "" and "not UTF-8" in err


def test_export_of_a_saved_game_replays_to_its_state(capsys, tmp_path):
    from tests.test_box_saved_games import start
    from tests.test_box_zweimal import play_round

    p = start(tmp_path)
    try:
        p.new_game(variant=1, starter="B")
        p.set_up([(0, 0), (2, 3)])
        play_round(p)
        p.through_scoring()
        p.deal()  # round 2: the box deals
        p.place((1, 1))
        live = p.state
        game_id = p.box.session.db_id
    finally:
        p.sim.stop()
    code, record, _ = run(capsys, "games", "export", str(game_id), "--state-dir", str(tmp_path))
    assert code == 0 and record.startswith("game zweimal\noption variant=1\noption starter=B\n")
    path = tmp_path / "export.txt"
    path.write_text(record)
    code, out, _ = run(capsys, "replay", str(path))
    lines = [json.loads(x) for x in out.splitlines()]
    assert lines[-2]["state"] == GAME.summary(live)


def test_export_says_what_is_wrong(capsys, tmp_path):
    code, out, err = run(capsys, "games", "export", "7", "--state-dir", str(tmp_path))
    assert code == 2 and out == "" and "no saved game 7" in err
    code, _, err = run(capsys, "games", "export", "seven", "--state-dir", str(tmp_path))
    assert code == 2 and "invalid int value" in err


def _saved_before_the_notation(tmp_path) -> int:
    """A game as the box saved it before the move notation: options with numbers, actions
    as JSON records."""
    store = Store(tmp_path)
    ui = {"mode": "game", "cursor": [2, 1], "selected": None}
    game_id = store.new_game("zweimal", 1, {"variant": 1, "starter": "A", "supply": 16}, ui)
    for payload in (
        {"kind": "set_road", "field": [1, 1], "orientation": "|"},
        {"kind": "start_round"},
        {"kind": "place", "field": [0, 0]},
        {"kind": "lay", "field": [3, 3]},
    ):
        store.record(game_id, ui, append=payload)
    store.close()
    return game_id


def test_games_saved_before_the_notation_still_load_and_export(capsys, tmp_path):
    from tests.test_box_saved_games import start

    game_id = _saved_before_the_notation(tmp_path)
    p = start(tmp_path)
    try:
        assert p.box.session.actions == 4 and p.state.turn == "B"
        assert p.box.view.cursor == (2, 1)  # the old saved screen's cursor
        p.place((2, 2))  # and it goes on, now saved in the notation
    finally:
        p.sim.stop()
    code, record, _ = run(capsys, "games", "export", str(game_id), "--state-dir", str(tmp_path))
    assert code == 0
    assert record.splitlines()[-5:] == ["set 1,1 |", "start", "place 0,0", "lay 3,3", "place 2,2"]


def test_a_game_saved_under_other_rules_is_listed_and_never_replayed(capsys, tmp_path):
    from tests.test_box_saved_games import start

    game_id = _saved_before_the_notation(tmp_path)
    db = sqlite3.connect(tmp_path / FILE)
    db.execute("UPDATE games SET rules_version = 99, crc = NULL WHERE id = ?", (game_id,))
    db.commit()
    db.close()
    p = start(tmp_path)
    try:
        assert p.box.session is None
        assert f"#{game_id}: andere Regeln" in p.box.message + (notice_text(p.box),)
        assert not p.box.resumable  # not offered to resume: it cannot be replayed
    finally:
        p.sim.stop()
    code, out, _ = run(capsys, "games", "--state-dir", str(tmp_path))
    assert code == 0 and f"{game_id}\tzweimal\tplaying\t4 actions\tsaved under rules 99" in out
    code, _, err = run(capsys, "games", "export", str(game_id), "--state-dir", str(tmp_path))
    assert code == 2 and "saved under rules 99 (the box has" in err


def test_undo_on_the_box_takes_back_the_kept_state_without_replaying(monkeypatch):
    """The box keeps the state before each action, so taking one back is immediate (a long
    game replayed from its start took time on a Pi); without them it replays, as before."""
    import random

    from device.app import session as sessions
    from device.app.session import Session
    from device.app.state import BoxState
    from device.app.transition import handle
    from device.events import Press
    from engine.day_and_night.game import GAME

    rng = random.Random(3)
    options = GAME.parse_options({})
    state = GAME.initial(options)
    history, before = [], []
    for _ in range(30):
        action = rng.choice(GAME.sample_actions(state))
        history.append(action)
        before.append(state)
        state = GAME.apply(state, action)
    session = Session(1, GAME.id, options, state, 30, tuple(history), tuple(before))
    replayed = sessions.undo(GAME, options, tuple(history))[0]

    def no_replay(*args):
        raise AssertionError("replayed")

    monkeypatch.setattr(sessions, "undo", no_replay)  # where the session replays
    box = BoxState(mode="confirm", confirm=UNDO, session=session)
    after, effects = handle(box, Press("ok"))
    assert after.session.state is before[-1] and after.session.state == replayed
    assert after.session.history == tuple(history[:-1]) and len(after.session.before) == 29
    monkeypatch.undo()
    bare = BoxState(mode="confirm", confirm=UNDO, session=Session(1, GAME.id, options, state, 30,
                                                                tuple(history)))  # fmt: skip
    assert handle(bare, Press("ok"))[0].session.state == replayed


def test_replay_into_a_reader_that_stops_early_ends_quietly(tmp_path):
    """`tabletop replay FILE | head`: when the reader closes the pipe, the command stops
    with 141 (as a shell reports SIGPIPE) and says nothing (no "internal error")."""
    import subprocess

    from engine.day_and_night.game import GAME as DAN
    from engine.strength import random_player

    rng = random.Random(3)
    state, actions = DAN.initial(DAN.parse_options({})), []
    while len(actions) < 500 and not DAN.is_over(state):  # far more than a pipe holds
        action = random_player(DAN, state, rng)
        actions.append(action)
        state = DAN.apply(state, action)
    assert len(actions) > 300
    record = tmp_path / "long.txt"
    record.write_text(format_record(DAN, DAN.parse_options({}), actions), encoding="utf-8")
    code = "import sys; from device.cli.main import main; sys.exit(main())"
    proc = subprocess.Popen(
        [sys.executable, "-c", code, "replay", str(record)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert proc.stdout is not None and proc.stderr is not None
    assert proc.stdout.read(300)  # the reader takes a little, then goes away
    proc.stdout.close()
    assert proc.wait(timeout=60) == 141
    assert proc.stderr.read() == b""
