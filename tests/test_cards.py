"""The card registry: the teach screen on the box and `tabletop cards` on the command line."""

import json

import pytest

from device.app.state import notice_text
from device.cli.main import main
from device.sim.simulator import Simulator
from device.storage.store import Store
from tests.boxdriver import Player, settings


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def open_teach(p: Player):
    from device.app.menu import menu_items

    items = menu_items(p.box)
    for _ in range(items.index("teach")):
        p.press("down")
    p.press("ok")
    assert p.box.mode == "teach"


def test_teach_screen_tap_pick_and_it_is_saved(tmp_path):
    sim = Simulator(settings(), tmp_path)
    sim.start()
    try:
        p = Player(sim)
        open_teach(p)
        sim.tap("04A2B3C4")
        assert p.box.teach.uid == "04A2B3C4" and p.box.teach.known == ""
        p.press("down")  # zweimal:player-B
        p.press("ok")
        assert notice_text(p.box) == "Gelernt: Spieler B"  # as printed (issue 33)
        assert sim.store.card_for("04A2B3C4") == "zweimal:player-B"
        sim.tap("04A2B3C4")  # tapped again: the screen says what it is
        assert p.box.teach.known == "zweimal:player-B"
        assert p.box.card_names[p.box.menu[-1][1]] == "zweimal:player-B"
        p.press("back", "back", "back")  # the list of games, the tag, the teach screen
        assert p.box.mode == "menu"
    finally:
        sim.stop()


@pytest.mark.parametrize("uid", ["0A", "04A2", "00112233445566778899"])
def test_a_tap_with_a_malformed_uid_is_never_taught(tmp_path, uid):
    sim = Simulator(settings(), tmp_path)
    sim.start()
    try:
        p = Player(sim)
        open_teach(p)
        sim.tap(uid)
        assert p.box.teach.uid == ""  # still waiting for a real card
        sim.tap("04A2B3C4")
        assert p.box.teach.uid == "04A2B3C4"
    finally:
        sim.stop()


def test_an_unknown_tag_outside_the_teach_screen_says_where_to_teach_it(tmp_path):
    """Found by testers: a tag the box did not know did nothing at all; it teaches nothing
    outside the teach screen, and says so."""
    sim = Simulator(settings(), tmp_path)
    sim.start()
    try:
        sim.tap("04A2B3C4")
        assert notice_text(sim.loop.box) == "Karte unbekannt: im Menü anlernen"
        assert sim.store.cards() == []
    finally:
        sim.stop()


def test_cli_teach_list_forget(tmp_path, capsys):
    state = str(tmp_path)
    assert (
        run(
            capsys, "cards", "teach", "zweimal:player-A", "--uid", "04a2b3c4", "--state-dir", state
        )[0]
        == 0
    )
    code, out, _ = run(capsys, "cards", "list", "--state-dir", state)
    assert out == "04A2B3C4\tzweimal:player-A\n"
    assert run(capsys, "cards", "forget", "04A2B3C4", "--state-dir", state)[0] == 0
    assert run(capsys, "cards", "list", "--state-dir", state)[1] == ""
    code, _, err = run(capsys, "cards", "forget", "04A2B3C4", "--state-dir", state)
    assert code == 2 and "no card with UID 04A2B3C4" in err


@pytest.mark.parametrize(
    ("card", "uid", "message"),
    [
        ("chess:king", "04A2B3C4", "unknown game 'chess'"),
        ("player-A", "04A2B3C4", "expected game:card"),
        ("zweimal:player-A", "04A2", "expected 8, 10 or 14 hex digits"),
        ("zweimal:player-A", "ZZA2B3C4", "expected 8, 10 or 14 hex digits"),
        # a card the game does not have (found by testers: it was taught, exit 0)
        ("wandernde-druiden:nosuch", "04000002", "not a card the box knows"),
        ("day-and-night:nosuch", "04000002", "tabletop cards list --known"),
    ],
)
def test_cli_teach_refuses_bad_input(tmp_path, capsys, card, uid, message):
    code, _, err = run(capsys, "cards", "teach", card, "--uid", uid, "--state-dir", str(tmp_path))
    assert code == 2 and message in err and err.count("\n") == 1


def test_cli_teach_by_tapping(tmp_path, capsys):
    from tests.readersim import RDM6300Sim

    sim = RDM6300Sim(tmp_path / "tty")
    sim.start()
    sim.card = bytes.fromhex("0A1B2C3D4E")
    try:
        code, out, err = run(
            capsys,
            "cards",
            "teach",
            "day-and-night:player-A",
            "--reader",
            "rdm6300",
            "--port",
            str(sim.link),
            "--timeout",
            "5",
            "--state-dir",
            str(tmp_path),
        )
        assert code == 0, err
        assert out == "0A1B2C3D4E\tday-and-night:player-A\n"
    finally:
        sim.unplug()


