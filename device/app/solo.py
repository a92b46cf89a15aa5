"""Solo play and hints: the box as the second player, and the best action on request, by the
one search (`engine/search.py`) over the game's engine.

In a solo game (`Session.box_seat`) the box's turn comes when its seat is to move and the
step is not the table's (a draw is drawn and tapped or picked by the player, as for anyone):
the loop draws "Box denkt ...", searches (`think`), and the box says its move in the players'
words; the player moves its pieces and presses `ok`, and the action is played and saved like
anyone's. `back` (and an undo from the menu) takes back the player's last action together
with the box's replies. A hint (the menu's "Tipp") is the same search for the player to move,
shown once. Where the game knows its best choice at once (`known_best`: Feuer und Wasser's
best placement, Druiden's best defence) that is the answer, without the search.

In a game with hidden hands (Day and Night, Druiden) the box knows its own hand card by card:
whenever it holds a card it was not told, the player draws it and tells it (a tap, or a pick
from its deck's list: `cards_to_tell`, `take_told`), before anything else goes on; the box
then plays only cards it holds, and when its hand is cut it discards the least worth and names them
(engine/hands.py). Undo and restarts give the hand back from the game's actions and the
cards told (`hand_rebuilt`); a solo game put aside for another is kept with them (`kept_aside`).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from device.app import pieces
from device.app.effects import Effect
from device.app.session import Session
from device.app.state import (
    NEXT_PAGE,
    BoxState,
    KeptAside,
    Proposal,
    engine_of,
    game_view,
    screens_of,
)
from device.games.contract import UNDO
from device.ui.catalog import text
from engine import hands

CUT_PAGE = 3  # the cards a page of the discard message names, under its count


def _open(box: BoxState) -> Any:
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


# --- the box's own hand: the player draws its cards and tells each one ----------------------


def cards_to_tell(box: BoxState) -> int:
    """Solo play in a game with hidden hands: how many cards the box's hand holds that the
    player has not told it yet (drawn for it: tapped or picked). Nothing else goes on until
    they are told: the box plays only cards it holds."""
    session = box.session
    if session is None or not session.box_seat:
        return 0
    engine = engine_of(session)
    if engine.is_over(session.state):
        return 0
    return hands.missing(engine, session.state, session.box_seat, session.box_held)


def deck_cards(box: BoxState) -> tuple[str, ...]:
    """The cards the box's deck is made of (what the player picks from)."""
    session = box.session
    assert session is not None
    return tuple(card for card, _ in engine_of(session).deck_cards(session.state, session.box_seat))


def card_label(box: BoxState, card: str) -> str:
    session = box.session
    assert session is not None
    return screens_of(session).card_label(session.state, session.box_seat, card, box.lang)


def take_told(box: BoxState, card: str) -> BoxState:
    """A card drawn for the box (tapped, or picked and confirmed): into its hand, unless its
    deck has no such card or no copy of it left."""
    session = box.session
    assert session is not None
    engine = engine_of(session)
    held = session.box_held
    told = session.box_told[: held.used]
    left = hands.copies_left(engine, session.state, session.box_seat, told, card)
    if left < 0:
        return replace(box, notice=text("deal.not_in_deck", box.lang))
    if left == 0:
        name = card_label(box, card)
        return replace(box, notice=text("deal.all_drawn", box.lang, card=name))
    session = replace(session, box_told=(*told, card), box_held=hands.take(held, card))
    told_box = replace(box, session=session, notice="")
    if not cards_to_tell(told_box):  # the last card told: what the box does next is said at once
        return told_box
    said = text("deal.told", box.lang, card=card_label(box, card))  # which card it took
    return replace(told_box, notice=said)


def drop_last_told(box: BoxState) -> BoxState:
    """The last card told since the last action, taken back (told by mistake)."""
    session = box.session
    assert session is not None
    held = hands.forget(session.box_held)
    told = session.box_told[: held.used]
    return replace(box, session=replace(session, box_held=held, box_told=told))


def hand_after(before: Session, action: Any, after: Session) -> Session:
    """The box's hand after an action: its played card out, its draws to be told, a cut's
    cards (the least worth) discarded (`after.box_held.cut`: the box says which)."""
    if not after.box_seat:
        return after
    engine = engine_of(after)
    held = hands.follow(
        engine, before.state, action, after.state, after.box_seat, before.box_held, after.box_told
    )
    return replace(after, box_held=held)


def hand_rebuilt(session: Session, told: tuple[str, ...] | None = None) -> Session:
    """The box's hand at this point of the game, from its actions and the cards told (after
    an undo, or read back after a restart); told cards the game has not reached yet are
    dropped (an undone draw: its card goes back, and is told again when drawn again)."""
    if not session.box_seat:
        return session
    engine = engine_of(session)
    told = session.box_told if told is None else told
    if engine.hand_count(session.state, session.box_seat) is None:
        return replace(session, box_told=(), box_held=hands.Held())
    whole = (*session.states_before(engine), session.state)
    held = hands.replay(engine, whole, session.history, session.box_seat, told)
    return replace(session, box_told=told[: held.used], box_held=replace(held, cut=()))


