"""Day and Night at the table (issue 21): a board players can read on 128x64 (every state of
a field a glyph of its own, tested pairwise), only the spells that can be cast offered, the
targets' cursor over valid targets only, the temple proposed, the end in sight."""

from __future__ import annotations

import itertools
import random
from dataclasses import replace

from PIL import Image, ImageDraw

from device.games.contract import Confirm
from device.games.day_and_night import screen, view as dan_view
from device.games.day_and_night.drawing import _context as drawing_context, effect_words
from device.games.day_and_night.glyphs import cell_pixels
from device.games.day_and_night.names import spell_name
from device.games.day_and_night.view import temple_area
from device.games.day_and_night.words import why as drawing_why
from device.ui import fonts
from engine.day_and_night import parse_board
from engine.day_and_night.choices import castable, target_options, temple_options
from engine.day_and_night.game import GAME
from engine.day_and_night.state import Cast
from engine.replay import options_of
from tests.bench_scripts import load

SCREENS = screen.DayAndNightScreens()

TILES = [(".", 0, False), *[("d", k, False) for k in range(5)], ("n", 0, False),
         ("n", 0, True), ("f", 0, False), ("D", 0, False), ("N", 0, False)]  # fmt: skip
PAWNS = [(), ("day",), ("night",), ("day", "night")]


FRAME = {(r, c) for r in range(10) for c in range(10) if r in (0, 9) or c in (0, 9)}


def _around(neighbour: frozenset) -> set:
    """What the fields around one show of themselves in its 10x10 window: the edges of a
    field of that glyph on each side."""
    return (
        {(0, c + 1) for r, c in neighbour if r == 7}  # the field above: its last row
        | {(9, c + 1) for r, c in neighbour if r == 0}
        | {(r + 1, 0) for r, c in neighbour if c == 7}
        | {(r + 1, 9) for r, c in neighbour if c == 0}
    )


def test_every_state_of_a_field_differs_from_every_other_in_at_least_three_pixels():
    """Empty, Day, Night, fixed, 1-4 markers, crystal, both temples; either pawn, both, none;
    chosen or not; under the cursor or not, amid fields of any kind (the cursor is a frame
    just outside the field that turns over every pixel it crosses: on a temple's lit edge
    it is a dark line; found invisible on a Night temple before)."""

    def seen(t, p, chosen, under_cursor, around):  # the field and what is around it, 10x10
        lit = {(r + 1, c + 1) for r, c in cell_pixels(*t, pawns=p, chosen=chosen)} | around
        return frozenset(lit ^ FRAME) if under_cursor else frozenset(lit)

    neighbours = {t[0]: frozenset(_around(cell_pixels(*t))) for t in TILES}
    glyphs = {
        (t, p, chosen, cur, n): seen(t, p, chosen, cur, around)
        for t in TILES
        for p in PAWNS
        for chosen in (False, True)
        for cur in (False, True)
        for n, around in neighbours.items()
        if cur  # under the cursor: amid fields of any kind (without: a field on its own)
        or n == "."
    }
    worst = min(  # fields that differ (amid other fields, the same field is the same state)
        (len(a ^ b), ka, kb)
        for (ka, a), (kb, b) in itertools.combinations(glyphs.items(), 2)
        if ka[:4] != kb[:4]
    )
    assert worst[0] >= 3, worst
    day, night = cell_pixels("D"), cell_pixels("N")
    assert len(day ^ night) >= 8  # Day's and Night's temple: found pixel-identical before
    for tile, side in (("n", "night"), ("d", "day"), ("D", "day"), ("N", "night")):
        bare = cell_pixels(tile)
        assert len(bare ^ cell_pixels(tile, pawns=(side,))) >= 8  # a pawn on its own


