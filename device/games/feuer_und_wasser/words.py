"""Feuer und Wasser in words, without drawing (no Pillow): the status line, an action and a
seat as the players say them, and what a round's score is made of. The box's screens and the
web page both say them (the contract's `Words`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from device.games.contract import GameAction
from device.games.feuer_und_wasser.changes import place_words
from device.games.feuer_und_wasser.texts import text
from device.games.feuer_und_wasser.view import NAMES
from engine.feuer_und_wasser.game import GAME, Draw, Lay, State


def status(state: State, lang: str) -> str:
    if state.over:
        return f"Feuer und Wasser · {text('status.over', lang)}"
    return f"{text('game.round', lang, round=state.round)} · " + text(
        "fuw.turn", lang, player=text(NAMES[state.turn], lang)
    )


def describe(state: State, action: GameAction, lang: str) -> str:
    """An action in the players' words (a hint, what an undo took back): a lay as the box
    says its own ("R01 auf Start: 1 links"), never in the notation's squares."""
    if isinstance(action, Draw):
        return text("undo.fuw_draw", lang, card=action.card)
    if not isinstance(action, Lay):  # pragma: no cover - a game has draws and lays only
        return ""
    after = GAME.apply(state, action)  # said as its change is: against a card on the table
    assert after.last is not None and state.drawn is not None
    return place_words(state, after, state.turn, state.drawn, after.last.card, lang)


def seat_name(seat: str, lang: str) -> str:
    return text("fuw.fire" if seat == "R" else "fuw.water", lang)


def letter(player: str, lang: str) -> str:
    """A player's letter as the screens name them ("F" Feuer/Fire, "W" Wasser/Water)."""
    return text(NAMES[player], lang)[0]


def pair(values: Mapping[str, int], lang: str, sep: str = " - ") -> str:
    """Both players' numbers with their letters ("F 3 - W 1")."""
    return sep.join(f"{letter(p, lang)} {values[p]}" for p in "RB")


def round_explained(
    state: State, r: int, lang: str, fits: Callable[[str], bool] = lambda line: True
) -> list[str]:
    """What round `r`'s score is made of, in words, before the numbers: whose pile ran out and
    the cards left in the other's (the basic and allied games), or the tactician's points of
    every row or group added up; then the round's score and the total so far. `fits`: whether
    a line has room (the box's screen), else its short form."""
    s = state.round_scores[r]
    if state.options.tactician:
        key = "fuw.explain_rows" if state.options.mode == "rows" else "fuw.explain_groups"
        lines = [text(key, lang)]
    elif s["R"] == s["B"] == 0:  # the one left scores the other's pile: both were empty
        lines = [text("fuw.explain_both_empty", lang)]
    else:
        scorer = "R" if s["R"] > 0 else "B"
        other = "B" if scorer == "R" else "R"
        left = text("fuw.explain_left", lang, player=text(NAMES[other], lang), n=s[scorer])
        if not fits(left):
            left = text(
                "fuw.explain_left.short", lang, player=text(NAMES[other], lang), n=s[scorer]
            )
        lines = [text("fuw.explain_empty", lang, player=text(NAMES[scorer], lang)), left]
    lines.append(f"{text('game.round', lang, round=r + 1)}: {pair(s, lang)}")
    if r > 0:
        t = {p: sum(x[p] for x in state.round_scores[: r + 1]) for p in "RB"}
        lines.append(f"{text('game.total', lang)}: {pair(t, lang)}")
    return lines
