"""The player who knows the game (engine/strength.py's `knowing_player`), in each game a
measure of its own (`Game.standing`) that weighs more than the points greedy plays for."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from device import games
from engine.contract import points_lead
from engine.core import evolve
from engine.feuer_und_wasser.counting import longest
from engine.strength import knowing_player, random_player
from engine.wandernde_druiden.state import Creature
from engine.zweimal.position import parse_position, reach


def _states(game, seed: int, count: int, options=None):
    """States of random games where a player is to move (not the table's draw)."""
    rng = random.Random(seed)
    parsed = game.parse_options({**game.option_defaults, **(options or {})})
    state, found = game.initial(parsed), []
    while len(found) < count:
        if game.is_over(state):
            state = game.initial(parsed)
        chance = game.chance_outcomes(state)
        if chance is None and game.to_move(state) is not None:
            found.append(state)
        action = random_player(game, state, rng) if chance is None else chance[0][0]
        state = game.apply(state, action)
    return found


@pytest.mark.parametrize(
    ("game_id", "options"),
    [
        ("zweimal", {}),
        ("zweimal", {"variant": "2"}),
        ("feuer-und-wasser", {}),
        ("feuer-und-wasser", {"mode": "groups"}),
        ("wandernde-druiden", {}),
    ],
)
def test_the_knowing_player_plays_its_measure_and_sees_what_greedy_ties_on(game_id, options):
    """Its move is one of the best by its measure; and where several moves give the same
    points (greedy's ties), the measure tells some of them apart: its column is not
    greedy's."""
    game = games.GAMES[game_id].game
    told_apart = 0
    for i, state in enumerate(_states(game, 7, 60, options)):
        seat = game.to_move(state)
        moves = list(game.every_move(state))
        after = {a: game.apply(state, a) for a in moves}
        open_ = [a for a in moves if not game.is_over(after[a])]
        if len(open_) != len(moves) or len(moves) < 2:
            continue  # a move ends the game: won or lost comes first for both
        movers = {a: game.decided_by(state, a) or seat for a in moves}
        value = {a: game.standing(after[a], movers[a]) for a in moves}
        chosen = knowing_player(game, state, random.Random(i))
        assert value[chosen] == max(value.values())
        lead = {a: points_lead(game.points(after[a]), movers[a], game.players) for a in moves}
        greedy_best = [a for a in moves if lead[a] == max(lead.values())]
        told_apart += len({value[a] for a in greedy_best}) > 1
    assert told_apart > 0


def test_zweimal_the_majorities_a_road_can_still_reach():
    # four roads of four (the rows): A holds two of row 0, B one of row 1, row 2 is split
    position = parse_position("-A-A-.-./-B-.-.-./-A-B-.-./-.-.-.-.")
    # with a figure each left: A reaches 3 on row 0 (12), 2 on row 2 (8), 1 on row 3 (4);
    # B reaches 2 on row 1 (8), 2 on row 2 (8), 1 on row 3 (4)
    assert reach(position, {"A": 1, "B": 1}) == {"A": 12 + 8 + 4, "B": 8 + 8 + 4}
    # none left: only the majorities held now
    assert reach(position, {"A": 0, "B": 0}) == {"A": 8, "B": 4}


def test_feuer_und_wasser_weighs_the_rows_the_next_cards_build_on():
    game = games.GAMES["feuer-und-wasser"].game
    state = _states(game, 3, 12)[-1]
    seat = game.to_move(state)
    lead, theirs, own = game.standing(state, seat)
    fields = state.landscape.fields
    other = "B" if seat == "R" else "R"
    assert (theirs, own) == (-longest(fields, other, "rows"), longest(fields, seat, "rows"))
    assert lead == points_lead(game.points(state), seat, game.players)


def test_druiden_counts_the_mp_the_clash_to_come_takes():
    """A to move, before its clash: its strength 3 creature meets nobody, so B loses an MP;
    against a blocker of 4 the attacker goes and B keeps its MP."""
    game = games.GAMES["wandernde-druiden"].game
    state = game.initial(game.parse_options(game.option_defaults))
    assert state.turn == "A" and not state.clashed
    a, b = state.sides
    alone = replace(state, sides=(evolve(a, creatures=(Creature("wolf", 3),)), b))
    assert game.standing(alone, "A") == (1, 3, 0)
    assert game.standing(alone, "B") == (-1, -3, 0)
    blocked = replace(alone, sides=(alone.sides[0], evolve(b, creatures=(Creature("troll", 4),))))
    assert game.standing(blocked, "A") == (0, -4, 0)  # the wolf goes, the troll stays
    later = replace(alone, clashed=True)  # A has clashed: the next clash is B's, and B has none
    assert game.standing(later, "A")[:2] == (0, 3)