def test_the_cursor_shows_whole_at_every_edge_and_on_every_field():
    """Found by a new user: at 0,0 the cursor was half drawn (it read as 0,1) and on a Night
    temple it was not seen. Every field's frame lies wholly on the screen, left of the panel,
    and turns over every pixel it crosses, whatever lies there."""
    from device.games.day_and_night.drawing import board_pixels, cursor_frame

    state = _state("NNNNNNNN/dndndndn/DDDDDDDD/nnnnnnnn/dnf...../dndndndn")
    bare = board_pixels(replace(state, outcome="draw"), screen.View())  # over: no cursor
    for r in range(6):
        for c in range(8):
            frame = cursor_frame((r, c))
            assert len(frame) == 36
            assert all(0 <= x < screen.PANEL - 2 and 0 <= y < 55 for x, y in frame), (r, c)
            shown = board_pixels(state, screen.View(cursor=(r, c)))
            assert bare ^ shown == frame, (r, c)  # every pixel of the frame turned over


def _state(board: str, **changes):
    state = GAME.initial(options_of(GAME, {}))
    return replace(state, board=parse_board(board), **changes)


def _frame(state, view, lang="de") -> Image.Image:
    image = Image.new("1", (128, 64), 0)
    SCREENS.draw_main(ImageDraw.Draw(image), state, view, lang, fonts.load())
    return image


def test_the_board_draws_each_field_as_its_glyph():
    state = _state(
        "DDDDDDDD/NNNNNNNN/dnf...../......../......../........",
        mystify=(((2, 0), 5),),
        crystals=frozenset({(2, 1)}),
        pawns=((2, 2), (2, 1)),
    )
    view = screen.View(cursor=(5, 7))
    frame = _frame(state, view)
    expected = {
        (2, 0): cell_pixels("d", 5),
        (2, 1): cell_pixels("n", 0, True, ("night",)),
        (2, 2): cell_pixels("f", pawns=("day",)),
        (0, 3): cell_pixels("D"),
        (1, 4): cell_pixels("N"),
        (2, 5): cell_pixels("."),
    }
    for (r, c), lit in expected.items():
        x, y = screen.LEFT + c * screen.CELL, screen.TOP + r * screen.CELL
        drawn = {(dr, dc) for dr in range(8) for dc in range(8) if frame.getpixel((x + dc, y + dr))}
        assert drawn == set(lit), (r, c)


def _random_states(n: int, seed: int = 5):
    rng = random.Random(seed)
    state = GAME.initial(options_of(GAME, {}))
    while n:
        if state.over:
            state = GAME.initial(state.options)
        yield state
        n -= 1
        state = GAME.apply(state, rng.choice(GAME.sample_actions(state)))


def test_only_spells_that_can_be_cast_are_offered_and_every_offered_target_finishes():
    rng = random.Random(2)
    for state in _random_states(120):
        if state.pending is not None:
            continue
        offered = {s.id for s in castable(state)}
        for spell in dan_view.spells(state):
            if spell.targets == 1 and spell.id not in offered:  # truly no target, or not now
                legal = [at for at in GAME_FIELDS if GAME.is_legal(state, Cast(spell.id, (at,)))]
                assert not legal, (spell.id, legal)
        for spell in castable(state):
            chosen: tuple = ()
            while len(chosen) < spell.targets:  # any offered target leads to a legal cast
                options = target_options(state, spell, chosen)
                assert options, (spell.id, chosen)
                chosen = (*chosen, rng.choice(options))
            assert GAME.is_legal(state, Cast(spell.id, chosen)), (spell.id, chosen)


GAME_FIELDS = [(r, c) for r in range(6) for c in range(8)]


def test_a_one_target_spell_offers_exactly_the_fields_the_rules_accept():
    # the candidates come from the board's masks (next to the pawn: the pawn's field grown
    # by one); none the rules accept may be missing, none they refuse offered
    seen = 0
    for state in _random_states(150, seed=7):
        if state.pending is not None:
            continue
        for spell in castable(state):
            if spell.targets != 1:
                continue
            legal = {at for at in GAME_FIELDS if GAME.is_legal(state, Cast(spell.id, (at,)))}
            assert set(target_options(state, spell)) == legal, spell.id
            seen += any(e.adjacent for e in spell.effects)
    assert seen  # a spell laid next to the pawn was among them


