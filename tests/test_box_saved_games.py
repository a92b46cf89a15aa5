"""Saved games: restarts bring back the same screen, undo survives restarts, damage is
reported and older games survive it."""

import logging
import sqlite3
from dataclasses import replace

import pytest
from PIL import ImageChops

from device import games
from device.app.menu import menu_items
from device.app.state import notice_text
from device.games.contract import ABANDON
from device.sim.simulator import Simulator
from device.storage.records import FILE
from device.storage.store import Store
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
        from device.app.menu import menu_items

        items = menu_items(q.box)
        for _ in range(items.index("undo")):
            q.press("down")
        q.press("ok")
        # said as the players take it back: the card laid on 3,3 off again (4,4 on the table)
        assert q.box.mode == "game" and q.box.undone == (("Zurück:", "Oberste Karte 4,4 weg"),)
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
        assert "Spielstand beschädigt" in q.box.message + (notice_text(q.box),)
        assert "Sicherung geladen" in q.box.message + (notice_text(q.box),)
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
    assert backed_up(store.backups.generation(1)) == [("finished", 2)]  # the older one keeps it
    store.record(game, ui, append=step)
    store.record(game, ui, append=step, status="finished")
    assert backed_up(store.backup_path) == [("finished", 3)]
    store.close()
    assert "not refreshing the backup" not in caplog.text


def _ended_in_backup(state_dir) -> dict[int, str]:
    """The games the newest backup holds as ended, with their status."""
    backup = sqlite3.connect(state_dir / "tabletop.backup.sqlite3")
    try:
        return dict(backup.execute("SELECT id, status FROM games WHERE status != 'playing'"))
    finally:
        backup.close()


def _finished_stub_game(sim) -> int:
    """A game of the stub game ("Stapel", pile 3) played to its end on the box."""
    from tests.boxdriver import Player

    Player(sim).start("stapel", pile="3", starter="A")  # a person
    for _ in range(3):  # take 1s
        sim.press("ok")
    assert sim.loop.box.session.state.winner
    return sim.loop.box.session.db_id


def test_a_finished_game_is_never_abandoned_and_the_backups_go_on(tmp_path, caplog):
    """Found by testers: from a result screen, hold ok, "Spiel abbrechen", ok turned the
    finished game into "abandoned", and from then on no backup was refreshed."""
    from tests import stubgame

    stubgame.register_stub()
    caplog.set_level(logging.WARNING)
    sim = Simulator(settings("de"), tmp_path)
    sim.start()
    try:
        first = _finished_stub_game(sim)
        sim.press("ok")  # the winner's message read
        sim.hold("ok")  # the menu over the finished game
        items = menu_items(sim.loop.box)
        assert "abandon" not in items and "undo" in items
        # a saved screen from before (or any other way in) cannot abandon it either
        sim.loop.box = replace(sim.loop.box, mode="confirm", confirm=ABANDON)
        sim.press("ok")
        assert sim.store.game(first).status == "finished"
        sim.store.record(first, {"mode": "menu"}, status="abandoned")  # the store refuses too
        assert sim.store.game(first).status == "finished"
        second = _finished_stub_game(sim)  # the next game's end is backed up
    finally:
        sim.stop()
        stubgame.unregister_stub()
    assert _ended_in_backup(tmp_path) == {first: "finished", second: "finished"}
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR], caplog.text


@pytest.mark.parametrize("game", list(games.GAMES))
def test_random_presses_with_the_menu_never_log_an_error_or_stop_the_backups(
    tmp_path, caplog, game
):
    """Players press anything, open the menu at any moment and pick any of its items (undo,
    abandon, a new game, resume): no ordinary sequence of presses logs an error, every game
    that ended is in the newest backup as it ended, and the next start says nothing, logs
    no warning and lists the same games."""
    import random

    from device.games import GAMES

    rng = random.Random(f"18-{game}")
    caplog.set_level(logging.WARNING)
    sim = Simulator(settings("de"), tmp_path)
    sim.start()
    try:
        for _ in range(400):
            box = sim.loop.box
            if box.mode in ("game", "message") and rng.random() < 0.08:
                sim.hold("ok")
            elif box.mode == "menu" and box.menu[-1][0].kind in ("game", "top"):
                items = menu_items(box)  # the game under test, or any item of the menu
                item = game if box.menu[-1][0].kind == "game" else rng.choice(items)
                for _ in range((items.index(item) - box.menu[-1][1]) % len(items)):
                    sim.press("down")  # (round the end: the pointer may stand below it)
                sim.press("ok")
            else:
                sim.press(rng.choice(("ok", "ok", "up", "down", "left", "right", "back")))
        assert GAMES[game].playable
        ended = {g.id: g for g in sim.store.games() if g.status != "playing"}
        assert ended, "the random player abandoned no game: the backups went unchecked"
    finally:
        sim.stop()
    assert _ended_in_backup(tmp_path) == {i: g.status for i, g in ended.items()}
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR], caplog.text
    # a clean start changes nothing: no error, nothing said, the same games listed
    listed = _box_games(tmp_path)
    caplog.clear()
    sim = Simulator(settings("de"), tmp_path)
    sim.start()
    try:
        assert "Spielstand" not in " ".join(sim.loop.box.message + (notice_text(sim.loop.box),))
    finally:
        sim.stop()
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING], caplog.text
    assert _box_games(tmp_path) == listed


