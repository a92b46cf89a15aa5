"""Bad input anywhere is one line and exit 2 (usage) or 78 (config), never an internal error:
the inputs that crashed once (regressions), then hypothesis over every command's inputs, the
script format, config, deck and card files, saved records, serial frames and the WAL reader.

The fuzz tests run derandomized in CI (tests/conftest.py); `TABLETOP_HYPOTHESIS=soak` runs a
thousand examples each.
"""

from __future__ import annotations

import json
import sqlite3
import string
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings, strategies as st

from device.app.loop import Loop
from device.cards.names import card_names
from device.cards.registry import read_file
from device.cli.main import main
from device.errors import CardError
from device.hw.display import Screen, dummy_device
from device.hw.nfc.frames import Parser, build
from device.hw.nfc.pn532 import PN532
from device.settings import ConfigError, load
from device.sim.script import ScriptError, parse
from device.storage.records import FILE, crc
from device.storage.savefile import check_wal
from device.storage.store import Store

DEEP = "[" * 3000 + "]" * 3000
# capsys is read and cleared after every command, so sharing it between examples is safe
fuzz = settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def one_line(code: int, err: str, codes=(2,)) -> None:
    assert code in codes, err
    assert err.count("\n") == 1 and "internal error" not in err and "Traceback" not in err


# --- the inputs that crashed (issue 8) -------------------------------------------------------


@pytest.mark.parametrize(
    "argv",
    [
        ["--attackers", "3,3,3,3,3", "--defenders", "0,0,1,1,1"],  # fine now: an answer
    ],
)
def test_the_clash_that_raised_index_error_now_has_an_answer(capsys, argv):
    code, out, err = run(capsys, "score", "wandernde-druiden", *argv)
    assert code == 0 and json.loads(out)["mp_loss"] == 0 and err == ""


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["--attackers", str(2**62), "--defenders", "1"], "at most 99"),
        (["--attackers", "1", "--defenders", str(2**63)], "at most 99"),
        (["--attackers", "--", "--defenders", "1"], "--attackers"),
        (["--attackers", "1", "--defenders", "--"], "--defenders"),
        (["--attackers", ",".join(["1"] * 150), "--defenders", "1,1"], "at most 64"),
        (["--attackers", ",".join(["5"] * 13), "--defenders", "1"], "at most 12 attackers"),
        (["--attackers", "٣", "--defenders", "1"], "not a whole number"),
        (["--attackers", "1", "--defenders", "1", "--assign", "--"], "--assign"),
    ],
)
def test_clash_inputs_beyond_the_limits_are_one_line(capsys, argv, says):
    code, out, err = run(capsys, "score", "wandernde-druiden", *argv)
    one_line(code, err)
    assert out == "" and says in err


def test_feuer_und_wasser_bare_double_dash_is_one_line(capsys):
    code, _, err = run(
        capsys, "score", "feuer-und-wasser", "--board", "R", "--card", "RRB/BBR", "--at", "--",
        "--player", "R", "--mode", "rows",
    )  # fmt: skip
    one_line(code, err)


def test_deeply_nested_config_is_exit_78(tmp_path, capsys):
    config = tmp_path / "deep.toml"
    config.write_text("a = " + DEEP + "\n")
    script = tmp_path / "s"
    script.write_text("wait 0\n")
    code, _, err = run(capsys, "run", "--script", str(script), "--config", str(config))
    one_line(code, err, (78,))
    assert "nested too deeply" in err


def start_with_deck(tmp_path, capsys, text: str) -> tuple[int, str, Path]:
    """`tabletop run --script` with a config that lists one deck file holding `text`."""
    deck = tmp_path / "deck.json"
    deck.write_text(text)
    config = tmp_path / "c.toml"
    config.write_text(f'decks = ["{deck}"]\n')
    script = tmp_path / "s"
    script.write_text("wait 0\n")
    code, _, err = run(capsys, "run", "--script", str(script), "--config", str(config))
    return code, err, deck


def test_deeply_nested_deck_is_exit_78(tmp_path, capsys):
    code, err, _ = start_with_deck(tmp_path, capsys, DEEP)
    one_line(code, err, (78,))


