"""The throwaway stub game ("Stapel", tests/stubgame/) plays a whole game on the simulated box
through the real loop: registered in one place, with no change to box, loop, render, records
or the store. It takes the new-game questions, buttons, a card tap, an undo, a restart in the
middle, the end, and `tabletop games export` -> `tabletop replay`."""

from __future__ import annotations

import json

import pytest

from device.app.menu import menu_items
from device.app.state import Page, notice_text
from device.cli.main import main
from device.sim.simulator import Simulator
from tests import stubgame
from tests.boxdriver import settings
from tests.stubgame import screen as stub_screen


@pytest.fixture(autouse=True)
def _stub():
    stubgame.register_stub()
    yield
    stubgame.unregister_stub()


def start(state_dir):
    sim = Simulator(settings("en"), state_dir)
    sim.start()
    return sim


def press(sim, *buttons):
    for button in buttons:
        sim.press(button)


def test_stub_game_plays_to_the_end_through_the_real_loop(tmp_path, capsys):
    sim = start(tmp_path)
    try:
        box = sim.loop.box
        press(sim, *["down"] * menu_items(box).index("new"), "ok")  # new game
        games_listed = menu_items(sim.loop.box)
        assert "stapel" in games_listed
        press(sim, *["down"] * games_listed.index("stapel"), "ok")
        # its page: the box's own question (a person), then its own questions, pile
        # (default 7; pick 9) and who starts (B), each answer changed with the arrows; ok
        # starts it
        assert sim.loop.box.menu[-1] == (Page("setup", "stapel"), 0)
        opened = {"game": "stapel", "solo": "", "pile": "7", "starter": "A"}
        assert dict(sim.loop.box.choice) == opened
        press(sim, "down", "right", "down", "right")
        assert menu_items(sim.loop.box) == ["solo", "pile", "starter"]
        press(sim, "ok")
        box = sim.loop.box
        assert box.mode == "game" and box.session.game == "stapel"
        assert box.session.state.pile == 9 and box.session.state.turn == "B"
        press(sim, "down", "ok")  # B takes two
        assert sim.loop.box.session.state.pile == 7
        sim.store.teach([("04A2B3C4", "stapel:stone")])
        sim.tap("04A2B3C4")  # a card: A takes one
        assert sim.loop.box.session.state.pile == 6
        press(sim, "back", "ok")  # undo (asks first): the tap is taken back
        box = sim.loop.box
        assert box.session.state.pile == 7 and box.session.actions == 1
        assert box.undone == (("Undo:", "pile: now 7"),)  # the change on the table
    finally:
        sim.stop()
    sim = start(tmp_path)  # a restart in the middle: the same game, the same screen
    try:
        box = sim.loop.box
        assert box.session.state.pile == 7 and box.session.state.turn == "A"
        assert box.view == stub_screen.View(2)  # the view came back through the game's codec
        for _ in range(20):
            box = sim.loop.box
            if box.session.state.winner:
                break
            if box.session.state.pile < box.view.take:
                press(sim, "ok")  # two from a pile of one: refused, the board stays
                assert notice_text(sim.loop.box) == "Not that many left"
                press(sim, "down")  # take one instead
            press(sim, "ok")
        box = sim.loop.box
        assert box.mode == "message" and box.message[0].endswith("wins")
        game_id = box.session.db_id
        final = box.session.state
        press(sim, "ok")  # the message, then the finished game
        assert sim.loop.box.mode == "game" and sim.loop.box.session.db_id == game_id
        press(sim, "ok")  # a rematch: the same options, the other player begins
        box = sim.loop.box
        assert box.mode == "game" and notice_text(box) == "Rematch: a new game"
        assert box.session.db_id != game_id and box.session.actions == 0
        assert (box.session.state.pile, box.session.state.turn) == (9, "A")
    finally:
        sim.stop()
    assert main(["games", "--state-dir", str(tmp_path)]) == 0
    listed = capsys.readouterr().out
    assert f"{game_id}\tstapel\tfinished" in listed
    assert f"{game_id + 1}\tstapel\tplaying\t0 actions" in listed  # the rematch, saved
    assert main(["games", "export", str(game_id), "--state-dir", str(tmp_path)]) == 0
    record = capsys.readouterr().out
    assert record.startswith("game stapel\noption pile=9\noption starter=B\ntake 2\n")
    path = tmp_path / "game.txt"
    path.write_text(record)
    assert main(["replay", str(path)]) == 0
    lines = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert lines[-1] == {
        "over": True,
        "result": {
            "totals": {p: int(final.winner == p) for p in "AB"},
            "winner": final.winner,
            "rounds": [{"scores": {p: int(final.winner == p) for p in "AB"}}],
        },
    }


@pytest.mark.parametrize("box_seat", ["", "A", "B"])
def test_a_rematch_keeps_a_solo_game_solo_with_the_box_in_its_seat(box_seat):
    """One press at a game's end starts it again: the same options, the other player
    beginning, and the box (solo play) in the seat it played."""
    from device.app.effects import NewGame
    from device.app.session import Session
    from device.app.state import BoxState
    from device.app.transition import handle
    from device.events import Press
    from tests.stubgame.engine import STUB, State

    options = STUB.parse_options({"pile": "5", "starter": "B"})
    over = State(options, 0, "A", winner="B")
    session = Session(3, "stapel", options, over, 5, box_seat=box_seat)
    box = BoxState(lang="de", mode="game", session=session, view=stub_screen.View(1))
    after, effects = handle(box, Press("ok"))
    rematch = STUB.parse_options({"pile": "5", "starter": "A"})
    assert effects == [NewGame("stapel", rematch, box_seat)]
    assert after.mode == "game" and notice_text(after) == "Revanche: neues Spiel"


