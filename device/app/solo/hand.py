"""Solo play in a game with hidden hands (Day and Night, Druiden): the box knows its own hand
card by card. Whenever it holds a card it was not told, the player draws it and tells it (a
tap, or a pick from its deck's list: `cards_to_tell`, `take_told`) before anything else goes
on; the box then plays only cards it holds, and when its hand is cut it discards the least
worth and names them (engine/hands.py). Undo and restarts give the hand back from the game's
actions and the cards told (`hand_rebuilt`); a solo game put aside for another is kept with
them (`kept_aside`).
"""

from __future__ import annotations

from dataclasses import replace

from device.app.session import Session
from device.app.state import (
    NEXT_PAGE,
    NO_NOTICE,
    BoxState,
    KeptAside,
    engine_of,
    noticed,
    screens_of,
)
from device.games.contract import GameAction
from device.ui.catalog import text
from engine import hands
from engine.core import IllegalMove

CUT_PAGE = 3  # the cards a page of the discard message names, under its count


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
    told = session.box_told[: session.box_held.used]
    try:  # the same checks as a solo record's `told` line (engine/hands.py)
        held = hands.tell(engine, session.state, session.box_seat, session.box_held, told, card)
    except IllegalMove as refused:
        if refused.code == "told_unknown":
            return replace(box, notice=noticed("deal.not_in_deck"))
        if refused.code == "told_all":
            name = card_label(box, card)
            return replace(box, notice=noticed("deal.all_drawn", card=name))
        return box  # nothing to tell: the callers ask only while cards are missing
    session = replace(session, box_told=(*told, card), box_held=held)
    told_box = replace(box, session=session, notice=NO_NOTICE)
    told_box = replace(told_box, deal=with_copies(told_box, box.deal))  # the list: on one left
    if not cards_to_tell(told_box):  # the last card told: what the box does next is said at once
        return told_box
    which = noticed("deal.told", card=card_label(box, card))  # which card it took
    return replace(told_box, notice=which)


def with_copies(box: BoxState, start: int, step: int = 1) -> int:
    """Where the list of the box's deck stands: on `start`'s card, or the next one from it in
    the direction of `step` (1: down the list, -1: up) that still has a copy not told (the
    list never rests on a card all of whose copies are in the box's hand already)."""
    session = box.session
    assert session is not None
    engine, cards = engine_of(session), deck_cards(box)
    told = session.box_told[: session.box_held.used]
    for k in range(len(cards)):
        i = (start + k * step) % len(cards)
        try:
            hands.tell(engine, session.state, session.box_seat, session.box_held, told, cards[i])
        except IllegalMove as refused:
            if refused.code == "told_none_missing":  # the hand is whole: any card will do
                return start % len(cards)
            continue
        return i
    return start % max(1, len(cards))


def drop_last_told(box: BoxState) -> BoxState:
    """The last card told since the last action, taken back (told by mistake)."""
    session = box.session
    assert session is not None
    held = hands.forget(session.box_held)
    told = session.box_told[: held.used]
    return replace(box, session=replace(session, box_held=held, box_told=told))


def hand_after(before: Session, action: GameAction, after: Session) -> Session:
    """The box's hand after an action: its played card out, its draws to be told, a cut's
    cards (the least worth) discarded (`after.box_held.cut`: the box says which). A solo
    game's (the seam, seat.py, asks first)."""
    engine = engine_of(after)
    held = hands.follow(
        engine, before.state, action, after.state, after.box_seat, before.box_held, after.box_told
    )
    return replace(after, box_held=held)


def hand_rebuilt(session: Session, told: tuple[str, ...] | None = None) -> Session:
    """The box's hand at this point of the game, from its actions and the cards told (after
    an undo, or read back after a restart); told cards the game has not reached yet are
    dropped (an undone draw: its card goes back, and is told again when drawn again). A
    solo game's (the seam, seat.py, asks first)."""
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
    or resumed): the one on show first, if it is still going. A solo game's (the seam,
    seat.py, asks first)."""
    session = box.session
    kept = box.solo_kept
    assert session is not None
    if engine_of(session).is_over(session.state):
        return kept
    rest = tuple(k for k in kept if k[0] != session.db_id)
    return ((session.db_id, session.box_seat, session.box_told), *rest)[:KEPT]


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