def test_the_list_starts_at_the_spell_cast_most_and_shows_name_cost_and_effect():
    state = GAME.initial(options_of(GAME, {}))
    view = SCREENS.initial_view(state)
    opened = SCREENS.on_button(state, view, "ok").view  # the cursor starts on the pawn
    assert opened.mode == "spells" and opened.spell == dan_view.offered(state)[0]
    deck = [s.id for s in dan_view.spells(state)]
    cast = replace(state, cast=(("day", "dawn"),))
    assert SCREENS.on_button(cast, view, "ok").view.spell == deck.index("dawn")  # cast most
    taken_back = replace(view, last=(deck[0], ""))  # seen cast, the game no longer has it
    assert SCREENS.on_button(state, taken_back, "ok").view.spell == dan_view.offered(state)[1]
    frame = _frame(state, opened)
    from device.ui import fit

    row = Image.new("1", (128, 64), 0)
    draw = ImageDraw.Draw(row)
    font = fonts.load().status
    fit.line(draw, (5, 11), "Morgensonne", font, width=62)
    fit.line(draw, (120 - int(font.getlength("3 AP")), 11), "3 AP", font)
    fit.line(draw, (2, 47), "nah legen", font, width=125)  # what the chosen one does
    assert frame.crop((0, 11, 128, 19)).tobytes() == _pointed(row).crop((0, 11, 128, 19)).tobytes()
    assert frame.crop((0, 47, 128, 55)).tobytes() == row.crop((0, 47, 128, 55)).tobytes()
    # found by a new user: "Lichtschritt2" (the name touching the cost), Mittag's effect cut
    # to "…": the cost stands apart, what a spell does has the whole width
    twin, noon = (dan_view.spells(state)[deck.index(s)] for s in ("twin-suns", "noon"))
    assert effect_words(twin, "de") == "nah legen, legen"
    assert effect_words(noon, "en") == "flip, draw 1"
    for spell in dan_view.spells(state):
        for lang in ("de", "en"):
            name = fonts.load().status.getlength(spell_name(spell, lang))
            cost = fonts.load().status.getlength(f"{spell.cost} AP")
            assert 5 + name + 6 <= 120 - cost  # a space's width at least between them
            assert fit.fits(effect_words(spell, lang), font, 125)  # whole, never "…"


def _pointed(row: Image.Image) -> Image.Image:
    """The row with the list's pointer in front."""
    out = row.copy()
    ImageDraw.Draw(out).polygon([(0, 12), (3, 15), (0, 18)], fill=1)
    return out


def test_the_targets_cursor_starts_on_a_likely_target_and_moves_over_valid_ones_only():
    state = _state("d......./d......./......../......../......../........", pawns=((2, 2), (5, 7)))
    reaction = SCREENS.on_tap(state, screen.View(cursor=(2, 2)), "", "day-and-night:dawn")
    view = reaction.view
    options = target_options(state, state.options.spell("day", "dawn"))
    assert view.mode == "targets" and view.cursor in options
    assert view.cursor in ((0, 1), (1, 1), (2, 0))  # next to Day's own tiles
    seen = {view.cursor}
    for button in ("right", "right", "down", "left", "up", "down", "down"):
        view = SCREENS.on_button(state, view, button).view
        seen.add(view.cursor)
    assert seen <= set(options) and len(seen) > 3


def test_a_spell_that_cannot_be_cast_now_is_refused_with_the_reason_at_once():
    state = _state("n......./......../......../......../......../........", ap=1)
    reaction = SCREENS.on_tap(state, screen.View(), "", "day-and-night:dawn")
    assert reaction.action == Cast("dawn", ())  # the engine says why: too few AP
    no_day = _state("......../......../......../......../......../........")
    reaction = SCREENS.on_tap(no_day, screen.View(), "", "day-and-night:mist")  # no Day tile
    assert reaction.refuse == "no_target" and reaction.action is None


