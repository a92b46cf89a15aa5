"""The one search (engine/search.py) on the stub game, where the best move is known, and
`tabletop hint` (device/cli/hint.py) from the outside."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from device.cli.main import main
from engine.replay import options_of
from engine.search import pick_chance, search
from tests.stubgame.engine import STUB, State, Take
from tests.test_wandernde_druiden_game import play as druiden


def pile(stones: int, turn: str = "A") -> State:
    return State(STUB.parse_options({"pile": str(stones), "starter": turn}), stones, turn)


def test_the_search_takes_the_last_stones_when_it_can():
    assert search(STUB, pile(2), random.Random(1), 50).action == Take(2)


@pytest.mark.parametrize("stones", [4, 5, 7, 8])
def test_the_search_leaves_a_multiple_of_three(stones):
    """Stapel is lost for the player who faces a multiple of three: the search finds the one
    move that leaves one (perfect information, a small tree)."""
    answer = search(STUB, pile(stones), random.Random(2), 400)
    assert (stones - answer.action.stones) % 3 == 0
    assert answer.simulations == 400 and answer.visits[0][0] == answer.action


def test_the_same_seed_gives_the_same_answer_and_another_seed_may_differ():
    one = search(STUB, pile(9), random.Random(7), 30)
    assert search(STUB, pile(9), random.Random(7), 30) == one


def test_the_caller_stops_the_search_by_its_own_clock():
    calls = []

    def stop(done: int) -> bool:
        calls.append(done)
        return done >= 5

    answer = search(STUB, pile(9), random.Random(0), 1000, stop=stop)
    assert answer.simulations == 5 and calls[-1] == 5


def test_a_search_lists_each_state_s_actions_once():
    """The simulations meet the same states again and again; a search asks the game for a
    state's actions once (Day and Night's sample took most of its time before), and answers
    as if it asked every time."""
    from tests.stubgame.engine import Stapel

    asked: Counter[State] = Counter()

    class Counted(Stapel):
        def legal_actions(self, state: State) -> list[Take]:
            asked[state] += 1
            return super().legal_actions(state)

    answer = search(Counted(), pile(9), random.Random(7), 200)
    assert len(asked) > 5 and set(asked.values()) == {1}  # 200 simulations over 16 states
    assert answer == search(STUB, pile(9), random.Random(7), 200)


def test_nobody_to_move_is_a_value_error():
    over = State(pile(1).options, 0, "B", winner="A")
    with pytest.raises(ValueError, match="nobody"):
        search(STUB, over, random.Random(0), 10)


def test_chance_outcomes_are_drawn_with_their_probabilities():
    rng = random.Random(4)
    drawn = Counter(pick_chance([("a", 0.25), ("b", 0.75)], rng) for _ in range(4000))
    assert 850 < drawn["a"] < 1150 and drawn["a"] + drawn["b"] == 4000


# --- tabletop hint --------------------------------------------------------------------------


def hint(tmp_path, text: str, *args: str, capsys) -> tuple[int, str, str]:
    path = tmp_path / "game.txt"
    path.write_text(text, encoding="utf-8")
    code = main(["hint", str(path), *args])
    out, err = capsys.readouterr()
    return code, out, err


ZWEIMAL = "game zweimal\noption variant=1\nstart\n"


def test_hint_prints_the_box_s_action_as_one_json_object(tmp_path, capsys):
    code, out, err = hint(tmp_path, ZWEIMAL, "--seed", "3", "--budget", "40", capsys=capsys)
    assert code == 0 and err == ""
    found = json.loads(out)
    assert set(found) == {"action", "seat", "simulations", "ms"}
    assert found["seat"] == "A" and found["simulations"] == 40
    assert found["action"].startswith("place ")
    again = hint(tmp_path, ZWEIMAL, "--seed", "3", "--budget", "40", capsys=capsys)[1]
    assert json.loads(again)["action"] == found["action"]  # reproducible from outside


def test_hint_at_the_table_s_draw_is_exit_2(tmp_path, capsys):
    code, out, err = hint(tmp_path, "game feuer-und-wasser\n", capsys=capsys)
    assert code == 2 and out == ""
    assert err.startswith("tabletop hint: the next step is the table's (a draw)")


def test_hint_on_a_malformed_record_names_the_line(tmp_path, capsys):
    code, out, err = hint(tmp_path, "game zweimal\nstart\nplace 9,9,9\n", capsys=capsys)
    assert code == 2 and out == "" and "line 3" in err and len(err.splitlines()) == 1


def test_hint_with_a_bad_budget_or_an_unknown_game_is_exit_2(tmp_path, capsys):
    code, _, err = hint(tmp_path, ZWEIMAL, "--budget", "0", capsys=capsys)
    assert code == 2 and "--budget" in err
    code, _, err = hint(tmp_path, "game nothing\n", capsys=capsys)
    assert code == 2 and "unknown game" in err


DAN = "game day-and-night\n"


def test_hint_with_the_hand_plays_only_cards_it_names(tmp_path, capsys):
    """Day and Night: without --hand the search casts its favourite spell (Doppelsonne,
    twin-suns); holding five Einsicht (insight) it casts that or none."""
    code, out, _ = hint(tmp_path, DAN, "--seed", "1", capsys=capsys)
    first = json.loads(out)["action"]
    assert code == 0 and first.startswith("cast twin-suns")
    hand = ",".join(["insight"] * 5)
    for seed in ("1", "2"):
        code, out, err = hint(tmp_path, DAN, "--seed", seed, "--hand", hand, capsys=capsys)
        action = json.loads(out)["action"]
        assert code == 0 and err == ""
        assert not action.startswith("cast ") or action == "cast insight"


def test_hint_with_a_hand_that_does_not_fit_is_exit_2(tmp_path, capsys):
    code, _, err = hint(tmp_path, DAN, "--hand", "twin-suns", capsys=capsys)
    assert code == 2 and "holds 5 cards, --hand names 1" in err
    code, _, err = hint(tmp_path, DAN, "--hand", "dawn,dawn,dawn,dawn,nope", capsys=capsys)
    assert code == 2 and "'nope' is not a card of day's deck" in err
    five = ",".join(["twin-suns"] * 5)  # issue 35: Day's deck holds four
    code, out, err = hint(tmp_path, DAN, "--hand", five, capsys=capsys)
    assert code == 2 and out == "" and len(err.splitlines()) == 1
    assert "day's deck holds 4 twin-suns, --hand names 5" in err
    code, _, err = hint(tmp_path, ZWEIMAL, "--hand", "x", capsys=capsys)
    assert code == 2 and "zweimal has no hidden hands" in err and len(err.splitlines()) == 1


def test_hint_refuses_a_druiden_hand_of_another_player_s_deck(tmp_path, capsys):
    """Issue 35: `--hand drache x8` for A was exit 0 though only B's deck holds dragons (a
    record names each player's deck; without one, the example decks)."""
    record = "game wandernde-druiden\noption starter=A\n"
    code, out, err = hint(tmp_path, record, "--hand", ",".join(["drache"] * 8), capsys=capsys)
    assert code == 2 and out == "" and "'drache' is not a card of A's deck" in err
    assert len(err.splitlines()) == 1
    hand = ",".join(["fuchs"] * 5 + ["hain"] * 3)  # A's deck holds 4 foxes
    code, _, err = hint(tmp_path, record, "--hand", hand, capsys=capsys)
    assert code == 2 and "A's deck holds 4 fuchs, --hand names 5" in err
    own = record + "option deck_A=drache:8,fels:16,troll:8,adler:8,steinkreis:8,quelle:16\n"
    code, out, _ = hint(tmp_path, own, "--hand", ",".join(["drache"] * 8), capsys=capsys)
    assert code == 0 and "creature drache" not in out  # held, but nothing pays for it yet