KEPT = 8  # solo games kept aside at most (the oldest is forgotten: it goes on two-player)


def kept_aside(box: BoxState) -> KeptAside:
    """The solo games not on show once the game on show is put aside (another game started
    or resumed): the one on show first, if it is a solo game still going."""
    session = box.session
    kept = box.solo_kept
    if session is None or not session.box_seat or engine_of(session).is_over(session.state):
        return kept
    rest = tuple(k for k in kept if k[0] != session.db_id)
    return ((session.db_id, session.box_seat, session.box_told), *rest)[:KEPT]


def taken_back(kept: KeptAside, session: Session) -> tuple[Session, KeptAside]:
    """A game resumed: solo again, with its box's hand as told, if it was kept aside."""
    for game_id, seat, told in kept:
        if game_id == session.db_id and seat in engine_of(session).players:
            rest = tuple(k for k in kept if k[0] != game_id)
            return hand_rebuilt(replace(session, box_seat=seat), told), rest
    return session, kept


def cut_lines(box: BoxState) -> list[str]:
    """What the box discarded when the last action cut its hand (none: no lines), a line a
    card ("2x Frost"), three to a page under the count: the player takes those cards from the
    box's hand. Nothing once the game is over: its cards no longer matter."""
    session = box.session
    if session is None or not session.box_held.cut or engine_of(session).is_over(session.state):
        return []
    cut = session.box_held.cut
    title = text("deal.cut", box.lang, n=len(cut))
    names = []
    for card in dict.fromkeys(cut):
        many = cut.count(card)
        names.append(f"{many}x {card_label(box, card)}" if many > 1 else card_label(box, card))
    lines: list[str] = []
    for i in range(0, len(names), CUT_PAGE):
        lines += [NEXT_PAGE] if lines else []
        lines += [title, *names[i : i + CUT_PAGE]]
    return lines


def box_to_move(box: BoxState) -> bool:
    """Solo play, and the box's seat chooses now (unless it handed the step's details to the
    player: Druiden's clash, whose blockers the defender assigns)."""
    session = box.session
    if session is None or not session.box_seat or _open(box) is None:
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
    """The loop should search now: the box's turn without its move yet, or a hint asked."""
    p = current(box)
    if box_to_move(box):
        return p is None or p.hint or p.action is None
    return p is not None and p.hint and p.action is None and _open(box) is not None


def _search(box: BoxState, among: Any = None, deciding: str | None = None) -> Any:
    """The box's choice for this position (`engine/search.py`, `choose`: the game's known
    best, else the search at the game's budget; pure: seeded by the game and its actions, so
    a restart offers the same) for `deciding` (default: the player to move)."""
    from engine.search import choose

    session = box.session
    assert session is not None
    engine = engine_of(session)
    simulations, depth = engine.search_budget
    rng = random.Random(session.db_id * 100_003 + session.actions)
    seat = session.box_seat
    if seat and engine.to_move(session.state) == seat and engine.hand_count(session.state, seat):
        holds = hands.playable(engine, session.state, session.box_held.cards)
        among = holds if among is None else _both(among, holds)  # only cards the box holds
    state = session.state
    return choose(engine, state, rng, simulations, depth, among=among, seat=deciding).action


def _both(first: Any, second: Any) -> Any:
    return lambda action: first(action) and second(action)


def think(box: BoxState) -> BoxState:
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
    if not hint and not proposal.handover:  # what the players do with the pieces for it
        proposal = _said(replace(box, view=shown), proposal)
    if hint:  # shown on the board where the game can, said in the band; `ok` plays it
        return replace(box, proposal=proposal, notice="", view=shown)
    if proposal.handover:  # said: the player takes it from the game's own screen
        notice = text("solo.handover", box.lang, what=describe(box, action))
        return replace(box, proposal=proposal, notice=notice)
    return replace(box, proposal=proposal, view=shown)


def _said(box: BoxState, proposal: Proposal) -> Proposal:
    """The box's move as the players make it: the changes on the table in pages said over
    the game (its words where the table does not change)."""
    session = box.session
    assert session is not None
    engine, screens = engine_of(session), screens_of(session)
    after = engine.apply(session.state, proposal.action)
    lines = pieces.lines(session, session.state, after, (proposal.action,), box.lang)
    if not lines:
        lines = [describe(box, proposal.action)]
    layout = screens.layout(session.state, box.view)
    return replace(proposal, pages=pieces.paged("solo.move_page", lines, box.lang, layout))


def box_draws(box: BoxState) -> bool:
    """Solo play: the table decides the box's step by chance (Feuer und Wasser: the player
    draws the top card of the box's pile and says which it is), no notice on show."""
    session = box.session
    if session is None or not session.box_seat or box.mode != "game" or box.notice:
        return False
    engine = engine_of(session)
    if engine.is_over(session.state) or engine.to_move(session.state) != session.box_seat:
        return False
    return engine.chance_outcomes(session.state) is not None


