"""Solo play in the games with hidden hands (Day and Night, Wandernde Druiden): the player
draws the box's cards and tells each one (a tap, or a pick from its deck's cards); the box
plays only cards it holds, discards the least worth when its hand is cut and says which;
undo and restarts keep its hand as told (device/app/solo/, engine/hands.py)."""

from __future__ import annotations

from dataclasses import replace

from device import games
from device.app.frame import render
from device.app.menu import menu_items
from device.app.session import Session
from device.app.solo import hand as solo, thinking
from device.app.state import BoxState, notice_text
from device.app.transition import handle
from device.app.turns import try_action
from device.events import Press
from device.sim.simulator import Simulator
from device.ui import fit
from engine.hands import Held
from tests.test_box_wandernde_druiden import GAME_ID, Table, box_settings

CREATURES_ONLY = ["kroete"] * 4 + ["salamander"] * 4 + ["otter"]  # no power place to pay with


def solo_druiden(sim: Simulator) -> Table:
    """Druiden against the box (it plays B, A starts)."""
    t = Table(sim)
    t.start(GAME_ID, "B", starter="A", rule="once")  # the MP rule as printed
    return t


def tell_all(t: Table, cards: list[str]) -> None:
    for i, card in enumerate(cards):
        t.tap(card, copy=100 + i)  # each card its own tag


def test_the_box_s_first_hand_is_told_card_by_card_before_anything_else(tmp_path):
    sim = Simulator(box_settings(), tmp_path)
    sim.start()
    try:
        t = solo_druiden(sim)
        assert solo.cards_to_tell(t.box) == 8 and t.state.turn == "A"
        t.tap("fels")  # a tap tells a card, and the box says which it took
        assert notice_text(t.box) == "Box hat Felsen"
        t.press("down", "ok")  # so does a pick: the second card of B's deck's list
        assert t.box.session.box_held.cards == ("fels", "steinkreis")
        t.press("back")  # the last card told, taken back
        assert t.box.session.box_held.cards == ("fels",) and solo.cards_to_tell(t.box) == 7
        t.press("right", "ok")  # ► three cards on (9 in B's deck, its root): the list's fifth
        assert t.box.session.box_held.cards == ("fels", solo.deck_cards(t.box)[4])
        assert t.box.session.actions == 0  # nothing of A's game goes on meanwhile
        tell_all(t, ["quelle"] * 6)
        assert solo.cards_to_tell(t.box) == 0 and len(t.box.session.box_told) == 8
        assert not notice_text(t.box).startswith("Box hat")  # the last: the game goes on at once
        t.tap("hain", copy=7)  # now a tap is A's own card again
        assert t.box.session.actions == 1 and t.state.side("A").places
    finally:
        sim.stop()


def test_a_card_the_box_s_deck_has_no_copy_of_left_is_refused(tmp_path):
    sim = Simulator(box_settings(), tmp_path)
    sim.start()
    try:
        t = solo_druiden(sim)
        tell_all(t, ["salamander"] * 8)  # all 8 copies B's deck holds
        t.end_turn()  # B draws one card to its first turn's 9
        assert solo.cards_to_tell(t.box) == 1
        t.tap("salamander", copy=51)
        assert solo.cards_to_tell(t.box) == 1 and notice_text(t.box) == "Salamander: alle gezogen"
        for other in ("no-such-card", "hain"):  # unknown, and a card of A's deck only
            after = solo.take_told(t.box, other)
            assert after.session.box_held == t.box.session.box_held
            assert notice_text(after) == "Nicht im Deck der Box"
    finally:
        sim.stop()


def test_the_box_plays_only_cards_it_holds(tmp_path):
    """A hand of creatures and no power place: the box cannot pay for any, and lays no power
    place it does not hold (counted, any card of the set would do)."""
    from engine.wandernde_druiden.game import GAME
    from engine.wandernde_druiden.state import End

    sim = Simulator(box_settings(), tmp_path)
    sim.start()
    try:
        t = solo_druiden(sim)
        tell_all(t, CREATURES_ONLY[:8])
        t.end_turn()  # A passes; B draws its ninth
        tell_all(t, CREATURES_ONLY[8:])
        proposal = t.box.proposal
        assert proposal is not None and proposal.action == End()
        assert GAME.hand_count(t.state, "B") == 9
    finally:
        sim.stop()


