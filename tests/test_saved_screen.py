"""The saved screen is the app's own record (device/app/saved_screen.py): versioned, read back
over the box at a start; one the box cannot read starts it at its menu."""

from __future__ import annotations

import logging
from dataclasses import replace

from device.app import saved_screen
from device.app.state import TOP_MENU, BoxState, Teach, line_notice, noticed


def shown() -> BoxState:
    return replace(
        BoxState(),
        mode="teach",
        message=("one", "two"),
        notice=noticed("menu.rematch"),
        teach=Teach("04AABBCC", "zweimal:A", False),
    )


def test_a_saved_screen_reads_back_as_it_was_saved():
    data = saved_screen.record(shown())
    assert data["version"] == 2
    restored = saved_screen.read(BoxState(), data)
    assert restored.box == shown()
    assert (restored.view, restored.suggested, restored.solo_seat) == (None, -1, "")


def test_a_screen_saved_before_records_had_a_version_reads_as_the_first():
    data = saved_screen.record(shown())
    del data["version"]
    assert saved_screen.read(BoxState(), data).box == shown()


def test_a_screen_of_another_version_or_shape_starts_the_box_at_its_menu(caplog):
    fresh = BoxState()
    for data in (
        {**saved_screen.record(shown()), "version": 3},
        {**saved_screen.record(shown()), "colour": "red"},
        {"mode": "dancing"},
    ):
        with caplog.at_level(logging.ERROR, logger="tabletop.loop"):
            restored = saved_screen.read(fresh, data)
        assert restored.box == fresh and restored.box.menu == TOP_MENU
        assert "saved screen unreadable" in caplog.text
        caplog.clear()


def test_a_zweimal_cursor_saved_before_games_had_views_becomes_the_view():
    data = {"mode": "game", "cursor": [1, 2], "selected": None}
    assert saved_screen.read(BoxState(), data).view == {"cursor": [1, 2], "selected": None}


def test_a_notice_is_saved_as_what_happened_and_worded_in_the_box_s_language():
    from device.app.state import notice_text

    data = saved_screen.record(shown())
    assert data["notice"]["key"] == "menu.rematch"
    restored = saved_screen.read(BoxState(lang="en"), data).box
    assert notice_text(restored) == "Rematch: a new game"
    assert notice_text(shown()) == "Revanche: neues Spiel"
    old = {**data, "notice": "Feld hat schon eine Figur"}  # saved as a line, before
    assert saved_screen.read(BoxState(), old).box.notice == line_notice("Feld hat schon eine Figur")


def test_a_saved_notice_this_box_cannot_say_is_left_out_never_a_failed_start(caplog):
    """A key a later release dropped, or whose text asks for other values: the box starts
    on the screen without it (and says so in its log), not on a frame that cannot be drawn."""
    from device.app.frame import render
    from device.app.state import notice_text

    data = saved_screen.record(shown())
    for notice in (
        {"key": "menu.gone", "values": {}, "refusal": "", "line": ""},
        {"key": "menu.undone_what", "values": {"other": "x"}, "refusal": "", "line": ""},
    ):
        with caplog.at_level(logging.ERROR, logger="tabletop.loop"):
            box = saved_screen.read(BoxState(), {**data, "notice": notice}).box
        assert box.mode == "teach" and notice_text(box) == ""
        assert "cannot be said" in caplog.text
        render(box)  # drawn
        caplog.clear()
