"""Solo play's seam: everything the rest of the box asks of solo play and hints.

In a solo game the box's turn comes when its seat is to move and the step is not the table's:
the loop draws "Box denkt ...", searches (`think`), and the box says its move in the players'
words; the player moves its pieces and presses `ok`, and the action is played and saved like
anyone's. `back` (and an undo from the menu) takes back the player's last action together
with the box's replies. A hint (the menu's "Tipp") is the same search for the player to move,
shown once.

Every function here starts with the same question (`_enters`): a game without a solo player
(no `box_seat`) and without a hint asked goes no further, and gets its answer at once.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from device.app.effects import Effect
from device.app.session import Session, extended
from device.app.solo import hand, thinking
from device.app.solo.hand import (
    card_label,
    cards_to_tell,
    deck_cards,
    drop_last_told,
    take_told,
    with_copies,
)
from device.app.solo.thinking import box_to_move, current, describe, hint
from device.app.state import BoxState, KeptAside, Proposal, engine_of, noticed, solo_game
from device.games.contract import UNDO, GameAction
from device.ui.catalog import text


def _enters(box: BoxState) -> bool:
    """Solo play has a part in this state: a solo game, or a hint asked."""
    return solo_game(box.session) or (box.session is not None and box.proposal is not None)


# --- the loop: the box's move or a hint searched, solo games restored and put aside ---------


def wants_thinking(box: BoxState) -> bool:
    """The loop should search now: the box's turn without its move yet, or a hint asked."""
    return (_enters(box) or box.suggest) and thinking.wants_thinking(box)


def wants_suggestion(box: BoxState) -> bool:
    """The loop's search (after the frame) is for the box's choice to open a player's turn
    on (the setting `suggest`): dropped where a press comes meanwhile."""
    return box.suggest and thinking.wants_suggestion(box)


def suggested_at(box: BoxState) -> int:
    """The position whose view opened on the box's choice for the player (-1: none), saved
    with the screen."""
    if not box.suggest or box.session is None:
        return -1
    p = thinking.current(box)
    if p is None or p.hint or thinking.box_to_move(box):
        return -1
    return box.session.actions


def suggestion_restored(box: BoxState, at: int) -> BoxState:
    """A restart: the view was saved opened on the box's choice for this position, so it is
    not opened again (where the player moved the cursor since, it stays)."""
    if not box.suggest or box.session is None or at != box.session.actions or box.proposal:
        return box
    return thinking.unsuggested(box)


def unsuggested(box: BoxState) -> BoxState:
    """The search for a player's suggestion failed: their turn opens where the game puts it."""
    return thinking.unsuggested(box)


def think(box: BoxState, stop: Callable[[int], bool] | None = None) -> BoxState:
    """The search's answer for this position: the box's move, the hint asked, or the box's
    choice for the player (`stop`: asked between its simulations)."""
    return thinking.think(box, stop)


def restored(session: Session, seat: str = "", told: tuple[str, ...] = ()) -> Session:
    """A game read back (after a restart, or resumed): solo if its record says so, with the
    box's hand from the cards told, those of the record (`session.box_told`) and those told
    since its last action, which only the saved screen holds (`told`, for `seat`). A game
    saved before its record said it is solo only if its screen says so (`seat`)."""
    recorded = session.box_told
    if session.box_seat:
        told = told if seat in ("", session.box_seat) else ()
        seat = session.box_seat
    if not seat:
        return session
    if seat not in engine_of(session).players:  # a saved screen's seat that is none
        return replace(session, box_seat="", box_told=())
    return hand.hand_rebuilt(replace(session, box_seat=seat), extended(recorded, tuple(told)))


def put_aside(box: BoxState) -> KeptAside:
    """The solo games kept aside once the game on show is put aside (another game started or
    resumed): the one on show first, if it is a solo game still going."""
    if not solo_game(box.session):
        return box.solo_kept
    return hand.kept_aside(box)


def taken_back(kept: KeptAside, session: Session) -> tuple[Session, KeptAside]:
    """A game resumed: solo if its record says so (or it was kept aside as a solo game),
    with the box's hand as told, its own and the cards kept aside with it."""
    for game_id, seat, told in kept:
        if game_id == session.db_id:
            rest = tuple(k for k in kept if k[0] != game_id)
            return restored(session, seat, told), rest
    return restored(session), kept