CLASH_DUE = """game wandernde-druiden
option starter=A
place hain
creature fuchs
end
place quelle
creature kroete
end
place hain
clash 0
creature fuchs
creature eule
end
place quelle
creature otter
creature kroete
end
"""


def test_hint_at_the_clash_is_the_defender_s_best_defence(tmp_path, capsys):
    """Issue 35: at a clash the hint searched for the attacker and answered `clash 0,1` (1
    attack point discarded); the defender's best defence is `clash 1,0` (3), as `tabletop score
    wandernde-druiden --attackers 1,2 --defenders 2,1` gives it, for every seed."""
    for seed in ("0", "2"):
        code, out, err = hint(tmp_path, CLASH_DUE + "place hain\n", "--seed", seed, capsys=capsys)
        answer = json.loads(out)
        assert code == 0 and err == ""
        assert (answer["action"], answer["seat"], answer["simulations"]) == ("clash 1,0", "B", 0)
    code = main(["score", "wandernde-druiden", "--attackers", "1,2", "--defenders", "2,1"])
    scored = json.loads(capsys.readouterr()[0])
    assert code == 0 and scored["assignment"] == [1, 0] and scored["attack_discarded"] == 3
    code, out, _ = hint(tmp_path, CLASH_DUE, "--seed", "2", capsys=capsys)  # A may lay a place
    assert code == 0 and json.loads(out)["seat"] == "A"


