"""A hold of `back` takes back the last action from anywhere in a game, in one press: the
game's screens where `back` does something else (a hint shown), the messages, the menu. It
asks first only where it takes back a round's end; elsewhere a hold of `back` is a press."""

import queue

import pytest
from gpiozero.pins.mock import MockFactory

from device.app.menu import menu_items
from device.app.state import notice_text
from device.events import Hold, Press
from device.hw.buttons import ButtonPanel
from device.settings import Buttons
from device.sim.simulator import Simulator
from tests.boxdriver import Player, settings
from tests.test_box_zweimal import play_round


@pytest.fixture
def p(tmp_path):
    sim = Simulator(settings(), tmp_path)
    sim.start()
    player = Player(sim)
    player.new_game()
    player.set_up([])
    yield player
    sim.stop()


def test_a_hold_of_back_reports_once_on_the_hold_and_a_press_on_release():
    factory, events = MockFactory(), queue.Queue()
    panel = ButtonPanel(Buttons(hold_s=0.2), events, factory)
    try:
        pin = factory.pin(Buttons().pins()["back"])
        pin.drive_low()
        assert events.empty()  # a press of back is known only on its release
        pin.drive_high()
        assert events.get(timeout=1) == Press("back")
        pin.drive_low()
        assert events.get(timeout=2) == Hold("back")
        pin.drive_high()  # the release of a hold says nothing more
        with pytest.raises(queue.Empty):
            events.get(timeout=0.4)
    finally:
        panel.close()


def test_a_hold_of_back_takes_back_the_last_step_at_once(p):
    p.place((1, 1))
    p.sim.hold("back")
    assert p.box.mode == "game"
    assert p.state.phase == "figure" and p.state.position.figure_at((1, 1)) == "."
    assert "Zurück" in notice_text(p.box) or p.box.undone  # said as a change on the table


def test_a_hold_of_back_takes_back_where_back_drops_a_hint(p):
    p.place((1, 1))
    p.sim.hold("ok")
    p.press("ok")  # the hint, shown: back would drop it
    assert p.box.proposal is not None and p.box.proposal.hint
    p.sim.hold("back")
    assert p.state.phase == "figure" and p.state.position.figure_at((1, 1)) == "."
    assert p.box.undone  # what to take off the table, over the game
    p.press("ok")  # read
    cursor = p.box.view.cursor
    p.press("ok")  # the hint was B's: ok places A's figure where the cursor is
    assert p.box.session.actions == 2 and p.state.position.figure_at(cursor) == "A"


def test_a_hold_of_back_in_the_menu_takes_back_and_shows_the_game(p):
    p.place((1, 1))
    p.sim.hold("ok")
    assert p.box.mode == "menu"
    p.sim.hold("back")
    assert p.box.mode == "game" and p.state.position.figure_at((1, 1)) == "."


def test_a_hold_of_back_elsewhere_is_a_press_of_back(p):
    p.place((1, 1))
    p.sim.hold("ok")
    items = menu_items(p.box)
    p.press(*["down"] * items.index("new"), "ok")  # the list of games
    assert len(p.box.menu) == 2
    p.sim.hold("back")  # back to the top menu, nothing taken back
    assert p.box.mode == "menu" and len(p.box.menu) == 1
    assert p.state.position.figure_at((1, 1)) == "A"
    p.press("back")  # the game
    p.press("back")
    assert p.box.mode == "confirm"
    p.sim.hold("back")  # a question: no, as a press of back says
    assert p.box.mode == "game" and p.state.position.figure_at((1, 1)) == "A"


def test_a_hold_of_back_on_the_game_s_result_asks_first(p):
    play_round(p)
    p.through_scoring()
    p.set_up([])
    play_round(p)
    p.through_scoring()
    over = p.state
    assert over.phase == "over"
    p.sim.hold("back")
    assert p.box.mode == "confirm" and p.state == over
    p.press("back")  # no: the result stays
    assert p.box.mode == "game" and p.state == over
    p.sim.hold("back")
    p.press("ok")  # yes
    assert p.state.phase != "over" and p.box.session.actions == len(p.box.session.history)


def test_a_hold_of_back_on_a_round_s_score_asks_first(p):
    """Found by testers: on Zweimal's scoring board a hold of `back` took the round's end
    back without asking (no game said its rounds' ends: the box now counts the rounds the
    engine scored)."""
    play_round(p)
    scored = p.state
    assert scored.round == 2 and p.box.view.review is not None  # the scoring board
    p.sim.hold("back")
    assert p.box.mode == "confirm" and p.state == scored
    assert p.sim.screen.image.getbbox()  # the question asked over the game
    p.press("back")  # no: the round stays scored
    assert p.box.mode == "game" and p.state == scored
    p.sim.hold("back")
    p.press("ok")  # yes
    assert p.state.round == 1


def test_a_solo_undo_asks_where_the_box_s_reply_ended_the_round(tmp_path):
    """Solo: the player's last figure, then the box's reply ends the round. The undo takes
    both back, so it crosses the round's end: it asks first."""
    sim = Simulator(settings(), tmp_path)
    sim.start()
    try:
        p = Player(sim)
        p.start("zweimal", box_seat="B", variant="1", starter="A")
        p.deal()
        while p.state.round == 1:  # the player places in reading order; the box replies
            if p.state.turn == "A" and p.state.phase == "figure":
                free = [(r, c) for r in range(4) for c in range(4)]
                p.place(next(f for f in free if p.state.position.figure_at(f) == "."))
            elif p.state.turn == "A" and p.state.phase == "road":
                free = [(r, c) for r in range(4) for c in range(4)]
                p.lay(next(f for f in reversed(free) if p.state.position.figure_at(f) == "."))
            else:
                p.press("ok")  # the box's move: carried out
        history = p.box.session.history
        assert p.state.round == 2
        assert p.box.session.before[-1].turn == "B"  # the round's last figure: the box's
        p.sim.hold("back")
        assert p.box.mode == "confirm"
        p.press("ok")
        assert p.state.round == 1 and len(p.box.session.history) < len(history)
    finally:
        sim.stop()


def test_with_nothing_to_take_back_it_says_so(tmp_path):
    sim = Simulator(settings(), tmp_path)
    sim.start()
    try:
        p = Player(sim)
        sim.hold("back")  # no game: a press of back on the top menu, nothing happens
        assert p.box.mode == "menu" and p.box.session is None
        p.new_game()
        sim.hold("back")
        assert notice_text(p.box) == "Nichts zurückzunehmen"
    finally:
        sim.stop()
