"""Issue 33: a game's new game is one page (every question with its answer, the arrows
change it, `ok` starts from any line), opened on what the game was last started with, the
game list on the game played last, across a restart too; presses counted as a player makes
them."""

from __future__ import annotations

import json

from device.app.menu import menu_items
from device.app.state import Page, notice_text
from device.sim.simulator import Simulator
from tests.boxdriver import Player, settings


def box(tmp_path) -> Player:
    sim = Simulator(settings(), tmp_path)
    sim.start()
    return Player(sim)


def test_a_new_game_of_the_defaults_is_three_presses_from_the_menu(tmp_path):
    p = box(tmp_path)
    try:
        p.press("ok", "ok", "ok")  # new, Zweimal (the list's first), start
        assert p.box.mode == "game" and p.box.session.game == "zweimal"
        assert p.state.options.variant == 1 and p.state.options.starter == "A"
        assert not p.box.session.box_seat
    finally:
        p.sim.stop()


def test_the_arrows_change_an_answer_and_the_questions_that_follow_it(tmp_path):
    p = box(tmp_path)
    try:
        p.press("ok", "ok")
        assert p.box.menu[-1] == (Page("setup", "zweimal"), 0)  # the opponent first
        assert menu_items(p.box) == ["solo", "variant", "starter"]
        p.press("down", "right")  # game 2: its supply comes in, at 16
        assert menu_items(p.box) == ["solo", "variant", "starter", "supply"]
        assert dict(p.box.choice)["supply"] == "16"
        p.press("down", "down", "left", "left")  # the supply down by two
        assert dict(p.box.choice)["supply"] == "14" and p.box.menu[-1][1] == 3
        p.press("up", "up", "left")  # back to game 1 (wraps): no supply, the pointer kept
        assert menu_items(p.box) == ["solo", "variant", "starter"]
        assert p.box.menu[-1] == (Page("setup", "zweimal"), 1)
        p.press("right")  # game 2 again: the supply as just chosen is forgotten: 16
        assert dict(p.box.choice)["supply"] == "16"
        p.press("down", "down", "down", "right", "ok")  # the box plays A (the lines wrap)
        session = p.box.session
        assert p.box.mode == "game" and session.box_seat == "A"
        assert (session.options.variant, session.options.supply) == (2, 16)
    finally:
        p.sim.stop()


def test_the_menu_opens_on_the_game_and_answers_last_started_even_after_a_restart(tmp_path):
    p = box(tmp_path)
    try:
        p.start("feuer-und-wasser", "B", mode="groups", tactician="yes", starter="B")
        p.sim.hold("ok")
        items = menu_items(p.box)
        p.press(*["down"] * items.index("new"), "ok")
        assert p.box.menu[-1] == (Page("game"), menu_items(p.box).index("feuer-und-wasser"))
        p.press("back", "back")  # to the game
    finally:
        p.sim.stop()
    p = box(tmp_path)  # a restart: the saved games say what was started last
    try:
        p.sim.hold("ok")
        items = menu_items(p.box)
        p.press(*["down"] * items.index("new"), "ok", "ok")  # the list opens on it
        answers = dict(p.box.choice)
        assert answers == {
            "game": "feuer-und-wasser",
            "solo": "B",
            "solo_swap": "",  # the box keeps its seat in a rematch (the default)
            "mode": "groups",
            "tactician": "yes",
            "starter": "B",
        }
        p.press("ok")  # the same game again: three presses from the menu's new
        assert p.box.session.box_seat == "B" and p.state.options.mode == "groups"
        p.sim.hold("ok")
        items = menu_items(p.box)
        p.press(*["down"] * items.index("new"), "ok")
        items = menu_items(p.box)
        p.press(*["down"] * ((items.index("zweimal") - p.box.menu[-1][1]) % len(items)), "ok")
        assert dict(p.box.choice) == {"game": "zweimal", "solo": "", "variant": "1", "starter": "A"}
    finally:
        p.sim.stop()


def test_a_page_saved_mid_way_comes_back_with_its_answers(tmp_path):
    p = box(tmp_path)
    try:
        p.press("ok", "ok", "down", "right", "down", "right")  # Zweimal: game 2, B starts
        saved = dict(p.box.choice)
    finally:
        p.sim.stop()
    p = box(tmp_path)
    try:
        assert p.box.menu[-1] == (Page("setup", "zweimal"), 2)
        assert dict(p.box.choice) == saved
    finally:
        p.sim.stop()


