"""Day and Night corrected to the rule (rules_version 2, and 4: a board that can no longer
change is a draw), each case as a `tabletop replay` record, the way an independent referee
checks the box: spells before movement, a spell applied whole, the end only when nothing can
change, no winner by counting temples, `verdict` as the adjudication, no field entered twice,
spell data that means what it says, decks of 70."""

from __future__ import annotations

import json

import pytest

from device.cli.main import main
from tests.test_bad_inputs import one_line, start_with_deck
from tests.test_replay import replay_lines

WAIT = {"id": "wait", "name": "wait", "cost": 0, "prerequisite": "", "copies": 1}
WAIT = {**WAIT, "effects": [{"kind": "draw", "count": 1}]}


def deck(side: str, *spells: dict) -> str:
    return f"option deck_{side}={json.dumps(list(spells), separators=(',', ':'))}"


def spell(id_: str, *effects: dict, cost: int = 0) -> dict:
    return {"id": id_, "name": id_, "cost": cost, "prerequisite": "", "copies": 1,
            "effects": list(effects)}  # fmt: skip


def replay(capsys, tmp_path, *lines: str) -> tuple[int, list[dict], str]:
    return replay_lines(capsys, tmp_path, "day-and-night", *lines)


def test_spells_come_before_movement(capsys, tmp_path):
    """ "Als erstes hat der Spieler die Möglichkeit zu zaubern ... Bewegen: ... seine restlichen
    Aktionspunkte": once the pawn has stepped, no spell this turn; the next turn, again."""
    code, out, _ = replay(capsys, tmp_path, "step 0,1", "cast sunrise 0,2", "end", "end",
                          "cast sunrise 1,1")  # fmt: skip
    assert code == 0
    assert out[0]["ok"] and not out[1]["ok"] and out[1]["code"] == "spells_first"
    assert out[1]["reason"] == "spells come first: the pawn has moved"
    assert out[4]["ok"]  # a new turn: spells first again


def test_the_last_cards_spell_is_applied_whole(capsys, tmp_path):
    # (BIG: the tiles of a second temple could still come, until the end)
    code, out, _ = replay(
        capsys, tmp_path, "option deck_rules=free", deck("day", WAIT),
        deck("night", spell("two", {"kind": "place", "count": 1, "colour": "own"},
                            {"kind": "place", "count": 1, "colour": "own"}), BIG),
        "cast wait", "end", "cast two 0,7 2,2", "end",
    )  # fmt: skip
    assert code == 0 and all(line["ok"] for line in out[:-1])
    board = out[2]["state"]["board"].split("/")
    assert board[0][7] == "n" and board[2][2] == "n"  # both tiles placed
    assert out[-1]["over"] and out[-1]["result"]["winner"] is None  # then frozen: a draw


def test_the_game_is_not_over_while_days_upkeep_can_change_the_board(capsys, tmp_path):
    """Both decks empty, a marker on 1,1: Day's upkeeps still fix the tile, so the remaining
    upkeeps are played out before the end is decided. (Night's last card draws a card: it
    changes no tile, so once Day's only card is cast the board can change no more: rules
    version 4 ends the game there.)"""
    pm = spell("pm", {"kind": "place"}, {"kind": "mystify", "count": 2})
    code, out, _ = replay(capsys, tmp_path, "option deck_rules=free", deck("day", pm, BIG),
                          deck("night", WAIT), "cast pm 1,1 1,1", "end", "end")  # fmt: skip
    assert code == 0
    assert out[0]["state"]["markers"]["mystify"] == [[1, 1, 2]]
    last = out[1]["state"]  # the next turn starts on a frozen board: the upkeeps, the end
    assert last["markers"]["mystify"] == [] and last["board"].split("/")[1][1] == "f"
    assert last["outcome"] == "draw" and last["verdict"] == "play"
    assert last["ended_by"] == "no_change"
    assert not out[2]["ok"] and out[2]["code"] == "game_over"


