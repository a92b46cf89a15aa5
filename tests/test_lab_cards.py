"""Issue 61: what one card does. Paired runs (the same game numbers and seeds under two
decks: the same deals but for the card changed) compared game by game (`lab compare`), and
`lab cards`: each card of a deck with a copy more and a copy less, ranked by its effect on
its side's score, on real Dask (a local cluster; a real scheduler with two workers on the
loopback), cut with kill -9 and resumed. Wandernde Druiden's greedy players: fast enough for
a few thousand games here."""

from __future__ import annotations

import copy
import json
import os
import signal
import subprocess
import time
from pathlib import Path

import pytest

from tests.test_lab import TABLETOP, cluster_on_loopback, lab
from tests.webserver import ROOT

pytest.importorskip(
    "distributed", reason="the lab's extra (dask) is not installed: ./dev test installs it"
)
DRUIDS = ["wandernde-druiden", "--agents", "greedy,greedy"]
DECK_A = "hain:16,quelle:12,fuchs:4,eule:5,kroete:3,otter:5,wolf:7,hirsch:7,einhorn:5"
DECK_B = "fels:14,steinkreis:8,quelle:10,kroete:4,otter:4,salamander:8,adler:7,troll:6,drache:3"


def strengthened(card: str, strength: int) -> str:
    """The example card set with one creature made stronger, as the option `cards`."""
    from engine.wandernde_druiden.cards import EXAMPLE_DATA

    data = copy.deepcopy(EXAMPLE_DATA)
    (found,) = [c for c in data["cards"] if c["id"] == card]
    found["strength"] = strength
    return json.dumps(data, separators=(",", ":"))


def cards(out: Path, games: int, *more: str) -> list[dict]:
    lab("cards", *DRUIDS, "--games", str(games), "--seat", "A", "--out", str(out), *more)
    return json.loads((out / "cards.json").read_text())


def test_a_strengthened_card_is_ranked_first_with_an_interval_above_zero(tmp_path):
    """The Eule (strength 2, one Hain) at strength 9 for the same cost: a copy more of it
    wins its side more than a copy of any other card, and its interval excludes zero."""
    options = ["--option", f"cards={strengthened('eule', 9)}", "--option", f"deck_A={DECK_A}",
               "--option", f"deck_B={DECK_B}"]  # fmt: skip
    found = cards(tmp_path / "strong", 200, *options)
    assert [row["card"] for row in found][0] == "eule", found
    assert found[0]["low"] > 0 and found[0]["games"] == 200
    assert len(found) == 9 and {row["seat"] for row in found} == {"A"}
    said = lab("cards", *DRUIDS, "--games", "200", "--seat", "A", "--out",
               str(tmp_path / "strong"), "--resume", *options).stdout  # fmt: skip
    assert said.splitlines()[1].startswith("  A eule (5 copies): +")
    assert "a copy more helps its side" in said.splitlines()[1]


def test_on_the_unchanged_deck_no_more_intervals_exclude_zero_than_they_promise(tmp_path):
    """The example decks as shipped: at most 5% of the cards' intervals exclude zero
    (of A's 9 cards: none)."""
    found = cards(tmp_path / "plain", 200)
    excluding = [row["card"] for row in found if row["low"] > 0 or row["high"] < 0]
    assert len(excluding) <= 0.05 * len(found), found


