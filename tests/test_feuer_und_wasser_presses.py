"""Fewer presses at the table in Feuer und Wasser: the card starts on the tip (the best place)
and the arrows jump between legal places (benchmarks/lay_presses.py prints the figures)."""

from tests.bench_scripts import load


def test_a_player_who_lays_for_the_most_needs_at_most_two_presses_a_lay_on_average():
    bench = load("lay_presses")
    results, off_tip = bench.measure(3)
    assert bench.mean(results["for the most"]) <= 2.0
    assert bench.mean(results["the box's choice"]) <= 2.0  # a player who plays as the box
    for counts in results.values():  # every place meant was reached (measure asserts it)
        assert all(c.actions > 0 for c in counts.values())
    # the start is where such a player most likely lays: closer than for one who lays anywhere
    assert bench.mean(results["for the most"]) < bench.mean(results["anywhere"])
    for model, off in off_tip.items():  # a card laid off the tip: an arrow at least, and ok
        assert off.actions > 0 and off.presses >= 2 * off.actions, model
