"""Solo play on the simulated box (device/app/solo/): the box plays a seat with the one
search, says its move, the player moves its pieces and confirms; undo, restarts and the saved
record treat its actions like anyone's. And the menu's hint."""

from __future__ import annotations

from dataclasses import replace

from device.app.solo import seat as solo_play, thinking
from device.app.state import NO_NOTICE, notice_text
from device.cli.main import main
from device.sim.simulator import Simulator
from tests.boxdriver import Player, settings


def solo(tmp_path, seat: str = "B") -> Player:
    sim = Simulator(settings(), tmp_path / "state")
    sim.start()
    p = Player(sim)
    p.start("zweimal", seat, variant="1", starter="A")
    p.deal()
    return p


def known_hand(game, state, seat: str):
    """The box's hand told in full: as many cards as it holds (the deck's first card)."""
    from engine.hands import Held

    n = game.hand_count(state, seat)
    return Held((game.deck_cards(state, seat)[0][0],) * n, n)


def a_turn(p: Player) -> None:
    """A places a figure where the cursor starts, then lays its card there too."""
    p.press("ok", "ok")


def test_the_box_says_its_move_and_plays_it_when_the_player_confirms(tmp_path):
    p = solo(tmp_path)
    try:
        assert p.box.session.box_seat == "B"
        a_turn(p)
        assert p.state.turn == "B" and p.box.proposal is not None  # it has thought
        move = p.box.proposal.action
        assert p.box.view.cursor == move.field  # shown on the board: the cursor on its field
        from engine.zweimal.game import GAME

        assert GAME.is_legal(p.state, move)
        actions = p.box.session.actions
        p.press("left")  # the arrows do nothing on the box's turn
        assert p.box.session.actions == actions
        p.press("ok")  # the player has moved the box's figure
        assert p.box.session.history[-1] == move and p.box.session.actions == actions + 1
    finally:
        p.sim.stop()


def test_the_box_plays_first_when_it_has_the_first_seat(tmp_path):
    p = solo(tmp_path, seat="A")
    try:
        assert p.state.turn == "A" and p.box.proposal is not None
        p.press("ok", "ok")  # its figure, its card
        assert p.state.turn == "B" and p.box.session.actions >= 2
    finally:
        p.sim.stop()


def test_undo_takes_back_the_player_s_action_with_the_box_s_replies(tmp_path):
    p = solo(tmp_path)
    try:
        a_turn(p)
        p.press("ok", "ok")  # the box's figure and card: A's turn again
        assert p.state.turn == "A"
        before = p.box.session.actions
        p.sim.hold("ok")
        from device.app.menu import menu_items

        p.press(*["down"] * menu_items(p.box).index("undo"), "ok")
        assert p.box.session.actions == before - 3  # its card and figure and A's card
        assert p.state.turn == "A"
    finally:
        p.sim.stop()


def test_a_restart_goes_on_solo_with_the_same_move_on_offer(tmp_path):
    p = solo(tmp_path)
    a_turn(p)
    offered = p.box.proposal.action
    p.sim.stop()
    again = Player(Simulator(settings(), tmp_path / "state"))
    again.sim.start()
    try:
        assert again.box.session.box_seat == "B"
        assert again.box.proposal is not None and again.box.proposal.action == offered
    finally:
        again.sim.stop()