def test_taking_back_the_end_of_a_game_asks_first(tmp_path):
    from device.app.frame import _confirm_text
    from tests import stubgame

    stubgame.register_stub()
    sim = Simulator(settings("de"), tmp_path)
    sim.start()
    try:
        _finished_stub_game(sim)
        sim.press("ok")  # the winner's message read

        def menu_undo():
            sim.hold("ok")
            items = menu_items(sim.loop.box)
            for _ in range(items.index("undo")):
                sim.press("down")
            sim.press("ok")

        menu_undo()
        box = sim.loop.box
        assert box.mode == "confirm" and _confirm_text(box) == "Spielende zurücknehmen?"
        sim.press("back")  # no: nothing is taken back
        assert sim.loop.box.session.state.winner and sim.loop.box.session.actions == 3
        menu_undo()
        assert sim.loop.box.mode == "confirm"
        sim.press("ok")  # yes
        box = sim.loop.box
        assert not box.session.state.winner and box.session.actions == 2
        assert box.undone == (("Zurück:", "pile: jetzt 1"),)  # the stub's change on the table
    finally:
        sim.stop()
        stubgame.unregister_stub()


def test_a_card_the_box_cannot_use_now_says_why(tmp_path):
    """Found by testers: a tapped card that the box could not use did nothing, with no word:
    an unknown tag, another game's card, a card of this game that is not for now."""
    sim = Simulator(settings("de"), tmp_path)
    sim.start()
    p = Player(sim)
    try:
        p.new_game()
        sim.store.teach([("04000001", "wandernde-druiden:fuchs"), ("04000002", "zweimal:player-A")])
        sim.tap("04000009")  # never taught: "this card?" (tests/test_teach_in_game.py)
        assert sim.loop.box.mode == "teach" and sim.loop.box.teach.in_game
        sim.press("back")  # not now: the game again, nothing taught
        assert sim.loop.box.mode == "game" and notice_text(sim.loop.box) == ""
        sim.tap("04000001")  # each known card by the name printed on it (issue 33)
        assert notice_text(sim.loop.box) == "Fuchs: Karte von WD"
        sim.tap("04000002")  # a player tag: nothing to do with it in Zweimal's set-up
        assert notice_text(sim.loop.box) == "Spieler A: jetzt nicht nutzbar"
        assert sim.loop.box.session.actions == 0
        sim.hold("ok")
        sim.tap("04000001")  # in the menu: where it is taken
        assert notice_text(sim.loop.box) == "Fuchs: im Spiel auflegen"
        sim.tap("04000009")  # an unknown tag in the menu: where to teach it
        assert notice_text(sim.loop.box) == "Karte unbekannt: im Menü anlernen"
    finally:
        sim.stop()


def test_a_games_end_is_shown_first_and_backed_up_right_after_the_frame(tmp_path):
    """The press that ends a game waits for its save, not for the backup copy: the loop
    writes the backup after the frame; a store closed before that still writes it."""
    store = Store(tmp_path)
    store.backup_after_frame = True
    game = store.new_game("zweimal", 1, {"variant": "1"}, {"mode": "game"})
    store.record(game, {"mode": "game"}, status="finished")
    assert not store.backup_path.exists()  # due, not yet written
    store.write_pending_backup()
    assert store.backup_path.exists()
    written = store.backup_path.stat().st_mtime_ns
    store.write_pending_backup()  # nothing due: nothing written again
    assert store.backup_path.stat().st_mtime_ns == written
    other = store.new_game("zweimal", 1, {"variant": "1"}, {"mode": "game"})
    store.record(other, {"mode": "game"}, status="finished")
    store.close()  # the pending backup is not lost with the store
    reopened = Store(tmp_path)
    try:
        backup = sqlite3.connect(reopened.backup_path)
        statuses = dict(backup.execute("SELECT id, status FROM games").fetchall())
        backup.close()
        assert statuses == {game: "finished", other: "finished"}
    finally:
        reopened.close()


def _box_games(state_dir) -> dict[int, tuple[str, int]]:
    """What `tabletop games` lists: id -> (status, actions)."""
    store = Store(state_dir, read_only=True)
    try:
        return {g.id: (g.status, g.events) for g in store.games()}
    finally:
        store.close()


def _undo_from_the_menu(sim) -> None:
    """Hold ok, "Schritt zurücknehmen", ok; and yes where the box asks."""
    sim.hold("ok")
    items = menu_items(sim.loop.box)
    for _ in range(items.index("undo") - sim.loop.box.menu[-1][1]):
        sim.press("down")
    sim.press("ok")
    if sim.loop.box.mode == "confirm":
        sim.press("ok")


