"""The strength measure (engine/strength.py): the players, the match and its interval."""

from __future__ import annotations

import random

from engine.strength import (
    Tally,
    box_player,
    greedy_player,
    knowing_player,
    match,
    played,
    random_player,
)
from tests.stubgame.engine import STUB, State


def test_the_wilson_interval_holds_the_rate_and_narrows_with_more_games():
    low, high = Tally(18, 0, 2).interval()
    assert low < 0.9 < high and round(low, 3) == 0.699 and round(high, 3) == 0.972
    wide = Tally(9, 0, 1).interval()
    assert wide[0] < low and wide[1] > high
    assert Tally(0, 0, 0).interval() == (0.0, 1.0)


def test_the_share_of_decided_games_leaves_the_draws_out():
    """Small decks of Day and Night end drawn often by their rules: the box is judged by the
    games that are decided."""
    t = Tally(wins=9, draws=90, losses=1)
    assert t.wins / t.games == 0.09 and t.interval()[1] < 0.2
    low, high = t.decided_interval()
    assert low < 0.9 < high and low > 0.55  # 9 of 10 decided
    assert Tally(0, 5, 0).decided_interval() == (0.0, 1.0)  # nothing decided: no answer


def test_greedy_takes_the_last_stones_and_random_plays_legal_moves():
    two = State(STUB.parse_options({"pile": "2", "starter": "A"}), 2, "A")
    assert greedy_player(STUB, two, random.Random(0)).stones == 2
    for seed in range(10):
        assert STUB.is_legal(two, random_player(STUB, two, random.Random(seed)))


def test_the_box_beats_a_random_player_at_stapel_with_seats_alternating():
    tally = match(STUB, random_player, 8)
    assert tally.games == 8 and tally.wins >= 6
    # the same seeds, the same games
    assert match(STUB, random_player, 8) == tally
    assert played(STUB, {"A": box_player, "B": box_player}, 1).winner in ("A", "B")


def _druiden_tie_on_the_mp():
    """A Druiden position where no action changes the MP but the evaluation differs: the
    state, the actions, the mover and the evaluations after them."""
    from engine.search import choices
    from engine.wandernde_druiden.game import GAME

    rng = random.Random(4)
    state = GAME.initial(GAME.parse_options({}))
    while True:
        actions = choices(GAME, state)
        mover = GAME.to_move(state)
        mp = {GAME.points(GAME.apply(state, a))[mover] for a in actions}
        judged = {GAME.evaluate(GAME.apply(state, a))[mover] for a in actions}
        if len(mp) == 1 and len(judged) > 1 and not state.clash_due:
            return state, actions, mover, judged
        state = GAME.apply(state, rng.choice(actions))


def test_greedy_takes_the_most_points_now_and_greedy_plus_the_box_s_evaluation():
    """Druiden: greedy looks at the MP only (the points), greedy+ at the box's evaluation
    too (hand and creatures): where no action changes the MP, greedy's choice is at random
    among all, greedy+'s among the best evaluated."""
    from engine.strength import evaluated_player
    from engine.wandernde_druiden.game import GAME

    state, actions, mover, judged = _druiden_tie_on_the_mp()
    greedy = {greedy_player(GAME, state, random.Random(s)) for s in range(30)}
    plus = {evaluated_player(GAME, state, random.Random(s)) for s in range(30)}
    assert len(greedy) > len(plus) >= 1 and greedy <= set(actions) and plus <= set(actions)
    assert {GAME.evaluate(GAME.apply(state, a))[mover] for a in plus} == {max(judged)}


def test_a_won_game_is_greedy_s_first_choice_whatever_the_points():
    two = State(STUB.parse_options({"pile": "2", "starter": "A"}), 2, "A")
    assert STUB.is_over(STUB.apply(two, greedy_player(STUB, two, random.Random(3))))


def test_in_a_measured_game_the_defender_assigns_its_own_blockers():
    """Druiden: whoever attacks, the clash's assignment is chosen by the defender's player
    among the clashes (as the box hands it over at the table)."""
    from engine.wandernde_druiden.game import GAME
    from engine.wandernde_druiden.state import Clash

    asked = []

    def defender_of(seat: str):
        def play_it(game, state, rng, among=None):
            if among is not None:
                asked.append(seat)
                offered = [a for a in choices(game, state) if among(a)]
                assert offered and all(isinstance(a, Clash) for a in offered)
                return offered[0]
            return random_player(game, state, rng)

        return play_it

    from engine.search import choices

    played(GAME, {"A": defender_of("A"), "B": defender_of("B")}, 5)
    assert set(asked) == {"A", "B"}  # each defended in its own name


