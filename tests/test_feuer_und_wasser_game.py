"""Feuer und Wasser as a whole game on the engine contract: the four versions, the round ends,
scores that equal `tabletop score feuer-und-wasser`, and the best-placement hint."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings, strategies as st

from device.cli.main import main
from engine.core import IllegalMove
from engine.feuer_und_wasser.counting import longest, score_placement
from engine.feuer_und_wasser.decks import EXAMPLE, START
from engine.feuer_und_wasser.game import (
    GAME,
    OTHER,
    Draw,
    Lay,
    best_placement,
    card_of,
    placements,
    turned,
)
from engine.feuer_und_wasser.landscape import lay
from engine.replay import options_of

VERSIONS = [("rows", "no"), ("groups", "no"), ("rows", "yes"), ("groups", "yes")]


def play_randomly(mode: str, tactician: str, seed: int, observe=None):
    rng = random.Random(seed)
    options = options_of(GAME, {"mode": mode, "tactician": tactician, "starter": "RB"[seed % 2]})
    state = GAME.initial(options)
    while not GAME.is_over(state):
        action = rng.choice(GAME.legal_actions(state))
        before = state
        state = GAME.apply(state, action)
        if observe is not None:
            observe(before, action, state)
    return state


def board_at(landscape, at):
    """The placement-check notation of a landscape and `at` in its coordinates."""
    rows = [r for r, _ in landscape.fields]
    cols = [c for _, c in landscape.fields]
    return landscape.notation(), (at[0] - min(rows), at[1] - min(cols))


@pytest.mark.parametrize(("mode", "tactician"), VERSIONS)
def test_what_the_box_scores_equals_tabletop_score(capsys, mode, tactician):
    checked = []

    def observe(before, action, after):
        if not isinstance(action, Lay):
            return
        card = turned(card_of(before, before.turn, before.drawn), action.turns)
        board, at = board_at(before.landscape, action.at)
        assert (
            main(
                [
                    "score",
                    "feuer-und-wasser",
                    "--board",
                    board,
                    "--card",
                    card.notation(),
                    f"--at={at[0]},{at[1]}",
                    "--player",
                    before.turn,
                    "--mode",
                    mode,
                ]
            )
            == 0
        )
        cli = json.loads(capsys.readouterr().out)
        assert cli["legal"] and after.last.length == cli["length"]
        if tactician == "yes":
            assert after.last.cards == cli["cards"]
            assert after.points[before.turn] == before.points[before.turn] + cli["cards"] or (
                after.round != before.round
            )
        else:
            pile_after_draw = before.piles[before.turn] - 1
            assert after.last.cards == min(cli["cards"], pile_after_draw)
        checked.append(cli["length"])

    for seed in range(3):
        play_randomly(mode, tactician, seed, observe)
    assert len(checked) > 20 and max(checked) > 1


@pytest.mark.parametrize(("mode", "tactician"), VERSIONS)
def test_round_ends_and_scores_by_the_rules(mode, tactician):
    ends = []

    def observe(before, action, after):
        if len(after.round_scores) > len(before.round_scores):
            ends.append((before, action, after))

    final = play_randomly(mode, tactician, 7, observe)
    assert len(ends) == 2 and final.over
    for before, _, after in ends:
        scores = after.round_scores[-1]
        me, other = before.turn, "B" if before.turn == "R" else "R"
        if tactician == "yes":  # all cards laid; the points written down
            assert len(before.laid) + 1 == len(EXAMPLE["R"]) + len(EXAMPLE["B"])
            gained = after.last.cards
            assert scores[me] == before.points[me] + gained
            assert scores[other] == before.points[other]
        else:  # at once when the active player's pile is empty: the opponent's pile scores
            assert before.piles[other] >= 0
            assert scores == {me: before.piles[other], other: 0}
    totals = GAME.result(final).totals
    assert totals == {p: sum(s[p] for s in final.round_scores) for p in "RB"}


def test_each_player_starts_a_round():
    options = options_of(GAME, {"starter": "B"})
    state = GAME.initial(options)
    assert state.turn == "B"
    rng = random.Random(1)
    while state.round == 1:
        state = GAME.apply(state, rng.choice(GAME.legal_actions(state)))
    assert state.round == 2 and state.turn == "R" and state.cards_laid == 1
    assert state.piles == {"R": 16, "B": 16} and state.laid == frozenset()


def test_refusals():
    state = GAME.initial(options_of(GAME, {}))
    with pytest.raises(IllegalMove) as error:
        GAME.apply(state, Lay((0, 0), 0))
    assert error.value.code == "draw_first"
    with pytest.raises(IllegalMove) as error:
        GAME.apply(state, Draw("B01"))  # R starts: B01 is Water's
    assert error.value.code == "not_in_deck"
    drawn = GAME.apply(state, Draw("R01"))
    with pytest.raises(IllegalMove) as error:
        GAME.apply(drawn, Lay((5, 5), 0))  # covers nothing
    assert error.value.code == "cover_four"
    laid = GAME.apply(drawn, placements(drawn, card_of(drawn, "R", "R01"))[0])
    with pytest.raises(IllegalMove) as error:
        GAME.apply(GAME.apply(laid, Draw("B01")), Draw("B02"))
    assert error.value.code == "lay_first"


def test_a_hand_worked_round_of_the_basic_game(capsys, tmp_path):
    """Worked by hand. The start card RRB/BBR lies at (0,0). Fire (two cards) lays RRR/BBB
    with its top-left on (0,1): it covers (0,1) (0,2) (1,1) (1,2), four fields; the landscape
    is RRRR/BBBB. Fire's row 0 is RRRR: 4 long, on the card and off it: floor(4/2) = 2 cards
    to discard, but after drawing Fire's pile holds 1: all of it. The pile is empty: the round
    ends at once, Fire scores Water's pile, 2. Round 2 starts with Water on a fresh start card,
    where BBB/BBB one row down covers only three fields: refused, and the replay goes on."""
    record = tmp_path / "game.txt"
    record.write_text(
        "game feuer-und-wasser\n"
        "option mode=rows\n"
        "option starter=R\n"
        "option start=RRB/BBR\n"
        "option deck_R=F1:RRR/BBB,F2:RRR/RRR\n"
        "option deck_B=W1:BBB/BBB,W2:BRB/RBR\n"
        "draw F1\n"
        "lay 0,1 0\n"
        "draw W1\n"
        "lay 1,0 0\n"
        "lay 0,0 1\n"
    )
    assert main(["replay", str(record)]) == 0
    lines = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    laid = lines[1]["state"]
    assert laid["last"] == {
        "player": "R",
        "length": 4,
        "cards": 1,
        "fields": [[0, 0], [0, 1], [0, 2], [0, 3]],
    }
    assert laid["round"] == 2 and laid["round_scores"] == [{"R": 2, "B": 0}]
    assert laid["to_move"] == "B" and laid["landscape"] == {"board": "RRB/BBR", "start": [0, 0]}
    assert lines[3]["ok"] is False and lines[3]["code"] == "cover_four"
    # W1 turned a quarter (3 rows of 2) on (0,0)..(2,1) covers (0,0) (0,1) (1,0) (1,1): legal
    assert lines[4]["ok"] and lines[4]["state"]["landscape"]["board"] == "BBB/BBR/BB."
    # Water's rows: row 0 is B B (on the card) + B (the start card's): 3, counts; columns 0
    # and 1 and rows 1 and 2 lie wholly on the card: they do not count. 3 -> 1 card.
    assert lines[4]["state"]["last"] == {
        "player": "B",
        "length": 3,
        "cards": 1,
        "fields": [[0, 0], [0, 1], [0, 2]],
    }
    assert lines[4]["state"]["piles"] == {"R": 2, "B": 0}  # drew one, discarded one


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from(["rows", "groups"]))
def test_the_best_placement_is_never_beaten(seed, mode):
    rng = random.Random(seed)
    state = GAME.initial(options_of(GAME, {"mode": mode}))
    for _ in range(rng.randrange(0, 24)):
        state = GAME.apply(state, rng.choice(GAME.legal_actions(state)))
        if state.round == 2:
            break
    if state.drawn is None:
        state = GAME.apply(state, rng.choice(GAME.legal_actions(state)))
    best = best_placement(state)
    card = card_of(state, state.turn, state.drawn)
    every = []
    for action in placements(state, card):
        placed = lay(state.landscape, turned(card, action.turns), action.at, state.turn, mode)
        after = {**state.landscape.fields, **turned(card, action.turns).fields(action.at)}
        left = longest(after, OTHER[state.turn], mode)  # what it leaves the other player
        every.append((placed.cards, -left, placed.length))
        # the fast scorer agrees with the reference for every placement
        fast = score_placement(
            state.landscape.fields, turned(card, action.turns).fields(action.at), state.turn, mode
        )
        assert fast[0] == placed.length
    assert best is not None and best.cards == max(every)[0]
    chosen = turned(card, best.action.turns).fields(best.action.at)
    left = longest({**state.landscape.fields, **chosen}, OTHER[state.turn], mode)
    assert (best.cards, -left, best.length) == max(every)
    # the hint is a legal placement scoring just that
    after = GAME.apply(state, best.action)
    assert after.last.length == best.length or after.round != state.round


def test_example_decks_match_the_shipped_files():
    from pathlib import Path

    root = Path(__file__).resolve().parents[1] / "device/games/feuer_und_wasser/decks"
    for player in "RB":
        data = json.loads((root / f"feuer-und-wasser-{player}.example.json").read_text())
        assert data["player"] == player and "EXAMPLE" in data["note"]
        assert [(c["id"], c["pattern"]) for c in data["cards"]] == [
            (card_id, card.notation()) for card_id, card in EXAMPLE[player]
        ]
        assert data["start"] == START.notation()


def _replay_fuw(capsys, tmp_path, *lines: str):
    from tests.test_replay import replay_lines

    return replay_lines(capsys, tmp_path, "feuer-und-wasser", *lines)


def test_each_players_deck_is_their_own_when_both_number_their_cards_alike(capsys, tmp_path):
    """Found by testers: both decks numbered 1, 2 and Blue's draw of 1 was refused "1 is laid
    already": the laid cards were one set for both players."""
    code, out, _ = _replay_fuw(
        capsys, tmp_path, "option deck_R=1:RRB/BBR,2:RRR/BBB", "option deck_B=1:BBR/RRB,2:BBB/RRR",
        "draw 1", "lay -1,0 1", "draw 1", "draw 2",
    )  # fmt: skip
    assert code == 0
    assert out[0]["ok"] and out[1]["ok"], out
    assert out[2]["ok"] and out[2]["state"]["drawn"] == "1" and out[2]["state"]["to_move"] == "B"
    assert not out[3]["ok"] and out[3]["code"] == "lay_first"


def test_a_deck_of_no_card_is_refused_where_the_options_are_read(capsys, tmp_path):
    """Found by testers: `option deck_R=` left Red to move with every draw refused, for ever."""
    code, out, err = _replay_fuw(capsys, tmp_path, "option deck_R=", "option deck_B=1:BBR/RRB")
    assert code == 2 and out == [] and "deck_R: a deck needs at least one card" in err
    code, out, _ = _replay_fuw(capsys, tmp_path, "option deck_R=example", "draw R01")
    assert code == 0 and out[0]["ok"]  # the example deck, named