@pytest.mark.parametrize("game", list(games.GAMES))
def test_a_take_back_of_the_end_survives_every_later_start(tmp_path, caplog, game):
    """Found by a new user: finish a game, take back its end, start the box again: the store
    called the file damaged (a backup held the game finished), put the end back and said
    "Spielstand beschädigt". Newer is decided by revision: the take-back is the truth, and
    nothing is said, at this start or any later one."""
    from device.app.turns import try_action
    from device.games import GAMES
    from tests.test_conformance import playout

    entry = GAMES[game]
    options, actions, _ = playout(game, seed=29)
    ui = {"mode": "game"}
    store = Store(tmp_path)  # the game up to its last action, saved as the box saves it
    game_id = store.new_game(game, entry.rules_version, entry.game.format_options(options), ui)
    for action in actions[:-1]:
        step = {"kind": "action", "action": entry.game.format_action(action)}
        store.record(game_id, ui, append=step)
    store.close()
    caplog.set_level(logging.INFO)
    n = len(actions)

    def started():
        sim = Simulator(settings("de"), tmp_path)
        sim.start()
        return sim

    sim = started()
    try:  # the last action, as the loop carries out an accepted one
        loop = sim.loop
        new, effects = try_action(loop.box, actions[-1])
        loop.box = loop._carry_out(loop.box, new, effects)
        loop.store.write_pending_backup()
        assert _box_games(tmp_path) == {game_id: ("finished", n)}
        assert _ended_in_backup(tmp_path) == {game_id: "finished"}
        _undo_from_the_menu(sim)  # the end taken back
        assert sim.loop.box.session.actions == n - 1
    finally:
        sim.stop()
    assert _box_games(tmp_path) == {game_id: ("playing", n - 1)}

    shown = [sim.loop.box]  # the last screen shown: a start shows it again, and no more

    def restart_and_check(left: int, undo: bool = False) -> None:
        caplog.clear()
        sim = started()
        try:
            box = sim.loop.box
            assert (box.mode, box.message, notice_text(box)) == (
                shown[0].mode,
                shown[0].message,
                notice_text(shown[0]),
            )
            assert box.session.actions == left and not entry.game.is_over(box.session.state)
            if undo:  # a further take-back, of a step the backups hold
                _undo_from_the_menu(sim)
                assert sim.loop.box.session.actions == left - 1
        finally:
            shown[0] = sim.loop.box
            sim.stop()
        assert not [r for r in caplog.records if r.levelno >= logging.WARNING], caplog.text
        assert _box_games(tmp_path) == {game_id: ("playing", left - 1 if undo else left)}

    restart_and_check(n - 1)
    assert _backup_games(tmp_path / "tabletop.backup.sqlite3") == {game_id: ("playing", n - 1)}
    assert _backup_games(tmp_path / "tabletop.backup.1.sqlite3") == {game_id: ("finished", n)}
    restart_and_check(n - 1, undo=True)
    restart_and_check(n - 2)  # this start backs up the take-back
    assert _backup_games(tmp_path / "tabletop.backup.sqlite3") == {game_id: ("playing", n - 2)}
    restart_and_check(n - 2)
    assert not list(tmp_path.glob(f"{FILE}.*-2*"))  # nothing kept aside: nothing was damaged


def _backup_games(path) -> dict[int, tuple[str, int]]:
    backup = sqlite3.connect(path)
    try:
        return {i: (s, n) for i, s, n in backup.execute("SELECT id, status, actions FROM games")}
    finally:
        backup.close()


def test_every_change_advances_the_revision_and_a_backup_carries_the_one_it_copied(tmp_path):
    """Newer is decided by revision: every change to the saved games advances it, the ones
    that leave the file holding less (an undo, a take-back of an end) too."""
    from device.storage.records import revision_of

    store = Store(tmp_path)
    ui = {"mode": "game"}
    step = {"kind": "action", "action": "x"}
    seen = [revision_of(store.db)]

    def backed_up() -> int | None:
        backup = sqlite3.connect(store.backup_path)
        try:
            return revision_of(backup)
        finally:
            backup.close()

    def advanced(what: str) -> None:
        now = revision_of(store.db)
        assert now is not None and now > seen[-1], what
        seen.append(now)

    try:
        game = store.new_game("zweimal", 1, {}, ui)
        advanced("a new game")
        store.record(game, ui, append=step)
        advanced("an action")
        store.record(game, ui, undo=1)
        advanced("an undo")
        store.record(game, ui, append=step, status="finished")
        advanced("a game's end")
        assert backed_up() == seen[-1]  # the revision it copied
        store.record(game, ui, undo=1)
        advanced("a take-back of the end")
        assert backed_up() == seen[-1]
        store.record(game, {**ui, "solo": "B"})
        advanced("a solo seat")
        store.record(game, {**ui, "solo": "B", "solo_told": ["eule"]})
        advanced("a card told for the box")
        store.record(game, {"mode": "menu"})
        advanced("the screen alone")
        store.record(game, {"mode": "menu"}, status="abandoned")
        advanced("an abandon")
        store.teach([("04AABBCC", "zweimal:player-A")])
        advanced("a card taught")
        store.forget("04AABBCC")
        advanced("a card forgotten")
        store.cut(game, 0)
        advanced("a replay cut short")
    finally:
        store.close()