def told_since(session: Session) -> tuple[str, ...]:
    """The cards told for the box's hand since the last action: the game's record keeps them
    with the next action (device/app/session.py, `told_payload`)."""
    if not solo_game(session) or not session.box_held.now:
        return ()
    return session.box_told[-session.box_held.now :]


# --- the turn: an action tried and played, an undo ------------------------------------------


def decides(box: BoxState, action: GameAction) -> GameAction:
    """The action to play for one the player chose (`thinking.box_decides`: a step that is
    the box's decision though the player moves is the box's choice)."""
    if not solo_game(box.session):
        return action
    return thinking.box_decides(box, action)


def played(before: Session, action: GameAction, box: BoxState) -> tuple[BoxState, list[str]]:
    """After an action is played (`box.session`): the box's hand followed (its played card
    out, its draws to be told, a cut's discards), and the lines that name the cards it
    discarded (none: no lines)."""
    session = box.session
    if not solo_game(session):
        return box, []
    assert session is not None
    box = replace(box, session=hand.hand_after(before, action, session))
    return box, hand.cut_lines(box)


def undone(session: Session) -> Session:
    """After an undo: the box's hand as it was at this point of the game."""
    if not solo_game(session):
        return session
    return hand.hand_rebuilt(session)


def ask_hint(box: BoxState) -> BoxState:
    """The menu's hint: back to the game, where the loop searches for the player to move
    (a finished game has none: said in the menu, where the player is)."""
    session = box.session
    if session is not None and engine_of(session).is_over(session.state):
        return replace(box, notice=noticed("solo.no_hint_over"))
    if (
        session is None
        or thinking.player_chooses(replace(box, mode="game")) is None
        or session.box_seat
        and (engine_of(session).to_move(session.state) == session.box_seat)
    ):
        return replace(box, mode="game", notice=noticed("solo.no_hint"))
    return replace(box, mode="game", proposal=Proposal(session.actions, None, True))


def replies(box: BoxState) -> int:
    """The actions an undo takes back: in solo play the box's replies at the end of the game
    so far and the player's action before them; else the last action."""
    session = box.session
    if not solo_game(session) or session is None or not session.history:
        return 1
    engine = engine_of(session)
    before = session.states_before(engine)  # not kept (a restart): one pass from the start
    n = 0
    while n < len(before) and engine.to_move(before[-1 - n]) == session.box_seat:
        n += 1
    return min(n + 1, len(session.history))


# --- a press in a game: solo play's and a hint's part, tried first by the turn --------

Play = Callable[[BoxState, Any], tuple[BoxState, list[Effect]]]  # the turn's: try an action


def press(box: BoxState, button: str, play: Play) -> tuple[BoxState, list[Effect] | None]:
    """A button in a game, as solo play and a hint take it: the next state and its effects,
    or (None) the state the game's own screens go on with. A hint on show: `ok` plays it
    (`play`, the turn's way to try an action), `back` drops it (and only that), any other
    press drops it and goes on; the cards drawn for the box are told (`_tell_button`); on
    the box's turn, its move (`_box_turn_button`). A game without a solo player and without
    a hint never looks further."""
    if not _enters(box):
        return box, None
    hinted = hint(box)
    if hinted is not None:  # kept as the position's searched choice: never searched again
        assert box.proposal is not None  # (the hint on show is the proposal)
        box = replace(box, proposal=replace(box.proposal, hint=False))
        if button == "ok":
            return play(box, hinted)
        if button == "back":
            return box, []
    if cards_to_tell(box):
        return _tell_button(box, button)
    if box_to_move(box):
        return _box_turn_button(box, button, play)
    return box, None


def tap(box: BoxState, card: str, same_game: bool, name: str) -> BoxState | None:
    """A card of `card`'s game tapped in a game (`name`: as printed), as solo play takes it:
    on the box's turn the player's cards wait; a card drawn for the box is told. None: not
    solo play's (a game without a solo player never looks further)."""
    if not solo_game(box.session):
        return None
    if box_to_move(box):  # the box's move is on show: the player's cards wait
        return replace(box, notice=noticed("tap.not_now", card=name))
    if same_game and cards_to_tell(box):  # a card drawn for the box, tapped
        return take_told(box, card)
    return None


