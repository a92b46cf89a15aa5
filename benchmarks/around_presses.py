"""Presses around a game on the simulated box (prints a table; not a test): the real loop,
MockFactory pins, a fresh state directory; each figure counts the presses (a hold of `ok`
or `back` is one) a player makes, from where the row says.

    .venv/bin/python benchmarks/around_presses.py

Rows (issue 33's targets): a rematch from a game's result; a new game of the game played
last, and of each other game, from the top menu (the list opens on the game played last);
a solo game (the box in the second seat) from the top menu; a hint and an undo from a game's
screen (`back` there; a hold of `back` where `back` is no undo, the menu); teaching Day and
Night's example deck, tag by tag in its order, from the game.
Presses inside a turn are measured by presses.py, lay_presses.py and dan_presses.py.
"""

from __future__ import annotations

import random
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from device import games  # noqa: E402
from device.app.menu import SOLO, menu_items, menu_question  # noqa: E402
from device.sim.simulator import Simulator  # noqa: E402
from tests.boxdriver import Player, settings  # noqa: E402
from tests.test_box_zweimal import play_round  # noqa: E402

GAMES = ("zweimal", "feuer-und-wasser", "day-and-night", "wandernde-druiden")
Row = tuple[str, str, str]  # what is measured, the figure, its target


class Counted(Player):
    """A player whose presses and holds are counted."""

    def __init__(self, sim: Simulator) -> None:
        super().__init__(sim)
        self.count = 0

    def press(self, *buttons: str) -> None:
        self.count += len(buttons)
        super().press(*buttons)

    def hold_ok(self) -> None:
        self.hold("ok")

    def hold(self, button: str) -> None:
        self.count += 1
        self.sim.hold(button)

    def counted(self, do) -> int:
        before = self.count
        do()
        return self.count - before


def to_top_menu(p: Counted) -> None:
    """The top menu, uncounted (where the rows start)."""
    for _ in range(4):
        if p.box.mode == "menu" and len(p.box.menu) == 1:
            break
        if p.box.mode == "menu":
            p.sim.press("back")
        else:
            p.sim.hold("ok")
    at = p.box.menu[-1][1]
    items = menu_items(p.box)
    for _ in range((items.index("new") - at) % len(items)):
        p.sim.press("down")  # (the pointer on `new`: the row counts from there)


def new_game(p: Counted, game: str, box_seat: str = "") -> int:
    """A new game from the top menu's `new`: the list, the page as it opens, the opponent."""
    to_top_menu(p)

    def start() -> None:
        p.press("ok")
        items, at = menu_items(p.box), p.box.menu[-1][1]
        down = (items.index(game) - at) % len(items)
        up = (at - items.index(game)) % len(items)
        p.press(*(["down"] * down if down <= up else ["up"] * up), "ok")
        if dict(p.box.choice)[SOLO] != box_seat:  # (as the page opens: the one last started)
            items, at = menu_items(p.box), p.box.menu[-1][1]
            down = (items.index(SOLO) - at) % len(items)
            up = (at - items.index(SOLO)) % len(items)
            p.press(*(["down"] * down if down <= up else ["up"] * up))
            values = [v for v, _ in menu_question(p.box).choices]
            now = values.index(dict(p.box.choice)[SOLO])
            right = (values.index(box_seat) - now) % len(values)
            left = len(values) - right
            p.press(*(["right"] * right if right <= left else ["left"] * left))
        p.press("ok")

    n = p.counted(start)
    assert p.box.mode == "game" and p.box.session.game == game, p.box.mode
    assert p.box.session.box_seat == box_seat
    return n


def fewest(n: int, at: int, goal: int) -> list[str]:
    """The fewest presses from `at` to `goal` on a teach page of `n` cards that wraps: ▲▼ a
    card, ◄► a screen of them (device/app/teach.py MOVES), found by a search."""
    from collections import deque

    from device.app.teach import MOVES

    came = {at: []}
    queue = deque([at])
    while queue:
        here = queue.popleft()
        if here == goal:
            return came[here]
        for button, step in MOVES.items():
            there = (here + step) % n
            if there not in came:
                came[there] = [*came[here], button]
                queue.append(there)
    raise AssertionError("unreachable")


