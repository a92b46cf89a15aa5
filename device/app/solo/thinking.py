"""The box's choices by the one search (engine/search.py): its move on its turn in a solo game
(`Session.box_seat`: its seat to move and the step not the table's), the hint for the player
to move (the menu's "Tipp"), and the steps that are the box's decision though the player moves
(`box_decides`). Where the game knows its best choice at once (`known_best`: Feuer und Wasser's
placement one card further, Druiden's best defence) that is the answer, without the search. The
box's move is said in the players' words, as the changes on the table (`_said`).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from device.app import pieces
from device.app.solo.hand import cards_to_tell
from device.app.state import (
    NO_NOTICE,
    BoxState,
    Proposal,
    engine_of,
    game_view,
    noticed,
    screens_of,
)
from device.games.contract import GameAction
from engine import hands


def player_chooses(box: BoxState) -> GameAction:
    """The state where a player (not the table) chooses, or None."""
    session = box.session
    if session is None or box.mode != "game":
        return None
    engine = engine_of(session)
    state = session.state
    if engine.is_over(state) or engine.to_move(state) is None:
        return None
    if engine.chance_outcomes(state) is not None or cards_to_tell(box):
        return None
    return state


def box_to_move(box: BoxState) -> bool:
    """Solo play, and the box's seat chooses now (unless it handed the step's details to the
    player: Druiden's clash, whose blockers the defender assigns)."""
    session = box.session
    if session is None or not session.box_seat or player_chooses(box) is None:
        return False
    p = box.proposal
    if p is not None and p.handover and p.at == session.actions:
        return False
    return engine_of(session).to_move(session.state) == session.box_seat


def current(box: BoxState) -> Proposal | None:
    """The proposal for this very position (one for an earlier position is stale)."""
    p = box.proposal
    if p is None or box.session is None or p.at != box.session.actions:
        return None
    return p


def wants_thinking(box: BoxState) -> bool:
    """The loop should search now: the box's turn without its move yet, a hint asked, or
    the box's choice to open a player's turn on."""
    p = current(box)
    if box_to_move(box):
        return p is None or p.hint or p.action is None
    if p is None:
        return wants_suggestion(box)
    return p.hint and p.action is None and player_chooses(box) is not None


def wants_suggestion(box: BoxState) -> bool:
    """A player's turn opens on the box's choice for them (the setting `suggest`, where the
    game's screens open on it): a player, not the box, chooses now, and nothing was searched
    for this position yet."""
    if not box.suggest or current(box) is not None or box_to_move(box):
        return False
    session = box.session
    return session is not None and player_chooses(box) is not None and screens_of(session).suggests


def unsuggested(box: BoxState) -> BoxState:
    """No suggestion for this position (its search failed): not searched again."""
    assert box.session is not None
    return replace(box, proposal=Proposal(box.session.actions))


def _search(
    box: BoxState,
    among: Any = None,
    deciding: str | None = None,
    stop: Callable[[int], bool] | None = None,
) -> Any:
    """The box's choice for this position (`engine/search.py`, `choose`: the game's known
    best, else the search at the game's budget; pure: seeded by the game and its actions, so
    a restart offers the same) for `deciding` (default: the player to move). `stop`: asked
    between the search's simulations (a press waiting: the answer is not used)."""
    from engine.search import choose

    session = box.session
    assert session is not None
    engine = engine_of(session)
    simulations, depth = engine.search_budget
    rng = random.Random(session.db_id * 100_003 + session.actions)
    seat = session.box_seat
    if seat and engine.to_move(session.state) == seat and engine.hand_count(session.state, seat):
        holds = hands.playable(engine, session.state, session.box_held.cards)
        among = holds if among is None else hands.both(among, holds)  # only cards it holds
    state = session.state
    answer = choose(engine, state, rng, simulations, depth, among=among, seat=deciding, stop=stop)
    return answer.action


