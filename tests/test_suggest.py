"""Issue 47: a player's turn opens on the box's own choice for them (the setting `suggest`):
a player who plays well presses `ok` where they stand. Issue 60: the setting is off by
default (two people get no help nobody asked for), and where it is on the choice is
searched after the turn's frame is shown, dropped where a press comes first. The running
box (real pins, real loop, real store) for the games' screens; the hooks themselves for a
move's second field."""

from __future__ import annotations

from dataclasses import replace

from device.app.solo import seat, thinking
from device.games import GAMES
from device.sim.simulator import Simulator
from tests.boxdriver import Player, settings


def _choice(p: Player):
    """The box's choice for the player to move, searched before the turn's first frame."""
    chosen = thinking.current(p.box)
    assert chosen is not None and chosen.action is not None and not chosen.hint
    return chosen.action


def test_a_zweimal_player_who_plays_the_box_s_choice_presses_ok_alone(tmp_path):
    """Two players, game 2: every turn the cursor stands on the box's choice (the field to
    place or lay on, a move's figure and then where it goes), and `ok` plays exactly it."""
    sim = Simulator(settings(suggest=True), tmp_path)
    sim.start()
    p = Player(sim)
    try:
        p.new_game(variant=2)
        p.deal()
        played = 0
        while played < 12 and p.state.phase != "over":
            if p.box.view.review is not None or p.state.phase == "setup":
                break  # a round's end: its own screens
            action = _choice(p)
            before = p.box.session.actions
            p.press("ok")
            if p.box.view.selected is not None:  # a move: picked up, the cursor on its target
                assert p.box.view.cursor == action.target
                p.press("ok")
            assert p.box.session.history[before:] == (action,), action
            played += 1
        assert played >= 8
    finally:
        sim.stop()


def test_a_day_and_night_player_casts_the_box_s_choice_in_three_presses(tmp_path):
    """The box's spell for the player: `ok` on the pawn (the cursor is there) opens the
    list on it, `ok` takes it with its targets marked up to the last, `ok` casts it; a step
    is one `ok`; the end of the turn `back`, `ok`. Played through 20 actions."""
    from engine.day_and_night.state import Cast, End, Step

    sim = Simulator(settings(suggest=True), tmp_path)
    sim.start()
    p = Player(sim)
    try:
        p.start("day-and-night")
        casts = 0
        for _ in range(20):
            action = _choice(p)
            before = p.box.session.actions
            if isinstance(action, Cast):
                assert p.box.view.cursor == p.state.pawn(p.state.turn)
                p.press("ok")
                assert p.box.view.mode == "spells"
                listed = p.state.options.decks[0 if p.state.turn == "day" else 1]
                assert listed[p.box.view.spell].id == action.spell
                p.press("ok")
                if action.targets:
                    assert p.box.view.targets == action.targets[:-1]
                    assert p.box.view.cursor == action.targets[-1]
                    p.press("ok")
                casts += 1
            elif isinstance(action, Step):
                assert p.box.view.cursor == action.to
                p.press("ok")
            elif isinstance(action, End):
                p.press("back", "ok")
            else:  # a temple: the choice opens on the box's temple
                p.press("ok")
            assert p.box.session.history[before:] == (action,), action
        assert casts >= 3
    finally:
        sim.stop()


def test_with_the_setting_off_a_turn_opens_where_the_game_puts_it(tmp_path):
    """`suggest = false`: nothing is searched, the cursor starts by the game's own rule."""
    from device.games.zweimal import cursor
    from device.ui import cursor as shared_cursor

    sim = Simulator(settings(suggest=False), tmp_path)
    sim.start()
    p = Player(sim)
    try:
        p.new_game(variant=2)
        p.deal()
        assert p.box.proposal is None and not seat.wants_suggestion(p.box)
        assert p.box.view.cursor == shared_cursor.start(cursor.possible(p.state))
    finally:
        sim.stop()


def test_a_hint_dropped_by_an_arrow_keeps_the_cursor_where_the_arrow_put_it(tmp_path):
    """A hint on show, an arrow: the hint goes, the cursor moves one from it and stays
    there (the position's choice is not searched and opened again)."""
    from device.app.menu import menu_items

    sim = Simulator(settings(suggest=True), tmp_path)
    sim.start()
    p = Player(sim)
    try:
        p.new_game(variant=1)
        p.deal()
        sim.hold("ok")
        p.press(*["down"] * menu_items(p.box).index("hint"), "ok")
        assert thinking.hint(p.box) is not None
        hinted = p.box.view.cursor
        p.press("right")
        assert thinking.hint(p.box) is None and p.box.view.cursor != hinted
        moved = p.box.view.cursor
        p.press("left", "right")
        assert p.box.view.cursor == moved
    finally:
        sim.stop()


