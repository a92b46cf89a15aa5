"""Day and Night as a whole game on the engine contract: action points, spells from data,
movement, the upkeep of both markers, temples, the end. (Its screens on the box are still to
come; these scenarios are what they will drive.)"""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest

from device.cli.main import main
from engine.core import IllegalMove
from engine.day_and_night import parse_board
from engine.day_and_night.game import GAME
from engine.day_and_night.spells import Effect, Spell
from engine.day_and_night.state import Cast, End, Options, Step, Temple, initial_state

# test decks: cheap, single-effect spells, so each rule shows on its own
SPELLS = (
    Spell("put", "put", 1, (Effect("place"),), copies=20),
    Spell("near", "near", 1, (Effect("place", adjacent=True),), copies=10),
    Spell("flip", "flip", 2, (Effect("flip"),), copies=10),  # either way
    Spell("veil", "veil", 1, (Effect("mystify", 2),), copies=10),
    Spell("frost", "frost", 1, (Effect("crystallize", 1),), "pawn_on_own", copies=10),
    Spell("sun", "sun", 13, (Effect("place"),), copies=10),
)
DECKS = Options(decks=(SPELLS, SPELLS))


def game(board: str = "", pawns=((0, 0), (5, 7)), **changes):
    state = initial_state(DECKS)
    if board:
        state = replace(state, board=parse_board(board))
    return replace(state, pawns=pawns, entered=frozenset({pawns[0]}), **changes)


def play(state, *texts):
    for text in texts:
        state = GAME.apply(state, GAME.parse_action(text))
    return state


def refused(state, text) -> str:
    with pytest.raises(IllegalMove) as error:
        GAME.apply(state, GAME.parse_action(text))
    return error.value.code


def test_a_spell_is_refused_for_its_cost_and_for_its_prerequisite():
    s = game()
    assert refused(s, "cast sun 2,2") == "too_expensive"  # 13 AP, 12 left
    assert refused(s, "cast frost 3,3") == "prerequisite"  # the pawn stands on no own tile
    s = play(s, "cast put 4,4", "cast put 4,5", "cast put 4,6", "cast put 4,7")
    assert s.ap == 8 and s.hands["day"] == 1 and s.discards["day"] == 4


def test_movement_costs_3_ap_draws_a_card_and_enters_no_field_twice():
    s = game()
    s = play(s, "step 0,1")
    assert s.ap == 9 and s.hands["day"] == 6 and s.decks["day"] == 64
    assert refused(s, "step 0,0") == "entered_twice"  # the start field counts as entered
    assert refused(s, "step 2,1") == "step_not_adjacent"
    s = play(s, "step 1,1", "step 2,1", "step 3,1")
    assert s.ap == 0 and refused(s, "step 4,1") == "too_expensive"


def test_the_turn_ends_with_the_discard_down_to_five_and_12_ap_for_the_other():
    s = play(game(), "step 0,1", "step 1,1", "end")
    assert s.turn == "night" and s.ap == 12 and s.hands["day"] == 5 and s.discards["day"] == 2
    assert s.entered == frozenset({(5, 7)})


def test_mystify_markers_come_off_at_days_upkeep_and_the_last_one_fixes_the_tile():
    s = play(game(), "cast put 3,3", "cast veil 3,3", "end", "end")  # Day, Night, Day again
    assert s.turn == "day" and dict(s.mystify) == {(3, 3): 1} and s.upkeep.markers == ((3, 3),)
    s = play(s, "end", "end")
    assert s.board.at(3, 3) == "f" and s.upkeep.fixed == ((3, 3),) and not s.mystify
    assert refused(s, "cast flip 3,3") == "target_fixed"  # fixed: nothing affects it


