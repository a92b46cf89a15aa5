"""Stapel's screens (as a game's `device/games/<game>/screen.py`): one subclass of the screens
contract (device/games/contract.py) with the required hooks; the optional ones keep the
contract's defaults."""

from __future__ import annotations

from dataclasses import dataclass

from device.games import contract
from device.games.contract import UNDO, Confirm, Question, Reaction, starter_question
from device.jsontypes import JsonObject
from device.ui.canvas import Canvas
from device.ui.fonts import Fonts
from engine.core import DataError, MisuseError
from tests.stubgame.engine import State, Take
from tests.stubgame.texts import text


@dataclass(frozen=True)
class View:
    take: int = 1  # how many the next `ok` takes


class StapelScreens(contract.Screens[State, View, Take]):
    """A pile of stones: `ok` takes one or two (up/down chooses), a tapped card takes one."""

    def questions(self, answers: dict[str, str]) -> list[Question]:
        return [
            Question("pile", "stapel.pile", (("3", ""), ("7", ""), ("9", "")), default=1),
            starter_question(),  # the contract's: who begins, its short form on the page
        ]

    def initial_view(self, state: State) -> View:
        return View()

    def view_record(self, view: View) -> JsonObject:
        return {"take": view.take}

    def view_parse(self, data: JsonObject, state: State) -> View:
        if data.get("take") not in (1, 2):
            raise DataError(f"take is 1 or 2, not {data.get('take')!r}")
        return View(data["take"])

    def status(self, state: State, lang: str) -> str:
        if state.winner:
            return f"Stapel: {text('status.over', lang)}"
        return f"Stapel: {text('status.turn', lang, player=state.turn)}"

    def hint(self, state: State, view: View, lang: str) -> str:
        return text("hint.over" if state.winner else "hint.stapel", lang)

    def draw_main(self, draw: Canvas, state: State, view: View, lang: str, fonts: Fonts) -> None:
        draw.text((2, 12), text("stapel.left", lang, n=state.pile), font=fonts.body, fill=1)
        for i in range(state.pile):
            x = 4 + i * 8
            draw.rectangle((x, 28, x + 5, 33), fill=1)
        draw.text((2, 40), f"> {view.take}", font=fonts.body, fill=1)

    def on_button(self, state: State, view: View, button: str) -> Reaction[View, Take]:
        if button in ("up", "down"):
            return Reaction(View(3 - view.take))
        if button == "ok":
            return Reaction(view, Take(view.take))
        if button == "back":
            return Reaction(view, confirm=UNDO)
        return Reaction(view)

    def on_tap(self, state: State, view: View, uid: str, card: str | None) -> Reaction[View, Take]:
        return Reaction(view, Take(1))  # a tapped card takes one stone

    def confirm_text(self, what: Confirm, lang: str) -> str:
        raise MisuseError(f"Stapel asks no {what!r}")  # pragma: no cover

    def confirmed(self, what: Confirm) -> Take:
        raise MisuseError(f"Stapel asks no {what!r}")  # pragma: no cover

    def round_ended(self, before: State, after: State, lang: str) -> list[str] | None:
        if after.winner and not before.winner:
            return [text("stapel.wins", lang, player=text(f"player.{after.winner}", lang))]
        return None


SCREENS = StapelScreens
