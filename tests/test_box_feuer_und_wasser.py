"""Feuer und Wasser played through the real loop on the simulated box, all four versions, with
small decks from the config and every round's score worked out by hand.

The start card RRB/BBR lies at (0,0). Fire's F1 is RRR/BBB, Water's W1 is BBB/BBB (F2 RRR/RRR
and W2 BRB/RBR wait in the basic decks). The moves, the same in every version:
- round 1 (Fire starts): F1 on (0,1), not turned: it covers (0,1) (0,2) (1,1) (1,2); the
  landscape is RRRR/BBBB; Fire's row 0 (or group) is 4 long, on the card and off it.
  (Tactician: then Water's W1 turned a quarter on (0,0): BB/BB/BB covers (0,0) (0,1) (1,0)
  (1,1); Water's row 1 is BBBB (4); Water's group is 8: (0,0) (0,1) (1,0..3) (2,0) (2,1).)
- round 2 (Water starts): W1 turned a quarter on (0,0) of a fresh start card: BBB/BBR/BB.;
  Water's row 0 is BBB (3; columns 0 and 1 lie wholly on the card); Water's group is 7.
  (Tactician: then Fire's F1 turned a quarter (BR/BR/BR) on (-1,1): covers (0,1) (0,2)
  (1,1) (1,2); Fire's fields (-1,2) (0,2) (1,2) lie wholly on the card: nothing.)
What that scores:
- rows: round 1: 4 -> 2 cards, but Fire's pile holds 1 after drawing: 1; the pile is empty,
  the round ends, Fire scores Water's pile: 2. Round 2: 3 -> 1; Water's pile empty: Water
  scores Fire's 2. Totals 2:2, a draw.
- groups: round 1: 4 -> 1; Fire's pile empty: Fire 2. Round 2: 7 -> 2, capped at 1; Water 2.
  Totals 2:2.
- rows, tactician: round 1: Fire +2 (4), Water +2 (4); round 2: Water +1 (3), Fire 0.
  Totals Fire 2, Water 3.
- groups, tactician: round 1: Fire +1 (4), Water +2 (8); round 2: Water +2 (7), Fire 0.
  Totals Fire 1, Water 4.
"""

from __future__ import annotations

import json

import pytest

from device.app.state import notice_text
from device.cli.main import main
from device.games.contract import UNDO
from device.games.feuer_und_wasser.screen import places
from device.games.feuer_und_wasser.view import choices
from device.settings import Buttons, Settings
from device.sim.simulator import Simulator
from tests.boxdriver import Player

BASIC = {"R": [("F1", "RRR/BBB"), ("F2", "RRR/RRR")], "B": [("W1", "BBB/BBB"), ("W2", "BRB/RBR")]}
ONE_EACH = {"R": [("F1", "RRR/BBB")], "B": [("W1", "BBB/BBB")]}


def decks(tmp_path, cards) -> list:
    paths = []
    for player, listed in cards.items():
        path = tmp_path / f"deck-{player}.json"
        path.write_text(
            json.dumps(
                {
                    "game": "feuer-und-wasser",
                    "player": player,
                    "start": "RRB/BBR",
                    "cards": [{"id": i, "pattern": p} for i, p in listed],
                }
            )
        )
        paths.append(path)
    return paths


class Table(Player):
    """The box driver (tests/boxdriver.py) with decks from the config, for this game."""

    def __init__(self, tmp_path, cards, lang="de") -> None:
        settings = Settings(
            language=lang, buttons=Buttons(hold_s=0.2), decks=decks(tmp_path, cards)
        )
        sim = Simulator(settings, tmp_path / "state")
        sim.start()
        super().__init__(sim)

    def new_game(self, mode: str, tactician: str, starter: str = "R") -> None:
        self.start("feuer-und-wasser", mode=mode, tactician=tactician, starter=starter)
        assert self.box.mode == "game" and self.state.drawn is None

    def draw(self, card: str) -> None:
        offered = choices(self.state)
        now = self.box.view.pick % len(offered)
        self.press(*["right"] * ((offered.index(card) - now) % len(offered)), "ok")
        assert self.state.drawn == card

    def lay(self, at, turns: int) -> None:
        while self.box.view.turns != turns:
            self.press("down")
        spots = places(self.state, turns)
        now = spots.index(self.box.view.at)
        self.press(*["right"] * ((spots.index(at) - now) % len(spots)))
        assert self.box.view.at == at
        self.press("ok")

    def round_end(self) -> None:
        assert self.box.view.review is not None
        self.press("ok", "ok")