def test_no_winner_by_counting_temples_and_verdict_is_the_adjudication(capsys, tmp_path):
    """Day builds a temple, then no card left can bring a tile: "Unentschieden" (nobody can
    build a second temple); `verdict` stays what `tabletop score day-and-night` says of the
    board."""
    eight = spell("eight", {"kind": "place", "count": 8})
    row = " ".join(f"2,{c}" for c in range(8))
    code, out, _ = replay(capsys, tmp_path, "option deck_rules=free", deck("day", eight),
                          deck("night", WAIT), f"cast eight {row}")  # fmt: skip
    assert code == 0
    state, result = out[0]["state"], out[-1]["result"]
    assert state["temples"] == {"day": 1, "night": 0}
    assert state["outcome"] == "draw" and result["winner"] is None
    main(["score", "day-and-night", state["board"]])
    score = json.loads(capsys.readouterr()[0])
    assert state["verdict"] == score["verdict"] == "play"


def test_a_field_is_never_entered_twice_a_spell_move_included(capsys, tmp_path):
    """ "ein Feld niemals zweimal betreten": the start field counts as entered; the field a
    spell moves the pawn to counts too (no card: the spell is the effect)."""
    code, out, _ = replay(capsys, tmp_path, "cast day-stride 0,0", "cast day-stride 0,1",
                          "cast day-stride 0,0", "step 0,0", "step 1,1")  # fmt: skip
    assert code == 0
    assert not out[0]["ok"] and out[0]["code"] == "target_not_adjacent"  # not a move at all
    assert out[1]["ok"] and out[1]["state"]["entered"] == [[0, 0], [0, 1]]
    assert out[1]["state"]["hand"]["day"] == 4  # the card cast, none drawn
    assert not out[2]["ok"] and out[2]["code"] == "entered_twice"  # back to the start field
    assert not out[3]["ok"] and out[3]["code"] == "entered_twice"
    assert out[4]["ok"] and out[4]["state"]["entered"] == [[0, 0], [0, 1], [1, 1]]


def test_a_flip_to_the_own_colour_turns_only_the_other_colour(capsys, tmp_path):
    """The example "Lichtwende" (`turn-to-day`, a flip with colour own) turns Night tiles to
    Day, never a Day tile to Night."""
    code, out, _ = replay(capsys, tmp_path, "cast sunrise 0,1", "cast turn-to-day 0,1", "end",
                          "cast dusk 4,7", "end", "cast turn-to-day 4,7")  # fmt: skip
    assert code == 0
    assert not out[1]["ok"] and out[1]["code"] == "target_colour"
    assert out[5]["ok"] and out[5]["state"]["board"].split("/")[4][7] == "d"


@pytest.mark.parametrize(
    ("effect", "field"),
    [
        ({"kind": "flip", "adjacent": True}, "adjacent"),
        ({"kind": "move_tile", "count": 1}, "count"),
        ({"kind": "draw", "colour": "own"}, "colour"),
        ({"kind": "move_pawn", "adjacent": False}, "adjacent"),
    ],
)
def test_a_spell_field_an_effect_would_ignore_is_refused(capsys, tmp_path, effect, field):
    path = tmp_path / "record.txt"
    odd = spell("odd", effect)
    path.write_text(f"game day-and-night\noption deck_rules=free\n{deck('day', odd)}\nend\n")
    code = main(["replay", str(path)])
    out, err = capsys.readouterr()
    one_line(code, err)
    assert out == "" and "odd" in err and repr(field) in err and "ignore" in err


def test_a_deck_that_breaks_the_rule_of_70_needs_deck_rules_free(capsys, tmp_path):
    code, out, err = replay(capsys, tmp_path, deck("day", WAIT), "end")
    one_line(code, err)
    assert out == [] and "70 cards" in err and "deck_rules=free" in err
    code, out, _ = replay(capsys, tmp_path, "option deck_rules=free", deck("day", WAIT), "end")
    assert code == 0 and out[0]["ok"]


