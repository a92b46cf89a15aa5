"""Starting a game: from the new-game menu's answers (device/app/menu.py), or a rematch at
one press from a game's end (device/app/turns.py)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from device import games
from device.app.effects import Effect, NewGame
from device.app.state import TOP_MENU, BoxState
from device.ui.catalog import text


def rematch(box: BoxState) -> tuple[BoxState, list[Effect]]:
    """The same game again, at one press from its end: its options, the other player
    beginning where the game names who begins (`rematch`); a solo game stays solo, the box
    in the same seat."""
    session = box.session
    assert session is not None  # a rematch follows a game
    options = games.GAMES[session.game].game.rematch(session.options)
    fresh, effects = start_game(box, session.game, options, session.box_seat)
    return replace(fresh, notice=text("menu.rematch", box.lang)), effects


def start_game(
    box: BoxState, game: str, options: Any, box_seat: str
) -> tuple[BoxState, list[Effect]]:
    entry = games.GAMES[game]
    state = entry.game.initial(options)
    fresh = replace(
        box,
        mode="game",
        menu=TOP_MENU,
        choice=(),
        view=entry.screens.initial_view(state),
        message=(),
    )
    return fresh, [NewGame(game, options, box_seat)]