def test_the_search_for_a_suggestion_is_not_said_as_the_box_thinking():
    """The band never says "Box denkt" for the player's own turn: the suggestion is searched
    after the turn's frame, which says nothing of it."""
    from device.app.session import Session
    from device.app.state import BoxState
    from engine.zweimal.game import Deal

    entry = GAMES["zweimal"]
    options = entry.engine.parse_options({"variant": "1", "starter": "A", "supply": "16"})
    state = entry.engine.initial(options)
    state = entry.engine.apply(state, Deal(entry.screens.initial_view(state).proposal))
    session = Session(1, "zweimal", options, state, 1, (), ())
    box = BoxState(mode="game", session=replace(session, box_seat="B"), suggest=True)
    assert seat.wants_suggestion(box)
    assert seat.shown(box).thinking == ""
    searched = seat.think(box)
    assert thinking.current(searched).action in entry.engine.legal_actions(state)
    assert not seat.wants_thinking(searched)


def test_a_suggested_move_puts_the_cursor_on_its_target_once_the_figure_is_picked_up():
    """The hooks: a move suggested opens on its figure; picked up, the cursor goes where the
    box would move it (another figure picked up: the game's own start)."""
    from device.games.zweimal import screen
    from engine.replay import options_of
    from engine.zweimal.game import GAME, Move, legal_actions
    from tests.test_conformance import playout

    options, actions, states = playout(
        "zweimal", 11, options_of(GAME, {"variant": "2", "supply": "16"})
    )
    for state in states:
        moves = [a for a in legal_actions(state) if isinstance(a, Move)]
        if not moves:
            continue
        move = moves[-1]
        screens = screen.ZweimalScreens()
        view = screens.suggest(state, screens.initial_view(state), move)
        assert view.cursor == move.source
        picked, action = screen.on_ok(state, view)
        assert action is None and picked.selected == move.source
        assert picked.cursor == move.target
        _, played = screen.on_ok(state, picked)
        assert played == move
        return
    raise AssertionError("no move in the game played")


def _searches(monkeypatch, during=None) -> list[int]:
    """Every search the box starts (`engine.search.choose`, which the box's choices go
    through), as the number of frames shown when it started; `during(calls)` runs inside it,
    before the search itself."""
    import engine.search

    started: list[int] = []
    real = engine.search.choose

    def choose(*args, **kwargs):
        started.append(0)
        if during is not None:
            during(len(started))
        return real(*args, **kwargs)

    monkeypatch.setattr(engine.search, "choose", choose)
    return started


def test_two_people_with_the_default_settings_get_no_choice_of_the_box(tmp_path, monkeypatch):
    """Default settings, two people, every game: no turn is searched for, none opens on
    the box's choice (no proposal, nothing saved as opened), and Zweimal's cursor starts by
    the game's own rule each turn."""
    from device.cards.names import card_names
    from device.cli.bench.box import BUTTONS, WEIGHTS
    from device.games.zweimal import cursor
    from device.settings import Buttons, Settings
    from device.ui import cursor as shared_cursor

    searches = _searches(monkeypatch)
    defaults = Settings(buttons=Buttons(hold_s=0.2))
    assert not defaults.suggest
    rng = __import__("random").Random(60)
    for game in ("zweimal", "feuer-und-wasser", "day-and-night", "wandernde-druiden"):
        sim = Simulator(defaults, tmp_path / game)
        sim.start()
        p = Player(sim)
        try:
            p.start(game)
            cards = [c for c in card_names([]) if c.startswith(f"{game}:") and "player-" not in c]
            turns = 0
            for _ in range(300):
                if p.box.mode == "message":  # a message: read
                    p.press("ok")
                    continue
                if p.box.mode not in ("game", "confirm"):  # (a question answered at random)
                    break
                before = p.box.session.actions
                if cards and rng.random() < 0.15:  # the table's draws, told by a tap
                    p.tap_card(rng.choice(cards))
                else:
                    p.press(rng.choices(BUTTONS, WEIGHTS)[0])
                box = p.box
                if box.mode != "game" or box.session.actions <= before:  # (an undo: no turn)
                    continue
                turns += 1
                assert box.proposal is None, (game, box.proposal)
                assert seat.suggested_at(box) == -1
                zweimal_turn = game == "zweimal" and box.session.state.phase != "setup"
                if zweimal_turn and box.view.selected is None and box.view.review is None:
                    start = shared_cursor.start(cursor.possible(box.session.state))
                    assert box.view.cursor == start
            assert turns >= 3, (game, turns)
        finally:
            sim.stop()
    assert searches == []