def test_with_hands_each_seat_plays_only_cards_dealt_to_it_from_its_own_deck():
    """Issue 35: measured as the table plays, each seat's deck is shuffled and dealt card by
    card, and neither player lays a card it does not hold (Druiden: B never a card of A's
    deck only, A never a dragon)."""
    from engine.strength import Table
    from engine.wandernde_druiden.game import GAME
    from engine.wandernde_druiden.state import LayCreature, LayPlace

    laid: dict[str, list[str]] = {"A": [], "B": []}
    original = Table.follow

    def follow(self, before, action, after):
        held = dict(self.held)
        if isinstance(action, LayPlace | LayCreature):
            seat = GAME.to_move(before)
            assert action.card in held[seat].cards  # played from the hand as dealt
            laid[seat].append(action.card)
        original(self, before, action, after)
        for seat in self.held:  # the known hand is the count the engine keeps
            assert len(self.held[seat].cards) == GAME.hand_count(after, seat)

    Table.follow = follow
    try:
        for seed in range(3):
            assert played(GAME, {"A": random_player, "B": greedy_player}, seed, hands=True).winner
    finally:
        Table.follow = original
    decks = {p: {c for c, _ in GAME.parse_options({}).deck(p)} for p in "AB"}
    assert laid["A"] and laid["B"]
    assert set(laid["A"]) <= decks["A"] and set(laid["B"]) <= decks["B"]
    assert "drache" in decks["B"] - decks["A"]  # the decks differ: the check means something


def test_a_game_open_at_the_limit_is_capped_and_counted_as_a_draw():
    from engine.strength import CAPPED

    assert played(STUB, {"A": random_player, "B": random_player}, 1, limit=1).winner == CAPPED
    tally = match(STUB, random_player, 4, limit=1)
    assert tally == Tally(0, 4, 0, 4)


def test_a_match_counts_the_games_its_mark_accepts_with_the_box_s_seat():
    seats = []

    def mark(game_played, seat):
        seats.append(seat)
        return game_played.actions[0] is not None and seat == "A"

    tally = match(STUB, random_player, 4, limit=1, mark=mark)
    assert seats == ["A", "B", "A", "B"] and tally.marked == 2


def test_day_and_night_s_powers_are_counted_for_the_box_s_spells_alone():
    """benchmarks/strength.py's `pow`: a game where the box cast a spell that only
    mystifies or crystallizes."""
    import importlib.util
    from pathlib import Path

    from engine.day_and_night.game import GAME as DAN
    from engine.day_and_night.state import Cast, End
    from engine.strength import Played

    path = Path(__file__).resolve().parent.parent / "benchmarks" / "strength.py"
    spec = importlib.util.spec_from_file_location("strength_bench", path)
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    options = DAN.parse_options(DAN.option_defaults)
    veil = Played(options, (Cast("veil", ((0, 0),)), End()), None, None, ("day", "day"))
    assert bench.powers_cast(veil, "day") and not bench.powers_cast(veil, "night")
    bloom = Played(options, (Cast("bloom", ((0, 1), (0, 0))),), None, None, ("day",))
    assert not bench.powers_cast(bloom, "day")  # a tile laid too: not the powers alone


def test_the_box_with_a_hand_attacks_as_the_attacker_and_defends_with_the_best_defence():
    """Measured with hands, the box is always handed the cards it holds: at its own turn,
    with the clash due and a place still to lay, it chooses as the attacker (the search),
    not the defender's best assignment; the defence itself, handed to it, is the best."""
    from engine.hands import both, playable
    from engine.search import choose
    from engine.wandernde_druiden.game import GAME
    from engine.wandernde_druiden.state import Clash
    from tests.test_wandernde_druiden_game import play as druiden

    state = druiden("place hain", "creature fuchs", "end", "place quelle", "creature kroete", "end")
    assert state.turn == "A" and state.clash_due and not state.placed
    holds = playable(GAME, state, ["hain", "hain", "eule", "wolf", "quelle", "otter", "fuchs"])
    simulations, depth = GAME.search_budget
    answer = box_player(GAME, state, random.Random(4), holds)
    assert answer == choose(GAME, state, random.Random(4), simulations, depth, among=holds).action

    def defence(action):
        return GAME.decided_by(state, action) == "B"

    best = GAME.known_best(state, "B")
    assert isinstance(best, Clash)
    assert box_player(GAME, state, random.Random(4), both(defence, holds)) == best


def test_the_knowing_player_wins_first_then_leads_on_points_then_by_the_evaluation():
    """A game without its own measure: the knowing player wins where it can, else leads on
    the points, and between equal points takes what the box's evaluation likes best."""
    from engine.strength import knowing_player
    from engine.wandernde_druiden.game import GAME

    two = State(STUB.parse_options({"pile": "2", "starter": "A"}), 2, "A")
    assert STUB.is_over(STUB.apply(two, knowing_player(STUB, two, random.Random(3))))
    state, actions, mover, judged = _druiden_tie_on_the_mp()
    chosen = {knowing_player(GAME, state, random.Random(s)) for s in range(20)}
    assert chosen <= set(actions)
    assert {GAME.evaluate(GAME.apply(state, a))[mover] for a in chosen} == {max(judged)}


def test_the_knowing_player_weighs_every_move_not_the_sample():
    """Day and Night: it lays a tile where its area grows, a target the search's sample may
    not list; with the cards it holds only."""
    from engine.day_and_night.state import Cast
    from tests.test_day_and_night_game import GAME, game

    state = game("......../......../...ddd../......../......../.......n")
    holds = lambda a: not isinstance(a, Cast) or a.spell == "put"  # noqa: E731
    for seed in range(5):
        action = knowing_player(GAME, state, random.Random(seed), holds)
        assert isinstance(action, Cast) and action.spell == "put"
        assert GAME.standing(GAME.apply(state, action), "day")[3] == 4  # its largest area
