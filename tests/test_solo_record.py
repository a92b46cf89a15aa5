"""A solo game in its own record: the seat the box plays (`solo B`) and the cards told for its
hand (`told CARD`, where they were told), so export, replay, `tabletop hint`, a restart and a
damaged saved screen all keep a solo game solo, with the box's hand (engine/replay.py,
device/app/session.py)."""

from __future__ import annotations

import contextlib
import io
import json
import sqlite3

import pytest

from device.app.menu import menu_items
from device.app.session import Session
from device.app.solo import hand as solo, thinking
from device.cli.main import main
from device.sim.simulator import Simulator
from device.storage.records import FILE, crc
from engine.core import NotationError
from engine.replay import format_record, parse_record, replay_record
from engine.wandernde_druiden.game import GAME as DRUIDEN
from engine.zweimal.game import GAME as ZWEIMAL
from tests.test_box_wandernde_druiden import Table, box_settings
from tests.test_solo_hands import solo_druiden, tell_all

FIRST = ["fels", "fels", "quelle", "quelle", "kroete", "otter", "adler", "troll"]


def run(*argv: str, stdin: str | None = None) -> tuple[int, str]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        if stdin is None:
            status = main(list(argv))
        else:
            import sys

            saved = sys.stdin
            sys.stdin = io.TextIOWrapper(io.BytesIO(stdin.encode()))
            try:
                status = main(list(argv))
            finally:
                sys.stdin = saved
    return status, out.getvalue()


def replay_lines(record: str) -> list[dict]:
    status, out = run("replay", "-", stdin=record)
    assert status == 0
    return [json.loads(line) for line in out.splitlines()]


def exported(state_dir, game_id: int) -> str:
    status, out = run("games", "export", str(game_id), "--state-dir", str(state_dir))
    assert status == 0
    return out


def box_plays(t: Table) -> None:
    """`ok` for each of the box's moves until the turn is the player's again."""
    for _ in range(30):
        if not thinking.box_to_move(t.box):
            return
        t.press("ok")
    raise AssertionError("the box's turn does not end")


# --- the record -------------------------------------------------------------------------------

DRUIDEN_SOLO = "game wandernde-druiden\nsolo B\n" + "".join(f"told {c}\n" for c in FIRST)


def test_a_solo_record_gives_the_box_s_hand_line_by_line():
    lines = replay_lines(DRUIDEN_SOLO + "end\ntold drache\nplace quelle\n")
    assert lines[0] == {"line": 3, "told": "fels", "ok": True, "box_hand": ["fels"]}
    end, drawn, laid, last = lines[-4:]
    assert end["action"] == "end" and end["box_hand"] == FIRST  # B drew one, not told yet
    assert end["state"]["hand"]["B"] == 9
    assert drawn == {"line": 12, "told": "drache", "ok": True, "box_hand": [*FIRST, "drache"]}
    assert laid["action"] == "place quelle" and laid["box_hand"].count("quelle") == 1
    assert last["solo"] == "B" and last["box_hand"] == laid["box_hand"]


@pytest.mark.parametrize(
    ("told", "code"),
    [
        ("troll", "told_none_missing"),  # the hand holds every card it drew, told
        ("hain", "told_unknown"),  # A's card: not in B's deck
    ],
)
def test_a_told_card_the_box_would_refuse_is_refused_and_the_replay_goes_on(told, code):
    lines = replay_lines(DRUIDEN_SOLO + f"told {told}\nend\n")
    refused = lines[8]
    assert refused["told"] == told and refused["ok"] is False and refused["code"] == code
    assert refused["box_hand"] == FIRST
    assert lines[9]["action"] == "end" and lines[9]["ok"]


def test_more_copies_told_than_the_deck_holds_are_refused():
    record = "game wandernde-druiden\nsolo B\n" + "told drache\n" * 4  # B's deck holds 3
    lines = replay_lines(record)
    assert [line["ok"] for line in lines[:4]] == [True, True, True, False]
    assert lines[3]["code"] == "told_all" and lines[-1]["box_hand"] == ["drache"] * 3


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("game zweimal\nsolo C\nstart\n", "line 2: solo 'C' is no seat of zweimal (A, B)"),
        ("game zweimal\nsolo B\ntold fels\n", "line 3: zweimal has no hidden hands"),
        ("game wandernde-druiden\ntold fels\n", "line 2: 'told' without a 'solo' line"),
        ("game zweimal\nsolo A\nsolo B\n", "line 3: a second 'solo' line"),
        ("game zweimal\nsolo\n", "line 2: expected 'solo SEAT'"),
        ("game wandernde-druiden\nsolo B\ntold two words\n", "line 3: expected 'told CARD'"),
        ("solo B\ngame zweimal\n", "line 1: the record must start with 'game <id>'"),
    ],
)
def test_a_malformed_solo_line_names_its_line(text, says):
    with pytest.raises(NotationError) as error:
        record = parse_record(text)
        game = {"zweimal": ZWEIMAL, "wandernde-druiden": DRUIDEN}[record.game]
        list(replay_record(game, record)[2])
    assert str(error.value).startswith(says)
    status, out = run("replay", "-", stdin=text)
    assert status == 2 and out == ""


