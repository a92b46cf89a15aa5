"""Wandernde Druiden through the real loop on the simulated box: a whole game to a win by MP,
a loss by an empty hand, the clash (an unblocked attacker, a single block, several blockers,
a tie the defender picks, the best assignment in one press), a creature refused for lack of
power places, the deck check (an illegal deck, a legal one, the same tag twice), and a
restart in the middle of a clash. The record each game leaves replays to the same state."""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path

import pytest

from device.app.menu import menu_items
from device.app.state import notice_text
from device.cli.main import main
from device.games.contract import Confirm
from device.games.wandernde_druiden.drawing import _pick_screen as pick_screen, pick_options
from device.settings import Buttons, Settings
from device.sim.simulator import Simulator
from device.storage.store import Store
from engine.wandernde_druiden.game import GAME
from tests.boxdriver import Player

GAME_ID = "wandernde-druiden"
DECKS = Path(__file__).parent.parent / "device" / "games" / "wandernde_druiden" / "decks"


class Table(Player):
    """A player at the box: cards are laid by tapping their (taught) tags."""

    def tap(self, card: str, copy: int = 0) -> None:
        self.tap_card(f"{GAME_ID}:{card}", copy)

    def new_game(self, starter: str = "A", rule: str = "once") -> None:
        self.start(GAME_ID, starter=starter, rule=rule)
        assert self.box.mode == "game" and self.state.turn == starter

    def end_turn(self) -> None:
        self.press("back", "ok")

    def clash(self, *buttons: str) -> None:
        """Open the clash, press `buttons` there, then check the outcome and fight."""
        self.press("ok")
        assert self.box.view.mode == "clash"
        self.press(*buttons)
        self.press("ok")
        assert self.box.view.mode in ("pick", "outcome")
        if self.box.view.mode == "outcome":
            self.press("ok")

    def assign(self, target: tuple[int, ...]) -> int:
        """Set the clash's assignment with the buttons (▼ to a defender, ► to its attacker);
        the presses it took."""
        presses = 0
        attackers = len(self.side(self.state.turn).creatures)
        for d, a in enumerate(target):
            while self.box.view.index != d:
                self.press("down")
                presses += 1
            while self.box.view.assignment[d] != a:
                self.press("right")
                presses += 1
                assert presses < 100 * attackers
        assert self.box.view.assignment == target
        return presses

    def fox_then_otter(self) -> None:
        """A lays a Hain and the fox (1) and ends; B lays a Quelle and the otter (2)."""
        self.tap("hain")
        self.tap("fuchs")
        self.end_turn()
        self.tap("quelle")
        self.tap("otter")

    def side(self, player: str):
        return self.state.side(player)

    def strengths(self, player: str) -> list[int]:
        return [c.strength for c in self.side(player).creatures]


def box_settings(lang: str = "de", decks=()) -> Settings:
    return Settings(language=lang, buttons=Buttons(hold_s=0.2), decks=list(decks))


@pytest.fixture
def table(tmp_path):
    sim = Simulator(box_settings(), tmp_path)
    sim.start()
    yield Table(sim)
    sim.stop()


