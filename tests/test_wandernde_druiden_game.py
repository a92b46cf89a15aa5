"""Wandernde Druiden's engine (engine/wandernde_druiden/game.py) and its cards as data: the
turn (draws, one power place before the clash, creatures paid by kind, the hand cut at the
end), the clash with MP loss and the immediate discard, the two ways to lose, the notation,
the card set and deck checks, and the property that what the box shows of a clash is what
`tabletop score wandernde-druiden --assign` and `tabletop replay` say."""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from device.cli.main import main
from device.games.deck_files import DeckError
from device.games.wandernde_druiden import screen as screens
from device.games.wandernde_druiden.cards import check_deck, check_set, options
from device.games.wandernde_druiden.view import clash_action, shown_outcome
from engine.core import IllegalMove, NotationError
from engine.replay import format_record
from engine.wandernde_druiden.cards import EXAMPLE, EXAMPLE_DATA, deck_problems
from engine.wandernde_druiden.game import GAME, clash_outcome
from engine.wandernde_druiden.state import Clash, End, LayCreature, LayPlace

SCREENS = screens.WanderndeDruidenScreens()

DECKS = Path(__file__).parent.parent / "device" / "games" / "wandernde_druiden" / "decks"


def play(*texts: str, **options: str):
    state = GAME.initial(GAME.parse_options(options))
    for text in texts:
        state = GAME.apply(state, GAME.parse_action(text))
    return state


def refused(state, text: str) -> str:
    with pytest.raises(IllegalMove) as caught:
        GAME.apply(state, GAME.parse_action(text))
    assert caught.value.code in GAME.refusal_codes
    return caught.value.code


def test_the_draw_step_and_the_hand_cut_at_the_end_of_a_turn():
    s = play("place hain", "end")
    assert s.turn == "B" and s.drawn == 1 and s.side("B").hand == 9  # first turn: up to 9
    s = play("place hain", "end", "end")
    assert s.side("B").hand == 8 and s.side("B").discard == 1  # cut to MP at the turn's end
    assert s.turn == "A" and s.drawn == 1 and s.side("A").hand == 8  # A: up to the MP
    assert s.side("A").pile == 64 - 8 - 1
    s = play("end", starter="B")
    assert s.turn == "A" and s.side("A").hand == 9  # A did not begin


def test_one_power_place_a_turn_before_the_clash_and_creatures_paid_by_kind():
    s = play("place hain")
    assert refused(s, "place quelle") == "place_laid"
    assert refused(s, "creature wolf") == "no_power"  # two Hain
    assert refused(s, "creature kroete") == "no_power"  # a Quelle
    assert refused(s, "place wolf") == "not_a_place"
    assert refused(s, "creature hain") == "not_a_creature"
    assert refused(s, "creature nobody") == "no_such_card"
    s = GAME.apply(s, LayCreature("fuchs"))
    assert [p.used for p in s.side("A").places] == [True]
    assert refused(s, "place quelle") == "place_laid"
    # after a creature laid with nothing to attack, no power place any more
    s = play("end", "place quelle", "creature kroete")
    assert refused(s, "place fels") == "place_laid"
    s = play("place hain", "creature fuchs", "end", "place quelle", "creature otter", "end")
    assert refused(s, "creature eule") == "clash_first"  # the fox attacks first
    assert refused(s, "end") == "clash_first"
    s = GAME.apply(s, GAME.parse_action("clash 0"))
    assert refused(s, "place hain") == "clash_done"
    assert refused(s, "clash 0") == "clash_done"
    # the Hain is free again in A's new turn
    s = GAME.apply(s, LayCreature("eule"))
    assert [c.card for c in s.side("A").creatures] == ["eule"]


def test_the_clash_takes_mp_and_cuts_the_hand_at_once():
    s = play("place hain", "creature fuchs", "end", "end", "place hain")
    assert s.side("B").hand == 8
    s = GAME.apply(s, Clash(()))
    assert s.side("B").mp == 7 and s.side("B").hand == 7 and s.clash.hand_cut == 1
    assert s.side("B").discard == 2  # one at the end of the turn before, one now


def test_per_unblocked_mp_loss_counts_each_attacker():
    s = play(
        "place hain", "creature fuchs", "end", "end", "place hain", "clash -",
        "creature fuchs", "creature eule", "end", "end", "place hain",
        rule="per-unblocked",
    )  # fmt: skip
    assert len(s.side("A").creatures) == 3
    s = GAME.apply(s, Clash(()))
    assert s.side("B").mp == 7 - 3