def test_the_saved_record_holds_the_box_s_actions_like_anyone_s(tmp_path, capsys):
    p = solo(tmp_path)
    try:
        a_turn(p)
        p.press("ok", "ok")
        game_id = p.box.session.db_id
        history = p.box.session.history
    finally:
        p.sim.stop()
    capsys.readouterr()
    assert main(["games", "export", str(game_id), "--state-dir", str(tmp_path / "state")]) == 0
    record = capsys.readouterr().out
    assert "\nsolo B\n" in record  # the box's seat, in the game's own record
    (tmp_path / "game.txt").write_text(record)
    assert main(["replay", str(tmp_path / "game.txt")]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == len(history) + 1 and all('"ok": true' in line for line in lines[:-1])
    assert lines[-1].endswith('"solo": "B"}')


def test_the_menu_s_hint_shows_the_best_action_for_the_player_to_move(tmp_path):
    sim = Simulator(settings(), tmp_path / "state")
    sim.start()
    p = Player(sim)
    try:
        p.new_game()
        p.deal()
        sim.hold("ok")
        from device.app.menu import menu_items

        p.press(*["down"] * menu_items(p.box).index("hint"), "ok")
        from device.app.frame import _band, _lines
        from device.app.solo.seat import shown

        band = _band(p.box, shown(p.box))
        assert p.box.mode == "game" and band.startswith("Tipp: Figur auf ")
        said = band.removeprefix("Tipp: Figur auf ").split(",")  # counted from 1 on the table
        at = tuple(int(n) - 1 for n in said)
        assert p.box.view.cursor == at and p.box.view.preview == at  # drawn on the board
        assert p.box.session.actions == 1  # a hint plays nothing ...
        assert _lines(p.box, shown(p.box))[1] == "ok:Tipp spielen back:weg"
        p.press("ok")  # ... until ok plays exactly it
        assert p.box.session.actions == 2 and p.state.position.figure_at(at) == "A"
    finally:
        sim.stop()


def test_a_hint_dropped_by_another_press_and_played_by_ok_in_every_game(tmp_path):
    """Found by a new user: Day and Night's "Tipp: Doppelsonne" put the cursor next to the
    pawn with "ok:Schritt", and ok stepped (after a step no spell can be cast); Druiden's
    "Tipp: Wesen Hirsch" and ok opened the picker on Einhorn. A hint is an action the box
    holds: ok plays exactly it, in every game and every kind of action; back drops it and
    does nothing else (it asked for an undo on top); an arrow drops it and acts as ever."""
    from dataclasses import replace as changed

    from device.app.session import Session
    from device.app.state import BoxState, Proposal
    from device.app.transition import handle
    from device.events import Press
    from device.games import GAMES
    from tests.test_conformance import playout

    for game in GAMES:
        entry = GAMES[game]
        options, actions, states = playout(game, 3)
        for i in range(0, len(actions), max(1, len(actions) // 12)):
            state, action = states[i], actions[i]
            if entry.engine.to_move(state) is None or entry.engine.chance_outcomes(state):
                continue
            session = Session(1, game, options, state, i, tuple(actions[:i]), tuple(states[:i]))
            view = entry.screens.show_action(state, entry.screens.initial_view(state), action)
            box = BoxState(
                mode="game", session=session, view=view, proposal=Proposal(i, action, True)
            )
            played, effects = handle(box, Press("ok"))
            assert played.session.history[-1:] == (action,), (game, action)
            dropped, _ = handle(changed(box, view=entry.screens.initial_view(state)), Press("up"))
            assert not dropped.proposal.hint and dropped.session.actions == i, (game, action)
            back, _ = handle(box, Press("back"))
            assert not back.proposal.hint and back.session.actions == i, (game, action)
            assert (back.mode, back.view, notice_text(back)) == ("game", box.view, ""), (
                game,
                action,
            )


def test_a_clash_the_box_starts_is_handed_to_the_defender_s_own_screen(monkeypatch):
    """Druiden: the box attacks, but the blockers are the defender's to assign: the box's
    clash goes to the game's clash screen (the offer, as without the box)."""
    import random

    from device import games
    from device.app.session import Session
    from device.app.solo import thinking as solo
    from device.app.state import BoxState
    from engine import search as searching
    from engine.search import Answer, choices
    from engine.wandernde_druiden.game import GAME
    from engine.wandernde_druiden.state import Clash

    rng = random.Random(3)
    state = GAME.initial(GAME.parse_options({}))
    while not state.clash_due:
        state = GAME.apply(state, rng.choice(choices(GAME, state)))
    clash = next(a for a in choices(GAME, state) if isinstance(a, Clash))
    monkeypatch.setattr(searching, "search", lambda *a, **k: Answer(clash, 1, ((clash, 1),)))
    session = Session(1, GAME.id, state.options, state, 5, box_seat=state.turn)
    session = replace(session, box_held=known_hand(GAME, state, state.turn))
    box = BoxState(
        mode="game", session=session, view=games.GAMES[GAME.id].screens.initial_view(state)
    )
    assert solo.box_to_move(box) and solo.wants_thinking(box)
    after = solo.think(box)
    assert after.proposal.handover and not solo.box_to_move(after)
    assert not solo.wants_thinking(after)  # the player assigns the blockers on the clash screen


def test_when_the_box_defends_its_blockers_are_its_own_choice():
    """Druiden: the player attacks; the assignment is the box's (the defender's) decision, so
    whatever the player confirms on the clash screen, the box's best defence is played (the
    exact one of `tabletop score wandernde-druiden`, not the search)."""
    import random

    from device import games
    from device.app.session import Session
    from device.app.solo import thinking as solo
    from device.app.state import BoxState
    from engine.search import choices
    from engine.wandernde_druiden.game import GAME, suggestion
    from engine.wandernde_druiden.state import OTHER, Clash

    rng = random.Random(3)
    state = GAME.initial(GAME.parse_options({}))
    while not state.clash_due:
        state = GAME.apply(state, rng.choice(choices(GAME, state)))
    clashes = [a for a in choices(GAME, state) if isinstance(a, Clash)]
    session = Session(1, GAME.id, state.options, state, 5, box_seat=OTHER[state.turn])
    box = BoxState(
        mode="game", session=session, view=games.GAMES[GAME.id].screens.initial_view(state)
    )
    chosen = {solo.box_decides(box, a) for a in clashes}
    assert chosen == {suggestion(state)}  # one answer, the box's: the best defence
    mine = Session(1, GAME.id, state.options, state, 5, box_seat=state.turn)
    assert solo.box_decides(BoxState(mode="game", session=mine), clashes[-1]) == clashes[-1]


def test_an_undo_counts_the_box_s_replies_without_the_kept_states_too(tmp_path):
    """A session whose earlier states are not kept finds the box's replies by playing the
    game once from the start: the same count as with them."""
    p = solo(tmp_path)
    try:
        a_turn(p)
        p.press("ok", "ok")  # the box's figure and card: A's turn again
        kept = p.box
        bare = replace(kept, session=replace(kept.session, before=()))
        assert solo_play.replies(kept) == solo_play.replies(bare) == 3
    finally:
        p.sim.stop()


def test_feuer_und_wasser_s_box_lays_its_placement_shown_on_the_landscape(tmp_path):
    """The player draws the box's card and picks it; the box lays it where its placement is
    (one card further, no search), the card lying there on the screen, said as the players
    lay it: turned from how it is printed, against the card it covers on the table."""
    from engine.feuer_und_wasser.game import box_placement

    sim = Simulator(settings(), tmp_path / "state")
    sim.start()
    p = Player(sim)
    try:
        p.start("feuer-und-wasser", "B", mode="rows", tactician="no", starter="R")
        p.press("ok", "ok")  # Fire draws its first card and lays it where it starts
        assert p.state.turn == "B" and thinking.current(p.box) is None  # the table draws
        p.press("right", "ok")  # the box's drawn card, picked
        move = p.box.proposal.action
        assert move == box_placement(p.state)
        assert (p.box.view.at, p.box.view.turns) == (move.at, move.turns)
        pages = p.box.proposal.pages  # where it goes, against a card on the table
        first = pages[0][1]  # under the page's title: on Fire's first card, R01
        assert first.startswith(f"{p.state.drawn} ") and " auf R01: " in first, pages
        assert any("vom Stapel ab" in line for page in pages for line in page), pages
        for _ in pages[1:]:  # a page at a time, the move played with the last
            p.press("ok")
            assert p.state.turn == "B"
        p.press("ok")
        assert p.state.turn == "R" and p.box.session.history[-1] == move
    finally:
        sim.stop()


def test_the_box_s_defence_shown_is_the_defence_applied():
    """Found by a new user (Druiden solo): the player attacked, changed the box's defence on
    the clash screen, the outcome said "A ab: Eule / B: keins ab", then the box applied its
    own defence and other cards went. One outcome: a defence other than the box's is refused
    with the reason, the box's own shown on the outcome screen, and that one applied."""
    import random

    from device import games
    from device.app.session import Session
    from device.app.state import BoxState
    from device.app.transition import handle
    from device.events import Press
    from device.games.wandernde_druiden.view import clash_action
    from engine.search import choices
    from engine.wandernde_druiden.game import GAME, clash_outcome
    from engine.wandernde_druiden.state import Clash

    screens = games.GAMES[GAME.id].screens
    rng = random.Random(0)
    for seed in range(40):  # clashes where the box (the defender) has a choice
        rng.seed(seed)
        state = GAME.initial(GAME.parse_options({}))
        while not (state.clash_due and state.side("A" if state.turn == "B" else "B").creatures):
            state = GAME.apply(state, rng.choice(choices(GAME, state)))
            if GAME.is_over(state):
                break
        defences = [a for a in choices(GAME, state) if isinstance(a, Clash)]
        if GAME.is_over(state) or len({clash_outcome(state, a) for a in defences}) < 2:
            continue
        box_seat = "A" if state.turn == "B" else "B"  # the player attacks, the box defends
        session = Session(seed, GAME.id, state.options, state, 9, box_seat=box_seat)
        session = replace(session, box_held=known_hand(GAME, state, box_seat))
        box = BoxState(mode="game", session=session, view=screens.initial_view(state))
        chosen = thinking.box_decides(box, defences[0])  # the box's own defence
        other = next(a for a in defences if clash_outcome(state, a) != clash_outcome(state, chosen))
        shown = replace(box, view=screens.show_action(state, box.view, other))  # the player's
        refused, effects = handle(shown, Press("ok"))
        assert effects == [] and notice_text(refused) == "Das entscheidet die Box"
        assert clash_action(refused.view) == chosen  # the box's, on the outcome screen
        played, effects = handle(refused, Press("ok"))
        assert played.session.history[-1] == chosen  # what was shown is what is applied
        return
    raise AssertionError("no clash with a choice for the defender was found")


def test_a_finished_game_has_no_hint_said_in_the_menu_never_over_its_result():
    """Found by testers: "Jetzt kein Tipp" drawn over the winner line of the final screen."""
    from device.app.frame import render
    from device.app.session import Session
    from device.app.solo import seat as solo
    from device.app.state import TOP_MENU, BoxState
    from device.games import GAMES
    from device.ui import fit
    from tests.test_conformance import playout

    for game in GAMES:
        entry = GAMES[game]
        options, actions, states = playout(game, 5)
        over = states[-1]
        assert entry.engine.is_over(over)
        session = Session(1, game, options, over, len(actions), tuple(actions), tuple(states[:-1]))
        box = BoxState(mode="menu", menu=TOP_MENU, session=session,
                  view=entry.screens.initial_view(over))  # fmt: skip
        asked = solo.ask_hint(box)
        assert asked.mode == "menu" and asked.proposal is None, game
        assert notice_text(asked) == "Spiel vorbei: kein Tipp", game
        with fit.strict():
            render(asked)


def test_a_game_without_a_solo_player_never_enters_solo_play(monkeypatch, tmp_path):
    """Issue 31: the rest of the box calls solo play at one seam (`device/app/solo/seat.py`),
    and a game with no solo player, no hint asked and no suggestion wanted (the setting
    `suggest` off) goes no further: a two-player game on the running box (presses, taps, an
    undo, another game over it, a resume, a restart) never runs any other part of solo play
    (its hand, its search, its helpers)."""
    import inspect

    import pytest

    from device.app.menu import menu_items
    from device.app.solo import hand, seat, thinking
    from device.app.state import BoxState
    from tests.test_box_wandernde_druiden import Table, box_settings

    entered: list[str] = []

    def spy(name):
        def entered_instead(*args, **kwargs):
            entered.append(name)
            raise AssertionError(f"solo play entered: {name}")

        return entered_instead

    # the seam's own checks (`solo_game`, shared with the turn and the tap, which ask it before
    # they call the seam) and the setting's, off: no further
    seam = {"_enters", "solo_game", "wants_suggestion"}
    for module in (hand, thinking, seat):
        for name, f in vars(module).items():
            ours = module is not seat or name.startswith("_")
            if inspect.isfunction(f) and ours and name not in seam:
                monkeypatch.setattr(module, name, spy(f"{module.__name__}.{name}"))
    for name, f in vars(seat).items():  # the helpers the seam imported by name
        if inspect.isfunction(f) and f.__module__ != seat.__name__ and name not in seam:
            monkeypatch.setattr(seat, name, spy(f"seat.{name}"))
    unsuggested = box_settings().model_copy(update={"suggest": False})
    sim = Simulator(unsuggested, tmp_path)
    sim.start()
    try:
        t = Table(sim)
        t.new_game()
        t.fox_then_otter()  # laid by taps, a turn ended by buttons
        t.press("up", "down", "left", "right")
        assert t.box.session.actions == 5
        sim.hold("ok")  # an undo from the menu: the otter back on B's hand
        t.press(*["down"] * menu_items(t.box).index("undo"), "ok")
        assert t.box.session.actions == 4 and t.box.undone
        t.press("ok")
        first = t.box.session.db_id
        sim.hold("ok")
        t.new_game()  # another game over the first: the first put aside
        t.tap("hain")
        sim.hold("ok")
        t.press(*["down"] * menu_items(t.box).index("resume"), "ok")
        assert t.box.session.db_id == first and t.box.session.actions == 4
    finally:
        sim.stop()
    sim = Simulator(unsuggested, tmp_path)
    sim.start()  # a restart reads the game back
    try:
        assert Table(sim).box.session.actions == 4 and not sim.loop.box.session.box_seat
    finally:
        sim.stop()
    assert entered == []
    with pytest.raises(AssertionError, match="solo play entered"):  # the spies do bite
        seat.shown(BoxState(mode="game", session=replace(t.box.session, box_seat="B")))


def test_when_the_box_defends_the_clash_screen_offers_no_change():
    """Issue 47: the box's blockers are shown as the box's ("Box"), the bottom line offers
    only `ok`, ◄► are refused with the reason, and the clash shown is the one applied
    (docs/screens/wd-box-defends.png)."""
    from device import games
    from device.app.frame import _band, _lines
    from device.app.session import Session
    from device.app.solo.seat import shown
    from device.app.state import BoxState
    from device.app.turns import game_button
    from device.games.wandernde_druiden.view import clash_action
    from engine.hands import Held
    from engine.wandernde_druiden.game import GAME
    from engine.wandernde_druiden.state import OTHER
    from tests.boxdriver import druiden_clash

    state = druiden_clash(5)
    seat = OTHER[state.turn]
    n = GAME.hand_count(state, seat)
    held = Held((GAME.deck_cards(state, seat)[0][0],) * n, n)
    session = Session(1, GAME.id, state.options, state, 0, box_seat=seat, box_held=held)
    view = games.GAMES[GAME.id].screens.initial_view(state)
    box = BoxState(lang="en", mode="game", session=session, view=view)
    box, _ = game_button(box, "ok")
    assert box.view.mode == "clash" and _lines(box, shown(box))[1] == "ok:check"
    before = box.view.assignment
    for arrow in ("right", "left"):
        box, _ = game_button(box, arrow)
        assert box.view.assignment == before and _band(box, shown(box)) == "The box decides that"
    box, _ = game_button(replace(box, notice=NO_NOTICE), "ok")
    assert box.view.mode == "outcome" and _lines(box, shown(box))[1] == "ok:fight back:blocks"
    clash = clash_action(box.view)
    box, _ = game_button(box, "ok")
    assert box.session.history[-1] == clash  # what was shown is what was applied


def test_the_box_s_draw_waits_until_the_round_s_result_is_read(tmp_path):
    """Issue 47: "Box zieht: welche Karte?" stood over round 1's final landscape while the
    round's score was on show; the top line asks for the box's card only once it is read."""
    import random

    from device import games
    from device.app.solo.thinking import box_draws
    from engine.feuer_und_wasser.game import GAME

    sim = Simulator(settings(), tmp_path / "state")
    sim.start()
    p = Player(sim)
    try:
        p.start("feuer-und-wasser", "B", mode="rows", tactician="no", starter="R")
        state = p.state
        rng = random.Random(2)
        while state.round == 1:  # round 1 played to its end, the box to draw next
            state = GAME.apply(state, rng.choice(GAME.sample_actions(state)))
        screens = games.GAMES[GAME.id].screens
        view = screens.after(p.state, state, screens.initial_view(p.state))
        session = replace(p.box.session, state=state)
        box = replace(p.box, session=session, view=view, proposal=None, notice=NO_NOTICE)
        assert view.review is not None and GAME.to_move(state) == "B"
        assert not box_draws(box)  # the round's result on show
        assert box_draws(replace(box, view=screens.initial_view(state)))  # read: the draw
    finally:
        sim.stop()


def test_a_temple_hint_shows_the_temple_it_builds_and_ok_builds_exactly_it():
    """Issue 47: the hint said "Tipp: Tempel" over an unchanged board and `ok` built another
    temple than the one proposed. The hint marks the tiles it leaves out (the temple choice's
    view), says them, and `ok` builds that very temple."""
    from device import games
    from device.app.frame import _band
    from device.app.session import Session
    from device.app.solo.seat import shown
    from device.app.state import BoxState, Proposal
    from device.app.turns import game_button
    from engine.day_and_night import parse_board
    from engine.day_and_night.areas import bit, fields_of
    from engine.day_and_night.choices import temple_options
    from engine.day_and_night.game import GAME
    from engine.day_and_night.state import Pending, Temple

    state = GAME.initial(GAME.parse_options({}))
    board = parse_board("......../.ddddd../.ddddd../......../......../........")
    area = sum(bit(r, c) for r in (1, 2) for c in range(1, 6))
    state = replace(state, board=board, pending=Pending("day", area))
    screens = games.GAMES[GAME.id].screens
    for out in temple_options(state)[::7]:
        action = Temple(tuple(sorted(f for f in fields_of(area) if f not in out)))
        view = screens.show_action(state, screens.initial_view(state), action)
        assert view.mode == "temple" and set(view.targets) == set(out)
        session = Session(1, GAME.id, state.options, state, 0)
        box = BoxState(lang="de", mode="game", session=session, view=view)
        box = replace(box, proposal=Proposal(0, action, True))
        said = _band(box, shown(box))
        assert all(f"{r + 1},{c + 1}" in said for r, c in out), said  # (counted from 1)
        box, _ = game_button(box, "ok")
        assert box.session.history == (action,)