def test_a_page_saved_with_an_answer_that_is_no_choice_opens_on_the_default(tmp_path):
    p = box(tmp_path)
    p.press("ok", "ok")
    p.sim.stop()
    _edit_saved_screen(tmp_path, lambda ui: ui["choice"].update(variant="7"))
    p = box(tmp_path)
    try:
        assert p.box.menu[-1][0] == Page("setup", "zweimal")
        assert dict(p.box.choice)["variant"] == "1"
    finally:
        p.sim.stop()


def _edit_saved_screen(state_dir, edit) -> None:
    """The saved screen changed as a bad write or an older box would leave it."""
    import sqlite3

    con = sqlite3.connect(state_dir / "tabletop.sqlite3")
    (text,) = con.execute("SELECT ui FROM screen").fetchone()
    ui = json.loads(text)
    edit(ui)
    con.execute("UPDATE screen SET ui = ?, crc = NULL", (json.dumps(ui),))
    con.commit()
    con.close()


def test_a_page_of_one_question_saved_before_the_page_opens_the_top_menu(tmp_path):
    p = box(tmp_path)
    p.press("ok", "ok")
    p.sim.stop()
    _edit_saved_screen(tmp_path, lambda ui: ui.update(menu=[["top", 0], ["q:variant", 1]]))
    p = box(tmp_path)
    try:
        assert p.box.mode == "menu" and p.box.menu == ((Page("top"), 0),)
    finally:
        p.sim.stop()


def test_a_new_game_never_shows_the_undo_of_the_game_before(tmp_path):
    """Found by the press benchmark: an undo's pages (what to put back) on show when a new
    game started stayed on, and the new game's first press turned their page."""
    p = box(tmp_path)
    try:
        p.press("ok", "ok", "ok", "ok")  # a game of Zweimal, the deal taken
        p.sim.hold("ok")
        p.press(*["down"] * menu_items(p.box).index("undo"), "ok")  # the deal taken back
        assert p.box.undone  # every card to turn back, in pages
        p.sim.hold("ok")
        p.press(*["down"] * menu_items(p.box).index("new"), "ok", "ok", "ok")
        assert p.box.mode == "game" and p.box.undone == () and p.box.session.actions == 0
        offered = p.box.view.proposal
        p.press("ok")  # the deal of the new game, at once
        assert p.state.phase == "figure" and p.state.position.roads == offered
    finally:
        p.sim.stop()


def test_a_new_tag_on_the_teach_screen_opens_on_the_next_card_not_taught(tmp_path):
    """Issue 33: teaching opened the list of every game's cards on its first line for every
    new tag; now on the first card no tag is taught as yet, of the game in play (else the one
    played last): a deck taught in its order is a tap and `ok` a card."""
    p = box(tmp_path)
    try:
        p.start("day-and-night")
        p.sim.hold("ok")
        p.press(*["down"] * menu_items(p.box).index("teach"), "ok")
        names = p.box.card_names
        for n, uid in enumerate(("04E00001", "04E00002", "04E00003")):
            p.sim.tap(uid)
            expected = [c for c in names if c.startswith("day-and-night:")][n]
            assert names[p.box.menu[-1][1]] == expected
            p.press("ok")
        assert p.sim.store.cards()[-1] == ("04E00003", "day-and-night:sunrise")
        assert notice_text(p.box) == "Gelernt: Morgensonne"  # the name printed on the card
    finally:
        p.sim.stop()


def test_every_answer_fits_its_line_with_the_question_s_label():
    """Issue 47: "▶ 1 je freiem Wesen" showed without its label (the line fell back to the
    answer alone). Every answer of every question fits beside its short title, in both
    languages (the line's width: the pointer's and the arrows' columns aside; the words in
    brackets may go, as the page drops them)."""
    import re

    from device import games
    from device.app.frame import CUE_W, WIDTH
    from device.ui import fit, fonts

    font = fonts.load().status
    for entry in games.playable().values():
        text = entry.texts.text  # the game's words, then the box's
        for question in entry.screens.questions({}):
            for lang in ("de", "en"):
                title = text(question.short or question.title, lang)
                for value, label in question.choices:
                    answer = text(label, lang) if label else value
                    short = re.split(r" \(|: ", answer)[0]  # (a bracket's words may go)
                    line = f"{title}: {short}"
                    assert fit.fits(line, font, WIDTH - 7 - CUE_W), (entry.id, line)
