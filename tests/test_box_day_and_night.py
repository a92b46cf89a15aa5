"""Day and Night through the real loop on the simulated box (the example decks): a spell with
its target, refusals for cost and prerequisite, steps, the end of a turn and the upkeep shown,
a temple chosen on the board, and a restart in the middle."""

from __future__ import annotations

from dataclasses import replace

import pytest

from device.app.menu import menu_items
from device.app.state import Page, notice_text
from device.sim.simulator import Simulator
from device.storage.store import Store
from engine.day_and_night.game import GAME
from tests.boxdriver import Player, arrows, settings
from tests.test_day_and_night_game import _cli_verdict


class Table(Player):
    def new_game(self) -> None:
        self.start("day-and-night")
        assert self.box.mode == "game" and self.state.turn == "day"

    def cursor_to(self, field) -> None:
        r, c = self.box.view.cursor
        self.press(*["down"] * ((field[0] - r) % 6), *["right"] * ((field[1] - c) % 8))
        assert self.box.view.cursor == field

    def options(self) -> list:
        """The fields the targets' cursor moves over now (the valid next targets)."""
        from device.games.day_and_night.screen import _target_options

        return _target_options(self.state, self.box.view)

    def target(self, field) -> bool:
        """Move the targets' cursor to `field` and pick it; False (nothing pressed) when the
        box does not offer it."""
        options = self.options()
        if field not in options:
            return False
        self.press(*arrows(options, self.box.view.cursor, field), "ok")
        return True

    def cast(self, spell_id: str, *targets) -> bool:
        """A spell by a tap of its card, then each target with the arrows; False when a
        target is not offered (the player is still in the spell)."""
        self.tap_card(f"day-and-night:{spell_id}")
        return all(self.target(field) for field in targets)

    def leave(self) -> None:
        """Out of a spell's targets and the list, back on the board."""
        while self.box.view.mode != "board":
            self.press("back")

    def step(self, field) -> None:
        self.cursor_to(field)
        self.press("ok")

    def end_turn(self) -> None:
        self.press("back", "ok")


@pytest.fixture
def table(tmp_path):
    sim = Simulator(settings(), tmp_path)
    sim.start()
    yield Table(sim)
    sim.stop()


def test_a_spell_with_its_target_then_a_step_and_the_refusals(table):
    t = table
    t.new_game()
    t.cast("sunrise", (0, 1))  # a Day tile next to the pawn, 3 AP
    s = t.state
    assert s.board.at(0, 1) == "d" and s.ap == 9 and s.hands["day"] == 4
    t.cast("veil")  # mystify needs the pawn on a Day tile: it stands on an empty one
    assert notice_text(t.box) == "Bedingung fehlt" and t.state == s  # nothing changed
    assert t.box.view.mode == "board"  # back on the board
    t.step((0, 1))  # onto the new tile: 3 AP, a card
    assert t.state.ap == 6 and t.state.hands["day"] == 5 and t.state.draws == 1
    t.step((0, 0))  # back to the start field: entered this turn
    assert notice_text(t.box) == "Feld schon betreten"
    s = t.state
    t.cast("veil")  # spells come first ("Als erstes ... zaubern"): refused now
    assert notice_text(t.box) == "Zaubern vor dem Gehen" and t.state == s
    t.step((1, 1))
    assert t.state.ap == 3


def test_a_spell_needs_its_action_points(table):
    t = table
    t.new_game()
    t.cast("dawn", (2, 2))
    t.cast("dawn", (3, 3))
    t.cast("sunrise", (0, 1))  # 4 + 4 + 3: 1 AP left
    assert t.state.ap == 1
    s = t.state
    t.cast("sunrise")
    assert notice_text(t.box) == "Zu wenig Aktionspunkte" and t.state == s