def test_druiden_s_clash_is_the_defender_s_decision():
    """At Druiden's clash the defender assigns the blockers: the clash is its decision
    (`decided_by`), so solo play hands a clash the box starts to the player's own screens."""
    import random as rnd

    from engine.search import choices
    from engine.wandernde_druiden.game import GAME
    from engine.wandernde_druiden.state import Clash, End

    rng = rnd.Random(3)
    state = GAME.initial(GAME.parse_options({}))
    for _ in range(400):
        if GAME.is_over(state) or state.clash_due:
            break
        state = GAME.apply(state, rng.choice(choices(GAME, state)))
    assert state.clash_due
    clash = next(a for a in choices(GAME, state) if isinstance(a, Clash))
    assert GAME.decided_by(state, clash) != state.turn == GAME.to_move(state)
    assert GAME.decided_by(state, End()) == state.turn


def test_choose_takes_the_game_s_known_best_without_a_simulation():
    """Feuer und Wasser after a draw: the box's placement (one card further), at once; where
    the game knows none (the stub game), the search."""
    from engine.feuer_und_wasser.game import GAME as FUW, box_placement
    from engine.search import choose

    state = FUW.initial(options_of(FUW, {}))
    state = FUW.apply(state, FUW.chance_outcomes(state)[0][0])
    answer = choose(FUW, state, random.Random(0), 50, 4)
    assert answer.simulations == 0 and answer.action == box_placement(state)
    refused = choose(FUW, state, random.Random(0), 5, 1, among=lambda a: a != answer.action)
    assert refused.action != answer.action and refused.simulations == 5  # not among: searched
    seven = State(STUB.parse_options({"pile": "7", "starter": "A"}), 7, "A")
    assert choose(STUB, seven, random.Random(0), 7, 2).simulations == 7  # no known best


def test_hint_in_feuer_und_wasser_after_a_draw_is_the_box_s_placement(tmp_path, capsys):
    from engine.feuer_und_wasser.game import GAME as FUW, box_placement

    state = FUW.initial(options_of(FUW, {}))
    draw = FUW.chance_outcomes(state)[0][0]
    text = f"game feuer-und-wasser\n{FUW.format_action(draw)}\n"
    code, out, err = hint(tmp_path, text, capsys=capsys)
    best = box_placement(FUW.apply(state, draw))
    assert code == 0 and json.loads(out)["action"] == FUW.format_action(best)
    assert json.loads(out)["simulations"] == 0


def watched_druiden(laid: dict[str, list[str]]):
    """Druiden whose applied lays are noted by player (the lists' legality checks are not)."""
    from engine.core import IllegalMove
    from engine.wandernde_druiden.game import WanderndeDruiden, apply as rules
    from engine.wandernde_druiden.state import LayCreature, LayPlace

    class Watched(WanderndeDruiden):
        def is_legal(self, state, action):  # the lists try every card: not laid
            try:
                rules(state, action)
            except IllegalMove:
                return False
            return True

        def apply(self, state, action):
            if isinstance(action, LayPlace | LayCreature):
                laid.setdefault(state.turn, []).append(action.card)
            return super().apply(state, action)

    return Watched()


def test_the_search_plays_only_the_seat_s_held_cards_in_its_tree_and_play_outs():
    """Issue 32: with the seat's hand known (`Holding`: solo play, `--hand`) and nothing left
    to draw, the search's later actions for that seat play only cards it still holds, not
    any card of its deck."""
    from dataclasses import replace

    from engine.hands import playable
    from engine.search import search

    laid: dict[str, list[str]] = {}  # the cards laid in the simulations, by player
    game = watched_druiden(laid)
    state = game.initial(game.parse_options({}))
    a, b = state.sides
    state = replace(state, sides=(replace(a, pile=0), b))  # A draws nothing more
    held = ("hain", "hain", "quelle", "fuchs", "fuchs", "eule", "wolf", "hain")
    for seed in range(3):
        search(game, state, random.Random(seed), 40, 12, among=playable(game, state, held))
    assert laid["A"] and set(laid["A"]) <= set(held)
    assert {"quelle", "fuchs"} <= set(laid["A"])  # the tree went past the first action