def test_deeply_nested_card_file_import_is_one_line(tmp_path, capsys):
    cards = tmp_path / "cards.json"
    cards.write_text('{"version": 1, "cards": ' + DEEP + "}")
    code, _, err = run(capsys, "cards", "import", str(cards), "--state-dir", str(tmp_path / "s"))
    one_line(code, err)
    assert not (tmp_path / "s").exists() or Store(tmp_path / "s", read_only=True).cards() == []


@pytest.mark.parametrize("digits", ["²", "٣", "１", "1²"])
def test_script_wait_takes_ascii_digits_only(digits):
    with pytest.raises(ScriptError, match="wait takes milliseconds"):
        parse(f"wait {digits}\n")
    assert parse("wait 3\n")[0].arg == 3


def test_cards_export_leaves_out_a_bad_entry_and_exports_the_rest(tmp_path, capsys):
    store = Store(tmp_path)
    store.teach([("04A2B3C4", "zweimal:player-A"), ("0A", "zweimal:player-B")])  # a short UID
    store.close()
    out_file = tmp_path / "cards.json"
    code, _, err = run(capsys, "cards", "export", str(out_file), "--state-dir", str(tmp_path))
    assert code == 0 and "left out '0A'" in err
    assert [c.uid for c in read_file(out_file)] == ["04A2B3C4"]


# --- fuzz: every command's inputs ------------------------------------------------------------

token = st.one_of(
    st.text(string.printable, max_size=12),
    st.sampled_from(["--", "-", "-1,0", "0,0", "5,3,2", "R", "B", "rows", "groups", "=", ""]),
    st.integers(-(2**70), 2**70).map(str),
    st.text(max_size=6),
)
score_options = {
    "zweimal": [],
    "feuer-und-wasser": ["--board", "--card", "--at", "--player", "--mode"],
    "day-and-night": [],
    "wandernde-druiden": ["--attackers", "--defenders", "--assign", "--mp-rule"],
}


@fuzz
@given(st.sampled_from(sorted(score_options)), st.data())
@example("wandernde-druiden", None)
@example("day-and-night", ["", "\n"])  # found: a line break in the input broke the one line
def test_score_commands_never_raise(capsys, game, data):
    if data is None:  # the first case, as a fixed example
        argv = ["--attackers", "3,3,3,3,3", "--defenders", "0,0,1,1,1"]
    elif isinstance(data, list):
        argv = data
    else:
        argv = []
        for option in score_options[game]:
            if data.draw(st.booleans()):
                argv += [option, data.draw(token)]
        argv += data.draw(st.lists(token, max_size=3))
    code, out, err = run(capsys, "score", game, *argv)
    if code == 0:
        json.loads(out)
    else:
        one_line(code, err)


@fuzz
@given(st.lists(token, max_size=5))
def test_any_command_line_is_an_answer_or_one_line(capsys, tmp_path_factory, argv):
    state = tmp_path_factory.mktemp("s")
    head = ["games", "--state-dir", str(state)] if argv[:1] == ["games"] else argv
    if head[:1] in (["run"], ["nfc"], ["doctor"]):
        return  # these wait for hardware or a terminal; their inputs are fuzzed below
    code, _, err = run(capsys, *head)
    if code != 0:
        one_line(code, err, (1, 2))


# --- fuzz: scripts, config, decks, card files ------------------------------------------------


@fuzz
@given(st.text(max_size=200))
@example("wait ²")
@example("wait ٣")
@example("tap 0A\npress ok # x\n")
def test_script_parser_gives_steps_or_one_script_error(text):
    try:
        steps = parse(text)
    except ScriptError as error:
        assert "\n" not in str(error)
        return
    for step in steps:
        assert step.verb in ("press", "hold", "tap", "wait")
        if step.verb == "wait":
            assert isinstance(step.arg, int) and 0 <= step.arg <= 600_000


toml_value = st.recursive(
    st.one_of(st.integers(-5, 300), st.text(max_size=8), st.booleans(), st.floats(-10, 10)),
    lambda inner: st.one_of(
        st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=5), inner, max_size=3)
    ),
    max_leaves=10,
)


def _toml(data: dict) -> str:
    lines = []
    for key, value in data.items():
        lines.append(f"{json.dumps(key)} = {json.dumps(value)}")
    return "\n".join(lines)