def test_the_end_of_a_turn_and_the_upkeep_of_both_markers(table):
    t = table
    t.new_game()
    t.cast("sunrise", (0, 1))
    t.cast("veil")  # the pawn stands on an empty field: refused
    assert t.cast("mist", (0, 1))  # 3 markers
    t.end_turn()
    assert t.state.turn == "night" and t.state.ap == 12
    t.cast("dusk", (4, 7))  # a Night tile next to Night's pawn
    t.cast("ice")  # crystallize 3, with one Night tile: refused at once, not after 3 targets
    assert notice_text(t.box) == "Kein Ziel möglich" and t.box.view.mode == "board"
    t.cast("ice")  # again, the view as it was: still the reason, not "not now"
    assert notice_text(t.box) == "Kein Ziel möglich"
    t.end_turn()
    s = t.state
    assert s.turn == "day" and dict(s.mystify) == {(0, 1): 2} and s.upkeep.markers == ((0, 1),)
    from device.games.day_and_night.drawing import _context

    # the upkeep said as done on the board, apart from the count under the cursor
    view = replace(t.box.view, cursor=(0, 1))
    assert _context(s, view, "de")[-2:] == ["1 Marker ab", "Marker: 2"]
    # the upkeep is the turn's beginning: the turn's first action says it no more (found by
    # testers: "1 Marker ab" stayed on the panel after every spell of Day's turn)
    assert t.cast("dawn", (2, 2))
    view = replace(t.box.view, cursor=(0, 1))
    assert "1 Marker ab" not in _context(t.state, view, "de")
    assert _context(t.state, view, "de")[-1] == "Marker: 2"
    t.end_turn()
    t.end_turn()
    assert dict(t.state.mystify) == {(0, 1): 1}
    t.end_turn()
    t.end_turn()
    s = t.state
    assert s.board.at(0, 1) == "f" and s.upkeep.fixed == ((0, 1),)  # the last marker fixed it


def saved_before_a_temple(tmp_path) -> None:
    """Day has 7 tiles in row 3 (columns 1-7) and one on (4,0); a tile on (3,0) will connect
    9. Each Day turn: two tiles (4 AP each) and a step (3 AP, a card); Night passes."""
    state = GAME.initial(GAME.parse_options({}))
    actions = []
    script = []
    for turn, tiles in enumerate(
        ([(3, 1), (3, 2)], [(3, 3), (3, 4)], [(3, 5), (3, 6)], [(3, 7), (4, 0)])
    ):
        script += [f"cast dawn {r},{c}" for r, c in tiles]
        script += [f"step 0,{turn + 1}", "end", "end"]
    for text in script:
        action = GAME.parse_action(text)
        state = GAME.apply(state, action)
        actions.append(action)
    store = Store(tmp_path)
    ui = {"mode": "game", "view": {"cursor": [0, 0], "mode": "board", "spell": 0, "targets": []}}
    game_id = store.new_game("day-and-night", GAME.rules_version, {}, ui)
    for action in actions:
        store.record(game_id, ui, append={"kind": "action", "action": GAME.format_action(action)})
    store.close()


def test_a_temple_chosen_on_the_board_after_a_restart(tmp_path):
    saved_before_a_temple(tmp_path)
    sim = Simulator(settings(), tmp_path)
    sim.start()
    t = Table(sim)
    try:
        assert t.state.turn == "day" and t.state.board.day_temples == 0
        t.cast("dawn", (3, 0))  # joins row 3 and (4,0): 9 connected
        assert t.state.pending is not None and t.box.view.mode == "temple"
        # the box proposes 8: one of the two tiles that can be left out, (3,7) or (4,0)
        assert t.box.view.targets in (((3, 7),), ((4, 0),))
        while t.box.view.targets != ((4, 0),):
            t.press("right")  # the tile left out moves over those that can be
        t.press("ok")
        assert t.state.pending is None and t.state.board.day_temples == 1
        assert t.box.view.built == tuple((3, c) for c in range(8))  # marked, with a notice
        assert t.state.board.at(4, 0) == "d"  # the ninth tile stays ordinary
    finally:
        sim.stop()


