"""The box's pure transition: `handle(box, event)` takes the box's state (`BoxState`,
device/app/state.py) and an event and returns the next state and the effects the loop must
carry out (and save) before the new screen is shown. Nothing here touches files, pins or the
display; a game is reached only through its entry in the registry (`device/games/`: the
engine and screens contracts). Each mode's transitions are the menu (menu.py), the game and
its questions (turns.py), the teach screen and the deck check (teach.py).
"""

from __future__ import annotations

from dataclasses import replace

from device import games
from device.app.effects import Effect, TeachCard
from device.app.menu import menu_button
from device.app.solo import seat as solo
from device.app.state import (
    NO_NOTICE,
    TOP_MENU,
    BoxState,
    game_view,
    message_page,
    noticed,
    screens_of,
    solo_game,
)
from device.app.teach import check_button, check_tap, offer, teach_button, teach_tap
from device.app.turns import (
    confirm_button,
    game_button,
    react,
    undo_asked,
)
from device.cards.names import printed_name
from device.events import Event, Hold, ReaderStatus, Tap
from device.games.contract import Reaction


def handle(box: BoxState, event: Event) -> tuple[BoxState, list[Effect]]:
    if isinstance(event, Tap):
        return _tap(box, event)
    if isinstance(event, ReaderStatus):
        if event.ok == box.reader_ok:
            return box, []
        key = "status.reader_back" if event.ok else "status.reader_missing"
        return replace(box, reader_ok=event.ok, notice=noticed(key)), []
    box = replace(box, notice=NO_NOTICE)
    if isinstance(event, Hold):
        if event.button == "ok" and box.mode in ("game", "message", "check"):
            return replace(box, mode="menu", menu=TOP_MENU), []
        if event.button == "back" and _undo_held(box):
            return undo_asked(replace(box, undone=(), undone_page=0))
        if event.button != "back":
            return box, []
    button = event.button  # (a hold of back where it takes nothing back: a press of back)
    if box.mode == "menu":
        return menu_button(box, button)
    if box.mode == "confirm":
        return confirm_button(box, button)
    if box.mode == "message":
        if button == "ok":
            _, rest = message_page(box.message)
            if rest:  # the message's next page
                return replace(box, message=rest), []
            return replace(box, mode="game" if box.session else "menu", message=()), []
        return box, []
    if box.mode == "teach":
        return _teach_button(box, button)
    if box.mode == "check":
        return check_button(box, button)
    return game_button(box, button)


def _teach_button(box: BoxState, button: str) -> tuple[BoxState, list[Effect]]:
    """The teach screen; a tag offered in a game and taught is then tapped there."""
    new, effects = teach_button(box, button)
    taught = [e for e in effects if isinstance(e, TeachCard)]
    if not (box.teach.in_game and taught and new.session is not None):
        return new, effects
    card = taught[0].card
    played, more = _tap(new, Tap(taught[0].uid, card))
    not_now = noticed("tap.not_now", card=printed(box, card))
    if played.notice in (NO_NOTICE, not_now):  # the tap took nothing: what was taught is news
        played = replace(played, notice=new.notice)
    return played, [*effects, *more]


def _undo_held(box: BoxState) -> bool:
    """A hold of `back` takes back the last action: in a game, its messages and the top menu
    (elsewhere, the new-game page or a list, it is a press of `back`)."""
    if box.session is None:
        return False
    return box.mode in ("game", "message") or (box.mode == "menu" and len(box.menu) == 1)


def _tap(box: BoxState, event: Tap) -> tuple[BoxState, list[Effect]]:
    if box.mode == "teach":
        return teach_tap(box, event), []
    if box.mode == "check":
        return check_tap(box, event), []
    if event.known is None and box.mode == "game" and box.session is not None:
        return offer(box, event.uid, lambda card: _takes(box, event.uid, card)), []  # "this?"
    if event.known is None:  # a tag the box was never taught: say so, and where to teach it
        return replace(box, notice=noticed("tap.unknown")), []
    session = box.session
    if box.mode == "game" and session is not None:
        box = replace(box, undone=(), undone_page=0)  # the player goes on: the undo is read
        game, _, card = event.known.partition(":")
        if solo_game(session):  # solo play's part first: a two-player game never enters it
            told = solo.tap(box, card, game == session.game, printed(box, event.known))
            if told is not None:
                return told, []
        if game != session.game:
            other = games.GAMES[game].short if game in games.GAMES else game
            other_game = noticed("tap.other_game", game=other, card=printed(box, event.known))
            return replace(box, notice=other_game), []
        screens = screens_of(session)
        view = game_view(box)
        reaction = screens.on_tap(session.state, view, event.uid, event.known)
        if reaction == Reaction(view):  # nothing done, nothing asked, nothing refused
            not_now = noticed("tap.not_now", card=printed(box, event.known))
            return replace(box, notice=not_now), []  # e.g. the other side's spell
        return react(replace(box, notice=NO_NOTICE), reaction)
    in_game = noticed("tap.in_game", card=printed(box, event.known))
    return replace(box, notice=in_game), []  # the menu, a message


def _takes(box: BoxState, uid: str, card: str) -> bool:
    """The game in play would take a tap of `card` now (a card drawn, told, laid): what the
    teach list offers first for a new tag tapped in a game."""
    after, _ = _tap(replace(box, notice=NO_NOTICE), Tap(uid, card))
    changed = (after.view, after.mode) != (box.view, box.mode)  # its targets, a question
    return after.session != box.session or changed and not after.notice  # (not refused)


def printed(box: BoxState, known: str) -> str:
    """A taught card by the name printed on it, in the box's language (as the game in play
    names it, else as its decks do: device/cards/names.py)."""
    session = box.session
    state = session.state if session is not None and known.startswith(f"{session.game}:") else None
    return printed_name(known, box.lang, state)