def replayed(tmp_path, game_id: int) -> tuple[dict, dict]:
    """`tabletop games export` then `tabletop replay`: the last action's line and the end."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["games", "export", str(game_id), "--state-dir", str(tmp_path)]) == 0
    record = tmp_path / "record.txt"
    record.write_text(out.getvalue(), encoding="utf-8")
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["replay", str(record)]) == 0
    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    assert all(line["ok"] for line in lines[:-1])
    return lines[-2], lines[-1]


def score_cli(attackers, defenders, assignment, rule="once") -> dict:
    out = io.StringIO()
    args = ["score", GAME_ID, "--attackers", ",".join(map(str, attackers))]
    args += ["--defenders", ",".join(map(str, defenders))]
    args += ["--assign", ",".join(map(str, assignment)), "--mp-rule", rule]
    with contextlib.redirect_stdout(out):
        assert main(args) == 0
    return json.loads(out.getvalue())


def test_the_clash_in_all_its_forms_and_the_record_replays(table, tmp_path):
    t = table
    t.new_game()
    # turn 1, A: a power place and a creature paid with it (the tap lays it)
    t.tap("hain")
    t.tap("fuchs")
    assert t.side("A").hand == 6 and t.strengths("A") == [1]
    assert [p.used for p in t.side("A").places] == [True]
    t.end_turn()
    # turn 2, B: the player who did not begin draws up to 9 in their first turn
    assert t.state.turn == "B" and t.state.drawn == 1 and t.side("B").hand == 9
    t.tap("quelle")
    t.end_turn()  # 8 cards: nothing to discard
    assert t.side("B").hand == 8
    # turn 3, A draws up to 8; the clash: the fox is unblocked (B has no creatures)
    assert t.state.drawn == 2 and t.side("A").hand == 8
    t.tap("hain")
    t.press("ok")  # the clash opens
    assert t.box.view.mode == "clash" and t.box.view.assignment == ()
    t.press("ok")  # the outcome in words, then fight
    assert t.box.view.mode == "outcome"
    t.press("ok")
    assert t.side("B").mp == 7 and t.side("B").hand == 7  # cut at once to the new MP
    assert t.state.clash.outcome.unblocked == (0,) and t.state.clash.hand_cut == 1
    t.tap("wolf")  # two unused Hain pay for the wolf
    assert t.strengths("A") == [1, 3]
    t.end_turn()
    # turn 4, B: nothing attacks, so creatures come at once: two otters
    t.tap("quelle", 1)
    t.tap("otter")
    t.tap("otter", 1)
    assert t.strengths("B") == [2, 2]
    t.end_turn()
    # turn 5, A: fox 1 and wolf 3 attack; both otters block the wolf (several blockers),
    # their strongest tie: two alike, so no question (found by a new user: "Welches geht?"
    # between two identical otters), one otter goes; the fox is unblocked
    t.tap("hain", 1)
    t.press("back")  # the turn cannot end before the clash: back does nothing here
    assert t.box.mode == "game" and t.state.turn == "A"
    suggested = t.box.view
    t.press("ok")
    assert t.box.view.assignment != (1, 1)  # the suggestion blocks both attackers
    t.assign((1, 1))  # both otters on the wolf
    t.press("ok")
    assert t.box.view.mode == "outcome" and t.box.view.picks == (0,)  # alike: picked at once
    t.press("ok")
    clash = t.state.clash.outcome
    assert clash.attackers_discarded == (1,) and clash.defenders_discarded == (0,)
    assert clash.unblocked == (0,) and clash.mp_loss == 1
    assert t.side("B").mp == 6 and t.strengths("A") == [1] and t.strengths("B") == [2]
    assert suggested.mode == "turn"
    t.end_turn()
    # turn 6, B: the otter attacks; A's fox alone can block: a single block (the fox goes)
    t.press("ok")
    assert t.box.view.assignment == (0,)  # the suggestion avoids the MP loss
    t.press("back")  # back takes the suggestion (again): one press
    t.press("ok", "ok")
    clash = t.state.clash.outcome
    assert clash.defenders_discarded == (0,) and clash.attackers_discarded == ()
    assert t.side("A").mp == 8 and t.strengths("A") == []
    t.end_turn()
    # the record replays to the same state: tabletop replay agrees with the box
    summary = replayed(tmp_path, t.box.session.db_id)[0]["state"]
    assert summary == GAME.summary(t.state)
    assert summary["clash"]["defenders"] == [{"card": "fuchs", "strength": 1}]
    assert summary["creatures"] == {"A": [], "B": [{"card": "otter", "strength": 2}]}
    assert summary["mp"] == {"A": 8, "B": 6}


def test_a_creature_is_refused_without_power_places_and_nothing_changes(table):
    t = table
    t.new_game()
    t.tap("hain")
    before = t.state
    t.tap("wolf")  # needs two Hain
    assert t.state == before and "Kraftorte" in notice_text(t.box)
    t.tap("drache")  # needs Fels and Quelle
    assert t.state == before
    t.tap("fuchs")
    assert t.strengths("A") == [1]
    t.tap("eule")  # the Hain is used this turn
    assert t.strengths("A") == [1] and notice_text(t.box)
    t.tap("quelle")  # one power place a turn
    assert len(t.side("A").places) == 1 and notice_text(t.box)
    # the list offers the creatures now; ok lays the first (the fox: no Hain left)
    t.press("ok")
    assert t.box.view.mode == "cards"
    t.press("ok")
    assert t.strengths("A") == [1] and notice_text(t.box)


def test_a_whole_game_to_a_win_by_mp(table, tmp_path):
    """Per-unblocked MP loss: A's creatures grow each turn; B lays nothing and loses."""
    t = table
    t.new_game(rule="per-unblocked")
    t.tap("hain")
    t.tap("fuchs")
    t.end_turn()
    copies = 0
    while not t.state.over:
        assert t.state.turn == "B"
        t.end_turn()  # B lays nothing (and discards down to the MP at the end)
        assert t.side("B").hand <= t.side("B").mp
        copies += 1
        t.tap("hain", copies)
        t.clash()
        if t.state.over:
            break
        free = sum(1 for p in t.side("A").places if not p.used)
        for i in range(free):
            t.tap("fuchs", 10 * copies + i)
        t.end_turn()
    assert t.state.loser == "B" and t.state.why == "mp" and t.side("B").mp == 0
    # the end is one screen (found by testers: two alike, "ok:weiter" then "ok:Menü")
    assert t.box.mode == "game" and "A gewinnt" in _end_lines(t)[0]
    finished = t.box.session.db_id
    t.press("ok")  # a rematch: B begins now
    assert t.box.mode == "game" and t.box.session.db_id != finished
    assert t.state.turn == "B" and t.box.session.actions == 0
    store = Store(tmp_path, read_only=True)
    rows = {row.id: row for row in store.games()}
    store.close()
    assert rows[finished].status == "finished"
    assert replayed(tmp_path, finished)[1]["result"]["winner"] == "A"


