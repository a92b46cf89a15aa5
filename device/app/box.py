"""The box's modes (menu, game, confirm, message, teach, check) as one frozen value and a pure
transition.

`handle(box, event)` returns the next box and the effects the loop must carry out (and save)
before the new screen is shown. Nothing here touches files, pins or the display; a game is
reached only through its entry in `device/games/__init__.py` (engine and screens contracts).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Literal

from device import games
from device.app.events import Event, Hold, Press, ReaderStatus, Tap
from device.games.contract import Question, Reaction
from device.ui.catalog import refusal, text
from engine.core import IllegalMove
from engine.replay import options_of, undo

Mode = Literal["menu", "game", "confirm", "message", "teach", "check"]
__all__ = ["Box", "Event", "Hold", "Press", "ReaderStatus", "Session", "Tap", "handle"]


@dataclass(frozen=True)
class Session:
    """A game in progress: its id in the store, its options, its state, its actions so far
    (`history`, in order; `actions` is their count)."""

    db_id: int
    game: str
    options: Any
    state: Any
    actions: int
    history: tuple[Any, ...] = ()
    before: tuple[Any, ...] = ()  # the state before each action of `history`, when known

    def undone(self, engine: Any) -> tuple[Any, tuple[Any, ...], tuple[Any, ...]]:
        """The state, actions and earlier states without the last action: the state kept
        from before it (states are immutable), else the actions replayed from the start."""
        if self.history and len(self.before) == len(self.history):
            return self.before[-1], self.history[:-1], self.before[:-1]
        state, history = undo(engine, self.options, self.history)
        return state, history, ()


# --- effects: what the loop saves ------------------------------------------------------------


@dataclass(frozen=True)
class NewGame:
    game: str
    options: Any


@dataclass(frozen=True)
class Append:
    action: Any


@dataclass(frozen=True)
class Undo:
    pass


@dataclass(frozen=True)
class Finish:
    status: Literal["finished", "abandoned"]


@dataclass(frozen=True)
class Resume:
    pass


@dataclass(frozen=True)
class TeachCard:
    uid: str
    card: str


Effect = NewGame | Append | Undo | Finish | Resume | TeachCard


@dataclass(frozen=True)
class Box:
    lang: str = "de"
    mode: Mode = "menu"
    menu: tuple[tuple[str, int], ...] = (("top", 0),)
    choice: tuple[tuple[str, Any], ...] = ()
    session: Session | None = None
    view: Any = None  # the game's own view (device/games/contract.py)
    message: tuple[str, ...] = ()
    confirm: str = ""
    notice: str = ""
    resumable: bool = False  # the store holds another unfinished game
    reader_ok: bool = True  # False while the card reader is unplugged or silent
    card_names: tuple[str, ...] = ()  # what the teach screen offers
    teach_uid: str = ""  # teach screen: the tag just tapped ("" while waiting for one)
    teach_known: str = ""  # ... and the card it was before
    check_game: str = ""  # deck check: the game whose deck is counted
    check_uids: tuple[str, ...] = ()  # ... the tags counted so far, in order
    check_cards: tuple[str, ...] = ()  # ... the card id of each ("" if not a known card)


def deck_checkers() -> list[str]:
    """The playable games whose screens can check a deck (`check_deck`)."""
    return [g for g, e in games.playable().items() if e.checks_decks]


def screens_of(session: Session) -> Any:
    return games.GAMES[session.game].screens


def engine_of(session: Session) -> Any:
    return games.GAMES[session.game].engine


def game_view(box: Box) -> Any:
    """The game's view, or its first view where a box was made without one."""
    if box.view is not None or box.session is None:
        return box.view
    return screens_of(box.session).initial_view(box.session.state)


def questions(choice: dict[str, Any]) -> list[Question]:
    """The game's new-game questions, given the answers so far."""
    answers = {k: str(v) for k, v in choice.items() if k != "game"}
    return list(games.GAMES[choice["game"]].screens.questions(answers))


def menu_question(box: Box) -> Question | None:
    screen = box.menu[-1][0]
    if not screen.startswith("q:"):
        return None
    key = screen[2:]
    return next(q for q in questions(dict(box.choice)) if q.key == key)


