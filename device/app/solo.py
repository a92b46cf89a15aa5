"""Solo play and hints: the box as the second player, and the best action on request, by the
one search (`engine/search.py`) over the game's engine.

In a solo game (`Session.box_seat`) the box's turn comes when its seat is to move and the
step is not the table's (a draw is drawn and tapped or picked by the player, as for anyone):
the loop draws "Box denkt ...", searches (`think`), and the box says its move in the players'
words; the player moves its pieces and presses `ok`, and the action is played and saved like
anyone's. `back` (and an undo from the menu) takes back the player's last action together
with the box's replies. A hint (the menu's "Tipp") is the same search for the player to move,
shown once.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from device.app.modes import Box, Proposal, engine_of, game_view, screens_of
from device.ui.catalog import text


def _open(box: Box) -> Any:
    """The state where a player (not the table) chooses, or None."""
    session = box.session
    if session is None or box.mode != "game":
        return None
    engine = engine_of(session)
    state = session.state
    if engine.is_over(state) or engine.to_move(state) is None:
        return None
    if engine.chance_outcomes(state) is not None:
        return None
    return state


def box_to_move(box: Box) -> bool:
    """Solo play, and the box's seat chooses now (unless it handed the step's details to the
    player: Druiden's clash, whose blockers the defender assigns)."""
    session = box.session
    if session is None or not session.box_seat or _open(box) is None:
        return False
    p = box.proposal
    if p is not None and p.handover and p.at == session.actions:
        return False
    return engine_of(session).to_move(session.state) == session.box_seat


def current(box: Box) -> Proposal | None:
    """The proposal for this very position (one for an earlier position is stale)."""
    p = box.proposal
    if p is None or box.session is None or p.at != box.session.actions:
        return None
    return p


def wants_thinking(box: Box) -> bool:
    """The loop should search now: the box's turn without its move yet, or a hint asked."""
    p = current(box)
    if box_to_move(box):
        return p is None or p.hint or p.action is None
    return p is not None and p.hint and p.action is None and _open(box) is not None


def _search(box: Box, among: Any = None) -> Any:
    """The search's action for this position at the game's budget (pure: seeded by the
    game and its actions, so a restart offers the same)."""
    from engine.search import search

    session = box.session
    assert session is not None
    engine = engine_of(session)
    simulations, depth = engine.search_budget
    rng = random.Random(session.db_id * 100_003 + session.actions)
    return search(engine, session.state, rng, simulations, depth, among=among).action


def think(box: Box) -> Box:
    """The search's answer for this position: the box's move, or the hint asked."""
    session = box.session
    assert session is not None
    engine = engine_of(session)
    action = _search(box)
    hint = not box_to_move(box)
    proposal = Proposal(session.actions, action, hint)
    if not hint and engine.decided_by(session.state, action) != session.box_seat:
        # the box chose a step whose details are the player's (Druiden: the box attacks,
        # the player assigns the blockers): the game's own screens take it from here
        proposal = Proposal(session.actions, action, handover=True)
    shown = screens_of(session).show_action(session.state, game_view(box), action)
    if hint:
        what = describe(box, action)
        notice = text("solo.hint", box.lang, what=what)
        return replace(box, proposal=None, notice=notice, view=shown)
    if proposal.handover:
        return replace(box, proposal=proposal)
    return replace(box, proposal=proposal, view=shown)


def box_decides(box: Box, action: Any) -> Any:
    """The action to play for one the player chose: in solo play, a step that is the box's
    decision though the player moves (Druiden: the player attacks, the box's creatures
    defend) is decided by the box: its best choice among those steps."""
    session = box.session
    if session is None or not session.box_seat:
        return action
    engine = engine_of(session)
    state = session.state
    seat = session.box_seat
    if engine.to_move(state) == seat or engine.decided_by(state, action) != seat:
        return action
    return _search(box, among=lambda a: engine.decided_by(state, a) == seat)


def describe(box: Box, action: Any) -> str:
    session = box.session
    assert session is not None
    words = screens_of(session).describe(session.state, action, box.lang)
    return words or engine_of(session).format_action(action)


def ask_hint(box: Box) -> Box:
    """The menu's hint: back to the game, where the loop searches for the player to move."""
    session = box.session
    if (
        session is None
        or _open(replace(box, mode="game")) is None
        or session.box_seat
        and (engine_of(session).to_move(session.state) == session.box_seat)
    ):
        return replace(box, mode="game", notice=text("solo.no_hint", box.lang))
    return replace(box, mode="game", proposal=Proposal(session.actions, None, True))


def replies(box: Box) -> int:
    """The actions an undo takes back: in solo play the box's replies at the end of the game
    so far and the player's action before them; else the last action."""
    session = box.session
    if session is None or not session.box_seat or not session.history:
        return 1
    engine = engine_of(session)
    before = session.before
    if len(before) != len(session.history):  # not kept (a restart): one pass from the start
        states, state = [], engine.initial(session.options)
        for action in session.history:
            states.append(state)
            state = engine.apply(state, action)
        before = tuple(states)
    n = 0
    while n < len(before) and engine.to_move(before[-1 - n]) == session.box_seat:
        n += 1
    return min(n + 1, len(session.history))