def _end_lines(t) -> list[str]:
    from device.games.wandernde_druiden.words import verdict_lines

    assert t.state.over
    return verdict_lines(t.state, "de")


def test_laying_the_last_card_asks_first_and_loses_by_an_empty_hand(tmp_path):
    """A card set of the config where a creature costs nothing: A lays the whole hand."""
    cards = json.loads((DECKS / "wandernde-druiden-cards.example.json").read_text("utf-8"))
    cards["cards"].append({"id": "wisp", "name": "Irrlicht", "type": "creature", "strength": 0})
    path = tmp_path / "set.json"
    path.write_text(json.dumps(cards), encoding="utf-8")
    sim = Simulator(box_settings(decks=[path]), tmp_path)
    sim.start()
    try:
        t = Table(sim)
        t.new_game()
        for i in range(7):
            t.tap("wisp", i)
        assert t.side("A").hand == 1 and not t.state.over
        t.tap("wisp", 7)
        assert t.box.mode == "confirm" and t.box.confirm == Confirm("last", ("creature", "wisp"))
        t.press("back")  # no: nothing laid
        assert t.side("A").hand == 1 and t.box.mode == "game"
        t.tap("wisp", 7)
        t.press("ok")
        assert t.state.loser == "A" and t.state.why == "hand"
        lines = _end_lines(t)
        assert t.box.mode == "game" and "B gewinnt" in lines[0] and "Hand leer" in lines[1]
    finally:
        sim.stop()


def test_the_deck_check_counts_each_tag_once_and_reports(table):
    t = table
    t.press(*["down"] * menu_items(t.box).index("check"), "ok")
    assert t.box.mode == "check" and t.box.check.game == GAME_ID
    for i in range(9):
        t.tap("wolf", i)
    t.tap("wolf", 8)  # the same tag twice in a row: one card
    assert len(t.box.check.uids) == 9
    t.tap("wolf", 2)  # a tag counted before: not again, and the box says so
    assert len(t.box.check.uids) == 9 and notice_text(t.box)
    t.sim.tap("04FFFFFF")  # a tag the box does not know
    assert len(t.box.check.uids) == 10
    t.press("back")  # the last tag is not counted after all
    assert len(t.box.check.uids) == 9
    for card, n in (("hain", 16), ("quelle", 16), ("fels", 16), ("steinkreis", 6)):
        for i in range(n):
            t.tap(card, i)
    t.press("ok")
    assert t.box.mode == "message"
    assert t.box.message == ("Deck ungültig", "Wolf: 9 (max 8)", "63 von 64 Karten")
    t.press("ok")
    assert t.box.mode == "menu"
    # the example deck A, tapped whole: legal
    deck = json.loads((DECKS / "wandernde-druiden-A.example.json").read_text("utf-8"))["deck"]
    t.press(*["down"] * menu_items(t.box).index("check"), "ok")
    for entry in deck:
        for i in range(entry["copies"]):
            t.tap(entry["id"], 100 + i)
    t.press("ok")
    assert t.box.message == ("Deck gültig", "64 von 64 Karten")