CASES = [
    ("rows", "no", BASIC, [{"R": 2, "B": 0}, {"R": 0, "B": 2}], None),
    ("groups", "no", BASIC, [{"R": 2, "B": 0}, {"R": 0, "B": 2}], None),
    ("rows", "yes", ONE_EACH, [{"R": 2, "B": 2}, {"R": 0, "B": 1}], "B"),
    ("groups", "yes", ONE_EACH, [{"R": 1, "B": 2}, {"R": 0, "B": 2}], "B"),
]


@pytest.mark.parametrize(("mode", "tactician", "cards", "rounds", "winner"), CASES)
def test_a_whole_game_of_each_version(tmp_path, capsys, mode, tactician, cards, rounds, winner):
    t = Table(tmp_path, cards)
    try:
        t.new_game(mode, tactician)
        t.draw("F1")
        t.lay((0, 1), 0)
        if tactician == "yes":
            assert t.state.last.length == 4 and t.state.points["R"] == rounds[0]["R"]
            t.draw("W1")
            t.lay((0, 0), 1)
        t.round_end()
        assert list(t.state.round_scores) == [rounds[0]]
        assert t.state.round == 2 and t.state.turn == "B"
        t.draw("W1")
        t.lay((0, 0), 1)
        if tactician == "yes":
            t.draw("F1")
            t.lay((-1, 1), 1)
        t.round_end()
        state = t.state
        assert state.over and list(state.round_scores) == rounds
        game_id = t.box.session.db_id
        t.press("ok")  # the result, then ok: a rematch
        assert t.box.mode == "game" and t.box.session.db_id != game_id
        assert t.box.session.options.starter == "B"  # R began this one
    finally:
        t.sim.stop()
    # the saved game, exported and replayed, ends the same
    assert main(["games", "export", str(game_id), "--state-dir", str(tmp_path / "state")]) == 0
    record = tmp_path / "game.txt"
    record.write_text(capsys.readouterr().out)
    assert main(["replay", str(record)]) == 0
    last = json.loads(capsys.readouterr().out.splitlines()[-1])
    assert last["over"] and last["result"]["rounds"] == [{"scores": r} for r in rounds]
    assert last["result"]["winner"] == winner


def test_the_card_starts_on_the_tip_and_back_takes_back_in_every_step(tmp_path):
    """Found by testers: `back` was "Tipp" while laying and "rückgängig" in the next step. The
    tip's way in is where the card starts (the best place), said on the panel. Found by a new
    user: `back` on the very first step asked "Rückgängig?" and then answered "Kein Schritt
    zurück": now said at once; `back` is "rückgängig" wherever it takes back."""
    from device.games.feuer_und_wasser.drawing import _tip, hint

    t = Table(tmp_path, BASIC)
    try:
        t.new_game("rows", "no")
        assert hint(t.state, t.box.view, "de") == "ok:diese back:rückgängig"
        t.press("back")  # the draw step, nothing to take back yet: said at once
        assert t.box.mode == "game" and notice_text(t.box) == "Nichts zurückzunehmen"
        t.draw("F1")
        view = t.box.view
        assert (view.at, view.turns, view.best) == ((0, 1), 0, 2)  # row 4 -> 2 ...
        assert _tip(t.state, view, "de") == [("Tipp: 1 ab", False), ("= Tipp", False)]  # pile
        assert hint(t.state, view, "de") == "ok:legen back:rückgängig"
        t.press("right")
        assert hint(t.state, t.box.view, "de") == "ok:legen back:rückgängig"
        before = t.state
        t.press("back")
        assert t.box.mode == "confirm" and t.state == before
        t.press("ok")  # yes: the draw is taken back, said as the card to put back
        assert t.state.drawn is None and t.box.mode == "game"
        assert t.box.undone == (("Zurück:", "F1 zurück auf den Feuer-Stapel"),)
        t.press("ok")  # read: the board again (the press lays nothing)
        assert t.box.undone == () and t.state.drawn is None
        t.draw("F1")
        t.press("ok")  # laid on the tip
        assert t.state.last.length == 4
        assert t.box.view.review is not None  # Fire's pile is empty: the round's end
        t.press("back")
        assert t.box.mode == "confirm" and t.box.confirm == UNDO
    finally:
        t.sim.stop()