def test_a_temple_is_proposed_and_built_in_one_press_and_the_tile_left_out_moves_over_the_area():
    # nine Day tiles: row 3 and (4,0); (3,0) joins them
    state = _state("......../......../......../.ddddddd/d......./........")
    state = GAME.apply(state, GAME.parse_action("cast dawn 3,0"))
    assert state.pending is not None
    view = SCREENS.initial_view(state)
    area = temple_area(state)
    assert len(dan_view.temple_chosen(state, view)) == 8 and view.targets in temple_options(state)
    for button in ("right", "down", "left", "up"):
        view = SCREENS.on_button(state, view, button).view
        assert view.targets in temple_options(state) and set(view.targets) <= set(area)
    reaction = SCREENS.on_button(state, view, "ok")
    built = GAME.apply(state, reaction.action)
    after = SCREENS.after(state, built, view)
    assert built.board.day_temples == 1 and after.built and after.built_side == "day"
    lines = drawing_context(built, after, "de")
    assert lines == ["Tempel Tag"]  # the notice names whose (drawn inverted, as a notice)


def test_the_final_board_stays_with_the_verdict_and_why():
    state = GAME.initial(GAME.parse_options({}))
    board = parse_board("DDDDDDDD/......../ddddddd./n.n...../......n./nn......")
    state = GAME.apply(replace(state, board=board), GAME.parse_action("cast dawn 2,7"))
    assert state.over
    view = screen.View()
    frame = _frame(state, view)
    assert frame.crop((0, screen.TOP, 64, screen.TOP + 48)).getbbox()  # the board is there
    x, y = screen.LEFT + 7 * screen.CELL, screen.TOP + 2 * screen.CELL  # the 2nd temple's last
    drawn = {(r, c) for r in range(8) for c in range(8) if frame.getpixel((x + c, y + r))}
    assert drawn == set(cell_pixels("D"))
    assert drawing_why(state, "de") == "Zweiter Tempel"
    assert GAME.summary(state)["ended_by"] == "second_temple"


def test_the_end_turn_question_says_what_to_discard_and_bands_leave_the_counts_in_sight():
    state = GAME.initial(GAME.parse_options({}))
    from engine.contract import Scores

    state = replace(state, hands=Scores({"day": 7, "night": 5}))
    reaction = SCREENS.on_button(state, screen.View(cursor=(3, 3)), "back")
    assert reaction.confirm == Confirm("end_turn", ("2",))
    assert SCREENS.confirm_text(reaction.confirm, "de") == "Zug beenden, 2 abwerfen?"
    assert SCREENS.confirm_text(Confirm("end_turn", ("0",)), "en") == "End the turn?"
    band = SCREENS.layout(state, screen.View()).notice
    assert band[1] >= 27  # AP, hand and temples are the panel's first three rows (y 0..26)


def test_the_presses_benchmark_meets_its_goals_for_a_tap_a_step_and_a_temple():
    bench = load("dan_presses")
    counts = bench.measure(3)
    assert counts["spell, by a tap"].mean <= 3
    assert counts["step"].mean <= 2
    assert counts["spell, from the list"].actions == counts["spell, by a tap"].actions > 0
    if counts["temple"].actions:
        assert counts["temple"].mean <= 4
    good = bench.measure(1, good=True)  # a good player: the box's own choices (issue 47)
    assert good["spell, from the list"].actions > 0 and good["step"].actions > 0


def test_the_list_remembers_the_spell_cast_not_the_cards_discarded_at_a_turns_end():
    from engine.contract import Scores
    from engine.day_and_night.state import End

    state = GAME.initial(options_of(GAME, {}))
    view = screen.View(cursor=(0, 0), spell=1)
    cast = GAME.apply(state, GAME.parse_action("cast dawn 2,2"))
    after = SCREENS.after(
        state, cast, replace(view, spell=[s.id for s in dan_view.spells(state)].index("dawn"))
    )
    assert after.last == ("dawn", "")
    full = replace(cast, hands=Scores({"day": 7, "night": 5}))
    ended = GAME.apply(full, End())  # two discarded: no spell
    assert ended.discards["day"] > full.discards["day"]
    assert SCREENS.after(full, ended, after).last == ("dawn", "")