def menu_items(box: Box) -> list[str]:
    screen = box.menu[-1][0]
    if screen == "top":
        # the items that come and go (abandon, resume) stand last: one that appears or goes
        # never moves the others (players picked the wrong item when "resume" pushed them)
        items = []
        if box.session is not None:
            items += ["close", "new", "undo"]
        else:
            items.append("new")
        items.append("teach")
        if deck_checkers():
            items.append("check")
        if box.session is not None and not engine_of(box.session).is_over(box.session.state):
            items.append("abandon")  # a finished game stays finished
        if box.resumable:
            items.append("resume")
        return items
    if screen == "game":
        return list(games.GAMES)
    if screen == "check":
        return deck_checkers()
    question = menu_question(box)
    return [value for value, _ in question.choices] if question else []


def menu_label(box: Box, screen: str, item: str) -> str:
    if screen == "top":
        return text(f"menu.{item}", box.lang)
    if screen in ("game", "check"):
        return games.GAMES[item].name
    question = menu_question(box)
    label = dict(question.choices).get(item, "") if question else ""
    return text(label, box.lang) if label else item


def handle(box: Box, event: Event) -> tuple[Box, list[Effect]]:
    if isinstance(event, Tap):
        return _tap(box, event)
    if isinstance(event, ReaderStatus):
        if event.ok == box.reader_ok:
            return box, []
        key = "status.reader_back" if event.ok else "status.reader_missing"
        return replace(box, reader_ok=event.ok, notice=text(key, box.lang)), []
    box = replace(box, notice="")
    if isinstance(event, Hold):
        if event.button == "ok" and box.mode in ("game", "message", "check"):
            return replace(box, mode="menu", menu=(("top", 0),)), []
        return box, []
    button = event.button
    if box.mode == "menu":
        return _menu(box, button)
    if box.mode == "confirm":
        return _confirm(box, button)
    if box.mode == "message":
        if button == "ok":
            return replace(box, mode="game" if box.session else "menu", message=()), []
        return box, []
    if box.mode == "teach":
        return _teach(box, button)
    if box.mode == "check":
        return _check(box, button)
    return _game(box, button)


def _tap(box: Box, event: Tap) -> tuple[Box, list[Effect]]:
    if box.mode == "teach":
        index = box.card_names.index(event.known) if event.known in box.card_names else 0
        return replace(
            box,
            teach_uid=event.uid,
            teach_known=event.known or "",
            menu=(("teach", index),),
            notice="",
        ), []
    if box.mode == "check":
        return _check_tap(box, event), []
    if event.known is None:  # a tag the box was never taught: say so, and where to teach it
        return replace(box, notice=text("tap.unknown", box.lang)), []
    if box.mode == "game" and box.session is not None:
        game = event.known.split(":", 1)[0]
        if game != box.session.game:
            other = games.GAMES[game].short if game in games.GAMES else game
            return replace(box, notice=text("tap.other_game", box.lang, game=other)), []
        screens = screens_of(box.session)
        view = game_view(box)
        reaction = screens.on_tap(box.session.state, view, event.uid, event.known)
        if reaction == Reaction(view):  # nothing done, nothing asked, nothing refused
            return replace(box, notice=text("tap.not_now", box.lang)), []  # e.g. the other side's
        return _react(replace(box, notice=""), reaction)
    return replace(box, notice=text("tap.in_game", box.lang)), []  # the menu, a message


def _check_tap(box: Box, event: Tap) -> Box:
    """A tag tapped while a deck is counted: each tag once (a tag read twice in a row is the
    same card lying on the reader; a tag seen before is a card already counted)."""
    if box.check_uids and box.check_uids[-1] == event.uid:
        return box
    if event.uid in box.check_uids:
        return replace(box, notice=text("check.again", box.lang))
    prefix = f"{box.check_game}:"
    card = event.known[len(prefix) :] if event.known and event.known.startswith(prefix) else ""
    return replace(
        box,
        check_uids=(*box.check_uids, event.uid),
        check_cards=(*box.check_cards, card),
        notice="",
    )


def check_report(box: Box):
    """The game's verdict on the deck counted so far (device/games/contract.py, DeckReport)."""
    screens = games.GAMES[box.check_game].screens
    return screens.check_deck(list(box.check_cards), box.lang)


def _check(box: Box, button: str) -> tuple[Box, list[Effect]]:
    """ok: the report on one screen; back: the last tag is not counted (or, with none
    counted, back to the menu)."""
    if button == "ok":
        lines = check_report(box).lines
        return replace(
            box,
            mode="message",
            message=tuple(lines[:4]),
            menu=(("top", 0),),
            check_game="",
            check_uids=(),
            check_cards=(),
        ), []
    if button == "back":
        if box.check_uids:
            return replace(
                box, check_uids=box.check_uids[:-1], check_cards=box.check_cards[:-1]
            ), []
        return replace(box, mode="menu", menu=(("top", 0),), check_game=""), []
    return box, []