def test_ties_the_defender_picks_and_bad_picks_are_refused():
    s = play(
        "place quelle", "creature otter", "end", "place quelle", "creature otter", "end",
        "place quelle", "clash 0", "creature otter", "end",
    )  # fmt: skip
    # B's otter and A's otter tied: both gone; now A has one otter, B attacks with none
    assert [c.strength for c in s.side("A").creatures] == [2]
    s = play(
        "place quelle", "end", "place quelle", "creature kroete", "end",
        "place quelle", "creature otter", "creature otter", "end", "place fels",
    )  # fmt: skip
    # B's toad attacks; A's two otters both block it: the strongest tie, A picks
    out = clash_outcome(s, Clash((0, 0)))
    assert out.defenders_discarded == (0,) and out.attackers_discarded == (0,)
    assert clash_outcome(s, Clash((0, 0), (1,))).defenders_discarded == (1,)
    assert refused(s, "clash 0,0 discard 2") == "bad_pick"
    assert refused(s, "clash 0,0 discard 0,1") == "bad_pick"
    assert refused(s, "clash 0,1") == "bad_assignment"
    assert refused(s, "clash 0") == "bad_assignment"
    s = GAME.apply(s, Clash((0, 0), (1,)))
    assert s.side("A").creatures == (s.clash.defenders[0],)


def test_lost_by_zero_mp_or_an_empty_hand():
    s = play(
        "place hain", "creature fuchs", "end", "end", "place hain", "clash -",
        rule="per-unblocked",
    )  # fmt: skip
    assert not s.over
    from dataclasses import replace

    weak = replace(s, sides=(s.sides[0], replace(s.sides[1], mp=1)))
    weak = replace(weak, clashed=False)
    over = GAME.apply(weak, Clash(()))
    assert over.loser == "B" and over.why == "mp" and GAME.result(over).winner == "A"
    assert GAME.sample_actions(over) == [] and refused(over, "end") == "game_over"
    last = replace(s, sides=(replace(s.sides[0], hand=1), s.sides[1]))
    gone = GAME.apply(last, LayCreature("fuchs"))
    assert gone.loser == "A" and gone.why == "hand"
    assert GAME.result(gone).rounds[0].details == (("loser", "A"), ("why", "hand"))


@pytest.mark.parametrize(
    "text",
    ["", "place", "place a b", "place ä", "clash", "clash 0,x", "clash 0 discard", "clash 0 drop 1",
     "clash 0 discard -", "end now", "fly", "creature " + "x" * 41],
)  # fmt: skip
def test_bad_notation_is_one_line(text):
    with pytest.raises(NotationError) as caught:
        GAME.parse_action(text)
    assert "\n" not in str(caught.value)


def test_the_notation_round_trips():
    for action in (LayPlace("hain"), LayCreature("wolf"), Clash(()), Clash((0, 1, 1), (2,)), End()):
        assert GAME.parse_action(GAME.format_action(action)) == action


def test_options_round_trip_and_bad_options_are_one_line():
    options = GAME.parse_options({"rule": "per-unblocked", "starter": "B"})
    assert GAME.parse_options(GAME.format_options(options)) == options
    for bad in ({"rule": "twice"}, {"starter": "C"}, {"cards": "{"}, {"cards": "[]"}):
        with pytest.raises(NotationError):
            GAME.parse_options(bad)


# --- cards as data ---------------------------------------------------------------------------


def test_the_shipped_card_set_is_the_engines_example_and_the_example_decks_are_legal():
    path = DECKS / "wandernde-druiden-cards.example.json"
    data = json.loads(path.read_text("utf-8"))
    assert check_set(path, data) == EXAMPLE
    assert {k: data[k] for k in ("kinds", "cards")} == EXAMPLE_DATA
    assert "EXAMPLE" in data["note"]
    for player in "AB":
        deck = DECKS / f"wandernde-druiden-{player}.example.json"
        deck_data = json.loads(deck.read_text("utf-8"))
        assert check_deck(deck, deck_data, EXAMPLE) == [] and "EXAMPLE" in deck_data["note"]
        assert sum(e["copies"] for e in deck_data["deck"]) == 64
    assert options([path]) == {"cards": GAME.format_options(GAME.parse_options({}))["cards"]}