def test_the_second_temple_wins_on_the_box(tmp_path):
    """Day builds a temple in row 2 (at the eighth tile, at once), then 7 tiles of row 4; the
    eighth ends the game: the box shows Day's win and the game is saved as finished."""
    state = GAME.initial(GAME.parse_options({}))
    tiles = [(2, c) for c in range(8)] + [(4, c) for c in range(7)]
    script = []
    for turn, (r, c) in enumerate(tiles):  # a tile and two steps a turn: the hand grows
        walk = ["step 0,1", "step 0,2"] if turn % 2 == 0 else ["step 0,1", "step 0,0"]
        script += [f"cast dawn {r},{c}", *walk, "end", "end"]
    actions = []
    for text in script:
        action = GAME.parse_action(text)
        state = GAME.apply(state, action)
        actions.append(action)
    assert state.board.day_temples == 1 and not state.over
    store = Store(tmp_path)
    ui = {"mode": "game"}
    game_id = store.new_game(
        "day-and-night", GAME.rules_version, GAME.format_options(state.options), ui
    )
    for action in actions:
        store.record(game_id, ui, append={"kind": "action", "action": GAME.format_action(action)})
    store.close()
    sim = Simulator(settings(), tmp_path)
    sim.start()
    t = Table(sim)
    try:
        t.cast("dawn", (4, 7))
        assert t.state.verdict == "day" and t.state.board.day_temples == 2
        assert t.box.session.state.over
        t.press("ok")  # the result, then a rematch
        assert t.box.mode == "game" and t.box.session.db_id != game_id
        assert t.box.session.actions == 0 and t.state.turn == "day"  # Day always begins
    finally:
        sim.stop()
    look = Store(tmp_path, read_only=True)
    try:
        assert look.game(game_id).status == "finished"
    finally:
        look.close()


def _saved(tmp_path, script: list[str], options=None) -> None:
    state = GAME.initial(options or GAME.parse_options({}))
    store = Store(tmp_path)
    ui = {"mode": "game"}
    game_id = store.new_game(
        "day-and-night", GAME.rules_version, GAME.format_options(state.options), ui
    )
    for text in script:
        action = GAME.parse_action(text)
        state = GAME.apply(state, action)
        store.record(game_id, ui, append={"kind": "action", "action": text})
    store.close()


def test_a_crystal_holds_days_pawn_and_days_spells_in_days_next_turn(tmp_path):
    # Night lays two tiles by Day's pawn (stepping onto its own tile after its spells); Day
    # steps onto one; Night, its pawn on its own tile, crystallizes both: in Day's next turn
    # Day can neither leave nor flip them.
    _saved(
        tmp_path,
        ["end", "cast dusk 4,7", "cast darkness 0,1", "step 4,7", "end", "step 0,1", "end",
         "cast darkness 1,0"],
    )  # fmt: skip
    sim = Simulator(settings(), tmp_path)
    sim.start()
    t = Table(sim)
    try:
        assert t.state.turn == "night" and t.state.pawn("day") == (0, 1)
        t.cast("frost", (0, 1), (1, 0))
        assert t.state.crystals == frozenset({(0, 1), (1, 0)})
        t.end_turn()
        t.step((0, 2))
        assert notice_text(t.box) == "Kristall hält die Figur"
        assert not t.cast("turn-to-day", (1, 0))  # a crystallized tile is not offered
        assert list(t.options()) == [(4, 7)] and t.state.board.at(1, 0) == "n"
        t.leave()
        t.end_turn()  # Night's upkeep takes the crystals off
        assert t.state.crystals == frozenset() and t.state.upkeep.crystals == ((0, 1), (1, 0))
    finally:
        sim.stop()


def test_a_draw_when_neither_can_have_the_tiles_of_a_second_temple(tmp_path):
    """Decks of 5 tiles a side: nobody can ever build a second temple (16 tiles), so the
    first tile laid ends the game drawn, and the screen says why (rules_version 4)."""
    import json

    from device.settings import Buttons, Settings

    decks = []
    for side in ("day", "night"):
        path = tmp_path / f"{side}.json"
        spell = {"id": "tile", "name": "Plättchen", "cost": 1, "copies": 5}
        path.write_text(
            json.dumps(
                {"game": "day-and-night", "side": side,
                 "spells": [{**spell, "effects": [{"kind": "place"}]}]}
            )
        )  # fmt: skip
        decks.append(path)
    # 5-card decks break the rule of 70: a designer's box (config deck_rules = "free")
    config = Settings(buttons=Buttons(hold_s=0.2), decks=decks, deck_rules="free")
    sim = Simulator(config, tmp_path / "state")
    sim.start()
    t = Table(sim)
    try:
        t.press(*["down"] * menu_items(t.box).index("new"), "ok")
        t.press(*["down"] * menu_items(t.box).index("day-and-night"), "ok")
        assert t.box.menu[-1] == (Page("setup", "day-and-night"), 0)  # the opponent first
        assert dict(t.box.choice)["deck_rules"] == "free"  # a designer's box: free first
        t.press("down", "right", "ok")  # as the original: these decks break it
        assert t.box.mode == "menu" and notice_text(t.box) == "Deck bricht Regeln"
        assert dict(t.box.choice)["deck_rules"] == "strict"  # the page stays, to change it
        t.press("left", "ok")  # free; a person
        assert t.box.mode == "game" and t.state.options.deck_rules == "free"
        assert sim.loop.box.session.options.deck_rules == "free"
        assert t.state.hands["day"] == 5 and t.state.decks["day"] == 0
        t.cast("tile", (2, 0))
        s = t.state
        assert s.outcome == "draw" and s.over and s.board.at(2, 0) == "d"
        assert _lines(t) == ["Unentschieden", "Tempel Tag 0 Nacht 0", "Zu wenig Plättchen"]
    finally:
        sim.stop()