def test_an_option_after_the_solo_line_is_an_action_line():
    """The header is `game`, `option`s, then `solo`: an option after it is no option."""
    with pytest.raises(NotationError, match="line 3"):
        record = parse_record("game zweimal\nsolo B\noption variant=2\n")
        replay_record(ZWEIMAL, record)


def test_a_solo_record_is_written_as_it_reads():
    options = DRUIDEN.parse_options(DRUIDEN.option_defaults)
    end = DRUIDEN.parse_action("end")
    text = format_record(DRUIDEN, options, [end], "B", [tuple(FIRST), ("drache",)])
    record = parse_record(text)
    assert record.solo == "B" and [card for _, card in record.told] == [*FIRST, "drache"]
    assert text.index("told troll") < text.index("\nend\n") < text.index("told drache")
    assert replay_lines(text)[-1]["box_hand"] == [*FIRST, "drache"]
    two = format_record(DRUIDEN, options, [end])  # two people: the record as it always was
    assert "solo" not in two and "told" not in two


def test_a_zweimal_solo_record_says_the_seat_and_nothing_of_hands():
    lines = replay_lines("game zweimal\nsolo A\ndeal ----/----/----/----\nplace 0,0\n")
    assert "box_hand" not in lines[0] and lines[-1]["solo"] == "A"
    assert "box_hand" not in lines[-1]


def test_hint_plays_from_the_box_s_told_hand_in_a_solo_record():
    record = DRUIDEN_SOLO + "end\ntold drache\n"
    status, out = run("hint", "-", stdin=record)
    assert status == 0
    answer = json.loads(out)
    hand = ",".join([*FIRST, "drache"])
    status, given = run("hint", "-", "--hand", hand, stdin=record)
    assert status == 0 and json.loads(given)["action"] == answer["action"]
    card = DRUIDEN.card_played(None, DRUIDEN.parse_action(answer["action"]))
    assert card is None or card in [*FIRST, "drache"]


# --- the box ------------------------------------------------------------------------------------


def solo_game_with_an_undo(sim: Simulator) -> Table:
    """Druiden against the box (B): its first hand told, A's end, the ninth card told, the
    undo of A's end (the ninth card goes back), A's end again, another ninth card, and the
    box's turn played."""
    t = solo_druiden(sim)
    tell_all(t, FIRST)
    t.end_turn()
    t.tap("salamander", copy=60)
    t.press("back", "ok", "ok")  # undo A's end, its page read
    t.end_turn()
    t.tap("drache", copy=61)
    box_plays(t)
    return t


def saved_solo_game(state_dir) -> Session:
    """`solo_game_with_an_undo` played on a box that is then stopped: its session."""
    sim = Simulator(box_settings(), state_dir)
    sim.start()
    try:
        return solo_game_with_an_undo(sim).box.session
    finally:
        sim.stop()


def test_export_says_the_box_s_seat_and_cards_and_replays_to_its_hand(tmp_path):
    sim = Simulator(box_settings(), tmp_path)
    sim.start()
    try:
        t = solo_game_with_an_undo(sim)
        t.end_turn()  # A ends again: B draws one
        assert solo.cards_to_tell(t.box) == 1
        t.tap("troll", copy=62)  # told since the last action: only the screen holds it yet
        session = t.box.session
        held = session.box_held.cards
        assert not solo.cards_to_tell(t.box) and "troll" in held
    finally:
        sim.stop()
    record = exported(tmp_path, session.db_id)
    assert "\nsolo B\n" in record and "told salamander" not in record  # the undone draw is gone
    assert record.index("told drache") > record.index("\nend\n")
    assert record.endswith("\ntold troll\n")  # after the last action, as told
    lines = replay_lines(record)
    assert all(line["ok"] for line in lines[:-1])
    assert lines[-1]["solo"] == "B" and tuple(lines[-1]["box_hand"]) == held
    status, listing = run("games", "--state-dir", str(tmp_path))
    assert status == 0 and "solo: the box plays B" in listing


