"""Drive the simulated box like a player: real pins (MockFactory), real loop, real store."""

from __future__ import annotations

from device.config import Buttons, Settings
from device.simulator import Simulator


def settings(lang: str = "de") -> Settings:
    return Settings(language=lang, buttons=Buttons(hold_s=0.2))


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

    def goto(self, field: tuple[int, int]) -> None:
        n = self.state.options.size
        r, c = self.box.view.cursor
        for _ in range((field[0] - r) % n):
            self.press("down")
        for _ in range((field[1] - c) % n):
            self.press("right")
        assert self.box.view.cursor == field

    def new_game(self, variant: int = 1, starter: str = "A") -> None:
        if self.box.mode != "menu":
            self.sim.hold("ok")
        # top menu: go to "new"
        from device.box import menu_items

        items = menu_items(self.box)
        for _ in range(items.index("new")):
            self.press("down")
        self.press("ok")  # new game
        self.press("ok")  # Zweimal (first)
        for _ in range(variant - 1):
            self.press("down")
        self.press("ok")
        if starter == "B":
            self.press("down")
        self.press("ok")
        assert self.box.mode == "game" and self.state.phase == "setup"

    def set_up(self, vertical: list[tuple[int, int]]) -> None:
        for field in vertical:
            self.goto(field)
            self.press("ok")
        self.press("back", "ok")  # set-up done? yes
        assert self.state.phase == "figure"

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