def test_undo_takes_back_the_box_s_drawn_card_and_a_restart_keeps_its_hand(tmp_path):
    sim = Simulator(box_settings(), tmp_path)
    sim.start()
    t = solo_druiden(sim)
    tell_all(t, ["fels", "quelle", "kroete", "otter", "adler", "fels", "quelle", "kroete"])
    first = t.box.session.box_held.cards
    t.end_turn()
    t.tap("adler", copy=60)  # B's ninth card
    assert t.box.proposal is not None and t.box.session.box_held.cards == (*first, "adler")
    t.press("back", "ok")  # undo: A's end (the box has not replied yet)
    assert t.box.undone == (("Zurück:", "Box: Adler zurück auf den Stapel"),)  # its card back
    assert t.state.turn == "A" and t.box.session.box_held.cards == first
    assert t.box.session.box_told == first  # the undone draw's card is not kept
    t.press("ok")  # the undo's page read: the table again
    t.end_turn()
    assert solo.cards_to_tell(t.box) == 1  # drawn again: told again
    t.tap("otter", copy=61)
    told = t.box.session.box_told
    sim.stop()
    sim = Simulator(box_settings(), tmp_path)
    sim.start()
    try:
        box = sim.loop.box
        assert box.session.box_seat == "B" and box.session.box_told == told
        assert box.session.box_held.cards == (*first, "otter") and not solo.cards_to_tell(box)
    finally:
        sim.stop()


def test_a_restart_in_the_middle_of_the_deal_keeps_the_cards_told_so_far(tmp_path):
    sim = Simulator(box_settings(), tmp_path)
    sim.start()
    t = solo_druiden(sim)
    tell_all(t, ["fels", "quelle", "kroete"])
    sim.stop()
    sim = Simulator(box_settings(), tmp_path)
    sim.start()
    try:
        t = Table(sim)
        assert t.box.session.box_held.cards == ("fels", "quelle", "kroete")
        assert solo.cards_to_tell(t.box) == 5
        t.press("back")  # the last told is still the one to take back
        assert t.box.session.box_held.cards == ("fels", "quelle")
    finally:
        sim.stop()


def dan_box(seat: str, cards: tuple[str, ...], hand: int) -> BoxState:
    """Day and Night on the box's turn (it plays `seat`), its hand `cards` of `hand` told."""
    from engine.day_and_night.game import GAME

    state = GAME.initial(GAME.parse_options({}))
    hands = dict(state.hands)
    hands[seat] = hand
    state = replace(state, hands=type(state.hands)(hands), turn=seat)
    session = Session(7, GAME.id, state.options, state, 0, box_seat=seat)
    session = replace(session, box_told=cards, box_held=Held(cards, len(cards)))
    view = games.GAMES[GAME.id].screens.initial_view(state)
    return BoxState(mode="game", session=session, view=view)


def test_the_box_casts_only_spells_it_holds():
    from engine.day_and_night.game import GAME
    from engine.day_and_night.state import Cast

    state = GAME.initial(GAME.parse_options({}))
    held = max(GAME.deck_cards(state, "day"), key=lambda c: state.options.spell("day", c[0]).cost)
    box = dan_box("day", (held[0],) * 5, 5)  # the dearest spell only: the search likes others
    for db_id in range(4):
        b = replace(box, session=replace(box.session, db_id=db_id))
        action = thinking.think(b).proposal.action
        assert not isinstance(action, Cast) or action.spell == held[0]