def _box_turn_button(box: BoxState, button: str, play: Play) -> tuple[BoxState, list[Effect]]:
    """A button on the box's turn (solo play): `ok` plays its move (the player has moved its
    pieces), `back` asks to take back the player's last action with the box's replies."""
    p = current(box)
    if button == "ok" and p is not None and p.action is not None:
        if p.page + 1 < len(p.pages):  # the next page of what the box's move does
            return replace(box, proposal=replace(p, page=p.page + 1)), []
        return play(replace(box, proposal=None), p.action)
    if button == "back" and box.session is not None and box.session.actions:
        return replace(box, mode="confirm", confirm=UNDO), []
    return box, []


def _tell_button(box: BoxState, button: str) -> tuple[BoxState, list[Effect]]:
    """Solo play: the player tells the box the cards drawn for it (a tap, or this list). ▲▼
    one card of its deck, ◄► a few (the square root of the list's length, at least three:
    any card of 16 in at most 4 presses with the ok); ok: this one was drawn; back: the last
    card told is taken back (none told: the undo question)."""
    assert box.session is not None
    cards = deck_cards(box)
    i = with_copies(box, box.deal) if cards else 0  # (a restart: on a card with one left)
    jump = max(3, round(math.sqrt(len(cards))))
    moves = {"up": -1, "down": 1, "left": -jump, "right": jump}
    if button in moves and cards:  # on, in the press's direction, to a card with one left
        step = 1 if moves[button] > 0 else -1
        return replace(box, deal=with_copies(box, i + moves[button], step)), []
    if button == "ok" and cards:
        return take_told(box, cards[i]), []
    if button == "back":
        if box.session.box_held.now:
            return drop_last_told(box), []
        if box.session.actions:
            return replace(box, mode="confirm", confirm=UNDO), []
    return box, []


# --- what the frame shows of solo play and hints ----------------------------------------------


@dataclass(frozen=True)
class Shown:
    """What solo play and a hint put on the screen for a state of the box, for the frame to
    draw as it is handed (device/app/frame.py asks nothing else of solo play)."""

    thinking: str = ""  # "Box denkt ..." in the notice band, over any notice
    hint_text: str = ""  # "Tipp: ..." in the notice band, where no notice is on show
    hinting: bool = False  # a hint is on show: `ok` plays it
    move_page: tuple[str, ...] | None = None  # the box's move: the page of it on show
    move_hint_key: str = ""  # the hint line's key while the box's move is on show
    box_draws: bool = False  # the table draws the box's card: said over the top row
    telling: int = 0  # the cards still to tell the box (its telling screen while > 0)
    deck_labels: tuple[str, ...] = ()  # the box's deck's cards, as the telling screen lists
    deal_at: int = 0  # the telling list's card under the pointer (one with a copy left)


NOTHING = Shown()


def shown(box: BoxState) -> Shown:
    """Solo play's and a hint's part of this frame. A game without a solo player and without
    a hint asked (no `box_seat`, no proposal) never looks further: `NOTHING`."""
    if not _enters(box):
        return NOTHING
    telling = cards_to_tell(box)
    labels = tuple(card_label(box, card) for card in deck_cards(box)) if telling else ()
    hinted = hint(box)
    searching = (
        box.mode == "game" and thinking.wants_thinking(box) and not thinking.wants_suggestion(box)
    )
    moving = box_to_move(box)
    thinking_text = ""
    if searching:
        thinking_text = text("solo.thinking" if moving else "solo.hint_thinking", box.lang)
    page, key = None, ""
    if moving:
        p = current(box)
        if p is not None and p.action is not None and p.pages:
            page = p.pages[p.page % len(p.pages)]
        more = p is not None and p.page + 1 < len(p.pages)
        key = (
            "hint.box_thinking" if searching else "hint.box_move_next" if more else "hint.box_move"
        )
    return Shown(
        thinking=thinking_text,
        hint_text="" if hinted is None else text("solo.hint", box.lang, what=describe(box, hinted)),
        hinting=hinted is not None,
        move_page=page,
        move_hint_key=key,
        box_draws=thinking.box_draws(box),
        telling=telling,
        deck_labels=labels,
        deal_at=with_copies(box, box.deal) if telling else 0,
    )