def test_export_and_import_round_trip(tmp_path, capsys):
    a, b = str(tmp_path / "a"), str(tmp_path / "b")
    run(capsys, "cards", "teach", "zweimal:player-A", "--uid", "04A2B3C4", "--state-dir", a)
    run(capsys, "cards", "teach", "zweimal:player-B", "--uid", "0A1B2C3D4E", "--state-dir", a)
    exported = tmp_path / "cards.json"
    assert run(capsys, "cards", "export", str(exported), "--state-dir", a)[0] == 0
    assert json.loads(exported.read_text())["version"] == 1
    assert run(capsys, "cards", "import", str(exported), "--state-dir", b)[0] == 0
    assert (
        run(capsys, "cards", "list", "--state-dir", b)[1]
        == run(capsys, "cards", "list", "--state-dir", a)[1]
    )


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("{not json", "not JSON"),
        ('{"version": 2, "cards": []}', "version"),
        (
            '{"version": 1, "cards": [{"uid": "04A2B3C4", "card": "zweimal:a"},'
            ' {"uid": "04A2B3C4", "card": "zweimal:b"}]}',
            "UID 04A2B3C4 is listed twice",
        ),
        (
            '{"version": 1, "cards": [{"uid": "04A2B3C4", "card": "zweimal:a"},'
            ' {"uid": "xx", "card": "zweimal:b"}]}',
            "cards.1.uid",
        ),
    ],
)
def test_import_of_a_bad_file_changes_nothing(tmp_path, capsys, content, message):
    state = str(tmp_path / "s")
    run(capsys, "cards", "teach", "zweimal:player-A", "--uid", "04A2B3C4", "--state-dir", state)
    bad = tmp_path / "bad.json"
    bad.write_text(content)
    code, _, err = run(capsys, "cards", "import", str(bad), "--state-dir", state)
    assert code == 2 and message in err
    store = Store(tmp_path / "s")
    try:
        assert store.cards() == [("04A2B3C4", "zweimal:player-A")]
    finally:
        store.close()


def test_bad_deck_file_stops_the_box_like_a_bad_config(tmp_path, capsys):
    deck = tmp_path / "deck.json"
    deck.write_text('{"game": "chess", "cards": []}')
    config = tmp_path / "c.toml"
    config.write_text(f'decks = ["{deck}"]\n')
    code, _, err = run(
        capsys, "run", "--sim", "--config", str(config), "--state-dir", str(tmp_path)
    )
    assert code == 78 and "unknown game 'chess'" in err


def test_cli_list_known_names_the_cards_a_tag_can_be_taught(tmp_path, capsys):
    from device.cli.main import main

    assert main(["cards", "list", "--known", "--state-dir", str(tmp_path)]) == 0
    names = capsys.readouterr()[0].split()
    assert "zweimal:player-A" in names and "wandernde-druiden:fuchs" in names
    # issue 33: the example decks' cards are tags too, as the box plays them with no config
    assert {"day-and-night:sunrise", "feuer-und-wasser:R07"} <= set(names)
    teach = ["cards", "teach", names[-1], "--uid", "04000002", "--state-dir", str(tmp_path)]
    assert main(teach) == 0
    capsys.readouterr()
    for name, card in (
        ("Morgensonne", "day-and-night:sunrise"),
        ("twin suns", "day-and-night:twin-suns"),
    ):
        by_name = ["cards", "teach", name, "--uid", "04000003", "--state-dir", str(tmp_path)]
        assert main(by_name) == 0 and capsys.readouterr()[0] == f"04000003\t{card}\n"
    both = ["cards", "teach", "Spieler A", "--uid", "04000004", "--state-dir", str(tmp_path)]
    assert main(both) == 2  # the name of a player in several games: which one, said
    err = capsys.readouterr()[1]
    assert "zweimal:player-A" in err and err.count("\n") == 1


def test_cli_import_of_an_unknown_card_imports_nothing(tmp_path, capsys):
    from device.cli.main import main

    path = tmp_path / "cards.json"
    cards = [{"uid": "04000001", "card": "zweimal:player-A"},
             {"uid": "04000002", "card": "wandernde-druiden:nosuch"}]  # fmt: skip
    path.write_text(json.dumps({"version": 1, "cards": cards}))
    code = main(["cards", "import", str(path), "--state-dir", str(tmp_path)])
    err = capsys.readouterr()[1]
    assert code == 2 and "wandernde-druiden:nosuch" in err and err.count("\n") == 1
    assert main(["cards", "list", "--state-dir", str(tmp_path)]) == 0
    assert "04000001" not in capsys.readouterr()[0]  # all or nothing


def test_cli_teach_by_the_printed_name_of_a_config_deck_s_card(tmp_path, capsys):
    """A card of the config's own deck file is found by the name printed on it, as the box
    names it (the games set up with the config's decks, as on the box)."""
    from device.cli.main import main
    from device.games.setup import set_up

    spell = {"id": "glow", "name": "Glühen", "cost": 1, "copies": 70,
             "effects": [{"kind": "place"}]}  # fmt: skip
    deck = tmp_path / "day.json"
    deck.write_text(json.dumps({"game": "day-and-night", "side": "day", "spells": [spell]}))
    config = tmp_path / "config.toml"
    config.write_text(f'decks = ["{deck}"]\n')
    try:
        teach = ["cards", "teach", "glühen", "--uid", "04000005", "--config", str(config),
                 "--state-dir", str(tmp_path)]  # fmt: skip
        assert main(teach) == 0
        assert capsys.readouterr()[0] == "04000005\tday-and-night:glow\n"
    finally:
        set_up()  # the other tests' games: the examples