def hint(box: BoxState) -> Any:
    """The hint on show for this very position (its action), or None."""
    p = current(box)
    if p is None or not p.hint or p.action is None or box.mode != "game":
        return None
    return p.action


def box_decides(box: BoxState, action: Any) -> Any:
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
    return _search(box, among=lambda a: engine.decided_by(state, a) == seat, deciding=seat)


def describe(box: BoxState, action: Any) -> str:
    session = box.session
    assert session is not None
    words = screens_of(session).describe(session.state, action, box.lang)
    return words or engine_of(session).format_action(action)


def ask_hint(box: BoxState) -> BoxState:
    """The menu's hint: back to the game, where the loop searches for the player to move
    (a finished game has none: said in the menu, where the player is)."""
    session = box.session
    if session is not None and engine_of(session).is_over(session.state):
        return replace(box, notice=text("solo.no_hint_over", box.lang))
    if (
        session is None
        or _open(replace(box, mode="game")) is None
        or session.box_seat
        and (engine_of(session).to_move(session.state) == session.box_seat)
    ):
        return replace(box, mode="game", notice=text("solo.no_hint", box.lang))
    return replace(box, mode="game", proposal=Proposal(session.actions, None, True))


def replies(box: BoxState) -> int:
    """The actions an undo takes back: in solo play the box's replies at the end of the game
    so far and the player's action before them; else the last action."""
    session = box.session
    if session is None or not session.box_seat or not session.history:
        return 1
    engine = engine_of(session)
    before = session.states_before(engine)  # not kept (a restart): one pass from the start
    n = 0
    while n < len(before) and engine.to_move(before[-1 - n]) == session.box_seat:
        n += 1
    return min(n + 1, len(session.history))


# --- a press in a game: solo play's and a hint's part, tried first by the turn ----------------

Play = Callable[[BoxState, Any], tuple[BoxState, list[Effect]]]  # the turn's: try an action


def press(box: BoxState, button: str, play: Play) -> tuple[BoxState, list[Effect] | None]:
    """A button in a game, as solo play and a hint take it: the next state and its effects,
    or (None) the state the game's own screens go on with. A hint on show: `ok` plays it
    (`play`, the turn's way to try an action), `back` drops it (and only that), any other
    press drops it and goes on; the cards drawn for the box are told (`_tell_button`); on
    the box's turn, its move (`_box_turn_button`). A game without a solo player and without
    a hint never looks further."""
    session = box.session
    if session is None or (not session.box_seat and box.proposal is None):
        return box, None
    hinted = hint(box)
    if hinted is not None:
        box = replace(box, proposal=None)
        if button == "ok":
            return play(box, hinted)
        if button == "back":
            return box, []
    if cards_to_tell(box):
        return _tell_button(box, button)
    if box_to_move(box):
        return _box_turn_button(box, button, play)
    return box, None


def tap(box: BoxState, card: str, same_game: bool) -> BoxState | None:
    """A card of `card`'s game tapped in a game, as solo play takes it: on the box's turn the
    player's cards wait; a card drawn for the box is told. None: not solo play's (a game
    without a solo player never looks further)."""
    session = box.session
    if session is None or not session.box_seat:
        return None
    if box_to_move(box):  # the box's move is on show: the player's cards wait
        return replace(box, notice=text("tap.not_now", box.lang))
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
    i = box.deal % len(cards) if cards else 0
    jump = max(3, round(math.sqrt(len(cards))))
    moves = {"up": -1, "down": 1, "left": -jump, "right": jump}
    if button in moves and cards:
        return replace(box, deal=(i + moves[button]) % len(cards)), []
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


NOTHING = Shown()


def shown(box: BoxState) -> Shown:
    """Solo play's and a hint's part of this frame. A game without a solo player and without
    a hint asked (no `box_seat`, no proposal) never looks further: `NOTHING`."""
    session = box.session
    if session is None or (not session.box_seat and box.proposal is None):
        return NOTHING
    telling = cards_to_tell(box)
    labels = tuple(card_label(box, card) for card in deck_cards(box)) if telling else ()
    hinted = hint(box)
    thinking = box.mode == "game" and wants_thinking(box)
    moving = box_to_move(box)
    thinking_text = ""
    if thinking:
        thinking_text = text("solo.thinking" if moving else "solo.hint_thinking", box.lang)
    page, key = None, ""
    if moving:
        p = current(box)
        if p is not None and p.action is not None and p.pages:
            page = p.pages[p.page % len(p.pages)]
        more = p is not None and p.page + 1 < len(p.pages)
        key = "hint.box_thinking" if thinking else "hint.box_move_next" if more else "hint.box_move"
    return Shown(
        thinking=thinking_text,
        hint_text="" if hinted is None else text("solo.hint", box.lang, what=describe(box, hinted)),
        hinting=hinted is not None,
        move_page=page,
        move_hint_key=key,
        box_draws=box_draws(box),
        telling=telling,
        deck_labels=labels,
    )