def think(box: BoxState, stop: Callable[[int], bool] | None = None) -> BoxState:
    """The search's answer for this position: the box's move, the hint asked, or the box's
    choice that a player's turn opens on (`stop`: `_search`'s)."""
    session = box.session
    assert session is not None
    engine = engine_of(session)
    suggestion = wants_suggestion(box)
    action = _search(box, stop=stop)
    if suggestion:  # unsaid: only where the player's cursor and lists start
        view = screens_of(session).suggest(session.state, game_view(box), action)
        return replace(box, proposal=Proposal(session.actions, action), view=view)
    hint = not box_to_move(box)
    proposal = Proposal(session.actions, action, hint)
    if not hint and engine.decided_by(session.state, action) != session.box_seat:
        # the box chose a step whose details are the player's (Druiden: the box attacks,
        # the player assigns the blockers): the game's own screens take it from here
        proposal = Proposal(session.actions, action, handover=True)
    shown = screens_of(session).show_action(session.state, game_view(box), action)
    if not hint and not proposal.handover:  # what the players do with the pieces for it
        proposal = _said(replace(box, view=shown), proposal)
    if hint:  # shown on the board where the game can, said in the band; `ok` plays it
        return replace(box, proposal=proposal, notice=NO_NOTICE, view=shown)
    if proposal.handover:  # said: the player takes it from the game's own screen
        notice = noticed("solo.handover", what=describe(box, action))
        return replace(box, proposal=proposal, notice=notice)
    return replace(box, proposal=proposal, view=shown)


def _said(box: BoxState, proposal: Proposal) -> Proposal:
    """The box's move as the players make it: the changes on the table in pages said over
    the game (its words where the table does not change), after what its turn's start did."""
    session = box.session
    assert session is not None
    engine = engine_of(session)
    after = engine.apply(session.state, proposal.action)
    lines = pieces.lines(session, session.state, after, (proposal.action,), box.lang)
    if not lines:
        lines = [describe(box, proposal.action)]
    return replace(proposal, pages=_paged(box, [*_turn_began(box), *lines]))


def _turn_began(box: BoxState) -> list[str]:
    """The box's turn has just begun (the player's last action ended theirs): what happened
    by itself as it began, said first (its start was hidden while the box thought)."""
    session = box.session
    assert session is not None
    engine = engine_of(session)
    if not session.history:
        return []
    before = session.states_before(engine)[-1]
    if engine.to_move(before) == session.box_seat:
        return []
    return pieces.began(session, before, session.state, session.history[-1], box.lang)


def _paged(box: BoxState, lines: list[str]) -> tuple[tuple[str, ...], ...]:
    session = box.session
    assert session is not None
    layout = screens_of(session).layout(session.state, box.view)
    return pieces.paged("solo.move_page", lines, box.lang, layout)


def box_draws(box: BoxState) -> bool:
    """Solo play: the table decides the box's step by chance (Feuer und Wasser: the player
    draws the top card of the box's pile and says which it is), no notice on show."""
    session = box.session
    if session is None or not session.box_seat or box.mode != "game" or box.notice:
        return False
    engine = engine_of(session)
    if engine.is_over(session.state) or engine.to_move(session.state) != session.box_seat:
        return False
    if screens_of(session).showing_result(session.state, game_view(box)):
        return False  # a round's result read first, then the box's card drawn
    return engine.chance_outcomes(session.state) is not None


def hint(box: BoxState) -> GameAction:
    """The hint on show for this very position (its action), or None."""
    p = current(box)
    if p is None or not p.hint or p.action is None or box.mode != "game":
        return None
    return p.action


def box_decides(box: BoxState, action: GameAction) -> GameAction:
    """The action to play for one the player chose: in solo play, a step that is the box's
    decision though the player moves (Druiden: the player attacks, the box's creatures
    defend) is decided by the box: its best choice among those steps. A solo game's (the
    seam, seat.py, asks first)."""
    session = box.session
    assert session is not None
    engine = engine_of(session)
    state = session.state
    seat = session.box_seat
    if engine.to_move(state) == seat or engine.decided_by(state, action) != seat:
        return action
    return _search(box, among=lambda a: engine.decided_by(state, a) == seat, deciding=seat)


def describe(box: BoxState, action: GameAction) -> str:
    session = box.session
    assert session is not None
    words = screens_of(session).describe(session.state, action, box.lang)
    return words or engine_of(session).format_action(action)
