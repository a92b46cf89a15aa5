"""Stapel's engine (as a game's `engine/<game>/game.py`): a pile of stones; the players take
one or two in turn; whoever takes the last stone wins."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from engine.contract import Game, Result, RoundResult, Scores
from engine.core import IllegalMove, NotationError


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


class Stapel(Game[State, Take, Options]):
    id = "stapel"
    name = "Stapel"
    short = "ST"
    rules_version = 1
    players = ("A", "B")
    option_defaults = {"pile": "7", "starter": "A"}
    starter_option = "starter"
    refusal_codes = ("take_one_or_two", "take_too_many", "game_over")

    def parse_options(self, values: Mapping[str, str]) -> Options:
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

    table_free = ("to_move", "winner")

    def table(self, state: State) -> dict[str, Any]:
        return {"pile": state.pile}  # the stones on the table (the changes: the default)

    def summary(self, state: State) -> dict[str, Any]:
        return {"to_move": self.to_move(state), "pile": state.pile, "winner": state.winner}


STUB = Stapel()

GAME = STUB