def test_identical_decks_differ_by_exactly_zero_and_pairing_is_narrower(tmp_path):
    """Two runs of the same deck: every figure the same in every game. A deck with three
    Einhorn more, on two games (Druiden, and Day and Night's small decks with one Doppelmond
    more): the paired interval at most as wide as the unpaired one on the same games."""
    for name in ("a", "b"):
        lab("run", *DRUIDS, "--games", "60", "--out", str(tmp_path / name))
    same = json.loads(lab("compare", str(tmp_path / "a"), str(tmp_path / "b"), "--json").stdout)
    assert same["paired"] and all(r["difference"] == 0 and r["identical"] for r in same["paired"])
    said = lab("compare", str(tmp_path / "a"), str(tmp_path / "b")).stdout
    assert "the same in every one of the 60 games" in said
    more = DECK_A.replace("einhorn:5", "einhorn:8")
    lab("run", *DRUIDS, "--games", "60", "--out", str(tmp_path / "c"), "--option",
        "deck_rules=free", "--option", f"deck_A={more}")  # fmt: skip
    from engine.day_and_night.spells import small_decks

    small = small_decks()
    night = json.loads(small["deck_night"])
    night[0]["copies"] += 1
    dan = ["day-and-night", "--agents", "greedy,random", "--games", "24"]
    for name, deck in (("d", small["deck_night"]), ("e", json.dumps(night))):
        decks = [f"deck_day={small['deck_day']}", f"deck_night={deck}"]
        lab("run", *dan, "--out", str(tmp_path / name), "--option", "deck_rules=free",
            "--option", decks[0], "--option", decks[1])  # fmt: skip
    for a, b in (("a", "c"), ("d", "e")):
        rows = json.loads(lab("compare", str(tmp_path / a), str(tmp_path / b), "--json").stdout)
        scores = [r for r in rows["paired"] if r["kind"] == "score" and not r["identical"]]
        assert scores, rows["paired"]
        for row in scores:
            paired, unpaired = row["high"] - row["low"], row["unpaired_high"] - row["unpaired_low"]
            assert paired <= unpaired + 1e-12, row
            assert row["unpaired_games"] >= row["games"]


def test_cards_cut_by_kill_9_resume_through_a_scheduler_to_the_uncut_figures(tmp_path):
    """`lab cards` cut at once (the run and its workers) part way, resumed through a real
    `dask scheduler` with two `dask worker`s on the loopback: the same effects, to the last
    digit, as a local run never cut."""
    args = ["cards", *DRUIDS, "--games", "60", "--seat", "A"]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    cut = subprocess.Popen(
        [*TABLETOP, "lab", *args, "--out", str(tmp_path / "cut"), "--workers", "1"], cwd=ROOT,
        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True,
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and len(list((tmp_path / "cut").glob("*"))) < 5:
            time.sleep(0.2)
    finally:
        os.killpg(cut.pid, signal.SIGKILL)
        cut.wait()
    assert not (tmp_path / "cut" / "cards.json").exists()  # (cut before its end)
    with cluster_on_loopback() as (address, _):
        lab(*args, "--out", str(tmp_path / "cut"), "--resume", "--scheduler", address)
    lab(*args, "--out", str(tmp_path / "whole"))
    resumed = json.loads((tmp_path / "cut" / "cards.json").read_text())
    whole = json.loads((tmp_path / "whole" / "cards.json").read_text())
    assert resumed == whole and len(whole) == 9


def test_cards_refuse_a_game_without_decks_and_an_unknown_seat(tmp_path):
    refused = lab("cards", "zweimal", "--games", "4", "--out", str(tmp_path / "z"), check=False)
    assert refused.returncode == 2
    assert refused.stderr.strip().endswith("zweimal's decks are no cards in copies to vary")
    seat = lab("cards", *DRUIDS, "--games", "4", "--seat", "C", "--out", str(tmp_path / "c"),
               check=False)  # fmt: skip
    assert seat.returncode == 2 and "no seat 'C'; seats: A, B" in seat.stderr
    assert not (tmp_path / "z").exists() and not (tmp_path / "c").exists()


def test_a_deck_shuffled_keeps_its_cards_places_when_one_card_changes():
    """One copy more lies between the same cards; the others keep their order."""
    from engine.strength import shuffled

    base = shuffled((("a", 5), ("b", 3), ("c", 2)), 42)
    more = shuffled((("a", 5), ("b", 4), ("c", 2)), 42)
    fewer = shuffled((("a", 5), ("b", 3), ("c", 1)), 42)
    assert sorted(base) == sorted("aaaaabbbcc")
    extra = next(i for i in range(len(more)) if more[:i] + more[i + 1 :] == base)
    assert more[extra] == "b"
    assert any(fewer == base[:i] + base[i + 1 :] for i in range(len(base)))
    assert shuffled((("a", 5), ("b", 3), ("c", 2)), 43) != base  # another seed, another deal