def test_a_restart_in_the_middle_of_a_clash_keeps_the_assignment(tmp_path):
    sim = Simulator(box_settings(), tmp_path)
    sim.start()
    t = Table(sim)
    t.new_game()
    t.fox_then_otter()
    t.tap("kroete", 0)  # refused: the Quelle is used
    t.end_turn()
    t.tap("hain", 1)
    t.press("ok")  # the clash opens; B's otter must block the fox
    view = t.box.view
    state = t.state
    sim.stop()
    sim = Simulator(box_settings(), tmp_path)
    sim.start()
    try:
        t = Table(sim)
        assert t.box.view == view and t.state == state and t.box.mode == "game"
        t.press("ok", "ok")
        assert t.state.clash.outcome.attackers_discarded == (0,)
    finally:
        sim.stop()


def test_the_turn_screen_speaks_of_this_turns_clash_only(table):
    """The last row names the clash of this turn; a later turn with a creature laid and no
    clash says what to do, not the old result."""
    from device.games.wandernde_druiden.drawing import _note

    t = table
    t.new_game()
    t.fox_then_otter()
    t.end_turn()
    t.tap("hain", 1)
    t.clash()  # the fox against the otter: the fox goes
    assert _note(t.state, "en") == "Clash: A-1 B-0, MP B ±0"  # whose MP, said; never "-0"
    t.end_turn()
    t.press("ok", "ok", "ok")  # B's otter attacks A, who has no creature: unblocked
    t.end_turn()
    t.tap("hain", 2)
    t.tap("fuchs", 1)  # nothing of A's attacks this turn: no clash
    assert t.state.clash.turn != t.state.turn_number
    assert not _note(t.state, "en").startswith("Clash")


def test_a_saved_clash_view_that_no_longer_fits_starts_the_clash_again():
    from device.games.wandernde_druiden.screen import WanderndeDruidenScreens

    screens = WanderndeDruidenScreens()

    state = GAME.initial(GAME.parse_options({}))
    for text in ("place hain", "creature fuchs", "end", "place quelle", "creature otter", "end"):
        state = GAME.apply(state, GAME.parse_action(text))
    fresh = screens.on_button(state, screens.initial_view(state), "ok").view
    for saved in (
        {"mode": "clash", "index": 0, "assignment": [5], "picks": []},  # no attacker 5
        {"mode": "pick", "index": 0, "assignment": [0], "picks": [0]},  # no tie to pick
        {"mode": "outcome", "index": 0, "assignment": [0, 0], "picks": []},  # one defender
    ):
        assert screens.view_parse(saved, state) == fresh
    with pytest.raises(ValueError):
        screens.view_parse({"mode": "dance"}, state)


# --- what testers found on the screens (issue 20) ----------------------------------------------


def _clash_state(defenders: list[int], attackers: list[int]):
    from dataclasses import replace

    from engine.wandernde_druiden.state import Creature, Side

    state = GAME.initial(GAME.parse_options({}))
    a = Side(creatures=tuple(Creature("wolf", s) for s in attackers))
    b = Side(creatures=tuple(Creature("otter", s) for s in defenders))
    return replace(state, sides=(a, b))


def _frame(state, view, lang="de"):
    from PIL import Image, ImageDraw

    from device.games.wandernde_druiden.drawing import draw_main
    from device.ui import fonts

    image = Image.new("1", (128, 64), 0)
    draw_main(ImageDraw.Draw(image), state, view, lang, fonts.load())
    return image


def test_a_clash_of_more_than_three_defenders_turns_pages_with_a_cue():
    """Found by testers: with 4 defenders only 3 rows showed, with no sign of the fourth."""
    from device.games.wandernde_druiden.screen import WanderndeDruidenScreens
    from device.games.wandernde_druiden.view import TOP, clash_view

    state = _clash_state([1, 2, 3, 4, 5], [9, 9])
    view = clash_view(state)
    cue_up, cue_down = (117, TOP, 122, TOP + 7), (123, TOP, 128, TOP + 7)
    first = _frame(state, view)
    assert first.crop(cue_down).getbbox() and not first.crop(cue_up).getbbox()
    for _ in range(3):  # the fourth defender: the second page
        view = WanderndeDruidenScreens().on_button(state, view, "down").view
    assert view.index == 3 and view.page == 1
    second = _frame(state, view)
    assert second.crop(cue_up).getbbox() and not second.crop(cue_down).getbbox()
    assert view.page != clash_view(state).page  # a page turned is a new screen (the bench)