def _start_check(box: Box, game: str) -> Box:
    return replace(
        box, mode="check", menu=(("top", 0),), check_game=game, check_uids=(), check_cards=()
    )


def _teach(box: Box, button: str) -> tuple[Box, list[Effect]]:
    """Tap a tag, pick its card with up/down, ok teaches it; back steps out."""
    if not box.teach_uid:
        if button == "back":
            return replace(box, mode="menu", menu=(("top", 0),)), []
        return box, []
    _, index = box.menu[-1]
    names = box.card_names
    if button in ("up", "down") and names:
        index = (index + (1 if button == "down" else -1)) % len(names)
        return replace(box, menu=(("teach", index),)), []
    if button == "back":
        return replace(box, teach_uid="", teach_known=""), []
    if button == "ok" and names:
        card = names[index % len(names)]
        done = replace(
            box,
            teach_uid="",
            teach_known="",
            notice=text("teach.taught", box.lang, card=card.split(":", 1)[1]),
        )
        return done, [TeachCard(box.teach_uid, card)]
    return box, []


def _menu(box: Box, button: str) -> tuple[Box, list[Effect]]:
    screen, index = box.menu[-1]
    items = menu_items(box)
    if button in ("up", "down"):
        index = (index + (1 if button == "down" else -1)) % len(items)
        return replace(box, menu=(*box.menu[:-1], (screen, index))), []
    if button == "back":
        if len(box.menu) > 1:
            return replace(box, menu=box.menu[:-1]), []
        if box.session is not None:
            return replace(box, mode="game"), []
        return box, []
    if button != "ok":
        return box, []
    item = items[index % len(items)]
    choice = dict(box.choice)
    if screen == "top":
        if item == "close":
            return replace(box, mode="game"), []
        if item == "new":
            return replace(box, menu=(*box.menu, ("game", 0)), choice=()), []
        if item == "resume":
            return replace(box, mode="game"), [Resume()]
        if item == "undo":
            if undo_takes_back_an_end(box):  # a round's or the game's end: ask first
                return replace(box, mode="confirm", confirm="undo"), []
            return _undo(replace(box, mode="game"))
        if item == "abandon":
            return replace(box, mode="confirm", confirm="abandon"), []
        if item == "teach":
            return replace(box, mode="teach", teach_uid="", teach_known=""), []
        if item == "check":
            checkers = deck_checkers()
            if len(checkers) == 1:
                return _start_check(box, checkers[0]), []
            return replace(box, menu=(*box.menu, ("check", 0))), []
    if screen == "check":
        return _start_check(box, item), []
    if screen == "game":
        if not games.GAMES[item].playable:
            name = games.GAMES[item].name
            return replace(box, notice=text("menu.not_yet", box.lang, game=name)), []
        return _ask(box, {"game": item})
    question = menu_question(box)
    if question is not None:
        choice[question.key] = item
        return _ask(box, choice)
    return box, []  # pragma: no cover


def _ask(box: Box, choice: dict[str, Any]) -> tuple[Box, list[Effect]]:
    """Ask the game's next unanswered new-game question, or start the game."""
    asked = [q for q in questions(choice) if q.key not in choice]
    if asked:
        q = asked[0]
        return replace(
            box, menu=(*box.menu, (f"q:{q.key}", q.default)), choice=tuple(choice.items())
        ), []
    entry = games.GAMES[choice["game"]]
    overrides = getattr(entry.screens, "option_overrides", None)
    answers = {**(overrides() if overrides else {})}
    answers.update({k: str(v) for k, v in choice.items() if k != "game"})
    try:
        options = options_of(entry.game, answers)
    except ValueError:  # a config deck that breaks the rules the players chose (strict)
        return replace(box, notice=text("menu.deck_rules_broken", box.lang)), []
    state = entry.game.initial(options)
    fresh = replace(
        box,
        mode="game",
        menu=(("top", 0),),
        choice=(),
        view=entry.screens.initial_view(state),
        message=(),
    )
    return fresh, [NewGame(choice["game"], options)]


