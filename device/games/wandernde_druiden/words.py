"""Wandernde Druiden in words, without drawing (no Pillow): the status line, an action as the
players say it, and the outcome with why. The box's screens and the web page both say them
(the contract's `Words`)."""

from __future__ import annotations

from device.games.contract import GameAction, seat_name as seat_name
from device.games.wandernde_druiden.texts import text
from device.games.wandernde_druiden.view import card_name
from engine.wandernde_druiden.state import OTHER, Clash, LayCreature, LayPlace, State


def status(state: State, lang: str) -> str:
    if state.over:
        return text("wd.status_over", lang)
    key = "wd.status_free" if state.options.deck_rules == "free" else "wd.status"
    return text(key, lang, n=state.turn_number, player=state.turn)


def describe(state: State, action: GameAction, lang: str) -> str:
    """An action in the players' words (what an undo took back)."""
    if isinstance(action, LayPlace):
        return text("undo.wd_place", lang, name=card_name(state, action.card))
    if isinstance(action, LayCreature):
        return text("undo.wd_creature", lang, name=card_name(state, action.card))
    if isinstance(action, Clash):
        return text("undo.wd_clash", lang)
    return text("undo.end_turn", lang)


def verdict_lines(state: State, lang: str) -> list[str]:
    """Who won and why (the clash's MP, or a hand that could not be laid), and the final MP."""
    loser = state.loser or ""
    why = "wd.why_mp" if state.why == "mp" else "wd.why_hand"
    return [
        text("wd.wins", lang, player=OTHER.get(loser, "")),
        text(why, lang, player=loser),
        text("wd.final_mp", lang, a=state.side("A").mp, b=state.side("B").mp),
    ]