def teaching() -> list[Row]:
    """Teaching Day and Night's example deck (a tap is no press), each row on a fresh box:
        in its order from the menu's teach screen; in its order in the game ("this card?": the
    game then takes each tap, a spell without targets is cast); in
        an order of its own (shuffled, seeded) from the teach screen, the fewest presses."""
    rows = []
    for how in ("in its order", "in its order, in the game (this card?)", "shuffled"):
        with tempfile.TemporaryDirectory() as tmp:
            sim = Simulator(settings(), Path(tmp))
            sim.start()
            try:
                p = Counted(sim)
                new_game(p, "day-and-night")
                before = p.count
                if how != "in its order, in the game (this card?)":
                    p.hold_ok()
                    p.press(*["down"] * menu_items(p.box).index("teach"), "ok")
                names = p.box.card_names
                deck = [c for c in names if c.startswith("day-and-night:")]
                order = list(deck)
                if how == "shuffled":
                    random.Random(33).shuffle(order)
                for n, card in enumerate(order):
                    sim.tap(f"{0x04F00000 + n:08X}")
                    page = [c for c in names if c.startswith("day-and-night:")]
                    at = page.index(names[p.box.menu[-1][1]])
                    p.press(*fewest(len(page), at, page.index(card)))
                    assert names[p.box.menu[-1][1]] == card
                    p.press("ok")
                each = (p.count - before) / len(order)
                rows.append(
                    (f"teaching a deck {how} ({len(order)} tags), a card", f"{each:.2f}", "4")
                )
            finally:
                sim.stop()
    return rows


def new_game_rows(p: Counted) -> list[Row]:
    """A new game from the top menu: of the game played last, of each other game, and a
    solo game (the box in the second seat)."""
    again = [new_game(p, g) for g in GAMES for _ in range(2)][1::2]
    other = []
    for last in GAMES:
        for game in GAMES:
            if game != last:
                new_game(p, last)
                other.append(new_game(p, game))
    solo = []
    for game in GAMES:
        new_game(p, GAMES[(GAMES.index(game) + 1) % 4])  # another played last
        second = games.GAMES[game].engine.players[1]
        solo.append(new_game(p, game, second))
        new_game(p, game)  # two people again: the next row starts as the first did
    return [
        ("a new game, the game played last", str(max(again)), "at most 3"),
        (
            "a new game, another game",
            f"{statistics.mean(other):.1f} (max {max(other)})",
            "at most 5",
        ),
        (
            "a new solo game (the box in the second seat)",
            f"{statistics.mean(solo):.1f} (max {max(solo)})",
            "at most 5",
        ),
    ]


def hint_and_undo_rows(p: Counted) -> list[Row]:
    """A hint and an undo from a game of Zweimal's screen: `back` there, and a hold of
    `back` where `back` is no undo (the menu)."""
    new_game(p, "zweimal")
    p.press("ok", "ok")  # the deal, a figure: something to take back
    hint = p.counted(lambda: (p.hold_ok(), p.press("ok")))
    assert p.box.proposal is not None and p.box.proposal.hint
    p.press("back")  # the hint dropped
    undo_back = p.counted(lambda: p.press("back", "ok"))
    assert p.box.session.actions == 1
    if p.box.undone:  # what to take off the table: read
        p.sim.press("ok")
    p.sim.press("ok")  # the figure again
    assert p.box.session.actions == 2

    p.sim.hold("ok")  # the menu open, uncounted: a screen where back is no undo
    undo = p.counted(lambda: p.hold("back"))
    assert p.box.session.actions == 1 and p.box.mode == "game", p.box
    return [
        ("a hint, from the game", str(hint), "at most 2"),
        (
            "an undo: back on the game / a hold of back (the menu)",
            f"{undo_back} / {undo}",
            "at most 2",
        ),
    ]


def rematch_row(p: Counted) -> Row:
    """A rematch: a game of Zweimal played to its result, then one press."""
    new_game(p, "zweimal")
    for _ in range(2):
        p.deal()
        play_round(p)
        p.press("ok")
        if p.state.phase != "over":
            p.press("ok")
    finished = p.box.session.db_id
    rematch = p.counted(lambda: p.press("ok"))
    assert p.box.session.db_id != finished and p.box.session.actions == 0
    return ("a rematch, from the result", str(rematch), "1")


def on_one_box() -> list[Row]:
    """The rows measured one after another on one box (each starts where the last ended)."""
    with tempfile.TemporaryDirectory() as tmp:
        sim = Simulator(settings(), Path(tmp))
        sim.start()
        try:
            p = Counted(sim)
            return [*new_game_rows(p), *hint_and_undo_rows(p), rematch_row(p)]
        finally:
            sim.stop()


def main() -> int:
    rows = on_one_box()
    rows += teaching()
    width = max(len(r[0]) for r in rows)
    print(f"{'presses':<{width}}  {'measured':<14}target")
    for what, measured, target in rows:
        print(f"{what:<{width}}  {measured:<14}{target}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