def test_a_discarded_creature_is_marked_by_a_cross_beside_its_name_not_struck_through():
    """Found by testers: struck-through names ("Salamand 3") were hard to read."""
    from PIL import Image, ImageDraw

    from device.games.wandernde_druiden.view import ROW, TOP, View, shown_outcome
    from device.ui import fit, fonts

    state = _clash_state([1], [5])  # the wolf (5) blocked by the otter (1): the otter goes
    view = View("clash", 0, (0,))
    assert shown_outcome(state, view).defenders_discarded == (0,)
    frame = _frame(state, view)
    name = Image.new("1", (128, 64), 0)
    fit.line(ImageDraw.Draw(name), (5, TOP + ROW), "Otter 1", fonts.load().status, width=48)
    box = (5, TOP + ROW, 53, TOP + 2 * ROW)
    assert frame.crop(box).tobytes() == name.crop(box).tobytes()  # the name as it is
    assert frame.crop((55, TOP + ROW, 60, TOP + 2 * ROW)).getbbox()  # the cross beside it


def test_the_creatures_row_gives_strengths_strongest_first_and_no_plus_count():
    """Found by testers: "Wesen 1 1 +2": the count of the rest read like a strength."""
    from device.games.wandernde_druiden.drawing import _strengths
    from device.games.wandernde_druiden.view import View
    from device.ui import fit

    state = _clash_state([3, 12, 1, 7, 9, 2], [1])
    assert _strengths(state, "B") == "12 9 7 3 2 1"
    assert _strengths(state, "A") == "1"
    assert _strengths(_clash_state([], []), "A") == "-"
    with fit.strict():  # drawn cut at a strength with an ellipsis, never a "+N"
        _frame(state, View())


def test_the_picker_offers_only_the_players_own_deck_by_strength_and_keeps_the_table(table):
    """Found by testers: the list on `ok` offered every card of the set in the set's order.
    Since rules version 3 a game names each player's deck and only its cards are offered."""
    from device.games.wandernde_druiden.view import layable

    t = table
    t.new_game()
    t.tap("hain")
    t.tap("fuchs")
    t.end_turn()
    t.tap("quelle")  # B: a place laid, no creature of A's to meet: creatures now
    listed = layable(t.state)
    cards = t.state.options.cards
    deck = {card for card, _ in t.state.options.deck("B")}
    assert listed and set(listed) <= deck and "fuchs" not in listed  # B's deck only
    strengths = [cards.card(c).strength for c in listed]
    assert strengths == sorted(strengths, reverse=True)
    table_rows = _frame(t.state, t.box.view).crop((0, 0, 128, 43))
    t.press("ok")
    assert t.box.view.mode == "cards"
    assert _frame(t.state, t.box.view).crop((0, 0, 128, 43)) == table_rows  # the table stays
    t.press("ok")  # the first: B's strongest own creature, refused or laid, never another
    assert t.box.view.mode == "turn"


def test_an_undo_on_the_clash_screen_says_what_it_took_back_and_shows_the_turn(table):
    """Found by testers: it silently took back the power place and the clash screen stayed."""
    t = table
    t.new_game()
    t.fox_then_otter()
    t.end_turn()
    t.tap("hain", 1)  # A lays a place, then opens the clash
    t.press("ok")
    assert t.box.view.mode == "clash"
    t.sim.hold("ok")
    t.press(*["down"] * menu_items(t.box).index("undo"), "ok")
    assert t.box.undone == (("Zurück:", "A: Hain zurück auf die Hand"),)
    assert t.box.view.mode == "turn"
    assert len(t.side("A").places) == 1