def test_a_solo_rematch_swaps_the_box_s_seat_where_the_page_says_so_once(tmp_path, capsys):
    """The new-game page of a solo game asks once what a rematch does with the box's seat
    ("Revanche: Box tauscht"); every rematch then swaps it, and the answer is kept with the
    game (a restart, the page) without touching its options (export, replay)."""
    from tests.boxdriver import Player

    sim = start(tmp_path)
    try:
        p = Player(sim)
        p.start("stapel", box_seat="B", solo_swap="yes", pile="3")
        assert p.box.session.box_seat == "B"
        first = p.box.session.db_id
        press(sim, "down", "ok")  # A takes two; the box takes the last stone
        for _ in range(50):
            if p.box.mode == "message":
                break
            sim.settle()
            if p.box.proposal is not None:
                press(sim, "ok")  # the box's move, done on the table
        assert p.box.mode == "message" and p.box.session.state.winner == "B"
        press(sim, "ok", "ok")  # the message; then a rematch: B begins, the box now plays A
        session = p.box.session
        assert session.db_id == first + 1 and session.box_seat == "A"
        assert session.options.starter == "B"
    finally:
        sim.stop()
    sim = start(tmp_path)
    try:
        p = Player(sim)
        assert p.box.session.box_seat == "A"
        sim.hold("ok")
        for item in ("new", "stapel"):
            items, at = menu_items(p.box), p.box.menu[-1][1]
            press(sim, *["down"] * ((items.index(item) - at) % len(items)), "ok")
        assert dict(p.box.choice)["solo_swap"] == "yes"  # read back from the saved games
    finally:
        sim.stop()
    assert main(["games", "--state-dir", str(tmp_path)]) == 0
    assert "solo: the box plays A" in capsys.readouterr().out
    assert main(["games", "export", str(first), "--state-dir", str(tmp_path)]) == 0
    record = capsys.readouterr().out
    assert "swap" not in record and "solo B" in record
    path = tmp_path / "game.txt"
    path.write_text(record)
    assert main(["replay", str(path)]) == 0


def test_a_game_s_own_words_for_a_refusal_the_box_says_too_are_its_own():
    """A new game may say a refusal the box says in other words ("the pile is empty" for
    `game_over`): its words are in its own `Texts`, found through its entry, and neither
    game nor box loses its own (issue 50: a fifth game's `refuse.game_over` once stopped
    the box at import)."""
    from device.app.session import Session
    from device.app.state import BoxState, texts_of
    from device.app.turns import try_action
    from device.ui import catalog
    from tests.stubgame.engine import GAME, Take

    stubgame.register_stub()
    try:
        texts = stubgame.ENTRY.texts
        assert texts.refusal("game_over", "", "en") == "The pile is empty"
        assert catalog.refusal("game_over", "", "en") == "The game is over"
        options = GAME.parse_options({**GAME.option_defaults, "pile": "1"})
        over = GAME.apply(GAME.initial(options), Take(1))
        session = Session(db_id=1, game="stapel", options=options, state=over, actions=1)
        box = BoxState(mode="game", session=session, lang="en")
        assert texts_of(box) is texts
        refused, effects = try_action(box, Take(1))  # the box's refusal, in the game's words
        assert notice_text(refused) == "The pile is empty" and effects == []
    finally:
        stubgame.unregister_stub()


def test_a_two_player_game_s_presses_taps_and_undo_never_enter_solo_play(tmp_path, monkeypatch):
    """Solo play's seam (device/app/solo/seat.py) is asked only in a solo game or with a hint
    asked: a two-player game's press, tap, action and undo go straight to the game."""
    from device.app.solo import seat

    entered: list[str] = []
    for name in ("press", "tap", "decides", "played", "told_since", "replies", "undone"):
        real = getattr(seat, name)

        def noted(*args, _name=name, _real=real, **kwargs):
            entered.append(_name)
            return _real(*args, **kwargs)

        monkeypatch.setattr(seat, name, noted)
    sim = start(tmp_path)
    try:
        press(sim, *["down"] * menu_items(sim.loop.box).index("new"), "ok")
        press(sim, *["down"] * menu_items(sim.loop.box).index("stapel"), "ok", "ok")
        box = sim.loop.box
        assert box.mode == "game" and box.session.box_seat == "" and box.session.state.pile == 7
        press(sim, "down", "ok")  # A takes two
        sim.store.teach([("04A2B3C4", "stapel:stone")])
        sim.tap("04A2B3C4")  # a card: B takes one
        assert sim.loop.box.session.state.pile == 4
        press(sim, "back", "ok")  # undo: the tap taken back
        assert sim.loop.box.session.state.pile == 5 and sim.loop.box.session.actions == 1
    finally:
        sim.stop()
    assert entered == []