@fuzz
@given(
    st.one_of(
        st.text(max_size=120),
        st.dictionaries(
            st.sampled_from(["language", "buttons", "display", "reader", "decks", "x"]),
            toml_value,
            max_size=4,
        ).map(_toml),
    )
)
@example("a = " + DEEP)
@example("[buttons]\nup = 5\ndown = 5\n")
def test_config_is_settings_or_one_config_error(tmp_path_factory, text):
    path = tmp_path_factory.mktemp("c") / "config.toml"
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    try:
        load(path)
    except ConfigError as error:
        assert "\n" not in str(error)


json_value = st.recursive(
    st.one_of(st.none(), st.integers(), st.text(max_size=10), st.booleans()),
    lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=15,
)


@fuzz
@given(
    st.one_of(
        st.text(max_size=80),
        json_value.map(json.dumps),
        st.builds(
            lambda game, cards: json.dumps({"game": game, "cards": cards}),
            st.sampled_from(["zweimal", "feuer-und-wasser", "x"]),
            st.lists(st.dictionaries(st.sampled_from(["id", "x"]), json_value), max_size=3),
        ),
    )
)
@example(DEEP)
def test_deck_files_are_names_or_one_card_error(tmp_path_factory, text):
    path = tmp_path_factory.mktemp("d") / "deck.json"
    path.write_text(text)
    try:
        names = card_names([path])
    except CardError as error:
        assert "\n" not in str(error)
        return
    assert all(":" in n for n in names)


@fuzz
@given(
    st.one_of(
        st.text(max_size=80),
        json_value.map(json.dumps),
        st.builds(
            lambda cards: json.dumps({"version": 1, "cards": cards}),
            st.lists(
                st.fixed_dictionaries(
                    {
                        "uid": st.text("0123456789ABCDEFab", max_size=16),
                        "card": st.text(max_size=20),
                    }
                ),
                max_size=3,
            ),
        ),
    )
)
@example('{"version": 1, "cards": ' + DEEP + "}")
def test_card_files_are_cards_or_one_card_error(tmp_path_factory, text):
    path = tmp_path_factory.mktemp("k") / "cards.json"
    path.write_text(text)
    try:
        cards = read_file(path)
    except CardError as error:
        assert "\n" not in str(error)
        return
    assert all(len(c.uid) in (8, 10, 14) for c in cards)


# --- fuzz: saved records ---------------------------------------------------------------------

stored_text = st.one_of(
    json_value.map(json.dumps),
    st.text(max_size=40),
    st.just('{"kind": "place", "field": [3- 3]}'),
    st.just('{"kind": "place", "field": "nowhere"}'),
    st.just(DEEP),
)


@pytest.fixture(scope="module")
def saved_game(tmp_path_factory) -> Path:
    from engine.zweimal.game import GAME, Options, Place, SetRoad, StartRound

    directory = tmp_path_factory.mktemp("saved")
    store = Store(directory)
    ui = {"mode": "game"}
    game_id = store.new_game("zweimal", 1, GAME.format_options(Options(variant=1)), ui)
    for action in (SetRoad((0, 0), "|"), StartRound(), Place((1, 1))):
        store.record(game_id, ui, append={"kind": "action", "action": GAME.format_action(action)})
    store.close()
    return directory


@fuzz
@given(
    st.sampled_from(["event", "options", "ui"]),
    st.one_of(stored_text.map(str.encode), st.binary(max_size=30)),
    st.booleans(),
)
def test_any_saved_record_starts_the_box_without_an_internal_error(
    saved_game, tmp_path_factory, where, value, resealed
):
    """Whatever a record holds (and even with a checksum that matches it, as if written by a
    buggy version), the box starts, lists the games and never raises."""
    directory = tmp_path_factory.mktemp("r")
    for f in saved_game.iterdir():
        (directory / f.name).write_bytes(f.read_bytes())
    db = sqlite3.connect(directory / FILE)
    db.text_factory = bytes
    column = {
        "event": ("events", "payload"),
        "options": ("games", "options"),
        "ui": ("screen", "ui"),
    }
    table, name = column[where]
    db.execute(f"UPDATE {table} SET {name} = CAST(? AS TEXT)", (value,))
    if resealed:  # a checksum that fits the bad value: the decoders must still hold
        text = value.decode("utf-8", "surrogateescape")
        if where == "event":
            for gid, seq, kind in db.execute("SELECT game_id, seq, kind FROM events").fetchall():
                db.execute(
                    "UPDATE events SET crc = ? WHERE game_id = ? AND seq = ?",
                    (crc(gid, seq, kind.decode(), text), gid, seq),
                )
        elif where == "ui":
            db.execute("UPDATE screen SET crc = ? WHERE id = 1", (crc(1, text),))
    db.commit()
    db.close()
    store = Store(directory)
    try:
        Loop(store, Screen(dummy_device()), "en")
        store.games()
    finally:
        store.close()


