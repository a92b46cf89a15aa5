"""`tabletop score`: one JSON object on stdout, or exit 2 with one line on stderr."""

import json
import shutil
import subprocess
import sys

import pytest

from device.cli.main import main


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def ok(capsys, *argv):
    code, out, err = run(capsys, *argv)
    assert (code, err) == (0, "")
    assert out.count("\n") == 1
    return json.loads(out)


def bad(capsys, *argv):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "Traceback" not in err
    return err


def test_zweimal_digest_example(capsys):
    result = ok(capsys, "score", "zweimal", "-A-A-B|./|.-B-A|./-A-A-A-B/|B|B|A|B")
    assert result["scores"] == {"A": 19, "B": 3}
    assert sum(r["points"] for r in result["roads"]) == 22


def test_zweimal_malformed_says_where(capsys):
    err = bad(capsys, "score", "zweimal", "-A-A-B|./|.-B-A|./-A-A-A-B/|B|B|A|X")
    assert "row 4, field 4" in err


def test_feuer_und_wasser_legal_with_negative_at(capsys):
    result = ok(
        capsys,
        "score",
        "feuer-und-wasser",
        "--board",
        "RR/RR/BB",
        "--card",
        "BB/BB/BB",
        "--at",
        "-1,0",
        "--player",
        "B",
        "--mode",
        "rows",
    )
    assert result["legal"] is True
    assert (result["length"], result["cards"]) == (4, 2)


def test_feuer_und_wasser_negative_at_with_equals_sign(capsys):
    result = ok(
        capsys,
        "score",
        "feuer-und-wasser",
        "--board",
        "RR/RR/BB",
        "--card",
        "BB/BB/BB",
        "--at=-1,0",
        "--player",
        "B",
        "--mode",
        "groups",
    )
    # the card's six blue fields join the two blue fields below: a group of 8 -> 8 // 3
    assert (result["legal"], result["length"], result["cards"]) == (True, 8, 2)


def test_feuer_und_wasser_illegal_is_exit_zero_with_reason(capsys):
    result = ok(
        capsys,
        "score",
        "feuer-und-wasser",
        "--board",
        "RRB/BBR",
        "--card",
        "RRR/BBB",
        "--at",
        "0,0",
        "--player",
        "R",
        "--mode",
        "rows",
    )
    assert result == {"legal": False, "reason": "card covers 6 fields, it must cover exactly 4"}


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--at", "0"], "--at: expected ROW,COL"),
        (["--at", "a,1"], "--at: item 1 ('a') is not a whole number"),
        (["--card", "RRX/BBB"], "card row 1, field 3"),
        (["--board", "RR/R"], "board row 2 has 1 squares"),
        (["--player", "G"], "invalid choice: 'G'"),
        (["--mode", "lines"], "invalid choice: 'lines'"),
    ],
)
def test_feuer_und_wasser_bad_arguments(capsys, args, message):
    base = {
        "--board": "RRB/BBR",
        "--card": "RRR/BBB",
        "--at": "0,1",
        "--player": "R",
        "--mode": "rows",
    }
    base.update(dict(zip(args[::2], args[1::2], strict=True)))
    argv = [x for kv in base.items() for x in kv]
    assert message in bad(capsys, "score", "feuer-und-wasser", *argv)


def test_day_and_night_output(capsys):
    rows = "NNNNNNNN/ffffffff/dnnnnnnn/ffffffff/DDDDDDDD/ffffffff"
    result = ok(capsys, "score", "day-and-night", rows)
    assert result["verdict"] == "day"
    assert result["day"] == {"temples": 1, "can_win": True}
    assert result["night"] == {"temples": 1, "can_win": True}
    assert result["winning_tiles"] == [[2, 0]]


def test_day_and_night_malformed(capsys):
    assert "expected 6 rows" in bad(capsys, "score", "day-and-night", "......../........")


def test_druiden_best_assignment(capsys):
    result = ok(
        capsys, "score", "wandernde-druiden", "--attackers", "5,3,2", "--defenders", "4,4,1"
    )
    assert result["mp_loss"] == 0
    assert len(result["assignment"]) == 3
    assert sorted(result["attackers_discarded"]) == [1, 2]
    assert result["defenders_discarded"] == [2]


def test_druiden_given_assignment(capsys):
    result = ok(
        capsys,
        "score",
        "wandernde-druiden",
        "--attackers",
        "5,3,2",
        "--defenders",
        "4,4,1",
        "--assign",
        "0,0,1",
    )
    assert result["assignment"] == [0, 0, 1]
    assert result["mp_loss"] == 1  # attacker 2 unblocked
    assert result["attackers_discarded"] == [0]  # 4 + 4 reach 5; the 1 loses to the 3
    assert result["defenders_discarded"] == [0, 2]


def test_druiden_no_attackers_and_no_defenders(capsys):
    result = ok(capsys, "score", "wandernde-druiden", "--attackers", "", "--defenders", "4")
    assert result["assignment"] == [] and result["mp_loss"] == 0
    result = ok(capsys, "score", "wandernde-druiden", "--attackers", "3,2", "--defenders", "")
    assert result["assignment"] == [] and result["mp_loss"] == 1
    per = ok(
        capsys,
        "score",
        "wandernde-druiden",
        "--attackers",
        "3,2",
        "--defenders",
        "",
        "--mp-rule",
        "per-unblocked",
    )
    assert per["mp_loss"] == 2


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--attackers", "5,x", "--defenders", "1"], "--attackers: item 2 ('x')"),
        (["--attackers", "5,-1", "--defenders", "1"], "attacker 1 has strength -1"),
        (["--attackers", "5", "--defenders", "1", "--assign", "0,0"], "1 defenders need 1"),
        (["--attackers", "5", "--defenders", "1", "--assign", "2"], "blocks attacker 2"),
        (["--defenders", "1"], "the following arguments are required: --attackers"),
    ],
)
def test_druiden_bad_input(capsys, argv, message):
    assert message in bad(capsys, "score", "wandernde-druiden", *argv)


def test_unknown_game(capsys):
    err = bad(capsys, "score", "chess", "x")
    assert "unknown game 'chess'" in err and "zweimal" in err


def test_unknown_command_and_missing_game(capsys):
    assert "invalid choice" in bad(capsys, "dance")
    assert "required" in bad(capsys, "score")


def test_installed_console_command_runs():
    exe = shutil.which("tabletop") or shutil.which("tabletop", path=sys.prefix + "/bin")
    if exe is None:
        pytest.skip("the tabletop console script is not installed in this environment")
    done = subprocess.run(
        [exe, "score", "zweimal", "-A-A-B|./|.-B-A|./-A-A-A-B/|B|B|A|B"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0
    assert json.loads(done.stdout)["scores"] == {"A": 19, "B": 3}
    done = subprocess.run([exe, "score", "zweimal", "nonsense"], capture_output=True, text=True)
    assert done.returncode == 2 and done.stderr.count("\n") == 1