def test_the_other_seat_plays_only_cards_neither_seat_saw_leave_its_deck():
    """Issue 32: each simulation deals the other seat's hand from its deck less the cards
    laid from it (`cards_out`): every otter of B's deck laid, B lays none in the search,
    where a hand of any card of the deck lays one in about every seventh lay."""
    from dataclasses import replace

    from engine.search import search

    laid: dict[str, list[str]] = {}
    game = watched_druiden(laid)
    state = game.initial(game.parse_options({}))
    a, b = state.sides
    assert dict(game.deck_cards(state, "B"))["otter"] == 4
    state = replace(state, sides=(a, replace(b, laid=("otter",) * 4)))
    assert game.cards_out(state, "B") == ("otter",) * 4
    for seed in range(3):
        search(game, state, random.Random(seed), 40, 30)
    assert laid["B"] and "otter" not in laid["B"]
    assert len(set(laid["B"])) > 2  # B's hands held other cards


def test_starting_the_clash_is_one_option_judged_for_the_attacker():
    """Druiden: where the attacker may lay a place or start the clash, the clash's many
    assignments (the defender's) are one option for the attacker; the search's answer is
    still an action of the game. Where every action is the defender's, nothing is grouped."""
    from engine.search import _grouped, _Handover, choices
    from engine.wandernde_druiden.game import GAME
    from engine.wandernde_druiden.state import Clash, LayPlace

    state = druiden("place hain", "creature fuchs", "end", "place quelle", "creature kroete", "end")
    assert state.turn == "A" and state.clash_due and not state.placed  # A's fox attacks
    actions = choices(GAME, state)
    options, handed = _grouped(GAME, state, "A", actions)
    assert _Handover("B") in options and all(isinstance(a, Clash) for a in handed["B"])
    assert [o for o in options if not isinstance(o, _Handover)] == [
        a for a in actions if isinstance(a, LayPlace)
    ]
    clashes = [a for a in actions if isinstance(a, Clash)]
    assert _grouped(GAME, state, "A", clashes) == (clashes, {})  # the defender's decision
    answer = search(GAME, state, random.Random(3), 20, 4)
    assert answer.action in actions and {a for a, _ in answer.visits} == set(actions)


def test_the_game_s_first_guess_counts_as_won_play_outs_at_the_root():
    """Druiden's rule of thumb (`first_guess`) starts the search: with no simulation at all
    the answer is its guess, and a guess that starts the clash counts for starting it."""
    from engine.hands import playable
    from engine.search import GUESS, PRIOR
    from engine.wandernde_druiden.game import GAME
    from engine.wandernde_druiden.state import Clash, LayPlace

    state = druiden("place hain", "creature fuchs", "end", "place quelle", "creature kroete", "end")
    wolf = playable(GAME, state, ("hain", "quelle", "wolf", "eule"))
    answer = search(GAME, state, random.Random(1), 0, 4, among=wolf)
    assert answer.action == LayPlace("hain")  # a second Hain pays for the wolf it holds
    assert dict(answer.visits)[LayPlace("hain")] == PRIOR + GUESS
    nothing = playable(GAME, state, ("eule", "otter"))  # no place to lay: the clash first
    answer = search(GAME, state, random.Random(1), 0, 4, among=nothing)
    assert isinstance(answer.action, Clash)


def test_each_simulation_deals_the_hands_where_the_game_says_so():
    """Druiden deals every hidden hand its count, the seat's known cards first; Day and Night
    (`search_deals` false: measured weaker) follows only the seat's known cards."""
    from engine.day_and_night.game import GAME as DAN
    from engine.search import _Hands
    from engine.wandernde_druiden.game import GAME as WD

    state = WD.initial(WD.parse_options({}))
    dealt = _Hands.of(WD, state, "A", ("hain", "fuchs"), random.Random(1), {}).dealt
    assert {seat: len(cards.hand) for seat, cards in dealt.items()} == {"A": 8, "B": 8}
    assert dealt["A"].hand[:2] == ["hain", "fuchs"] and len(dealt["B"].pile) == 56
    state = DAN.initial(DAN.parse_options({}))
    hands = _Hands.of(DAN, state, "day", ("sunrise",), random.Random(1), {})
    assert {seat: cards.hand for seat, cards in hands.dealt.items()} == {"day": ["sunrise"]}
    assert not hands.follow