def _deck_file(cards: int) -> str:
    spells = [{"id": f"tile{i}", "name": "Plättchen", "cost": 1, "copies": n,
               "effects": [{"kind": "place"}]}
              for i, n in enumerate((cards // 2, cards - cards // 2))]  # fmt: skip
    return json.dumps({"game": "day-and-night", "side": "day", "spells": spells})


def test_a_config_deck_of_71_cards_is_exit_78_naming_the_file_and_the_rule(tmp_path, capsys):
    code, err, path = start_with_deck(tmp_path, capsys, _deck_file(71))
    one_line(code, err, (78,))
    assert str(path) in err and "70 cards a deck, this one has 71" in err


def test_a_config_deck_of_70_cards_starts(tmp_path, capsys):
    code, err, _ = start_with_deck(tmp_path, capsys, _deck_file(70))
    assert code == 0, err


# --- rules_version 4: too few tiles, or a board that can no longer change: a draw ----------

VEIL = {**spell("veil", {"kind": "mystify", "count": 1}), "prerequisite": "pawn_on_own"}
ICE = spell("ice", {"kind": "crystallize", "count": 1})
# 16 tiles next to the own pawn, which has 4 neighbours: never cast, but its tiles count as
# ones Day could still lay (so these games are not over for too few tiles)
NEAR8 = {"kind": "place", "count": 8, "adjacent": True}
BIG = spell("big", NEAR8, NEAR8)


def test_too_few_tiles_for_either_second_temple_is_a_draw_at_once(capsys, tmp_path):
    """Day's deck lays 15 tiles in all, Night's none: neither can ever have the 16 tiles of
    two temples, so nobody can build a second temple. Where Night holds a flip of either
    colour, it could turn a Night tile into a 16th Day tile: the game goes on."""
    fifteen = {**spell("sun", {"kind": "place"}), "copies": 15}
    flip_any = spell("turn", {"kind": "flip"})
    for night, over in ((ICE, True), (flip_any, False)):
        code, out, _ = replay(capsys, tmp_path, "option deck_rules=free", deck("day", fifteen),
                              deck("night", night), "cast sun 3,3")  # fmt: skip
        assert code == 0 and out[0]["ok"]
        state = out[0]["state"]
        assert (state["outcome"] == "draw") is over, night
        assert state["ended_by"] == ("no_tiles" if over else None)


def test_a_board_no_spell_can_change_ends_the_game_drawn(capsys, tmp_path):
    """Both decks empty; Day holds a mystify that needs its pawn on a Day tile (there is none
    to stand on), Night a crystal (which changes no tile): whatever the players do, no
    temple can be built ("Unentschieden"), and the game ends at the next action."""
    code, out, _ = replay(capsys, tmp_path, "option deck_rules=free", deck("day", VEIL, BIG),
                          deck("night", ICE), "end", "end")  # fmt: skip
    assert code == 0
    state = out[0]["state"]
    assert state["hand"] == {"day": 2, "night": 1} and state["deck"] == {"day": 0, "night": 0}
    assert state["outcome"] == "draw" and state["verdict"] == "play"
    assert state["ended_by"] == "no_change"
    assert not out[1]["ok"] and out[1]["code"] == "game_over"
    assert out[-1]["over"] and out[-1]["result"]["winner"] is None


def test_a_spell_castable_from_a_field_the_pawn_can_reach_keeps_the_game_open(capsys, tmp_path):
    """The same mystify, once a Day tile lies on the board: Day's pawn can walk onto it and
    cast it, so the board can still change and the game goes on."""
    sun = spell("sun", {"kind": "place"})
    code, out, _ = replay(capsys, tmp_path, "option deck_rules=free",
                          deck("day", sun, VEIL, BIG), deck("night", ICE), "cast sun 3,3", "end",
                          "end")  # fmt: skip
    assert code == 0 and all(line["ok"] for line in out[:-1])
    assert [line["state"]["outcome"] for line in out[:-1]] == [None, None, None]
    assert out[2]["state"]["ended_by"] is None and not out[-1]["over"]


def test_a_spell_not_yet_cast_may_still_be_in_a_hand(capsys, tmp_path):
    """The box sees each spell cast, not which ones a player discards: a spell that can
    change the board and has not been cast keeps the game open while its side holds cards.
    Once every copy is cast, only spells that cannot change it are left: the board is
    frozen."""
    sun = {**spell("sun", {"kind": "place"}), "copies": 2}
    code, out, _ = replay(capsys, tmp_path, "option deck_rules=free", deck("day", sun, BIG),
                          deck("night", ICE), "cast sun 3,3", "end", "end",
                          "cast sun 3,4", "end")  # fmt: skip
    assert code == 0 and all(line["ok"] for line in out[:-1])
    assert out[2]["state"]["outcome"] is None  # a sun not cast: Day may hold it
    assert out[4]["state"]["outcome"] == "draw"  # no sun left to hold: at the next turn
    assert out[4]["state"]["ended_by"] == "no_change"
