"""Starting a game: from the new-game page (device/app/menu.py), or a rematch at one press
from a game's end (device/app/turns.py). Each start is remembered (`BoxState.recent`): the
new-game menu opens on the game played last, each game's page on the answers it was last
started with."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from device import games
from device.app.effects import Effect, NewGame
from device.app.session import SOLO, SWAP  # the box's answers: on the page, saved
from device.app.state import (
    TOP_MENU,
    BoxState,
    noticed,
)
from device.games.contract import GameOptions


def rematch(box: BoxState) -> tuple[BoxState, list[Effect]]:
    """The same game again, at one press from its end: its options, the other player
    beginning where the game names who begins (`rematch`); a solo game stays solo, the box
    in the same seat, or in the other where the page's answer says so (`SWAP`, chosen once:
    each rematch keeps it)."""
    session = box.session
    assert session is not None  # a rematch follows a game
    engine = games.GAMES[session.game].game
    options = engine.rematch(session.options)
    seat, swap = session.box_seat, rematch_swaps(box, session.game)
    if seat and swap:
        seat = next(p for p in engine.players if p != seat)
    fresh, effects = start_game(box, session.game, options, seat, swap)
    return replace(fresh, notice=noticed("menu.rematch")), effects


def rematch_swaps(box: BoxState, game: str) -> bool:
    """The answer the game was last started with: a rematch puts the box in the other seat."""
    return any(g == game and dict(a).get(SWAP) == "yes" for g, a in box.recent)


def start_game(
    box: BoxState, game: str, options: GameOptions, box_seat: str, swap: bool = False
) -> tuple[BoxState, list[Effect]]:
    entry = games.GAMES[game]
    state = entry.game.initial(options)
    values = {**entry.game.format_options(options), SOLO: box_seat}
    if box_seat:
        values[SWAP] = "yes" if swap else ""
    recent = ((game, answers(game, values)), *(r for r in box.recent if r[0] != game))
    fresh = replace(
        box,
        mode="game",
        menu=TOP_MENU,
        choice=(),
        view=entry.screens.initial_view(state),
        message=(),
        undone=(),  # an undo's pages of the game before are not this game's
        undone_page=0,
        proposal=None,
        recent=recent,
    )
    return fresh, [NewGame(game, options, box_seat, bool(box_seat) and swap)]


def answers(game: str, values: Mapping[str, object]) -> tuple[tuple[str, str], ...]:
    """A game's options as text (a saved game's, with the box's seat under `solo`) as the
    answers to its new-game questions: only the options the questions set."""
    texts = {k: str(v) for k, v in values.items()}  # (saved options: text already)
    asked = {q.key for q in games.GAMES[game].screens.questions(texts)} | {SOLO, SWAP}
    return tuple((k, str(v)) for k, v in values.items() if k in asked)
