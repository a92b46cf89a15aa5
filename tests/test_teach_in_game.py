"""Teaching cards by their printed names, a page a game: a tag the box was never taught,
tapped in a game, offers "this card?" on the next card of that game no tag is taught as
(`ok`: taught, and the game takes the tap; `back`: the game again, nothing taught); the
teach screen shows one game's cards at a time, ◄► another game's."""

import pytest

from device.app.menu import menu_items
from device.app.state import Page
from device.games.day_and_night.screen import spells
from device.sim.simulator import Simulator
from tests.boxdriver import Player, settings

DAY, NIGHT, SUNRISE = "day-and-night:player-A", "day-and-night:player-B", "day-and-night:sunrise"


@pytest.fixture
def p(tmp_path):
    sim = Simulator(settings(), tmp_path)
    sim.start()
    player = Player(sim)
    player.start("day-and-night")
    yield player
    sim.stop()


def taught(p: Player) -> dict[str, str]:
    return dict(p.sim.loop.store.cards())


def offered(p: Player) -> str:
    return p.box.card_names[p.box.menu[-1][1]]


def test_an_unknown_tag_in_a_game_is_offered_as_the_next_card_not_taught(p):
    p.sim.tap("04C00001")
    assert p.box.mode == "teach" and p.box.teach.in_game and offered(p) == DAY
    p.press("ok")  # one press: taught, the game again
    assert taught(p) == {"04C00001": DAY}
    assert p.box.mode == "game" and p.box.notice == "Gelernt: Tag"
    p.sim.tap("04C00002")
    assert offered(p) == NIGHT  # the next one not taught
    p.press("back")  # not now
    assert p.box.mode == "game" and "04C00002" not in taught(p)
    assert p.box.session.actions == 0


def test_a_card_taught_in_a_game_is_then_taken_by_the_game(p):
    p.sim.loop.store.teach([("04C00001", DAY), ("04C00002", NIGHT)])
    view = p.box.view
    p.sim.tap("04C00003")
    assert offered(p) == SUNRISE
    p.press("ok")
    assert taught(p)["04C00003"] == SUNRISE
    # the spell was taken as a tap of it takes it: its targets on the board
    assert p.box.mode == "game" and p.box.view != view
    assert p.box.view.mode == "targets"
    assert spells(p.state)[p.box.view.spell].id == "sunrise"


def test_the_offer_keeps_to_the_game_s_page_and_survives_a_restart(p, tmp_path):
    p.sim.tap("04C00001")
    page = []
    for _ in range(30):  # down wraps on the game's own cards
        page.append(offered(p))
        p.press("down")
    assert {card.split(":")[0] for card in page} == {"day-and-night"}
    assert page[0] == DAY and DAY in page[1:]  # round again
    page = [c for c in p.box.card_names if c.startswith("day-and-night:")]
    p.press(*["up"] * page.index(offered(p)))
    assert offered(p) == DAY
    p.press("right")  # a screen of cards further: three
    assert offered(p) == page[3]
    p.press("left", "left")  # and back, round the page's end
    assert offered(p) == page[-3]
    p.press("right")
    assert offered(p) == DAY
    p.sim.stop()
    q = Player(Simulator(settings(), tmp_path))
    q.sim.start()
    try:
        assert q.box.mode == "teach" and q.box.teach.in_game and offered(q) == DAY
        q.press("back")
        assert q.box.mode == "game" and q.box.session.game == "day-and-night"
    finally:
        q.sim.stop()


def test_the_teach_screen_names_the_card_a_tag_was(p):
    p.sim.loop.store.teach([("04C00001", SUNRISE)])
    p.sim.hold("ok")
    items = menu_items(p.box)
    p.press(*["down"] * items.index("teach"), "ok")
    p.sim.tap("04C00001")
    assert p.box.teach == type(p.box.teach)("04C00001", SUNRISE)
    assert offered(p) == SUNRISE
    p.press("ok")  # taught again as itself; the teach screen waits for the next tag
    assert p.box.mode == "teach" and p.box.teach.uid == ""
    p.sim.tap("04C00009")
    assert p.box.mode == "teach" and not p.box.teach.in_game
    assert offered(p) == DAY  # the game in play's page, on its first card not taught
    p.press("back")  # game first, then the card: the list of games, on this one
    names = p.box.card_names
    listed = list(dict.fromkeys(n.split(":")[0] for n in names))
    assert p.box.menu[-1] == (Page("game"), listed.index("day-and-night"))
    p.press("down", "ok")  # the next game's page, on its first card
    assert offered(p) == f"{listed[(listed.index('day-and-night') + 1) % len(listed)]}:player-A"
    p.press("down", "ok")
    assert taught(p)["04C00009"] == names[names.index(offered(p))]
    p.sim.tap("04C0000A")
    p.press("back", "back")  # the list of games, then the tag is not taught
    assert p.box.mode == "teach" and p.box.teach.uid == "" and "04C0000A" not in taught(p)
    p.press("back")  # the menu
    assert p.box.mode == "menu"
