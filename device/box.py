"""The box's modes (menu, game, confirm, message) as one frozen value and a pure transition.

`handle(box, event)` returns the next box and the effects the loop must carry out (and save)
before the new screen is shown. Nothing here touches files, pins or the display.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Literal

from device.catalog import refusal, text
from device.screens import View, playable
from engine.core import IllegalMove
from engine.registry import GAMES

Mode = Literal["menu", "game", "confirm", "message", "teach"]
PLAYABLE = playable()  # games with screens on the box so far (device/screens.py)


@dataclass(frozen=True)
class Press:
    button: str  # up, down, left, right, ok, back


@dataclass(frozen=True)
class Hold:
    button: str


@dataclass(frozen=True)
class Tap:
    uid: str  # a card's UID as uppercase hex
    known: str | None = None  # the card the registry has for it (filled in by the loop)


@dataclass(frozen=True)
class ReaderStatus:
    ok: bool  # the card reader answers (False: unplugged or silent)


Event = Press | Hold | Tap | ReaderStatus


@dataclass(frozen=True)
class Session:
    """A game in progress: its id in the store, its options, its state, its action count."""

    db_id: int
    game: str
    options: Any
    state: Any
    actions: int


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
    view: View = field(default_factory=View)
    message: tuple[str, ...] = ()
    confirm: str = ""
    notice: str = ""
    resumable: bool = False  # the store holds another unfinished game
    reader_ok: bool = True  # False while the card reader is unplugged or silent
    card_names: tuple[str, ...] = ()  # what the teach screen offers
    teach_uid: str = ""  # teach screen: the tag just tapped ("" while waiting for one)
    teach_known: str = ""  # ... and the card it was before


def menu_items(box: Box) -> list[str]:
    screen = box.menu[-1][0]
    if screen == "top":
        items = []
        if box.session is not None:
            items.append("close")
        if box.resumable:
            items.append("resume")
        items.append("new")
        if box.session is not None:
            items += ["undo", "abandon"]
        items.append("teach")
        return items
    if screen == "game":
        return list(GAMES)
    if screen == "variant":
        return [str(v) for v in PLAYABLE[dict(box.choice)["game"]].VARIANTS]
    if screen == "starter":
        return ["A", "B"]
    return []  # pragma: no cover


def menu_label(box: Box, screen: str, item: str) -> str:
    if screen == "top":
        return text(f"menu.{item}", box.lang)
    if screen == "game":
        return GAMES[item].name
    if screen == "variant":
        return PLAYABLE[dict(box.choice)["game"]].variant_label(int(item), box.lang)
    return text(f"player.{item}", box.lang)


def handle(box: Box, event: Event) -> tuple[Box, list[Effect]]:
    if isinstance(event, Tap):
        if box.mode == "teach":
            index = box.card_names.index(event.known) if event.known in box.card_names else 0
            return replace(
                box,
                teach_uid=event.uid,
                teach_known=event.known or "",
                menu=(("teach", index),),
                notice="",
            ), []
        return box, []  # no game on the box uses cards yet
    if isinstance(event, ReaderStatus):
        if event.ok == box.reader_ok:
            return box, []
        key = "status.reader_back" if event.ok else "status.reader_missing"
        return replace(box, reader_ok=event.ok, notice=text(key, box.lang)), []
    box = replace(box, notice="")
    if isinstance(event, Hold):
        if event.button == "ok" and box.mode in ("game", "message"):
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
    return _game(box, button)


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
            if box.session is None or box.session.actions == 0:
                return replace(box, notice=text("menu.nothing_to_undo", box.lang)), []
            return replace(box, mode="game", notice=text("menu.undone", box.lang)), [Undo()]
        if item == "abandon":
            return replace(box, mode="confirm", confirm="abandon"), []
        if item == "teach":
            return replace(box, mode="teach", teach_uid="", teach_known=""), []
    if screen == "game":
        if item not in PLAYABLE:
            return replace(box, notice=text("menu.not_yet", box.lang, game=GAMES[item].name)), []
        choice["game"] = item
        return replace(box, menu=(*box.menu, ("variant", 0)), choice=tuple(choice.items())), []
    if screen == "variant":
        choice["variant"] = int(item)
        return replace(box, menu=(*box.menu, ("starter", 0)), choice=tuple(choice.items())), []
    if screen == "starter":
        choice["starter"] = item
        screens = PLAYABLE[choice["game"]]
        options = screens.options_from(choice)
        fresh = replace(box, mode="game", menu=(("top", 0),), choice=(), view=View(), message=())
        return fresh, [NewGame(choice["game"], options)]
    return box, []  # pragma: no cover


def _confirm(box: Box, button: str) -> tuple[Box, list[Effect]]:
    what = box.confirm
    if button == "back":
        back_to: Mode = "menu" if what == "abandon" else "game"
        return replace(box, mode=back_to, confirm=""), []
    if button != "ok":
        return box, []
    if what == "abandon":
        return replace(
            box,
            mode="menu",
            confirm="",
            menu=(("top", 0),),
            session=None,
            notice=text("menu.abandoned", box.lang),
        ), [Finish("abandoned")]
    if what == "undo":
        if box.session is None or box.session.actions == 0:
            return replace(
                box, mode="game", confirm="", notice=text("menu.nothing_to_undo", box.lang)
            ), []
        return replace(box, mode="game", confirm="", notice=text("menu.undone", box.lang)), [Undo()]
    if box.session is None:  # pragma: no cover - a game question without a game
        return replace(box, mode="menu", confirm=""), []
    action = PLAYABLE[box.session.game].confirmed(what)
    return _try(replace(box, mode="game", confirm=""), action)


def _game(box: Box, button: str) -> tuple[Box, list[Effect]]:
    session = box.session
    if session is None:
        return replace(box, mode="menu", menu=(("top", 0),)), []
    screens = PLAYABLE[session.game]
    state = session.state
    if button in ("up", "down", "left", "right"):
        return replace(box, view=screens.move_cursor(state, box.view, button)), []
    if button == "back":
        what = screens.on_back(state, box.view)
        if what is None:
            return box, []
        kind, value = what
        if kind == "view":
            return replace(box, view=value), []
        return replace(box, mode="confirm", confirm=value), []
    if button == "ok":
        if screens.is_over(state):
            return replace(box, mode="menu", menu=(("top", 0),)), []
        view, action = screens.on_ok(state, box.view)
        box = replace(box, view=view)
        if action is None:
            return box, []
        return _try(box, action)
    return box, []


def _try(box: Box, action: Any) -> tuple[Box, list[Effect]]:
    """Apply an action to the engine: refused with the reason on screen, or accepted."""
    session = box.session
    assert session is not None
    screens = PLAYABLE[session.game]
    try:
        new_state = screens.step(session.state, action)
    except IllegalMove as error:
        return replace(box, notice=refusal(error.code, str(error), box.lang)), []
    effects: list[Effect] = [Append(action)]
    box = replace(box, session=replace(session, state=new_state, actions=session.actions + 1))
    if len(new_state.round_scores) > len(session.state.round_scores):
        box = replace(
            box, mode="message", message=tuple(screens.round_summary(new_state, box.lang))
        )
        if new_state.phase == "over":
            effects.append(Finish("finished"))
    return box, effects