# --- fuzz: serial frames and the WAL reader -------------------------------------------------


@fuzz
@given(st.lists(st.binary(max_size=300), max_size=6))
@example([bytes([0, 0, 0xFF, 0xFF, 0xFF, 0x10, 0x00, 0xF0])])
def test_frame_parser_never_raises_and_keeps_its_buffer_bounded(chunks):
    parser = Parser()
    for chunk in chunks:
        for frame in parser.feed(chunk):
            assert frame.kind in ("ack", "nack", "error", "info")
        assert len(parser.buffer) <= 7 + 265 + 1 + max(len(c) for c in chunks)


class ScriptedPort:
    """A serial port stand-in for PN532 (not the pty simulator: thousands of examples): every
    command is ACKed and answered with the next scripted answer."""

    def __init__(self, answers: list[bytes]) -> None:
        self.answers = list(answers)
        self.out = bytearray()
        self.in_waiting = 0

    def write(self, data: bytes) -> None:
        if data.startswith(b"\x00\x00\xff") and len(data) > 6 and data[5] == 0xD4:
            self.out += b"\x00\x00\xff\x00\xff\x00"
            self.out += self.answers.pop(0) if self.answers else b""
        self.in_waiting = len(self.out)

    def read(self, n: int = 1) -> bytes:
        chunk, self.out[:] = bytes(self.out[: max(n, 1)]), self.out[max(n, 1) :]
        self.in_waiting = len(self.out)
        return chunk

    def reset_input_buffer(self) -> None:
        self.out.clear()


@fuzz
@given(
    st.one_of(
        st.binary(max_size=40).map(lambda d: build(0xD5, b"\x4b" + d)),
        st.binary(max_size=60),
    )
)
@example(build(0xD5, bytes([0x4B, 1, 1, 0, 0x44, 0, 0])))
@example(build(0xD5, bytes([0x4B, 1, 1, 0, 0x44, 0, 200]) + bytes(200)))
def test_card_search_answers_are_a_well_formed_uid_or_nothing(answer):
    chip = PN532(
        ScriptedPort([answer, build(0xD5, b"\x53\x00")]), ack_timeout=0.01, answer_timeout=0.01
    )
    try:
        uid = chip.poll()
    except OSError:
        return  # a garbled answer: the reader thread reconnects; no tap
    assert uid is None or len(uid) in (4, 7)


@fuzz
@given(st.binary(max_size=200), st.integers(0, 5000), st.binary(min_size=1, max_size=4))
def test_wal_reader_never_raises(head, offset, garbage):
    wal = bytearray(head.ljust(32 + 24 + 512, b"\0"))
    wal[:8] = bytes.fromhex("377f0682002de218")
    wal[8:12] = (512).to_bytes(4, "big")
    wal[offset % len(wal) : offset % len(wal) + len(garbage)] = garbage
    check = check_wal(bytes(wal))
    assert check.frames >= 0 and check.lost >= 0


@pytest.mark.parametrize(
    ("card", "says"),
    [
        ({"id": "R2", "pattern": "RRX/BBR"}, "card R2: pattern 'RRX/BBR' is not 2 rows of 3"),
        ({"id": "R2", "pattern": "RR/BB/RR"}, "card R2: pattern"),
        ({"id": "R1", "pattern": "RRB/BBR"}, "card R1 is listed twice"),
    ],
)
def test_a_bad_feuer_und_wasser_deck_is_exit_78_naming_the_card(tmp_path, capsys, card, says):
    data = {
        "game": "feuer-und-wasser",
        "player": "R",
        "cards": [{"id": "R1", "pattern": "RRB/BBR"}, card],
    }
    code, err, deck = start_with_deck(tmp_path, capsys, json.dumps(data))
    one_line(code, err, (78,))
    assert says in err and str(deck) in err