def test_crystals_hold_day_in_days_next_turn_and_go_at_nights_upkeep():
    s = replace(game(), turn="night", pawns=((5, 1), (5, 0)), entered=frozenset({(5, 0)}))
    s = replace(s, board=parse_board("......../......../......../......../......../nn......"))
    s = play(s, "cast frost 5,1", "end")  # Night's pawn on its own tile: prerequisite holds
    assert s.turn == "day" and s.crystals == frozenset({(5, 1)})
    assert refused(s, "cast flip 5,1") == "target_crystal"
    assert refused(s, "step 4,1") == "pawn_held"  # Day's pawn stands on the crystal
    s = play(s, "end")
    assert s.crystals == frozenset() and s.upkeep.crystals == ((5, 1),)


def test_a_temple_of_exactly_8_is_built_at_once():
    s = game(board="ddddddd./......../......../......../......../........")
    s = play(s, "cast put 0,7")
    assert s.board.day_temples == 1 and s.board.notation().startswith("DDDDDDDD/")


def test_more_than_8_connected_the_player_chooses_which_8():
    s = game(board="dddddddd/d......./......../......../......../........")
    s = replace(s, board=parse_board("ddddddd./d......./......../......../......../........"))
    s = play(s, "cast put 0,7")  # 9 connected: play pauses for the choice
    assert s.pending is not None and s.board.day_temples == 0
    assert refused(s, "end") == "temple_first"
    assert refused(s, "temple 0,0 0,1 0,2 0,3 0,4 0,5 0,7 1,0") == "temple_not_connected"
    s = play(s, "temple 0,1 0,2 0,3 0,4 0,5 0,6 0,7 0,0")
    assert s.pending is None and s.board.day_temples == 1
    assert s.board.at(1, 0) == "d"  # the ninth stays an ordinary tile


def test_the_second_temple_wins_at_once():
    s = game(board="DDDDDDDD/......../ddddddd./......../......../........")
    s = play(s, "cast put 2,7")
    assert s.verdict == "day" and GAME.is_over(s) and GAME.result(s).winner == "day"
    assert GAME.sample_actions(s) == []


def test_with_no_card_left_on_either_side_the_game_is_a_draw():
    """Nothing can change the board any more and nobody can build a second temple: a draw
    ("Unentschieden"), also for the player with more temples; `verdict` stays the board's
    adjudication, the outcome is the result's."""
    from engine.contract import Scores

    empty = Scores({"day": 0, "night": 0})
    s = game(hands=Scores({"day": 1, "night": 0}), decks=empty)
    s = play(s, "cast put 3,3")
    assert s.outcome == "draw" and GAME.result(s).winner is None and GAME.is_over(s)
    assert s.verdict == "play"  # what tabletop score day-and-night says of this board
    s = game(
        board="DDDDDDDD/......../......../......../......../........",
        hands=Scores({"day": 1, "night": 0}),
        decks=empty,
    )
    s = play(s, "cast put 3,3")
    assert s.outcome == "draw" and s.verdict == "play" and GAME.result(s).winner is None


def _cli_verdict(notation: str) -> str:
    import contextlib
    import io

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["score", "day-and-night", notation]) == 0
    return json.loads(out.getvalue())["verdict"]


def test_the_verdict_always_equals_tabletop_score_for_the_same_board():
    for seed in range(4):
        rng = random.Random(seed)
        s = GAME.initial(GAME.parse_options({}))
        while not GAME.is_over(s):
            s = GAME.apply(s, rng.choice(GAME.sample_actions(s)))
            if rng.random() < 0.2 and s.pending is None:
                assert s.verdict == _cli_verdict(s.board.notation()) or (
                    s.verdict in ("draw", "day", "night") and not any(s.hands.values())
                )


def test_a_spell_applies_only_when_every_target_is_valid():
    s = game(board="......../......../......../......../......../........")
    twice = replace(
        s,
        options=Options(
            decks=(
                (Spell("two", "two", 2, (Effect("place"), Effect("flip")), copies=70),),
                SPELLS,
            )
        ),
    )
    assert refused(twice, "cast two 2,2 4,4") == "target_no_tile"  # the flip has no tile
    assert twice.board.notation() == s.board.notation() and twice.ap == 12  # nothing changed
    done = play(twice, "cast two 2,2 2,2")  # place, then flip that very tile
    assert done.board.at(2, 2) == "n"
    assert GAME.parse_action("temple 0,1 0,0 0,2 0,3 0,4 0,5 0,6 0,7") == Temple(
        tuple(sorted([(0, c) for c in range(8)]))
    )
    assert GAME.parse_action("end") == End() and GAME.parse_action("step 1,2") == Step((1, 2))
    assert GAME.parse_action("cast put 2,3") == Cast("put", ((2, 3),))