def test_a_cut_of_the_box_s_hand_discards_the_least_worth_and_names_them(tmp_path):
    """Day and Night: a turn ends with 7 cards in the box's hand; it keeps 5, discards the
    two that bring the fewest own tiles (a pawn step, a veil), and the message names them.
    Found measuring with real hands (issue 35): it threw away its dearest, the tile-laying
    spells, and was left with steps and veils it could not use."""
    from engine.day_and_night.game import GAME
    from engine.day_and_night.state import End

    state = GAME.initial(GAME.parse_options({}))
    cards = ("twin-suns", "sunrise", "day-stride", "bloom", "veil", "insight", "dawn")
    box = dan_box("day", cards, 7)
    after, _ = try_action(box, End())
    kept = after.session.box_held.cards
    assert len(kept) == 5 and after.session.box_held.cut == ("day-stride", "veil")
    assert {"twin-suns", "bloom"} <= set(kept)  # the dearest, which lay tiles, stay
    names = [state.options.spell("day", c).name for c in ("day-stride", "veil")]
    assert after.mode == "message" and after.message == ("Box wirft 2 ab:", *names)
    with fit.strict():  # the message fits: a line that does not is a failure
        render(after)


def test_a_long_discard_is_named_three_cards_a_page_and_ok_turns_the_page():
    from device.app.transition import handle
    from device.events import Press
    from engine.day_and_night.game import GAME
    from engine.day_and_night.state import End

    state = GAME.initial(GAME.parse_options({}))
    deck = [card for card, _ in GAME.deck_cards(state, "night")]
    least = min(deck, key=lambda c: GAME.card_worth(state, "night", c))
    others = [c for c in deck if c != least][:8]
    cards = (least, *others, least)  # ten: the five of least worth go, one of them twice
    after, _ = try_action(dan_box("night", cards, 10), End())
    gone = after.session.box_held.cut
    assert len(gone) == 5 and after.mode == "message"
    first = after.message[: after.message.index("\f")]
    assert first[0] == "Box wirft 5 ab:" and len(first) == 4
    with fit.strict():
        render(after)
    after, _ = handle(after, Press("ok"))
    assert after.mode == "message" and after.message[0] == "Box wirft 5 ab:"
    named = [line for line in (*first[1:], *after.message[1:])]
    spells = {state.options.spell("night", c).name for c in gone}
    assert {n.removeprefix("2x ") for n in named} == spells
    assert f"2x {state.options.spell('night', least).name}" in named
    with fit.strict():
        render(after)
    after, _ = handle(after, Press("ok"))
    assert after.mode == "game"


def test_picking_a_drawn_card_from_the_list_takes_a_few_presses(capsys):
    """The presses (arrows and the ok) to pick each card of the box's deck from where the
    pointer stands, through the real transitions: Druiden's 16 cards, Day and Night's 11."""
    from collections import deque

    from device.app.transition import handle
    from device.events import Press
    from engine.wandernde_druiden.game import GAME as WD

    wd_state = WD.initial(WD.parse_options({}))
    wd = BoxState(
        mode="game", session=Session(1, WD.id, wd_state.options, wd_state, 0, box_seat="B")
    )
    for box, most, mean in ((wd, 4, 2.9), (dan_box("night", (), 5), 3, 2.5)):
        cards = solo.deck_cards(box)
        presses = []
        for goal in range(len(cards)):
            seen, queue = {box.deal: 0}, deque([box])
            while queue:
                here = queue.popleft()
                if here.deal == goal:
                    presses.append(seen[here.deal] + 1)  # and the ok
                    break
                for button in ("up", "down", "left", "right"):
                    there, _ = handle(here, Press(button))
                    if there.deal not in seen:
                        seen[there.deal] = seen[here.deal] + 1
                        queue.append(there)
        average = sum(presses) / len(presses)
        print(f"{len(cards)} cards: at most {max(presses)} presses, {average:.2f} on average")
        assert len(presses) == len(cards) and max(presses) <= most and average <= mean


def test_a_solo_game_put_aside_goes_on_solo_when_resumed_even_after_a_restart(tmp_path):
    """Druiden against the box, its hand told; another game started over it; a restart; the
    menu's resume: the box plays its seat again, with the cards told for it."""
    sim = Simulator(box_settings(), tmp_path)
    sim.start()
    t = solo_druiden(sim)
    tell_all(t, ["fels", "quelle", "kroete"])
    druiden = t.box.session.db_id
    sim.hold("ok")
    t.start("zweimal", variant="1", starter="A")  # two people play this one
    assert t.box.session.game == "zweimal" and not t.box.session.box_seat
    assert t.box.solo_kept == ((druiden, "B", ("fels", "quelle", "kroete")),)
    sim.stop()
    sim = Simulator(box_settings(), tmp_path)
    sim.start()
    try:
        t = Table(sim)
        sim.hold("ok")
        t.press(*["down"] * menu_items(t.box).index("resume"), "ok")
        session = t.box.session
        assert session.db_id == druiden and session.box_seat == "B"
        assert (
            session.box_held.cards == ("fels", "quelle", "kroete")
            and solo.cards_to_tell(t.box) == 5
        )
        assert t.box.solo_kept == ()  # Zweimal was two people's: nothing to keep of it
    finally:
        sim.stop()


