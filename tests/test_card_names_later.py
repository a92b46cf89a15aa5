"""The teach screen's cards are read right after the box's first frame (issue 50: the first
frame waits for nothing it does not show), before any press is handled; a box that restarts
on the teach screen reads them before its first frame, which shows them."""

from __future__ import annotations

import threading

from device.app.loop import Loop, Stop
from device.events import Press
from device.hw.display import Screen, dummy_device
from device.storage.store import Store

NAMES = ("zweimal:player-A", "zweimal:player-B")


def run_until_settled(loop: Loop) -> None:
    thread = threading.Thread(target=loop.run, daemon=True)
    thread.start()
    assert loop.ready.wait(10)
    loop.events.put(Press("down"))
    loop.events.put(Stop())
    thread.join(10)
    assert not thread.is_alive()


def test_the_names_are_read_after_the_first_frame_and_before_the_first_press(tmp_path):
    screen, store = Screen(dummy_device()), Store(tmp_path)
    frames_then: list[int] = []

    def names() -> tuple[str, ...]:
        frames_then.append(screen.sent)
        return NAMES

    try:
        loop = Loop(store, screen, names_later=names)
        assert loop.box.card_names == () and frames_then == []
        run_until_settled(loop)
        assert frames_then == [1]  # once, with the first frame out
        assert loop.box.card_names == NAMES and loop.handled == 1  # the press came after
    finally:
        store.close()


def test_a_box_restarting_on_the_teach_screen_reads_them_before_its_first_frame(
    tmp_path, monkeypatch
):
    from device.cards import names as card_names_module
    from device.sim.simulator import Simulator
    from tests.boxdriver import Player, settings

    state, frames = tmp_path / "state", tmp_path / "frames"
    sim = Simulator(settings("de"), state)
    sim.start()
    try:
        Player(sim).start("zweimal")
        sim.tap("04A2B3C4")  # a tag never taught, in a game: the teach screen offers a card
        assert sim.loop.box.mode == "teach" and sim.loop.box.card_names
    finally:
        sim.stop()
    frames_then: list[int] = []
    real = card_names_module.card_names

    def watched(*args: object, **kwargs: object) -> list[str]:
        frames_then.append(len(list(frames.glob("*.png"))))
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(card_names_module, "card_names", watched)
    sim = Simulator(settings("de"), state, frames)
    sim.start()
    try:
        box = sim.loop.box
        assert box.mode == "teach" and box.card_names == tuple(real([]))
        assert frames_then == [0]  # read before the first frame, which shows them
    finally:
        sim.stop()


def test_a_first_frame_or_names_that_fail_are_logged_and_the_box_still_starts(
    tmp_path, monkeypatch, caplog
):
    """Before, an exception in the first frame or the names ended the loop's thread before
    it said it was ready: the start waited for ever, with no line in the log."""
    from device.app import loop as loop_module

    drawn = loop_module.render
    failed: list[int] = []

    def fails_once(box):
        if not failed:
            failed.append(1)
            raise RuntimeError("a screen that cannot be drawn")
        return drawn(box)

    def names() -> tuple[str, ...]:
        raise OSError("the card file cannot be read")

    monkeypatch.setattr(loop_module, "render", fails_once)
    screen, store = Screen(dummy_device()), Store(tmp_path)
    try:
        loop = Loop(store, screen, names_later=names)
        with caplog.at_level("ERROR"):
            run_until_settled(loop)
        assert loop.handled == 1 and screen.sent >= 1  # the press was handled and drawn
        assert loop.box.card_names == ()
        said = [r.getMessage() for r in caplog.records if r.levelname == "ERROR"]
        assert said == ["the first frame failed", "the card names could not be read"]
    finally:
        store.close()


def test_what_the_start_made_is_kept_out_of_the_collector_s_full_passes(tmp_path, monkeypatch):
    """Once the start's work is done (the first frame, the names), before the first press:
    the objects it made are frozen (`gc.freeze`), so a full collection later looks only at
    what the games make (one took 50-100 ms in the middle of the box's move before)."""
    import gc

    screen, store = Screen(dummy_device()), Store(tmp_path)
    frozen: list[tuple[int, int]] = []
    loop = Loop(store, screen, names_later=lambda: NAMES)
    monkeypatch.setattr(gc, "freeze", lambda: frozen.append((screen.sent, loop.handled)))
    try:
        run_until_settled(loop)
        assert frozen == [(1, 0)]  # once, the first frame out, no press handled yet
        assert loop.handled == 1
    finally:
        store.close()
