"""Zweimal in words, without drawing (no Pillow): the status line and an action as the players
say it. The box's screens and the web page both say them (the contract's `Words`)."""

from __future__ import annotations

from device.games.contract import GameAction, grid_field as field, seat_name as seat_name
from device.games.zweimal.texts import text
from engine.zweimal.game import Lay, Move, Place, SetRoad, State


def status(state: State, lang: str) -> str:
    game = text("zweimal.game", lang, variant=state.options.variant)
    if state.phase == "over":
        return f"{game} · {text('status.over', lang)}"
    round_ = text("zweimal.round", lang, round=state.round)
    if state.phase == "setup":
        return f"{game} · {round_}"
    return f"{round_} · {text('status.turn', lang, player=state.turn)}"  # whose turn


def describe(state: State, action: GameAction, lang: str) -> str:
    """An action in the players' words (what an undo took back)."""
    match action:
        case Place(at):
            return text("undo.zweimal_place", lang, at=field(at))
        case Move(at, to):
            return text("undo.zweimal_move", lang, at=field(at), to=field(to))
        case Lay(at):
            return text("undo.zweimal_lay", lang, at=field(at))
        case SetRoad(at, _):
            return text("undo.zweimal_road", lang, at=field(at))
    return text("undo.setup", lang)