def test_the_deal_screen_and_the_discards_fit_in_both_languages():
    """Strictly drawn (a line that does not fit fails): the deal screen with every card of
    both games' decks under the pointer, for one card and for several, and each discard
    message, in German and English."""
    from engine.day_and_night.game import GAME as DAN
    from engine.day_and_night.state import End
    from engine.wandernde_druiden.game import GAME as WD

    wd_state = WD.initial(WD.parse_options({}))
    wd = BoxState(
        mode="game", session=Session(1, WD.id, wd_state.options, wd_state, 0, box_seat="B")
    )
    for lang in ("de", "en"):
        for box in (
            replace(wd, lang=lang),
            replace(dan_box("day", (), 5), lang=lang),
            replace(dan_box("night", ("dusk",) * 4, 5), lang=lang),
        ):
            assert solo.cards_to_tell(box)
            for i in range(len(solo.deck_cards(box))):
                with fit.strict():
                    render(replace(box, deal=i))
        state = DAN.initial(DAN.parse_options({}))
        deck = tuple(card for card, _ in DAN.deck_cards(state, "night"))
        after, _ = try_action(replace(dan_box("night", deck, len(deck)), lang=lang), End())
        while after.mode == "message":
            with fit.strict():
                render(after)
            after, _ = handle(after, Press("ok"))


def test_no_discard_is_named_once_the_game_is_over():
    """Found by a new user: "Box wirft 1 ab: Troll" on the screen after the game was lost."""
    from dataclasses import replace as changed

    from device.app.solo.hand import cut_lines
    from engine.hands import Held

    box = dan_box("night", (), 0)
    session = box.session
    held = Held(("dusk",), 1, cut=("dusk",))
    playing = changed(box, session=changed(session, box_held=held))
    assert cut_lines(playing)[0] == "Box wirft 1 ab:"
    over = changed(session.state, outcome="day")
    ended = changed(playing, session=changed(playing.session, state=over))
    assert cut_lines(ended) == []


def test_the_list_of_the_box_s_deck_moves_on_from_a_card_all_told(tmp_path):
    """Issue 33: the list stayed on a card whose every copy was in the box's hand already:
    the next `ok` was refused ("Alle schon gezogen"). Issue 47: a restart put the list back
    on its first card, whose copies may all be told by then; wherever the list's place is,
    it shows and takes a card with a copy left, and ▲ steps back over the ones all told."""
    from device.app.solo.seat import shown

    sim = Simulator(box_settings(), tmp_path)
    sim.start()
    try:
        t = solo_druiden(sim)
        cards = solo.deck_cards(t.box)
        drache = cards.index("drache")  # 3 copies in B's deck
        t.press(*["up"] * ((len(cards) - drache) % len(cards)))  # (the list wraps)
        assert cards[t.box.deal % len(cards)] == "drache"
        t.press("ok", "ok", "ok")  # all three told
        assert t.box.session.box_told == ("drache",) * 3
        assert cards[t.box.deal % len(cards)] != "drache"  # on a card with a copy left
        sim.loop.box = replace(t.box, deal=drache)  # the list left on it (as a restart may)
        sim.loop.draw()
        told = cards[shown(t.box).deal_at]
        assert told != "drache"
        t.press("ok")  # taken, not refused
        assert t.box.session.box_told[-1] == told and "Alle" not in notice_text(t.box)
        sim.loop.box = replace(t.box, deal=drache + 1)
        t.press("up")  # back over drache, all told
        assert t.box.deal == (drache - 1) % len(cards)
    finally:
        sim.stop()
