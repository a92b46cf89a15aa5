import itertools

import pytest
from hypothesis import example, given, settings, strategies as st

from engine.core import IllegalMove
from engine.wandernde_druiden import MpRule, best_assignment, resolve
from engine.wandernde_druiden.clash import MAX_BEST_DEFENDERS


def test_one_blocker_the_weaker_is_discarded():
    out = resolve([5], [3], [0])
    assert (out.attackers_discarded, out.defenders_discarded) == ((), (0,))
    out = resolve([3], [5], [0])
    assert (out.attackers_discarded, out.defenders_discarded) == ((0,), ())


def test_one_blocker_equal_strength_both_are_discarded():
    out = resolve([4], [4], [0])
    assert (out.attackers_discarded, out.defenders_discarded) == ((0,), (0,))


def test_several_blockers_the_strongest_is_always_discarded():
    # blockers 6 and 1 against 5: the sum 7 reaches 5 so the attacker goes, and the 6 goes too,
    # although it alone would have survived a one-to-one fight
    out = resolve([5], [6, 1], [0, 0])
    assert (out.attackers_discarded, out.defenders_discarded) == ((0,), (0,))


def test_several_blockers_sum_short_of_the_attacker():
    out = resolve([9], [4, 3], [0, 0])
    assert (out.attackers_discarded, out.defenders_discarded) == ((), (0,))


def test_several_blockers_tie_on_strongest_discards_the_first_listed():
    out = resolve([9], [4, 4], [0, 0])
    assert out.defenders_discarded == (0,)


def test_sum_equal_to_attacker_discards_it():
    assert resolve([7], [4, 3], [0, 0]).attackers_discarded == (0,)


def test_unblocked_attacker_costs_one_mp_once_per_clash():
    out = resolve([5, 3, 2], [9], [0])
    assert out.unblocked == (1, 2)
    assert out.mp_loss == 1
    assert resolve([5, 3, 2], [9], [0], MpRule.PER_UNBLOCKED).mp_loss == 2


def test_no_attackers_means_no_clash():
    out = resolve([], [4, 4, 1], [])
    assert (out.mp_loss, out.defenders_discarded, out.assignment) == (0, (), ())
    assert best_assignment([], [4, 4, 1]).assignment == ()


def test_no_defenders_every_attacker_is_unblocked():
    out = best_assignment([5, 3], [])
    assert (out.assignment, out.unblocked, out.mp_loss) == ((), (0, 1), 1)


@pytest.mark.parametrize(
    ("assignment", "message"),
    [
        ([0, 0], "3 defenders need 3 assignments, got 2"),
        ([0, 3, 1], "defender 1 blocks attacker 3"),
    ],
)
def test_bad_assignments_are_refused(assignment, message):
    with pytest.raises(IllegalMove, match=message):
        resolve([5, 3, 2], [4, 4, 1], assignment)


def test_negative_strength_is_refused():
    with pytest.raises(IllegalMove, match="attacker 1 has strength -3"):
        resolve([5, -3], [1], [0])


def test_best_assignment_of_the_issue_example():
    out = best_assignment([5, 3, 2], [4, 4, 1])
    # every attacker blocked (no MP), 3 and 2 discarded by the 4s, the 1 lost against the 5
    assert out.mp_loss == 0
    assert out.attack_discarded == 5 and out.defense_discarded == 1
    assert sorted(out.attackers_discarded) == [1, 2]


def test_best_assignment_prefers_avoiding_mp_loss_over_discarding():
    # two 9s could kill the 10 together, but then the 1 is unblocked: avoiding MP comes first
    out = best_assignment([10, 1], [9, 9])
    assert out.mp_loss == 0
    assert out.attackers_discarded == (1,)


def test_best_assignment_with_unavoidable_mp_loss_still_discards_most():
    out = best_assignment([10, 1, 1], [6, 5])
    assert out.mp_loss == 1
    assert out.attack_discarded == 10  # both defenders on the 10


def test_weak_blocker_is_sacrificed_not_the_strong_one():
    # the 9 cannot stop the 10 alone; the 5 beats the 1. Put the 9 on the 1 and lose the 5.
    out = best_assignment([1, 10], [5, 9])
    assert out.attack_discarded == 1 and out.defense_discarded == 5


def test_five_equal_attackers_against_weak_defenders_regression():
    # found by the property test below: the search indexed past its table (IndexError)
    out = best_assignment([3, 3, 3, 3, 3], [0, 0, 1, 1, 1])
    assert out.mp_loss == 0 and len(out.assignment) == 5
    assert out == resolve([3, 3, 3, 3, 3], [0, 0, 1, 1, 1], out.assignment)


@pytest.mark.parametrize(
    ("attackers", "defenders", "message"),
    [
        ([2**62], [1], "strengths are at most 99"),
        ([1], [100], "strengths are at most 99"),
        ([1] * 65, [1], "at most 64 per side"),
        ([1] * 13, [1], "at most 12 attackers and 12 defenders"),
        ([1] * 150, [1] * 12, "at most 64 per side"),
    ],
)
def test_clashes_beyond_the_documented_limits_are_refused(attackers, defenders, message):
    with pytest.raises(IllegalMove, match=message):
        best_assignment(attackers, defenders)


def test_too_many_defenders_for_the_search_is_a_clear_error():
    with pytest.raises(IllegalMove, match=f"and {MAX_BEST_DEFENDERS} defenders"):
        best_assignment([1], [1] * (MAX_BEST_DEFENDERS + 1))


def _key(outcome):
    return (outcome.mp_loss, -outcome.attack_discarded, outcome.defense_discarded)


strengths = st.integers(0, 8)


@settings(max_examples=400, deadline=None)
@given(
    st.lists(strengths, min_size=1, max_size=4),
    st.lists(strengths, min_size=0, max_size=6),
    st.sampled_from(list(MpRule)),
)
def test_best_is_never_worse_than_any_enumerated_assignment(attackers, defenders, rule):
    best = best_assignment(attackers, defenders, rule)
    # the answer is a real assignment, scored by the same rules
    assert best == resolve(attackers, defenders, best.assignment, rule)
    every = [
        resolve(attackers, defenders, a, rule)
        for a in itertools.product(range(len(attackers)), repeat=len(defenders))
    ]
    assert _key(best) == min(_key(o) for o in every)


@settings(max_examples=60, deadline=None)
@given(st.lists(strengths, min_size=5, max_size=8), st.lists(strengths, min_size=5, max_size=10))
@example([3, 3, 3, 3, 3], [0, 0, 1, 1, 1])  # once an IndexError in the search (issue 8)
def test_best_on_large_clashes_is_a_valid_assignment_no_worse_than_greedy_ones(
    attackers, defenders
):
    best = best_assignment(attackers, defenders)
    assert len(best.assignment) == len(defenders)
    # compare with round-robin and all-on-one assignments
    candidates = [
        [d % len(attackers) for d in range(len(defenders))],
        [0] * len(defenders),
        [len(attackers) - 1 - d % len(attackers) for d in range(len(defenders))],
    ]
    for c in candidates:
        assert _key(best) <= _key(resolve(attackers, defenders, c))