def test_the_panel_says_what_the_tip_gives_and_what_the_card_gives_where_it_lies():
    """Found by testers: "Bester: 1" did not say what it was. Found by a new user: the panel
    kept the tip's value after the card left the tip, and said "Tipp: nichts" beside
    "ok:Tipp legen". The first line is the tip (it stays while the card moves), the second
    what the place the card lies on gives (or that it lies on the tip); `ok` lays."""
    import random as rnd
    from dataclasses import replace

    from device.games.feuer_und_wasser.drawing import _tip, here_gives, hint, on_tip, piles_as_laid
    from device.games.feuer_und_wasser.screen import FeuerUndWasserScreens
    from engine.feuer_und_wasser.game import GAME
    from engine.replay import options_of

    rng, seen = rnd.Random(7), set()
    state = GAME.initial(options_of(GAME, {"mode": "groups"}))
    while len(seen) < 2:  # random games until a card that scores and one that does not
        if state.over:
            state = GAME.initial(state.options)
        state = GAME.apply(state, rng.choice(GAME.legal_actions(state)))
        if state.drawn is None:
            continue
        view = FeuerUndWasserScreens().initial_view(state)
        seen.add(view.tip is not None)
        assert hint(state, view, "de") == "ok:legen back:rückgängig"
        if view.tip is None:  # no place scores: the card starts mid-landscape, giving nothing
            assert _tip(state, view, "de") == [("kein Tipp", False), ("hier: 0 ab", False)]
            continue
        capped = min(view.best, piles_as_laid(state)[state.turn])
        assert on_tip(view)
        assert _tip(state, view, "de") == [(f"Tipp: {capped} ab", False), ("= Tipp", False)]
        assert _tip(state, view, "en")[0][0] == f"Tip: {capped} off"
        moved = FeuerUndWasserScreens().on_button(state, view, "right").view
        assert _tip(state, moved, "de")[0] == _tip(state, view, "de")[0]  # the tip stays
        if moved.at != view.at:
            here = min(here_gives(state, moved), piles_as_laid(state)[state.turn])
            assert not on_tip(moved) and _tip(state, moved, "de")[1][0] == f"hier: {here} ab"
        tactician = replace(state, options=replace(state.options, tactician=True))
        assert _tip(tactician, view, "de")[0][0] == f"Tipp: {view.best} P."


def test_the_tacticians_card_preview_leaves_the_points_readable():
    """Found by testers: the drawn card's preview covered "Pkt. R16 B12". The points written
    down stand under whose turn (the round's number gives way), the players as F and W."""
    from dataclasses import replace

    from PIL import Image, ImageChops, ImageDraw

    from device.games.feuer_und_wasser.drawing import draw_main
    from device.games.feuer_und_wasser.view import PANEL, View
    from device.ui import fit, fonts as font_files
    from engine.contract import Scores
    from engine.feuer_und_wasser.game import GAME
    from engine.replay import options_of

    fonts = font_files.load()
    state = GAME.initial(options_of(GAME, {"tactician": "yes"}))
    state = replace(state, points=Scores({"R": 16, "B": 12}))
    frame = Image.new("1", (128, 64), 0)
    draw_main(ImageDraw.Draw(frame), state, View(), "de", fonts)
    alone = Image.new("1", (128, 64), 0)
    fit.line(ImageDraw.Draw(alone), (PANEL, 9), "Pkt. F16 W12", fonts.status)
    box = (PANEL, 9, 128, 9 + 8)
    assert ImageChops.difference(frame.crop(box), alone.crop(box)).getbbox() is None


def test_a_finished_round_shows_its_whole_landscape_or_the_part_that_scored():
    """Found by testers: the round's end centred on the middle and cut a long landscape off."""
    from device.games.feuer_und_wasser.drawing import final_window
    from device.games.feuer_und_wasser.view import WINDOW

    def shown(fields, cell, centre):
        rows, cols = WINDOW[0] // cell, WINDOW[1] // cell
        top, left = centre[0] - rows // 2, centre[1] - cols // 2
        return {f for f in fields if 0 <= f[0] - top < rows and 0 <= f[1] - left < cols}

    for height, width in ((2, 3), (6, 7), (7, 8), (9, 10), (14, 16), (3, 16)):
        fields = {(r - 5, c + 3): "R" for r in range(height) for c in range(width)}
        cell, centre = final_window(fields, ())
        assert shown(fields, cell, centre) == set(fields), (height, width, cell)
        assert cell == max(c for c in (8, 6, 4) if height * c <= 56 and width * c <= 64)
    long = {(0, c): "B" for c in range(40)}  # 40 squares across: not at any size
    scored = tuple((0, c) for c in range(30, 36))
    cell, centre = final_window(long, scored)
    assert cell == 4 and set(scored) <= shown(long, cell, centre)