def test_the_engine_s_example_decks_are_the_shipped_deck_files():
    from engine.wandernde_druiden.cards import EXAMPLE_DECKS

    for player in "AB":
        data = json.loads((DECKS / f"wandernde-druiden-{player}.example.json").read_text("utf-8"))
        assert tuple((e["id"], e["copies"]) for e in data["deck"]) == EXAMPLE_DECKS[player]
        assert GAME.parse_options({}).deck(player) == EXAMPLE_DECKS[player]


def test_a_player_lays_only_cards_of_their_own_deck():
    """Rules version 3: a game names each player's deck (`deck_A`, `deck_B`); a card of the
    set that is not in the mover's deck is refused. Not named: the example decks."""
    assert refused(play(), "place fels") == "not_in_own_deck"  # a place of B's deck only
    assert refused(play("place hain", "end"), "place hain") == "not_in_own_deck"
    state = play("place hain", "creature fuchs", "end", "place fels")
    assert refused(state, "creature fuchs") == "not_in_own_deck"
    free = {"deck_rules": "free", "deck_A": "fels:20,troll:4"}
    state = play("place fels", **free)  # A's own deck, as the record names it
    assert state.side("A").places[0].card == "fels"
    assert refused(play(**free), "place hain") == "not_in_own_deck"
    assert GAME.deck_cards(state, "A") == (("fels", 20), ("troll", 4))


def test_a_record_with_its_own_card_set_and_no_decks_lays_any_card_of_the_set():
    """As before rules version 3 (games saved under version 2 replay the same)."""
    own = GAME.format_options(GAME.parse_options({}))["cards"]
    state = play("place fels", "end", "place hain", cards=own)
    assert [p.card for p in state.side("A").places] == ["fels"]
    assert [p.card for p in state.side("B").places] == ["hain"]
    assert dict(GAME.deck_cards(state, "A"))["drache"] == 8  # its copy limit
    assert GAME.rules_version == 4 and 2 in GAME.replays_versions


def test_the_pile_counts_from_the_deck_the_record_names():
    state = play(deck_rules="free", deck_A="hain:12,fuchs:8", deck_B="fels:5")
    assert (state.side("A").hand, state.side("A").pile) == (8, 12)
    assert (state.side("B").hand, state.side("B").pile) == (5, 0)
    assert (play().side("A").hand, play().side("A").pile) == (8, 56)


@pytest.mark.parametrize(
    "options, words",
    [
        ({"deck_A": "zauber:64"}, "deck_A: 'zauber' is not a card of the set"),
        ({"deck_B": "fels:14,fels:50"}, "deck_B: fels listed twice"),
        ({"deck_A": "hain:0"}, "deck_A: hain needs copies from 1 to 64"),
        ({"deck_A": "hain"}, "deck_A: hain needs copies from 1 to 64"),
        ({"deck_A": "hain:16,quelle:16"}, "deck_A: 32 cards, a deck has 64"),
        ({"deck_A": "hain:16,quelle:16,wolf:9,fels:16,eule:7"}, "9 copies of Wolf, at most 8"),
    ],
)
def test_a_bad_deck_option_is_one_line_naming_it(options, words):
    with pytest.raises(NotationError) as caught:
        GAME.parse_options(options)
    assert words in str(caught.value) and "\n" not in str(caught.value)


def test_the_deck_options_survive_their_text():
    for values in ({}, {"deck_rules": "free", "deck_A": "fels:3", "deck_B": ""}):
        options = GAME.parse_options(values)
        assert GAME.parse_options(GAME.format_options(options)) == options


def test_a_config_deck_file_names_that_player_s_deck_in_new_games(tmp_path):
    data = json.loads((DECKS / "wandernde-druiden-B.example.json").read_text("utf-8"))
    data["player"] = "A"  # A plays B's example deck
    path = tmp_path / "a.json"
    path.write_text(json.dumps(data), "utf-8")
    found = options([path])
    assert found["deck_A"].startswith("fels:14,steinkreis:8,") and "deck_B" not in found
    state = GAME.initial(GAME.parse_options(found))
    assert state.options.deck("A") == state.options.deck("B")  # B: the example deck
    assert refused(state, "place hain") == "not_in_own_deck"


