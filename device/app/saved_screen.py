"""What the screen showed besides the game itself, saved with every input and read back after
a restart: the app's own record. The store keeps it as an opaque JSON object (its `version`
says which record it is); only this module knows its fields."""

from __future__ import annotations

import logging
import threading
from dataclasses import dataclass, replace
from typing import Any, Literal

from pydantic import ConfigDict, ValidationError

from device import games
from device.app.solo import seat as solo
from device.app.state import (
    NO_NOTICE,
    TOP_MENU,
    BoxState,
    DeckCount,
    Mode,
    Notice,
    Page,
    Teach,
    line_notice,
    screens_of,
)
from device.games.contract import Confirm
from device.storage.actions import Coord, Strict, first_error
from device.storage.records import JsonObject
from device.ui import catalog

log = logging.getLogger("tabletop.loop")
_building = threading.Lock()


class SavedNotice(Strict):
    """A notice as saved: what happened (`state.Notice`), worded again when drawn."""

    model_config = ConfigDict(defer_build=True)  # built when first used (see `prepare`)

    key: str = ""
    values: dict[str, str | int | float | bool] = {}
    refusal: str = ""
    line: str = ""


class ScreenRecord(Strict):
    """The saved screen. Records saved before `version` was written read as version 1.
    Its validator is built when a saved screen is first read or written (a fresh box's first
    frame does not wait for it: `prepare`, right after that frame)."""

    model_config = ConfigDict(defer_build=True)

    # 1: the first records (read as 1 where no version was written): a notice as its words;
    # 2: a notice as what happened (`SavedNotice`)
    version: Literal[1, 2] = 1
    mode: Mode
    menu: list[tuple[str, int]] = []
    choice: dict[str, Any] = {}  # a page's answers so far (Any: each game's own, checked later)
    view: dict[str, Any] | None = None  # the game's own view, in its screens' codec
    cursor: Coord | None = None  # saved before games had their own view (Zweimal's cursor)
    selected: Coord | None = None
    message: list[str] = []
    confirm: str = ""
    notice: SavedNotice | str = ""  # (a line: saved before notices were what happened)
    teach_uid: str = ""
    teach_known: str = ""
    teach_in_game: bool = False  # the teach screen opened by an unknown tag in a game
    # the deck check (device/app/transition.py): the game, the tags, their cards
    check_game: str = ""
    check_uids: list[str] = []
    check_cards: list[str] = []
    solo: str = ""  # solo play: the seat the box plays in the game on show
    solo_told: list[str] = []  # solo play: the cards told for the box's hand, in order
    solo_kept: list[tuple[int, str, list[str]]] = []  # solo games put aside: id, seat, cards
    undone: list[list[str]] = []  # an undo's changes on the table, the pages still to show
    # the game's actions so far when its view was opened on the box's choice for the player
    # (the setting `suggest`): a restart does not open it again (-1: not opened)
    suggested: int = -1


def prepare() -> None:
    """Build the saved screen's validators now, once (right after the first frame, so the
    first input does not wait for them; before a saved screen is read or written)."""
    with _building:  # (the loop's thread and the preloading one)
        if not ScreenRecord.__pydantic_complete__:
            SavedNotice.model_rebuild()
            ScreenRecord.model_rebuild()


def record(box: BoxState) -> JsonObject:
    """The box's screen as saved."""
    view = None
    if box.session is not None and box.view is not None:
        view = screens_of(box.session).view_record(box.view)
    prepare()
    return ScreenRecord(
        version=2,
        mode=box.mode,
        menu=[(page.record(), i) for page, i in box.menu],
        choice=dict(box.choice),
        view=view,
        message=list(box.message),
        confirm=box.confirm.record() if box.confirm else "",
        notice=SavedNotice.model_validate(box.notice.record()),
        teach_uid=box.teach.uid,
        teach_known=box.teach.known,
        teach_in_game=box.teach.in_game,
        check_game=box.check.game,
        check_uids=list(box.check.uids),
        check_cards=list(box.check.cards),
        solo=box.session.box_seat if box.session is not None else "",
        solo_told=list(box.session.box_told) if box.session is not None else [],
        solo_kept=[(game_id, seat, list(told)) for game_id, seat, told in box.solo_kept],
        undone=[list(page) for page in box.undone[box.undone_page :]],
        suggested=solo.suggested_at(box),
    ).model_dump()


@dataclass(frozen=True)
class Restored:
    """A saved screen read back: the box's screen state, and what belongs to the game on
    show (its view as saved, where its turn was opened on the box's choice, and in solo
    play the box's seat and the cards told for its hand)."""

    box: BoxState
    view: JsonObject | None = None
    suggested: int = -1
    solo_seat: str = ""
    solo_told: tuple[str, ...] = ()


def _notice(saved: SavedNotice | str) -> Notice:
    """A saved notice, if this box can still word it (a key a later release dropped, or whose
    text asks for other values, is not shown: never a start that fails on it)."""
    if isinstance(saved, str):
        return line_notice(saved) if saved else NO_NOTICE
    notice = Notice(saved.key, tuple(saved.values.items()), saved.refusal, saved.line)
    if notice.key:
        try:
            for lang in ("de", "en"):
                catalog.text(notice.key, lang, **saved.values)
        except (KeyError, IndexError, ValueError) as error:
            log.error("saved notice %r cannot be said (%s); not shown", notice.key, error)
            return NO_NOTICE
    return notice


def read(box: BoxState, saved: JsonObject | None) -> Restored:
    """The saved screen over `box`; one that does not read is logged, and the box starts at
    its menu (`box` as given)."""
    if saved is None:
        return Restored(box)
    prepare()
    try:
        rec = ScreenRecord.model_validate(saved)
        box = replace(
            box,
            mode=rec.mode,
            menu=tuple((Page.parse(s), i) for s, i in rec.menu) or TOP_MENU,
            choice=tuple(rec.choice.items()),
            message=tuple(rec.message),
            confirm=Confirm.parse(rec.confirm),
            notice=_notice(rec.notice),
            undone=tuple(tuple(page) for page in rec.undone),
            teach=Teach(rec.teach_uid, rec.teach_known, rec.teach_in_game),
            check=DeckCount(
                rec.check_game if rec.check_game in games.GAMES else "",
                tuple(rec.check_uids),
                tuple(rec.check_cards),
            ),
            solo_kept=tuple((i, seat, tuple(told)) for i, seat, told in rec.solo_kept),
        )
    except (ValidationError, ValueError) as error:
        detail = first_error(error) if isinstance(error, ValidationError) else error
        log.error("saved screen unreadable (%s); starting at the menu", detail)
        return Restored(box)
    view = rec.view
    if view is None and rec.cursor is not None:  # saved before games had views
        view = {"cursor": list(rec.cursor), "selected": rec.selected}
    return Restored(box, view, rec.suggested, rec.solo, tuple(rec.solo_told))