def _confirm(box: Box, button: str) -> tuple[Box, list[Effect]]:
    what = box.confirm
    if button == "back":
        back_to: Mode = "menu" if what == "abandon" else "game"
        return replace(box, mode=back_to, confirm=""), []
    if button != "ok":
        return box, []
    if what == "abandon":
        if box.session is not None and engine_of(box.session).is_over(box.session.state):
            return replace(box, mode="menu", confirm="", menu=(("top", 0),)), []  # finished
        return replace(
            box,
            mode="menu",
            confirm="",
            menu=(("top", 0),),
            session=None,
            notice=text("menu.abandoned", box.lang),
        ), [Finish("abandoned")]
    if what == "undo":
        return _undo(replace(box, mode="game", confirm=""))
    if box.session is None:  # pragma: no cover - a game question without a game
        return replace(box, mode="menu", confirm=""), []
    action = screens_of(box.session).confirmed(what)
    return _try(replace(box, mode="game", confirm=""), action)


def _undo(box: Box) -> tuple[Box, list[Effect]]:
    """Take back the last action: the state is replayed here, at once (engine/replay.py)."""
    session = box.session
    if session is None or session.actions == 0:
        return replace(box, notice=text("menu.nothing_to_undo", box.lang)), []
    taken = session.history[-1] if session.history else None
    state, history, before = session.undone(engine_of(session))
    session = replace(session, state=state, history=history, actions=len(history), before=before)
    screens = screens_of(session)
    notice = text("menu.undone", box.lang)
    describe = getattr(screens, "describe", None)
    if taken is not None and describe is not None:
        notice = text("menu.undone_what", box.lang, what=describe(state, taken, box.lang))
    return replace(
        box,
        session=session,
        view=screens.initial_view(state) if box.view is None else _keep_view(screens, box, state),
        notice=notice,
    ), [Undo()]


def undo_takes_back_an_end(box: Box) -> bool:
    """The last action ended a round or the game (its results were shown)."""
    session = box.session
    if session is None or not session.history:
        return False
    if engine_of(session).is_over(session.state):
        return True
    if len(session.before) != len(session.history):
        return False
    lines = screens_of(session).round_ended(session.before[-1], session.state, box.lang)
    return bool(lines)


def _keep_view(screens: Any, box: Box, state: Any) -> Any:
    """The view after an undo: the game's own choice (`after_undo`), else the same view where
    it still fits the state."""
    try:
        view = screens.view_parse(screens.view_record(box.view), state)
    except ValueError:
        return screens.initial_view(state)
    after_undo = getattr(screens, "after_undo", None)
    return view if after_undo is None else after_undo(state, view)


def _game(box: Box, button: str) -> tuple[Box, list[Effect]]:
    session = box.session
    if session is None:
        return replace(box, mode="menu", menu=(("top", 0),)), []
    view = game_view(box)
    reaction = screens_of(session).on_button(session.state, view, button)
    if button == "ok" and engine_of(session).is_over(session.state):
        if reaction.view == view or reaction.action is not None or reaction.confirm:
            return replace(box, mode="menu", menu=(("top", 0),)), []  # the game is over
        return replace(box, view=reaction.view), []  # the game still shows its results
    return _react(box, reaction)


def _react(box: Box, reaction: Reaction) -> tuple[Box, list[Effect]]:
    box = replace(box, view=reaction.view)
    if reaction.refuse:
        return replace(box, notice=refusal(reaction.refuse, reaction.refuse, box.lang)), []
    if reaction.confirm:
        return replace(box, mode="confirm", confirm=reaction.confirm), []
    if reaction.action is None:
        return box, []
    return _try(box, reaction.action)


def _try(box: Box, action: Any) -> tuple[Box, list[Effect]]:
    """Apply an action to the engine: refused with the reason on screen, or accepted."""
    session = box.session
    assert session is not None
    engine, screens = engine_of(session), screens_of(session)
    try:
        new_state = engine.apply(session.state, action)
    except IllegalMove as error:
        return replace(box, notice=refusal(error.code, str(error), box.lang)), []
    effects: list[Effect] = [Append(action)]
    history = (*session.history, action)
    known = len(session.before) == len(session.history)
    before = (*session.before, session.state) if known else ()
    box = replace(
        box,
        session=replace(
            session, state=new_state, actions=len(history), history=history, before=before
        ),
    )
    after = getattr(screens, "after", None)
    if after is not None:
        box = replace(box, view=after(session.state, new_state, game_view(box)))
    lines = screens.round_ended(session.state, new_state, box.lang)
    if lines:
        box = replace(box, mode="message", message=tuple(lines))
    if engine.is_over(new_state):
        effects.append(Finish("finished"))
    return box, effects
