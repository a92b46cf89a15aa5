"""A throwaway game for the tests (not shipped): "Stapel", a pile of stones; the players take
one or two in turn; whoever takes the last stone wins. It exists to prove the contract: it is
registered in one place (`register_stub()`), plays through the real loop on the simulated box
and passes the conformance suite, with no change to box, loop, render, records or store.

This module is both its engine (`STUB`) and its screens (the functions below), as a game's
`engine/<game>` package and `device/<game>_screen.py` module would be.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Any

from device.games.contract import Question, Reaction
from engine.contract import Game, Result, RoundResult, Scores
from engine.core import IllegalMove, NotationError

# --- the engine -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Options:
    pile: int = 7
    starter: str = "A"


@dataclass(frozen=True, slots=True)
class Take:
    stones: int


@dataclass(frozen=True, slots=True)
class State:
    options: Options
    pile: int
    turn: str
    winner: str | None = None


class Stapel(Game):
    id = "stapel"
    name = "Stapel"
    short = "ST"
    rules_version = 1
    players = ("A", "B")
    option_defaults = {"pile": "7", "starter": "A"}
    refusal_codes = ("take_one_or_two", "take_too_many", "game_over")

    def parse_options(self, values) -> Options:
        pile, starter = values["pile"], values["starter"]
        if not re.fullmatch(r"[0-9]{1,2}", pile) or not 1 <= int(pile) <= 30:
            raise NotationError(f"pile is 1..30 stones, not {pile!r}")
        if starter not in ("A", "B"):
            raise NotationError(f"starter is A or B, not {starter!r}")
        return Options(int(pile), starter)

    def format_options(self, options: Options) -> dict[str, str]:
        return {"pile": str(options.pile), "starter": options.starter}

    def initial(self, options: Options) -> State:
        return State(options, options.pile, options.starter)

    def to_move(self, state: State) -> str | None:
        return None if state.winner else state.turn

    def legal_actions(self, state: State) -> list[Take]:
        if state.winner:
            return []
        return [Take(n) for n in (1, 2) if n <= state.pile]

    def apply(self, state: State, action: Take) -> State:
        if state.winner:
            raise IllegalMove("the game is over", "game_over")
        if action.stones not in (1, 2):
            raise IllegalMove("take one or two stones", "take_one_or_two")
        if action.stones > state.pile:
            raise IllegalMove("not that many stones left", "take_too_many")
        pile = state.pile - action.stones
        other = "B" if state.turn == "A" else "A"
        return replace(state, pile=pile, turn=other, winner=state.turn if pile == 0 else None)

    def result(self, state: State) -> Result:
        scores = Scores({p: int(state.winner == p) for p in ("A", "B")})
        rounds = (RoundResult(scores),) if state.winner else ()
        return Result(state.winner is not None, scores, state.winner, rounds)

    def format_action(self, action: Take) -> str:
        return f"take {action.stones}"

    def parse_action(self, text: str) -> Take:
        found = re.fullmatch(r"take ([0-9])", text.strip())
        if not found:
            raise NotationError(f"expected 'take N', got {text!r}")
        return Take(int(found.group(1)))

    def summary(self, state: State) -> dict[str, Any]:
        return {"to_move": self.to_move(state), "pile": state.pile, "winner": state.winner}


STUB = Stapel()

# --- the screens ------------------------------------------------------------------------------

TEXTS = {
    "stapel.pile": ("Steine", "Stones"),
    "stapel.left": ("{n} Steine übrig", "{n} stones left"),
    "stapel.wins": ("{player} gewinnt", "{player} wins"),
    "hint.stapel": ("ok:nehmen back:zurück", "ok:take back:undo"),
    "refuse.take_one_or_two": ("Eins oder zwei", "One or two"),
    "refuse.take_too_many": ("So viele gibt es nicht", "Not that many left"),
}


@dataclass(frozen=True)
class View:
    take: int = 1  # how many the next `ok` takes


def questions(answers: dict[str, str]) -> list[Question]:
    return [
        Question("pile", "stapel.pile", (("3", ""), ("7", ""), ("9", "")), default=1),
        Question("starter", "menu.choose_starter", (("A", "player.A"), ("B", "player.B"))),
    ]


def initial_view(state: State) -> View:
    return View()


def view_record(view: View) -> dict[str, Any]:
    return {"take": view.take}


def view_parse(data: dict[str, Any], state: State) -> View:
    if data.get("take") not in (1, 2):
        raise ValueError(f"take is 1 or 2, not {data.get('take')!r}")
    return View(data["take"])


def status(state: State, lang: str) -> str:
    from device.ui.catalog import text

    if state.winner:
        return f"Stapel: {text('status.over', lang)}"
    return f"Stapel: {text('status.turn', lang, player=state.turn)}"


def hint(state: State, view: View, lang: str) -> str:
    from device.ui.catalog import text

    return text("hint.over" if state.winner else "hint.stapel", lang)


def draw_main(draw, state: State, view: View, lang: str, fonts) -> None:
    from device.ui.catalog import text

    draw.text((2, 12), text("stapel.left", lang, n=state.pile), font=fonts.body, fill=1)
    for i in range(state.pile):
        x = 4 + i * 8
        draw.rectangle((x, 28, x + 5, 33), fill=1)
    draw.text((2, 40), f"> {view.take}", font=fonts.body, fill=1)


def on_button(state: State, view: View, button: str) -> Reaction:
    if button in ("up", "down"):
        return Reaction(View(3 - view.take))
    if button == "ok":
        return Reaction(view, Take(view.take))
    if button == "back":
        return Reaction(view, confirm="undo")
    return Reaction(view)


def on_tap(state: State, view: View, uid: str, card: str | None) -> Reaction:
    return Reaction(view, Take(1))  # a tapped card takes one stone


def confirm_text(what: str, lang: str) -> str:
    raise ValueError(f"Stapel asks no {what!r}")  # pragma: no cover


def confirmed(what: str) -> Take:
    raise ValueError(f"Stapel asks no {what!r}")  # pragma: no cover


def round_ended(before: State, after: State, lang: str) -> list[str] | None:
    from device.ui.catalog import text

    if after.winner and not before.winner:
        return [text("stapel.wins", lang, player=text(f"player.{after.winner}", lang))]
    return None


def register_stub() -> None:
    from device.games import from_engine, register

    register(from_engine(STUB, "tests.stubgame"))


def unregister_stub() -> None:
    from device.games import unregister

    unregister(STUB.id)