def test_deck_problems_name_the_card_and_the_limit():
    assert deck_problems(EXAMPLE, {"hain": 16, "wolf": 9, "x": 1, "eule": 8}) == [
        ("too_many", {"card": "Wolf", "n": 9, "max": 8}),
        ("unknown", {"card": "x", "n": 1}),
        ("size", {"n": 34, "size": 64}),
    ]
    assert deck_problems(EXAMPLE, {"hain": 17, "quelle": 16, "fels": 16, "eule": 8, "fuchs": 7})


@pytest.mark.parametrize(
    "change, words",
    [
        (lambda d: d["cards"].append(dict(d["cards"][0])), "twice"),
        (lambda d: d["cards"][4].update(strength=100), "strength"),
        (lambda d: d["cards"][4].update(cost={"sumpf": 1}), "sumpf"),
        (lambda d: d["cards"][0].update(kind="sumpf"), "kind"),
        (lambda d: d["cards"][0].update(name="A very long name"), "name"),
        (lambda d: d["cards"][0].update(type="spell"), "type"),
        (lambda d: d.update(kinds=[]), "kinds"),
    ],
)  # fmt: skip
def test_a_bad_card_set_file_is_one_line_naming_the_card(tmp_path, change, words):
    data = json.loads((DECKS / "wandernde-druiden-cards.example.json").read_text("utf-8"))
    change(data)
    path = tmp_path / "cards.json"
    path.write_text(json.dumps(data), "utf-8")
    with pytest.raises(DeckError) as caught:
        options([path])
    assert words in str(caught.value) and "\n" not in str(caught.value)


def test_a_deck_naming_a_card_outside_the_set_is_refused_at_start(tmp_path):
    path = tmp_path / "deck.json"
    path.write_text(json.dumps({"game": "wandernde-druiden", "deck": [{"id": "x", "copies": 64}]}))
    with pytest.raises(DeckError, match="card x is not in the set"):
        options([path])


# --- the clash the box shows is the clash tabletop score and tabletop replay give -------------

CARDS = json.dumps(
    {
        "kinds": [{"id": "k", "name": "K"}],
        "cards": [{"id": "p", "name": "P", "type": "place", "kind": "k"}]
        + [{"id": f"s{v}", "name": f"S{v}", "type": "creature", "strength": v} for v in range(100)],
    }
)


def _cli(*args: str):
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = main(list(args))
    return code, out.getvalue()


@settings(max_examples=40, deadline=None)
@given(
    data=st.data(),
    attackers=st.lists(st.integers(0, 99), min_size=1, max_size=7),
    defenders=st.lists(st.integers(0, 99), max_size=8),
    rule=st.sampled_from(["once", "per-unblocked"]),
)
def test_the_clash_the_box_shows_is_the_score_commands_and_replays(
    data, attackers, defenders, rule, tmp_path_factory
):
    assignment = tuple(
        data.draw(st.lists(st.integers(0, len(attackers) - 1), min_size=len(defenders),
                           max_size=len(defenders)))
    )  # fmt: skip
    texts = [f"creature s{v}" for v in attackers] + ["end"]
    texts += [f"creature s{v}" for v in defenders] + ["end"]
    options = {"rule": rule, "cards": CARDS}
    state = play(*texts, **options)
    assert state.clash_due
    # what the box shows: the clash view set with the buttons, the outcome it draws
    view = SCREENS.on_button(state, SCREENS.initial_view(state), "ok").view
    for d, a in enumerate(assignment):
        view = screens.View("clash", d, view.assignment)
        while view.assignment[d] != a:
            view = SCREENS.on_button(state, view, "right").view
    shown = shown_outcome(state, view)
    code, out = _cli(
        "score", "wandernde-druiden", "--attackers", ",".join(map(str, attackers)),
        "--defenders", ",".join(map(str, defenders)), "--assign", ",".join(map(str, assignment)),
        "--mp-rule", rule,
    )  # fmt: skip
    assert code == 0
    expected = json.loads(out)
    assert {
        "assignment": list(shown.assignment),
        "mp_loss": shown.mp_loss,
        "attackers_discarded": list(shown.attackers_discarded),
        "defenders_discarded": list(shown.defenders_discarded),
        "unblocked": list(shown.unblocked),
        "attack_discarded": shown.attack_discarded,
        "defense_discarded": shown.defense_discarded,
    } == expected
    # and the referee, replaying the record with that clash, says the same
    record = tmp_path_factory.mktemp("wd") / "record.txt"
    actions = [GAME.parse_action(t) for t in texts] + [clash_action(view)]
    record.write_text(format_record(GAME, GAME.parse_options(options), actions), "utf-8")
    code, out = _cli("replay", str(record))
    assert code == 0
    last = json.loads(out.splitlines()[-2])["state"]["clash"]
    assert {k: last[k] for k in expected} == expected