def test_a_damaged_saved_screen_keeps_the_solo_game_solo_with_the_box_s_hand(tmp_path):
    saved = saved_solo_game(tmp_path)
    with sqlite3.connect(tmp_path / FILE) as db:  # the screen's record, damaged
        db.execute("UPDATE screen SET ui = '{\"mode\": 7}'")
    sim = Simulator(box_settings(), tmp_path)
    sim.start()
    try:
        t = Table(sim)
        assert t.box.session is None  # the screen did not say which game: the menu's resume
        sim.hold("ok")
        t.press(*["down"] * menu_items(t.box).index("resume"), "ok")
        session = t.box.session
        assert session.db_id == saved.db_id and session.box_seat == "B"
        assert session.box_told == saved.box_told
        assert session.box_held.cards == saved.box_held.cards
    finally:
        sim.stop()


def test_a_game_saved_before_its_record_said_so_goes_on_solo_by_its_screen(tmp_path):
    """Rules before solo records: the seat and cards only in the saved screen."""
    saved = saved_solo_game(tmp_path)
    game_id = saved.db_id
    with sqlite3.connect(tmp_path / FILE) as db:  # as a box before this change saved it
        row = db.execute(
            "SELECT game, rules_version, options, status, created, actions FROM games"
        ).fetchone()
        options = json.loads(row[2])
        del options["solo"]
        text = json.dumps(options)
        check = crc(game_id, row[0], 3, text, *row[3:])
        db.execute("UPDATE games SET options = ?, rules_version = 3, crc = ?", (text, check))
        for seq, payload in db.execute("SELECT seq, payload FROM events").fetchall():
            value = json.loads(payload)
            value.pop("told", None)
            text = json.dumps(value)
            db.execute(
                "UPDATE events SET payload = ?, crc = ? WHERE seq = ?",
                (text, crc(game_id, seq, "action", text), seq),
            )
    sim = Simulator(box_settings(), tmp_path)
    sim.start()
    try:
        session = sim.loop.box.session
        assert session.db_id == game_id and session.box_seat == "B"
        assert session.box_told == saved.box_told and not solo.cards_to_tell(sim.loop.box)
    finally:
        sim.stop()
    assert "solo" not in exported(tmp_path, game_id)  # its record never said so


def test_a_saved_screen_naming_another_seat_than_the_record_gives_way(tmp_path):
    from device.app.solo.seat import restored

    session = saved_solo_game(tmp_path)
    again = restored(session, "A", ("troll",) * 3)  # another seat: its cards not taken
    assert again.box_seat == "B" and again.box_told == session.box_told
    other = restored(session, "B", ("troll", *session.box_told))  # not the record's cards
    assert other.box_told == session.box_told


def test_a_zweimal_solo_game_resumed_after_its_screen_was_lost_is_solo(tmp_path):
    from tests.test_solo import a_turn, solo as zweimal_solo

    p = zweimal_solo(tmp_path)
    a_turn(p)
    game_id = p.box.session.db_id
    p.sim.stop()
    with sqlite3.connect(tmp_path / "state" / FILE) as db:
        db.execute("DELETE FROM screen")
    sim = Simulator(box_settings(), tmp_path / "state")
    sim.start()
    try:
        t = Table(sim)
        sim.hold("ok")
        t.press(*["down"] * menu_items(t.box).index("resume"), "ok")
        assert t.box.session.db_id == game_id and t.box.session.box_seat == "B"
        assert t.box.proposal is not None  # the box's turn: its move on offer again
    finally:
        sim.stop()


def test_unreadable_solo_parts_of_a_saved_game_lose_no_action(tmp_path):
    """A seat that is none of the game's and told cards that do not read (rows that pass
    their checksums): the game goes on with every action, two people playing."""
    saved = saved_solo_game(tmp_path)
    with sqlite3.connect(tmp_path / FILE) as db:
        row = db.execute("SELECT game, rules_version, options, status, created, actions FROM games")
        game, version, options, *rest = row.fetchone()
        text = json.dumps({**json.loads(options), "solo": "Z"})
        check = crc(saved.db_id, game, version, text, *rest)
        db.execute("UPDATE games SET options = ?, crc = ?", (text, check))
        payload = json.dumps({"kind": "action", "action": "end", "told": [7]})
        db.execute(
            "UPDATE events SET payload = ?, crc = ? WHERE seq = 1",
            (payload, crc(saved.db_id, 1, "action", payload)),
        )
        db.execute("DELETE FROM screen")
    record = exported(tmp_path, saved.db_id)
    assert "solo" not in record and len(replay_lines(record)) == saved.actions + 1