def test_the_example_decks_ship_as_files_equal_to_the_engine_data():
    from pathlib import Path

    from device.games.day_and_night.decks import check
    from engine.day_and_night.spells import EXAMPLE, deck_to_data

    root = Path(__file__).resolve().parent.parent / "device" / "games" / "day_and_night" / "decks"
    for side in ("day", "night"):
        path = root / f"day-and-night-{side}.example.json"
        data = json.loads(path.read_text())
        assert "EXAMPLE" in data["note"] and check(path, data).side == side
        assert data["spells"] == deck_to_data(EXAMPLE[side])
        assert sum(s["copies"] for s in data["spells"]) == 70 and len(data["spells"]) >= 10


@pytest.mark.parametrize(
    ("spell", "says"),
    [
        ({"effects": [{"kind": "crystallize", "count": 2}]}, "only Night crystallizes"),
        ({"effects": [{"kind": "flip", "adjacent": True}]}, "flip would ignore 'adjacent'"),
        ({"effects": [{"kind": "move_tile", "count": 1}]}, "move_tile would ignore 'count'"),
        ({"effects": [{"kind": "teleport"}]}, "spell custom: effects.0.kind"),
        ({"name": "A very long spell name"}, "spell custom: name"),
        ({"cost": 13}, "spell custom: cost"),
    ],
)
def test_a_bad_day_and_night_deck_is_exit_78_naming_the_spell(tmp_path, capsys, spell, says):
    from tests.test_bad_inputs import one_line, start_with_deck

    base = {"id": "custom", "name": "Custom", "cost": 2, "effects": [{"kind": "flip"}]}
    data = {"game": "day-and-night", "side": "day", "spells": [{**base, **spell}]}
    code, err, deck = start_with_deck(tmp_path, capsys, json.dumps(data))
    one_line(code, err, (78,))
    assert says in err and str(deck) in err


def test_a_deck_from_the_config_is_played_and_kept_in_the_saved_game(tmp_path, capsys):
    from device.app.menu import menu_items
    from device.settings import Buttons, Settings
    from device.sim.simulator import Simulator

    deck = tmp_path / "day.json"
    spells = [
        {"id": "ray", "name": "Strahl", "cost": 1, "copies": 70, "effects": [{"kind": "place"}]}
    ]
    deck.write_text(json.dumps({"game": "day-and-night", "side": "day", "spells": spells}))
    sim = Simulator(Settings(buttons=Buttons(hold_s=0.2), decks=[deck]), tmp_path / "state")
    sim.start()
    try:
        box = sim.loop.box
        for _ in range(menu_items(box).index("new")):
            sim.press("down")
        sim.press("ok")
        for _ in range(menu_items(sim.loop.box).index("day-and-night")):
            sim.press("down")
        sim.press("ok")
        sim.press("ok")  # its new-game page as it opens: a person
        state = sim.loop.box.session.state
        assert [s.id for s in state.options.decks[0]] == ["ray"]
        for button in ("ok", "ok", "down", "ok"):  # the pawn's spells, "ray", a target
            sim.press(button)  # (the turn opens on the box's suggestion: the cursor's start)
        board = sim.loop.box.session.state.board.notation()
        assert board.count("d") == 1 and sim.loop.box.session.state.cast == (("day", "ray"),)
        game_id = sim.loop.box.session.db_id
    finally:
        sim.stop()
    assert main(["games", "export", str(game_id), "--state-dir", str(tmp_path / "state")]) == 0
    record = tmp_path / "game.txt"
    record.write_text(capsys.readouterr().out)
    assert main(["replay", str(record)]) == 0
    lines = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert lines[0]["ok"] and lines[0]["state"]["board"] == board