def test_a_tie_says_which_attacker_it_is_against_and_offers_each_kind_once():
    """Found by a new user: "Welches geht?" numbered the choices "1. 2. 3. 6.", asked to
    choose between identical creatures, and with two ties neither said which attacker it
    belonged to. The title names the attacker, each kind of creature is offered once, and
    a tie of alike creatures is no question."""
    import random

    from PIL import Image, ImageDraw

    from device.games.wandernde_druiden import screen
    from device.ui import fit, fonts
    from engine.search import choices
    from engine.wandernde_druiden.game import GAME, tied_groups
    from engine.wandernde_druiden.state import Clash

    rng = random.Random(4)
    found = 0
    for _ in range(400):
        state = GAME.initial(GAME.parse_options({}))
        while not GAME.is_over(state) and found < 3:
            actions = choices(GAME, state)
            for action in (a for a in actions if isinstance(a, Clash)):
                for group in tied_groups(state, action.assignment):
                    options = pick_options(state, group)
                    defenders = state.side("B" if state.turn == "A" else "A").creatures
                    kinds = {(defenders[d].card, defenders[d].strength) for d in group}
                    assert len(options) == len(kinds)  # each kind once
                    view = screen._picked(state, screen.View("clash", 0, action.assignment))
                    if len(kinds) == 1:  # alike: picked at once, no question for this group
                        assert view.mode != "pick" or view.picks
                    elif view.mode == "pick":
                        frame = Image.new("1", (128, 64), 0)
                        draw = ImageDraw.Draw(frame)
                        with fit.strict():
                            pick_screen(draw, state, view, "de", fonts.load())
                        found += 1
            state = GAME.apply(state, rng.choice(actions))
        if found >= 3:
            break
    assert found, "no tie of creatures of different kinds was met"


def test_the_places_row_names_each_kind_free_and_counts_them_all_where_that_does_not_fit():
    """Found by the random play: three kinds of place ("F2 H1 Q1") overran A's column."""
    from dataclasses import replace

    from device.games.wandernde_druiden.drawing import _free_places
    from device.games.wandernde_druiden.view import COLUMNS
    from device.ui import fit, fonts as font_files
    from engine.replay import options_of
    from engine.wandernde_druiden.state import Place

    state = GAME.initial(options_of(GAME, {}))
    kinds = [k for k, _ in state.options.cards.kinds]
    font = font_files.load().status
    width = COLUMNS[2] - COLUMNS[1] - 6

    def owning(*places: Place):
        sides = (replace(state.sides[0], places=places), state.sides[1])
        return replace(state, sides=sides)

    assert _free_places(state, "A", "de", font, width) == "-"
    # the kinds in one order, however they were laid (found: "H5 Q2", then "Q2 H4")
    laid = owning(Place("q", kinds[1]), Place("h", kinds[0]))
    again = owning(Place("h", kinds[0]), Place("q", kinds[1]))
    assert _free_places(laid, "A", "de", font, width) == _free_places(again, "A", "de", font, width)
    two = owning(Place("x1", kinds[0]), Place("x2", kinds[1], used=True))
    shown = _free_places(two, "A", "de", font, width)
    free = sorted(zip(kinds[:2], (1, 0), strict=True))
    assert shown.split() == [f"{state.options.cards.kind_name(k)[:1]}{n}" for k, n in free]
    places = (Place("x1", kinds[0]), Place("x2", kinds[1]), Place("x3", kinds[2]),
              Place("x4", kinds[2], used=True))  # fmt: skip
    three = owning(*places)
    assert not fit.fits(_free_places(three, "A"), font, width)  # "F1 H1 Q1": too wide
    for lang, word in (("de", "frei"), ("en", "free")):
        assert _free_places(three, "A", lang, font, width) == f"3 {word}"


def test_a_tap_during_the_clash_is_refused_and_keeps_the_assignment(table):
    """Found by a new user: a tap on the outcome screen was read as laying a card and threw
    away the assignment being confirmed."""
    t = table
    t.new_game()
    t.fox_then_otter()
    t.end_turn()
    t.tap("hain", 1)
    t.press("ok")  # the clash opens
    view, state = t.box.view, t.state
    assert view.mode == "clash"
    t.tap("wolf", 5)
    assert notice_text(t.box) == "Erst den Kampf beenden"
    assert t.box.view == view and t.state == state
    t.press("ok")  # the outcome in words
    view = t.box.view
    t.tap("wolf", 6)
    assert notice_text(t.box) == "Erst den Kampf beenden"
    assert t.box.view == view and t.state == state


