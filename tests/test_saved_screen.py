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
    assert data["version"] == 1
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
        {**saved_screen.record(shown()), "version": 2},
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