def test_every_spell_that_can_be_cast_is_in_the_search_s_sample():
    """Found measuring with real hands (issue 35): the sample tried a spread of fields, so a
    spell with one valid target (mist on the only Day tile) was never offered, and a box
    holding it walked instead of casting."""
    for state in _random_states(150, seed=11):
        if state.pending is not None or state.over:
            continue
        sampled = {a.spell for a in GAME.sample_actions(state) if isinstance(a, Cast)}
        assert {s.id for s in castable(state)} <= sampled
        for action in GAME.sample_actions(state):
            assert GAME.is_legal(state, action)


def test_the_box_keeps_the_spells_that_bring_tiles_when_its_hand_is_cut():
    from engine.hands import least_worth

    state = GAME.initial(options_of(GAME, {}))
    hand = ("day-stride", "twin-suns", "veil", "sunrise", "turn-to-day", "insight", "dawn")
    cut = least_worth(GAME, state, "day", hand, 2)
    assert set(cut) == {"day-stride", "veil"}  # before: the dearest went (twin-suns)


def test_markers_are_said_as_how_many_to_add_or_take_off():
    """Found by testers: the box's Day upkeep said "0,0: 2 Marker", meaning "take one off, 2
    stay". A line says what to do with the markers: how many on, how many off."""
    from device.app import pieces
    from device.app.session import Session

    state = GAME.initial(GAME.parse_options({}))
    cast = GAME.apply(GAME.apply(state, GAME.parse_action("cast sunrise 0,1")),
                      GAME.parse_action("cast mist 0,1"))  # fmt: skip
    night = GAME.apply(cast, GAME.parse_action("end"))
    day = GAME.apply(night, GAME.parse_action("end"))  # Day's upkeep: one marker off
    assert dict(cast.mystify) == {(0, 1): 3} and dict(day.mystify) == {(0, 1): 2}
    session = Session(1, GAME.id, state.options, state, 0)
    on = pieces.lines(session, state, cast, [], "de")
    off = pieces.lines(session, night, day, [], "de")
    assert "1,2: 3 Marker drauf" in on  # (field 0,1 counted from 1)
    assert "1,2: 1 Marker weg" in off and not any("2 Marker" in line for line in off)
    back = pieces.lines(session, day, night, [], "en", False)  # an undo of the upkeep
    assert "1,2: 1 marker on" in back


def test_a_turn_s_upkeep_is_said_as_what_it_took_off_the_table():
    """Issue 47: what happens by itself as a turn begins (Night's crystals gone, Day's
    markers off) is said from the table diff, a line each, and nothing else of the action;
    the box says it first on its own turn (docs/screens/dan-box-upkeep.png). A game that
    ends there has no turn to begin: its end says the board."""
    from device.games.contract import Told
    from device.games.day_and_night.changes import turn_began

    rng = random.Random(8)
    state = GAME.initial(options_of(GAME, {}))
    seen = {"crystals": 0, "markers": 0}
    for _ in range(3000):
        if GAME.is_over(state):
            state = GAME.initial(options_of(GAME, {}))
        action = rng.choice(GAME.sample_actions(state))
        after = GAME.apply(state, action)
        names = {"day": "Tag", "night": "Nacht"}
        lines = turn_began(Told(state, after, (action,), names, "de"))
        upkeep = after.upkeep if after.turn != state.turn and not after.over else None
        if upkeep is None or not (upkeep.crystals or upkeep.markers or upkeep.fixed):
            assert lines == []
        else:
            for at in upkeep.crystals:
                assert f"Kristall von {at[0] + 1},{at[1] + 1} nehmen" in lines
                seen["crystals"] += 1
            seen["markers"] += len(upkeep.markers)
            assert len(lines) >= len(upkeep.crystals) + len(upkeep.markers)
        state = after
    assert all(seen.values()), seen
