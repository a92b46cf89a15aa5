"""Saved games: restarts bring back the same screen, undo survives restarts, damage is
reported and older games survive it."""

import logging
import sqlite3

import pytest
from PIL import ImageChops

from device.simulator import Simulator
from device.store import FILE, Store
from tests.boxdriver import Player, settings


def start(state_dir, lang="de"):
    sim = Simulator(settings(lang), state_dir)
    sim.start()
    return Player(sim)


def same_image(a, b):
    return ImageChops.difference(a.convert("L"), b.convert("L")).getbbox() is None


def test_restart_shows_the_same_screen_and_game(tmp_path):
    p = start(tmp_path)
    p.new_game()
    p.set_up([(1, 1)])
    p.place((0, 0))
    p.goto((2, 3))  # the cursor position is part of what the players see
    before_image = p.sim.screen.image.copy()
    before_state = p.state
    p.sim.stop()
    q = start(tmp_path)
    try:
        assert same_image(q.sim.screen.image, before_image)
        assert q.state == before_state
        assert q.box.view.cursor == (2, 3)
    finally:
        q.sim.stop()


def test_undo_after_a_restart(tmp_path):
    p = start(tmp_path)
    p.new_game()
    p.set_up([])
    p.place((0, 0))
    p.lay((3, 3))
    after_place = p.state.position
    p.sim.stop()
    q = start(tmp_path)
    try:
        q.sim.hold("ok")  # menu
        from device.box import menu_items

        items = menu_items(q.box)
        for _ in range(items.index("undo")):
            q.press("down")
        q.press("ok")
        assert q.box.mode == "game" and q.box.notice == "Zurückgenommen"
        assert q.state.phase == "road" and q.state.turn == "A"
        assert q.state.position.figures == after_place.figures
        assert q.state.position.road_at((3, 3)) == "-"  # the card is taken back
        # and the undo itself is saved: a second restart agrees
        q.sim.stop()
        r = start(tmp_path)
        assert r.state.phase == "road" and r.box.session.actions == 2
        r.sim.stop()
    finally:
        pass


def test_back_asks_before_undoing(tmp_path):
    p = start(tmp_path)
    try:
        p.new_game()
        p.set_up([])
        p.place((1, 1))
        p.press("back")
        assert p.box.mode == "confirm"
        p.press("back")  # no
        assert p.box.mode == "game" and p.state.phase == "road"
        p.press("back", "ok")  # yes
        assert p.state.phase == "figure" and p.state.position.figure_at((1, 1)) == "."
    finally:
        p.sim.stop()


def _finished_game_then_another(tmp_path):
    from tests.test_box_zweimal import play_round

    p = start(tmp_path)
    p.new_game()
    p.set_up([])
    play_round(p)
    p.through_scoring()
    p.set_up([])
    play_round(p)
    p.through_scoring()
    assert p.state.phase == "over"
    finished_id = p.box.session.db_id
    p.press("ok")  # over -> menu
    p.new_game(variant=2)
    p.set_up([])
    p.place((0, 0))
    p.sim.stop()
    return finished_id


@pytest.mark.parametrize("damage", ["truncate", "garbage"])
def test_damaged_save_file_is_reported_and_older_games_survive(tmp_path, caplog, damage):
    finished_id = _finished_game_then_another(tmp_path)
    path = tmp_path / FILE
    data = path.read_bytes()
    if damage == "truncate":
        path.write_bytes(data[: len(data) // 3])
    else:
        path.write_bytes(data[:100] + bytes(range(256)) * ((len(data) - 100) // 256 + 1))
    with caplog.at_level(logging.ERROR, logger="tabletop.store"):
        q = start(tmp_path)
    try:
        # on the screen: the damage and the way out
        assert "Spielstand beschädigt" in q.box.message + (q.box.notice,)
        assert "Sicherung geladen" in q.box.message + (q.box.notice,)
        # in the log
        assert any("damaged" in r.getMessage() for r in caplog.records)
        # the older, finished game is still there, and the damaged file is kept aside
        games = {g.id: g for g in q.sim.store.games()}
        assert games[finished_id].status == "finished"
        assert list(tmp_path.glob(f"{FILE}.damaged-*"))
    finally:
        q.sim.stop()


def test_unreadable_action_stops_the_replay_there_and_is_reported(tmp_path, caplog):
    finished_id = _finished_game_then_another(tmp_path)
    db = sqlite3.connect(tmp_path / FILE)
    current = db.execute("SELECT current_game FROM screen").fetchone()[0]
    db.execute(
        'UPDATE events SET payload = \'{"kind": "place", "field": "nowhere"}\''
        " WHERE game_id = ? AND seq = (SELECT MAX(seq) FROM events WHERE game_id = ?)",
        (current, current),
    )
    db.commit()
    db.close()
    with caplog.at_level(logging.ERROR, logger="tabletop.loop"):
        q = start(tmp_path)
    try:
        assert q.box.mode == "message" and "Spielstand beschädigt" in q.box.message
        assert any("unreadable" in r.getMessage() for r in caplog.records)
        assert q.state.phase == "figure" and q.box.session.actions == 1  # set-up only
        assert {g.id for g in q.sim.store.games()} >= {finished_id, current}
    finally:
        q.sim.stop()


def test_taking_back_a_finished_games_end_keeps_the_backups_fresh(tmp_path, caplog):
    """Found by the soak (`tabletop bench --soak`): the end of a finished game taken back
    made every later backup "hold less" than the newest, so backups stopped for good."""

    def backed_up(path):
        db = sqlite3.connect(path)
        try:
            return db.execute("SELECT status, actions FROM games").fetchall()
        finally:
            db.close()

    store = Store(tmp_path)
    ui = {"mode": "game"}
    game = store.new_game("zweimal", 1, {}, ui)
    step = {"kind": "action", "action": "x"}
    store.record(game, ui, append=step)
    store.record(game, ui, append=step, status="finished")
    assert backed_up(store.backup_path) == [("finished", 2)]
    store.record(game, ui, undo=True)  # the players take the end back: playing again
    assert store.games()[0].status == "playing"
    assert backed_up(store.backup_path) == [("playing", 1)]
    assert backed_up(store._generation(1)) == [("finished", 2)]  # the older one keeps it
    store.record(game, ui, append=step)
    store.record(game, ui, append=step, status="finished")
    assert backed_up(store.backup_path) == [("finished", 3)]
    store.close()
    assert "not refreshing the backup" not in caplog.text