def test_with_suggest_the_turn_s_frame_is_shown_before_the_search_starts(tmp_path, monkeypatch):
    """`suggest = true`: each search for a player's turn starts once the frame of the action
    that began the turn is on the display: the display shows the box as it is then (the
    action played, the turn where the game puts it), and only then does the cursor move to
    the box's choice (a second frame), saved as opened."""
    sim = Simulator(settings(suggest=True), tmp_path)
    shown: list[tuple[bool, int]] = []

    def during(_calls: int) -> None:
        from PIL import ImageChops

        from device.app.frame import render

        box = sim.loop.box
        on_show = ImageChops.difference(
            sim.screen.image.convert("L"), render(box).convert("L")
        ).getbbox()
        shown.append((on_show is None, box.session.actions if box.session else -1))

    _searches(monkeypatch, during)
    sim.start()
    p = Player(sim)
    try:
        p.new_game(variant=2)
        p.deal()
        for _ in range(6):
            action = _choice(p)
            before, searched = p.box.session.actions, len(shown)
            p.press("ok")
            if p.box.view.selected is not None:
                p.press("ok")
            assert p.box.session.history[before:] == (action,)
            assert len(shown) == searched + 1, "one search for the next turn"
            assert shown[-1] == (True, before + 1), shown[-1]  # its frame shown first
            assert seat.suggested_at(p.box) == before + 1
    finally:
        sim.stop()


def test_a_press_during_the_search_acts_on_the_screen_it_follows(tmp_path, monkeypatch):
    """A press that reaches the box while it searches for a player's turn: the search
    stops, its choice is dropped for that turn (never opened later), and the press acts on
    the screen as shown, the turn where the game put it."""
    from device.events import Press

    sim = Simulator(settings(suggest=True), tmp_path)
    pressing = {"now": False}

    def during(_calls: int) -> None:
        if pressing["now"]:
            pressing["now"] = False
            sim.loop.events.put(Press("right"))  # as a button's thread puts it

    searches = _searches(monkeypatch, during)
    sim.start()
    p = Player(sim)
    try:
        p.new_game(variant=2)
        p.deal()
        action, before = _choice(p), p.box.session.actions
        pressing["now"] = True
        p.press("ok")  # plays the box's choice; the search for the next turn meets the press
        if p.box.view.selected is not None:  # a move: picked up, then where it goes
            p.press("ok")
        assert p.box.session.history[before:] == (action,)
        assert not pressing["now"], "no search met the press"
        calls = len(searches)
        box = p.box
        assert thinking.current(box) is not None and thinking.current(box).action is None
        from device.games.zweimal import cursor
        from device.ui import cursor as shared_cursor

        start = shared_cursor.start(cursor.possible(box.session.state))
        fields = cursor.possible(box.session.state)
        assert box.view.cursor == shared_cursor.step(fields, start, "right")
        p.press("left")  # the same turn: nothing is searched again, nothing reopened
        assert len(searches) == calls and box.view.cursor != p.box.view.cursor
        assert p.box.view.cursor == start
    finally:
        sim.stop()


def test_with_suggest_a_game_whose_screens_do_not_open_on_a_choice_is_not_searched(
    tmp_path, monkeypatch
):
    """Feuer und Wasser's card starts on its best place anyway and Druiden's turn has no
    cursor the choice would move: with `suggest = true` their turns are not searched (a
    search whose answer nothing shows, some ten times slower on a Pi), while Zweimal's is."""
    searches = _searches(monkeypatch)
    assert not GAMES["feuer-und-wasser"].screens.suggests
    assert not GAMES["wandernde-druiden"].screens.suggests
    assert GAMES["zweimal"].screens.suggests and GAMES["day-and-night"].screens.suggests
    sim = Simulator(settings(suggest=True), tmp_path)
    sim.start()
    p = Player(sim)
    try:
        p.start("feuer-und-wasser")
        for _ in range(6):  # the card drawn told (the picker's), laid on its place
            p.press("ok", "ok")
        assert p.box.session.actions >= 6 and searches == []
    finally:
        sim.stop()