def _lines(t: Table) -> list[str]:
    from device.games.day_and_night.words import verdict_lines

    return verdict_lines(t.state, "de")


def test_an_adjudicated_day_win_on_the_box(tmp_path):
    """Each side has a temple; walls of fixed tiles (columns 2, 4, 6, never 8 connected) leave
    Night one area of exactly 8 (columns 0-1), the rest in pockets of 4. Day lays a tile in
    Night's area: were it fixed, Night could not build again while Day still can: Day wins
    at once, and the box says why. (The position is set on the box directly: reaching it by
    play takes dozens of turns.)"""
    from dataclasses import replace

    from engine.day_and_night import parse_board

    sim = Simulator(settings(), tmp_path)
    sim.start()
    t = Table(sim)
    try:
        t.new_game()
        board = parse_board("NNNNNNNN/DDDDDDDD/.nf.f.f./nnf.f.f./nnf.f.f./nnf.f.f.")
        session = t.box.session
        state = replace(session.state, board=board)
        sim.loop.box = replace(t.box, session=replace(session, state=state))
        assert GAME.result(state).over is False
        t.cast("dawn", (2, 0))
        s = t.state
        assert s.verdict == "day" and s.over and GAME.result(s).winner == "day"
        assert _cli_verdict(s.board.notation()) == "day"  # the box's verdict is the CLI's
        assert [line for line in _lines(t) if "chancenlos" in line]
    finally:
        sim.stop()


def test_the_spell_list_puts_the_spells_cast_most_first_and_never_opens_on_one_taken_back(
    tmp_path,
):
    """Issue 33: the list kept the deck's order and opened on the spell cast last, also
    when that cast had just been taken back. (The game's own order: the box's choice for
    the player, the setting `suggest`, is off here.)"""
    from dataclasses import replace

    from device.games.day_and_night.view import offered, spells

    fresh = GAME.initial(GAME.parse_options({}))
    in_deck = [spells(fresh)[i].id for i in offered(fresh)]
    later = in_deck[2]  # a spell the deck lists third
    cast = (("day", later), ("night", in_deck[1]), ("night", in_deck[1]), ("day", in_deck[1]))
    listed = [spells(fresh)[i].id for i in offered(replace(fresh, cast=cast))]
    assert listed[:2] == [in_deck[1], later]  # Day's casts only (once each): the deck's order
    cast = (*cast, ("day", later))
    listed = [spells(fresh)[i].id for i in offered(replace(fresh, cast=cast))]
    assert listed[:2] == [later, in_deck[1]]  # cast twice: first
    assert listed[2:] == [s for s in in_deck if s not in listed[:2]]
    sim = Simulator(settings(suggest=False), tmp_path)
    sim.start()
    try:
        _list_order(Table(sim))
    finally:
        sim.stop()


def _list_order(t: Table) -> None:
    from device.games.day_and_night.view import spells

    t.new_game()
    t.cast("sunrise", (0, 1))
    t.cursor_to(t.state.pawn("day"))
    t.press("ok")  # the list, on the spell cast most
    assert t.box.view.mode == "spells" and spells(t.state)[t.box.view.spell].id == "sunrise"
    t.leave()
    t.sim.hold("ok")
    t.press(*["down"] * menu_items(t.box).index("undo"), "ok")  # the cast taken back
    while t.box.undone:
        t.press("ok")
    t.cursor_to(t.state.pawn("day"))
    t.press("ok")  # the list: not on the spell just taken back
    assert t.box.view.mode == "spells"
    assert spells(t.state)[t.box.view.spell].id != "sunrise"