def _druiden_deck(**copies: int) -> str:
    return json.dumps(
        {"game": "wandernde-druiden", "deck": [{"id": k, "copies": n} for k, n in copies.items()]}
    )


@pytest.mark.parametrize(
    ("copies", "says"),
    [
        ({"hain": 32, "quelle": 23, "fuchs": 9}, "9 copies of Fuchs, at most 8"),  # 64 cards
        ({"hain": 16, "quelle": 12, "fuchs": 8, "eule": 8, "wolf": 8, "otter": 8, "kroete": 5},
         "64 cards a deck, this one has 65"),
    ],
)  # fmt: skip
def test_a_config_deck_that_breaks_the_deck_rules_is_exit_78(tmp_path, capsys, copies, says):
    """ "64 Karten, davon je maximal 8 Kopien": found by testers, such decks started."""
    from tests.test_bad_inputs import one_line, start_with_deck

    code, err, path = start_with_deck(tmp_path, capsys, _druiden_deck(**copies))
    one_line(code, err, (78,))
    assert says in err and str(path) in err


def test_deck_rules_free_is_a_record_option_that_replays(tmp_path, capsys):
    from device.cli.main import main

    path = tmp_path / "r.txt"
    path.write_text("game wandernde-druiden\noption deck_rules=free\nend\n")
    assert main(["replay", str(path)]) == 0
    path.write_text("game wandernde-druiden\noption deck_rules=loose\nend\n")
    assert main(["replay", str(path)]) == 2
    assert "deck_rules: expected strict or free" in capsys.readouterr()[1]


def test_a_designers_box_asks_the_deck_rules_and_the_status_says_free():
    from dataclasses import replace

    from device import games
    from engine.replay import options_of

    games.set_up(deck_rules="free")
    try:
        screens = games.GAMES["wandernde-druiden"].screens  # set up as the box does
        keys = [q.key for q in screens.questions({})]
        assert keys[-1] == "deck_rules"
        state = GAME.initial(options_of(GAME, {"deck_rules": "free"}))
        assert screens.status(state, "de") == "WD Zug 1 · A · frei"
        assert len(screens.status(replace(state, turn_number=12), "en")) <= 21
    finally:
        games.set_up()
    assert "deck_rules" not in [q.key for q in screens.questions({})]  # an ordinary box


def test_the_rule_of_thumb_lays_the_place_it_needs_then_attacks_then_its_strongest():
    """The search's first guess (engine/wandernde_druiden/tactics.py): the place that pays
    for the creatures held (unknown hand: the kind the deck needs most), the clash before
    creatures, the strongest creature that can be paid, never the last card of the hand."""
    import random
    from dataclasses import replace

    from engine.wandernde_druiden.tactics import first_guess

    rng = random.Random(0)
    places = [LayPlace("hain"), LayPlace("quelle")]
    state = play("place quelle", "end")  # B's first turn: no place of its own yet
    assert first_guess(state, [LayPlace("fels"), LayPlace("quelle")], rng, None) == LayPlace(
        "fels"
    )  # B's deck needs Felsen most
    state = play("place hain", "end", "place fels", "end")  # A: one Hain in play
    assert first_guess(state, places, rng, ["otter", "quelle", "hain"]) == LayPlace("quelle")
    assert first_guess(state, places, rng, ["wolf", "quelle", "hain"]) == LayPlace("hain")
    state = play("place hain", "creature fuchs", "end", "place fels", "end")
    clash = Clash((), ())
    assert first_guess(state, [clash, *places], rng, ["hain", "eule"]) == LayPlace("hain")
    assert first_guess(state, [clash], rng, ["eule"]) == clash
    state = play("place hain", "end", "place fels", "end", "place hain")
    creatures = [LayCreature("fuchs"), LayCreature("wolf"), LayCreature("eule"), End()]
    assert first_guess(state, creatures, rng, ["fuchs", "wolf", "eule"]) == LayCreature("wolf")
    last = replace(state, sides=(replace(state.side("A"), hand=1), state.side("B")))
    assert first_guess(last, creatures, rng, ["wolf"]) == End()  # the last card: not laid
