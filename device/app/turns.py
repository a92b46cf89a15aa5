"""The box in a game: a button or a tap's reaction from the game's screens, an action tried
on the engine (refused with its reason, or accepted and saved), the questions asked first
(undo, abandon, the game's own) and the undo itself."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from device.app import pieces
from device.app.effects import Append, Effect, Finish, Undo
from device.app.solo import seat as solo
from device.app.start import rematch
from device.app.state import (
    NEXT_PAGE,
    NO_NOTICE,
    TOP_MENU,
    BoxState,
    Mode,
    engine_of,
    game_view,
    hint_asked,
    line_notice,
    noticed,
    refused,
    screens_of,
    solo_game,
)
from device.games.contract import (
    ABANDON,
    UNDO,
    AnyScreens,
    GameAction,
    GameState,
    GameView,
    Layout,
    Reaction,
)
from engine.core import IllegalMove


def game_button(box: BoxState, button: str) -> tuple[BoxState, list[Effect]]:
    session = box.session
    if session is None:
        return replace(box, mode="menu", menu=TOP_MENU), []
    if box.undone:  # an undo's changes said over the game: a press shows the next page,
        if box.undone_page + 1 < len(box.undone):  # and closes the last: the board was hidden,
            return replace(box, undone_page=box.undone_page + 1), []  # so it never acts on it
        return replace(box, undone=(), undone_page=0), []
    if solo_game(session) or hint_asked(box):  # solo play's and a hint's part first
        box, done = solo.press(box, button, try_action)
        if done is not None:
            return box, done
    view = game_view(box)
    reaction = screens_of(session).on_button(session.state, view, button)
    if button == "ok" and engine_of(session).is_over(session.state):
        if reaction.view == view or reaction.action is not None or reaction.confirm:
            return rematch(box)  # the game is over: the same game again, one press
        return replace(box, view=reaction.view), []  # the game still shows its results
    return react(box, reaction)


def react(box: BoxState, reaction: Reaction[GameView, GameAction]) -> tuple[BoxState, list[Effect]]:
    box = replace(box, view=reaction.view)
    if reaction.refuse:
        return replace(box, notice=refused(reaction.refuse, reaction.refuse)), []
    if reaction.confirm == UNDO and box.session is not None and not box.session.actions:
        # nothing to take back: said at once (it asked first, then said so)
        return replace(box, notice=noticed("menu.nothing_to_undo")), []
    if reaction.confirm:
        return replace(box, mode="confirm", confirm=reaction.confirm), []
    if reaction.action is None:
        return box, []
    return try_action(box, reaction.action)


def try_action(box: BoxState, action: GameAction) -> tuple[BoxState, list[Effect]]:
    """Apply an action to the engine: refused with the reason on screen, or accepted."""
    session = box.session
    assert session is not None
    engine, screens = engine_of(session), screens_of(session)
    solo_play = solo_game(session)
    decided = solo.decides(box, action) if solo_play else action  # the box's own decisions
    if decided != action:  # the player's screen showed another: the box's shown, then played
        view = screens.show_action(session.state, game_view(box), decided)
        return replace(box, view=view, notice=noticed("solo.box_decides")), []
    try:
        new_state = engine.apply(session.state, action)
    except IllegalMove as error:
        return replace(box, notice=refused(error.code, str(error))), []
    effects: list[Effect] = [Append(action, solo.told_since(session) if solo_play else ())]
    history = (*session.history, action)
    known = len(session.before) == len(session.history)
    before = (*session.before, session.state) if known else ()
    played = replace(session, state=new_state, actions=len(history), history=history, before=before)
    box = replace(box, session=played)
    cut: list[str] = []  # in solo play, the lines naming the box's discards
    if solo_play:  # the box's hand followed, its discards named
        box, cut = solo.played(session, action, box)
    box = replace(box, view=screens.after(session.state, new_state, game_view(box)))
    skipped = screens.said_after(session.state, new_state, box.lang)  # a step skipped, said
    if skipped:
        box = replace(box, notice=line_notice(skipped))
    lines = screens.round_ended(session.state, new_state, box.lang) or []
    lines += [NEXT_PAGE, *cut] if lines and cut else cut
    if lines:
        box = replace(box, mode="message", message=tuple(lines))
    if engine.is_over(new_state):
        effects.append(Finish("finished"))
    return box, effects


def confirm_button(box: BoxState, button: str) -> tuple[BoxState, list[Effect]]:
    what = box.confirm
    if button == "back":
        back_to: Mode = "menu" if what == ABANDON else "game"
        return replace(box, mode=back_to, confirm=None), []
    if button != "ok":
        return box, []
    if what == ABANDON:
        if box.session is not None and engine_of(box.session).is_over(box.session.state):
            return replace(box, mode="menu", confirm=None, menu=TOP_MENU), []  # finished
        return replace(
            box,
            mode="menu",
            confirm=None,
            menu=TOP_MENU,
            session=None,
            notice=noticed("menu.abandoned"),
        ), [Finish("abandoned")]
    if what == UNDO:
        return undo_turn(replace(box, mode="game", confirm=None))
    if box.session is None or what is None:  # pragma: no cover - a question without a game
        return replace(box, mode="menu", confirm=None), []
    action = screens_of(box.session).confirmed(what)
    return try_action(replace(box, mode="game", confirm=None), action)


def undo_turn(box: BoxState) -> tuple[BoxState, list[Effect]]:
    """An undo: the last action, or in solo play the player's last action together with the
    box's replies after it (`solo.replies`). Said as what the players do with the pieces: a
    line a change on the table (everything the undo took along), one in the notice band, more
    a line at a time (`undone`); where nothing on the table changes, what was taken back."""
    effects: list[Effect] = []
    session = box.session
    n = _taken_back(box)
    for _ in range(n):
        box, done = undo_last(box)
        effects += done
    if session is None or box.session is None or not effects:
        return box, effects
    now = solo.undone(box.session) if solo_game(session) else box.session  # the box's hand
    box = replace(box, session=now)
    taken = session.history[len(session.history) - len(effects) :]
    held = (session.box_held.cards, now.box_held.cards)  # solo: the box's hand
    lines = pieces.lines(now, session.state, now.state, taken, box.lang, False, held)
    if not lines:  # nothing on the table changed: what was taken back (undo_last's notice)
        return box, effects
    # over the game's panel, the board in sight as it is now, where the game asks for it
    layout = screens_of(now).layout(now.state, game_view(box))
    layout = layout if layout.undo_said else Layout()  # else the whole main area
    pages = pieces.paged("change.undone", lines, box.lang, layout)
    return replace(box, notice=NO_NOTICE, undone=pages, undone_page=0), effects


def undo_last(box: BoxState) -> tuple[BoxState, list[Effect]]:
    """Take back the last action: the state is replayed here, at once (engine/replay.py)."""
    session = box.session
    if session is None or session.actions == 0:
        return replace(box, notice=noticed("menu.nothing_to_undo")), []
    taken = session.history[-1] if session.history else None
    state, history, before = session.undone(engine_of(session))
    session = replace(session, state=state, history=history, actions=len(history), before=before)
    screens = screens_of(session)
    notice = noticed("menu.undone")
    what = screens.describe(state, taken, box.lang) if taken is not None else ""
    if what:
        notice = noticed("menu.undone_what", what=what)
    return replace(
        box,
        session=session,
        view=screens.initial_view(state) if box.view is None else _keep_view(screens, box, state),
        notice=notice,
    ), [Undo()]


def undo_asked(box: BoxState) -> tuple[BoxState, list[Effect]]:
    """An undo the player chose (the menu's item, a hold of `back`): done at once, asked
    first only where it takes back a round's or the game's end (its results were shown)."""
    if end_undone(box):
        return replace(box, mode="confirm", confirm=UNDO), []
    return undo_turn(replace(box, mode="game"))


def end_undone(box: BoxState) -> str:
    """What end the undo would take back (its results were shown): "game" where the game is
    over, "round" where fewer rounds were scored before the actions it takes back (in solo
    play, the player's last action and the box's replies after it) than now, else ""."""
    session = box.session
    if session is None or not session.history:
        return ""
    engine = engine_of(session)
    if engine.is_over(session.state):
        return "game"
    before, _ = _first_undone(box)
    if len(engine.result(before).rounds) < len(engine.result(session.state).rounds):
        return "round"
    return ""


def undone_what(box: BoxState) -> str:
    """The action an undo takes back first, in the game's words (in solo play the player's,
    the box's replies after it go too): "" where the game has no words for it."""
    session = box.session
    if session is None or not session.history:
        return ""
    before, action = _first_undone(box)
    return screens_of(session).describe(before, action, box.lang)


def _taken_back(box: BoxState) -> int:
    """The actions an undo takes back: in solo play the player's last with the box's replies
    (`solo.replies`); else the last."""
    return solo.replies(box) if solo_game(box.session) else 1


def _first_undone(box: BoxState) -> tuple[Any, Any]:
    """The first action an undo takes back (in solo play the player's last, before the box's
    replies) and the state before it: the state the undo goes back to."""
    session = box.session
    assert session is not None and session.history
    n = _taken_back(box)
    return session.states_before(engine_of(session))[-n], session.history[-n]


def _keep_view(screens: AnyScreens, box: BoxState, state: GameState) -> Any:
    """The view after an undo: the game's own choice (`after_undo`), else the same view where
    it still fits the state."""
    try:
        view = screens.view_parse(screens.view_record(box.view), state)
    except ValueError:
        return screens.initial_view(state)
    return screens.after_undo(state, view)
