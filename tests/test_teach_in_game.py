"""Teaching cards by their printed names, a page a game: a tag the box was never taught,
tapped in a game, offers "this card?" on the next card of that game no tag is taught as yet
that the game would take now (`ok`: taught, and the game takes the tap; `back`: the game
again, nothing taught); the teach screen shows one game's cards at a time, ◄► another
game's."""

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


def castable_now(p: Player) -> list[str]:
    """The cards of Day and Night's teach page a tap would play now (Day's spells that can
    be cast), in the list's order."""
    from engine.day_and_night.choices import castable

    ids = {s.id for s in castable(p.state)}
    return [n for n in p.box.card_names if n.startswith("day-and-night:") and n[14:] in ids]


def test_an_unknown_tag_in_a_game_is_offered_as_the_next_card_the_game_takes(p):
    """Issue 47: never a player's token or a card the game would refuse now (its `ok` would
    teach the wrong card): the first card not taught that a tap would play now."""
    first, second = castable_now(p)[:2]
    p.sim.tap("04C00001")
    assert p.box.mode == "teach" and p.box.teach.in_game and offered(p) == first
    assert offered(p) not in (DAY, NIGHT)  # the players' tokens do nothing now
    p.press("ok")  # one press: taught, the game again, and the tap taken
    assert taught(p) == {"04C00001": first}
    assert p.box.mode == "game" and p.box.view.mode == "targets"
    p.press("back")  # the spell not cast after all
    p.sim.tap("04C00002")
    assert offered(p) == second  # the next one not taught
    p.press("back")  # not now
    assert p.box.mode == "game" and "04C00002" not in taught(p)
    assert p.box.session.actions == 0


def test_a_card_taught_in_a_game_is_then_taken_by_the_game(p):
    p.sim.loop.store.teach([("04C00001", DAY), ("04C00002", NIGHT)])
    view = p.box.view
    p.sim.tap("04C00003")
    assert offered(p) == castable_now(p)[0]
    p.press(*["down"] * (p.box.card_names.index(SUNRISE) - p.box.menu[-1][1]), "ok")
    assert taught(p)["04C00003"] == SUNRISE
    # the spell was taken as a tap of it takes it: its targets on the board
    assert p.box.mode == "game" and p.box.view != view
    assert p.box.view.mode == "targets"
    assert spells(p.state)[p.box.view.spell].id == "sunrise"


def test_the_offer_keeps_to_the_game_s_page_and_survives_a_restart(p, tmp_path):
    p.sim.tap("04C00001")
    first = offered(p)
    page = []
    for _ in range(30):  # down wraps on the game's own cards
        page.append(offered(p))
        p.press("down")
    assert {card.split(":")[0] for card in page} == {"day-and-night"}
    assert page[0] == first and first in page[1:]  # round again
    page = [c for c in p.box.card_names if c.startswith("day-and-night:")]
    p.press(*["up"] * page.index(offered(p)))
    assert offered(p) == DAY  # the page's first
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
        assert q.box.mode == "teach" and q.box.teach.in_game and offered(q) == DAY  # (kept)
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


def test_a_new_tag_in_a_feuer_und_wasser_draw_is_offered_as_a_card_of_that_pile(tmp_path):
    """Issue 47: the list opened on a player's token or the other side's card, `ok` taught
    the wrong card and the draw was refused. It opens on a card of the drawing side's pile,
    and `ok` draws it."""
    sim = Simulator(settings(), tmp_path)
    sim.start()
    q = Player(sim)
    try:
        q.start("feuer-und-wasser", mode="rows", tactician="no", starter="B")
        assert q.state.turn == "B" and q.state.drawn is None  # Water draws first
        q.sim.tap("04C00001")
        card = offered(q)
        assert card.startswith("feuer-und-wasser:B"), card  # Water's, not Fire's, no token
        q.press("ok")
        assert q.box.mode == "game" and q.state.drawn == card.split(":")[1]
    finally:
        sim.stop()
