"""Drive the simulated box like a player: real pins (MockFactory), real loop, real store."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from device.settings import Buttons, Settings
from device.sim.simulator import Simulator


def settings(lang: str = "de", suggest: bool = False) -> Settings:
    """The box's settings for a test, as the box's own defaults; `suggest` True: each turn
    opens on the box's choice for the player (the setting's tests, a teaching game)."""
    return Settings(language=lang, buttons=Buttons(hold_s=0.2), suggest=suggest)


def arrows(fields, start, goal) -> list[str]:
    """The fewest arrow presses from `start` to `goal` for a cursor that moves over `fields`
    only (device/ui/cursor.py)."""
    from collections import deque

    from device.ui import cursor

    came = {start: []}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        if here == goal:
            return came[here]
        for button in cursor.MOVES:
            there = cursor.step(list(fields), here, button)
            if there not in came:
                came[there] = [*came[here], button]
                queue.append(there)
    raise AssertionError(f"the cursor cannot reach {goal} now")


class Player:
    def __init__(self, sim: Simulator) -> None:
        self.sim = sim

    @property
    def box(self):
        return self.sim.loop.box

    @property
    def state(self):
        return self.box.session.state

    def press(self, *buttons: str) -> None:
        for b in buttons:
            self.sim.press(b)

    def tag(self, card: str, copy: int = 0) -> str:
        """The UID of a tag taught as `card` (each copy of a card its own tag), taught the
        first time it is asked for."""
        tags = self.__dict__.setdefault("tags", {})
        if (card, copy) not in tags:
            tags[(card, copy)] = f"{0x04A00000 + len(tags) + 1:08X}"
            self.sim.loop.store.teach([(tags[(card, copy)], card)])
        return tags[(card, copy)]

    def tap_card(self, card: str, copy: int = 0) -> None:
        """That card's tag laid on the reader."""
        self.sim.tap(self.tag(card, copy))

    def path(self, field: tuple[int, int]) -> list[str]:
        """The fewest arrow presses from the cursor to `field` (the cursor skips fields
        where the step is impossible: device/games/zweimal/cursor.py)."""
        from device.games.zweimal import cursor

        fields = cursor.possible(self.state, self.box.view.selected)
        if self.state.phase == "setup":
            fields = cursor.possible(self.state)
        return arrows(fields, self.box.view.cursor, field)

    def goto(self, field: tuple[int, int]) -> None:
        for button in self.path(field):
            self.press(button)
        assert self.box.view.cursor == field

    def new_game(self, variant: int = 1, starter: str = "A", supply: int | None = None) -> None:
        given = {"variant": str(variant), "starter": starter}
        if variant == 2:
            given["supply"] = str(supply or 16)
        self.start("zweimal", **given)
        assert self.box.mode == "game" and self.state.phase == "setup"

    def start(self, game: str, box_seat: str = "", **answers: str) -> None:
        """A new game from wherever the box is: the menu's `new`, the game in the list (it
        opens on the one played last), on its page each of these answers and the opponent
        (`box_seat`: the box in that seat; "": a person), then `ok`."""
        from device.app.menu import menu_items

        if self.box.mode != "menu":
            self.sim.hold("ok")
        for item in ("new", game):
            items, at = menu_items(self.box), self.box.menu[-1][1]
            self.press(*["down"] * ((items.index(item) - at) % len(items)), "ok")
        self.opponent(box_seat, **answers)

    def opponent(self, box_seat: str = "", **answers: str) -> None:
        """On a game's new-game page: these answers, the box's own question (a person, the
        default, or the box in a seat), then `ok` starts the game."""
        from device.app.menu import SOLO

        assert self.box.menu[-1][0].kind == "setup", self.box.menu[-1]
        for key, value in {SOLO: box_seat, **answers}.items():  # (solo first: its own line)
            self.answer(key, value)
        self.press("ok")

    def answer(self, key: str, value: str) -> None:
        """One answer on the new-game page: the pointer to its line, the arrows to it."""
        from device.app.menu import menu_items

        items, at = menu_items(self.box), self.box.menu[-1][1]
        self.press(*["down"] * ((items.index(key) - at) % len(items)))
        for _ in range(64):
            if str(dict(self.box.choice).get(key)) == value:
                return
            self.press("right")
        raise AssertionError(f"{key} has no answer {value!r}")

    def set_up(self, vertical: list[tuple[int, int]]) -> None:
        """As on the table: from the box's offer to the editor, turn these roads, done."""
        if self.box.view.setup == "deal":
            self.press("back")  # lay it out by hand
        for field in vertical:
            self.goto(field)
            self.press("ok")
        self.press("back", "ok")  # set-up done? yes
        assert self.state.phase == "figure"

    def deal(self) -> tuple[str, ...]:
        """The box deals: one press, and the round starts on the dealt layout."""
        offered = self.box.view.proposal
        self.press("ok")
        assert self.state.phase == "figure" and self.state.position.roads == offered
        return offered

    def through_scoring(self) -> None:
        """At a round's end: the scoring board, then the score, then on."""
        assert self.box.view.review is not None and self.box.view.review[1] == 0
        self.press("ok")  # to the score
        if self.state.phase == "over":  # the game's result: shown once (ok: the menu)
            return
        self.press("ok")  # on to the next round
        assert self.box.view.review is None

    def place(self, field) -> None:
        self.goto(field)
        self.press("ok")

    def lay(self, field) -> None:
        self.goto(field)
        self.press("ok")

    def move(self, source, target) -> None:
        self.goto(source)
        self.press("ok")
        self.goto(target)
        self.press("ok")


def druiden_clash(seed: int = 5):
    """A Druiden state at a clash with two or more defenders (random play from the start, a
    new game where one ends first): what the clash screens against the box are shown on."""
    import random

    from engine.search import choices
    from engine.wandernde_druiden.game import GAME
    from engine.wandernde_druiden.state import OTHER

    rng = random.Random(seed)
    state = GAME.initial(GAME.parse_options(GAME.option_defaults))
    while not (state.clash_due and len(state.side(OTHER[state.turn]).creatures) > 1):
        if GAME.is_over(state):
            state = GAME.initial(GAME.parse_options(GAME.option_defaults))
        state = GAME.apply(state, rng.choice(choices(GAME, state)))
    return state


@contextmanager
def zweimal_begun(state_dir: Path, lang: str = "en") -> Iterator[Player]:
    """A Zweimal game on the simulated box, its grid set up all across, the first figure
    due: the player at it (the box stopped after)."""
    sim = Simulator(settings(lang), state_dir)
    sim.start()
    try:
        p = Player(sim)
        p.new_game()
        p.set_up([])
        yield p
    finally:
        sim.stop()