def test_a_game_saved_under_rules_2_resumes_and_lays_any_card_of_its_set(tmp_path):
    """Rules version 3 named the players' decks; a game saved under version 2 (its options
    without decks) still replays, and its players may lay any card of the set as before."""
    import json
    import sqlite3

    from device.storage.records import FILE

    sim = Simulator(box_settings(), tmp_path)
    sim.start()
    t = Table(sim)
    t.new_game()
    t.tap("hain")  # A's power place
    game_id = t.box.session.db_id
    sim.stop()
    db = sqlite3.connect(tmp_path / FILE)
    (text,) = db.execute("SELECT options FROM games WHERE id = ?", (game_id,)).fetchone()
    options = {k: v for k, v in json.loads(text).items() if not k.startswith("deck_")}
    assert options["cards"] and "deck_A" in json.loads(text)  # as version 3 saves a game
    db.execute(
        "UPDATE games SET rules_version = 2, options = ?, crc = NULL WHERE id = ?",
        (json.dumps(options), game_id),
    )
    db.commit()
    db.close()
    sim = Simulator(box_settings(), tmp_path)
    sim.start()
    try:
        t = Table(sim)
        assert t.box.session is not None and t.box.session.db_id == game_id
        assert [p.card for p in t.state.side("A").places] == ["hain"]
        t.end_turn()
        t.tap("hain")  # not in B's example deck: version 2 had no decks
        assert [p.card for p in t.state.side("B").places] == ["hain"]
    finally:
        sim.stop()


def test_the_picker_offers_the_cards_that_can_be_paid_and_a_refusal_keeps_it_open(table):
    """Issue 33: the picker opened on the strongest card even when it could not be paid
    (Fuchs took 7 presses), and a refusal closed it. It offers the cards the engine takes
    now, strongest first; where none can be paid, every card, each refused with its reason,
    and a refusal keeps the picker on that card."""
    from device.games.wandernde_druiden.view import layable
    from engine.wandernde_druiden.game import GAME
    from engine.wandernde_druiden.state import LayCreature

    t = table
    t.new_game()
    t.tap("hain")  # one Hain: the creatures it pays for can be laid
    t.press("ok")
    listed = layable(t.state)
    assert t.box.view.mode == "cards" and t.box.view.index == 0
    assert listed == ("eule", "fuchs")  # of the deck's creatures, those the Hain pays for
    assert all(GAME.is_legal(t.state, LayCreature(c)) for c in listed)
    t.press("ok")  # the Eule: laid, the Hain used
    assert t.box.view.mode == "turn" and len(t.side("A").creatures) == 1
    t.press("ok")  # nothing can be paid now: every creature, each refused with its reason
    everything = layable(t.state)
    assert len(everything) > 2 and t.box.view.mode == "cards"
    assert not any(GAME.is_legal(t.state, LayCreature(c)) for c in everything)
    t.press("down")
    before = t.state
    t.press("ok")
    assert t.state == before and notice_text(t.box)  # refused, said
    assert t.box.view.mode == "cards" and t.box.view.index == 1  # still at that card


def test_a_creature_by_the_buttons_takes_at_most_three_presses_on_average():
    """Issue 33 (benchmarks/druiden_presses.py prints the figures): random games, the picker
    of the cards the engine takes now; each creature's count is the one the screen gives."""
    import random

    from device.games.wandernde_druiden import screen
    from device.games.wandernde_druiden.view import View, layable
    from engine.replay import options_of
    from engine.wandernde_druiden.game import GAME
    from engine.wandernde_druiden.state import LayCreature
    from tests.bench_scripts import load

    bench = load("druiden_presses")
    assert bench.measure(10).mean <= 3.0
    state = GAME.initial(options_of(GAME, {}))
    checked = 0
    rng = random.Random(5)
    while checked < 20 and not GAME.is_over(state):
        action = rng.choice(GAME.sample_actions(state))
        if isinstance(action, LayCreature):  # the count, pressed through the screen
            view = screen.SCREENS().on_button(state, View(), "ok").view
            listed = layable(state)
            want = listed.index(action.card)
            down = want if want <= len(listed) - want else 0
            for button in ["down"] * down or ["up"] * ((len(listed) - want) % len(listed)):
                view = screen.SCREENS().on_button(state, view, button).view
            reaction = screen.SCREENS().on_button(state, view, "ok")
            assert reaction.action == action or reaction.confirm  # the last card: asked first
            presses = 1 + (down or (len(listed) - want) % len(listed)) + 1
            assert presses == bench.creature_presses(state, action.card)
            checked += 1
        state = GAME.apply(state, action)
    assert checked == 20