def test_the_round_score_is_explained_in_words_before_the_number(tmp_path):
    """Found by testers: the round's score was a number nobody could check."""
    from device.games.feuer_und_wasser.drawing import round_explained

    t = Table(tmp_path, BASIC)
    try:
        t.new_game("rows", "no")
        t.draw("F1")
        t.lay((0, 1), 0)
        assert t.box.view.review == (0, 0)
        assert t.box.view.review is not None
        t.press("ok")  # the landscape, then the words and the numbers
        assert t.box.view.review == (0, 1)
        assert round_explained(t.state, 0, "de") == [
            "Feuer: Stapel leer",
            "Wasser: noch 2 Karten",
            "Runde 1: F 2 - W 0",
        ]
        assert round_explained(t.state, 0, "en")[:2] == ["Fire: pile empty", "Water: 2 cards left"]
    finally:
        t.sim.stop()
    (tmp_path / "t").mkdir()
    tactician = Table(tmp_path / "t", ONE_EACH)
    try:
        tactician.new_game("groups", "yes")
        tactician.draw("F1")
        tactician.lay((0, 1), 0)
        tactician.draw("W1")
        tactician.lay((0, 0), 1)
        lines = round_explained(tactician.state, 0, "de")
        assert lines == ["Gruppenpunkte addiert", "Runde 1: F 1 - W 2"]
    finally:
        tactician.sim.stop()


def test_a_tap_draws_the_card_and_a_wrong_card_is_refused(tmp_path):
    t = Table(tmp_path, BASIC)
    try:
        t.new_game("rows", "no")
        t.sim.store.teach(
            [("04A2B3C4", "feuer-und-wasser:W1"), ("04A2B3C5", "feuer-und-wasser:F2")]
        )
        t.sim.tap("04A2B3C4")  # Water's card on Fire's turn
        assert notice_text(t.box) == "Nicht in diesem Stapel" and t.state.drawn is None
        t.sim.tap("04A2B3C5")
        assert t.state.drawn == "F2"
    finally:
        t.sim.stop()


def test_the_panel_says_whose_row_scored_and_nothing_for_a_placement_that_scored_nothing():
    """Found by testers: "Reihe 0:-0" after every placement that scored nothing, "Reihe 3:+1"
    without whose it was, "R"/"B" where the cards say Feuer and Wasser, and round 2's first
    screen still showing round 1's last row."""
    import random as rnd
    from dataclasses import replace

    from device.games.feuer_und_wasser.drawing import _last_lines
    from device.games.feuer_und_wasser.view import PANEL
    from device.ui import fit, fonts as font_files
    from engine.feuer_und_wasser.game import GAME, Last
    from engine.replay import options_of

    state = GAME.initial(options_of(GAME, {}))
    laid = replace(state, cards_laid=3)
    assert _last_lines(replace(laid, last=Last("R", 0, 0, (), ())), "de") == []
    assert _last_lines(replace(laid, last=Last("B", 3, 1, (), ())), "de") == [
        "W: Reihe 3",
        "1 abwerfen",
    ]
    assert _last_lines(replace(laid, last=Last("R", 4, 2, (), ())), "en") == [
        "F: Row 4",
        "discard 2",
    ]
    assert _last_lines(replace(laid, last=Last("R", 2, 0, (), ())), "de") == [
        "F: Reihe 2",
        "nichts",
    ]
    row = replace(state, last=Last("R", 6, 3, (), ()))  # round 2's start (only the start card)
    assert _last_lines(row, "de") == []
    assert _last_lines(row, "de", ended=True) == ["F: Reihe 6", "3 abwerfen"]
    status = font_files.load().status
    rng = rnd.Random(4)
    seen = 0
    while not state.over:  # a whole game: every line fits the panel
        state = GAME.apply(state, rng.choice(GAME.legal_actions(state)))
        for lang in ("de", "en"):
            lines = _last_lines(state, lang)
            seen += bool(lines)
            assert len(lines) in (0, 2)
            for line in lines:
                assert fit.fits(line, status, 128 - PANEL), line
                assert "-0" not in line and "R " not in line and "B " not in line
    assert seen


def test_a_scored_field_is_framed_never_inverted_and_fire_and_water_stay_apart():
    """Found by testers: an inverted Fire field looked like a Water ring."""
    from PIL import Image, ImageChops, ImageDraw

    from device.games.feuer_und_wasser.drawing import _mark, _square

    def field(colour: str, marked: bool, cell: int) -> Image.Image:
        image = Image.new("1", (8, 8), 0)
        draw = ImageDraw.Draw(image)
        _square(draw, 0, 0, colour, 1, cell)
        if marked:
            _mark(draw, 0, 0, cell)
        return image

    def differ(a: Image.Image, b: Image.Image) -> int:
        return sum(1 for v in ImageChops.difference(a, b).convert("L").tobytes() if v)

    for cell in (8, 6, 4):
        looks = {(c, m): field(c, m, cell) for c in "RB" for m in (False, True)}
        for one in looks:
            for other in looks:
                if one < other:
                    assert differ(looks[one], looks[other]) >= 1, (cell, one, other)
        # a mark keeps Fire and Water as far apart as unmarked (the square's inside)
        apart = differ(looks[("R", False)], looks[("B", False)])
        assert apart >= 1 and differ(looks[("R", True)], looks[("B", True)]) >= apart
        assert differ(looks[("R", True)], looks[("B", False)]) >= apart
