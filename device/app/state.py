"""The box's state as one frozen value (`BoxState`): the mode it is in (menu, game, confirm,
message, teach, check) and each mode's own part (the menu's pages and answers, the question
asked, the tag being taught, the deck being counted), with the game in progress.

The transitions are elsewhere: `device/app/transition.py` (`handle`) dispatches to the menu
(menu.py), the game and its questions (turns.py), and the teach screen and the deck check
(teach.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from device import games
from device.app.session import Session
from device.games.contract import AnyScreens, Confirm, GameAction, GameView
from device.ui import catalog
from device.ui.catalog import Texts
from engine.contract import AnyGame
from engine.core import DataError

Mode = Literal["menu", "game", "confirm", "message", "teach", "check"]
PageKind = Literal["top", "game", "check", "question", "setup", "teach", "web"]
PAGE_KINDS: tuple[PageKind, ...] = ("top", "game", "check", "question", "setup", "teach", "web")


@dataclass(frozen=True)
class Page:
    """One page of the menu: the top, the games (to start one, or to check a deck of), a
    game's new game (`setup`, `key`: the game; every question on one page), the teach
    screen's card list. Saved as text: `top`, `s:zweimal` (`record`, `parse`); a page of one
    question (`q:variant`, saved before the new game was one page) still reads."""

    kind: PageKind
    key: str = ""

    def record(self) -> str:
        if self.kind in ("question", "setup"):
            return f"{self.kind[0]}:{self.key}"
        return self.kind

    @classmethod
    def parse(cls, text: str) -> Page:
        """A page saved as `record`; ValueError for one that is not."""
        if text[:2] in ("q:", "s:") and len(text) > 2:
            return cls("question" if text[0] == "q" else "setup", text[2:])
        for kind in PAGE_KINDS:
            if text == kind and kind not in ("question", "setup"):
                return cls(kind)
        raise DataError(f"not a menu page: {text!r}")


TOP = Page("top")
TOP_MENU: tuple[tuple[Page, int], ...] = ((TOP, 0),)


@dataclass(frozen=True)
class Teach:
    """The teach screen: the tag just tapped ("" while waiting for one) and the card it was
    known as before; `in_game`: a tag unknown to the box tapped in a game ("this card?"),
    taught and then taken as that card there, or not, and the game goes on."""

    uid: str = ""
    known: str = ""
    in_game: bool = False


@dataclass(frozen=True)
class DeckCount:
    """The deck check: the game whose deck is counted, the tags counted so far (in order)
    and the card id of each ("" for a tag not known as one of the game's cards)."""

    game: str = ""
    uids: tuple[str, ...] = ()
    cards: tuple[str, ...] = ()


@dataclass(frozen=True)
class Proposal:
    """The search's answer for the position after `at` actions of the game in progress: the
    box's own move in solo play (waiting for the player's ok once the pieces are moved), a
    hint for the player (`hint`), or its choice for the player to move that their cursor
    opened on (neither: the setting `suggest`). `action` None: still thinking."""

    at: int
    action: GameAction = None
    hint: bool = False
    handover: bool = False  # the box's choice is a step whose details are the player's
    # the box's move as the players make it with the pieces (device/app/pieces.py), in pages
    # said over the game (`ok` the next page; on the last it plays the move)
    pages: tuple[tuple[str, ...], ...] = ()
    page: int = 0


KeptAside = tuple[tuple[int, str, tuple[str, ...]], ...]  # (game id, box's seat, cards told)
NEXT_PAGE = "\f"  # a message's lines after it are its next page (after an ok)


def message_page(lines: tuple[str, ...]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """A message's first page and the pages after it (empty: it was the last)."""
    if NEXT_PAGE not in lines:
        return lines, ()
    i = lines.index(NEXT_PAGE)
    return lines[:i], lines[i + 1 :]


Value = str | int | float | bool  # a notice's value: saved as JSON with the screen


@dataclass(frozen=True)
class Notice:
    """What happened, for the notice band, as the transition found it: a text of the box's
    catalog (`key`, its `values`), a refusal of the game on show (`refusal`: its code, worded
    by the game's texts, `line` where it has none), or a line the game's screens worded
    themselves (`line`). The frame words it (`notice_text`)."""

    key: str = ""
    values: tuple[tuple[str, Value], ...] = ()
    refusal: str = ""
    line: str = ""

    def __bool__(self) -> bool:
        return bool(self.key or self.refusal or self.line)

    def record(self) -> dict[str, str | dict[str, Value]]:
        """As saved with the screen (JSON)."""
        return {
            "key": self.key,
            "values": dict(self.values),
            "refusal": self.refusal,
            "line": self.line,
        }


NO_NOTICE = Notice()


def noticed(key: str, **values: Value) -> Notice:
    """A notice of the box's own catalog."""
    return Notice(key, tuple(values.items()))


def refused(code: str, fallback: str) -> Notice:
    """A refusal of the game on show: its `refuse.<code>` text, else `fallback`."""
    return Notice(refusal=code, line=fallback)


def line_notice(line: str) -> Notice:
    """A line the game's screens worded (a refusal of their own words, a step skipped)."""
    return Notice(line=line)


@dataclass(frozen=True)
class BoxState:
    lang: str = "de"
    mode: Mode = "menu"
    # the menu: its pages (each with the item under the cursor) and the new game's answers
    menu: tuple[tuple[Page, int], ...] = TOP_MENU
    choice: tuple[tuple[str, Any], ...] = ()  # answers as saved (Any): each question checks its
    # the game: the one in progress and its screens' own view (device/games/contract.py)
    session: Session | None = None
    view: GameView = None
    proposal: Proposal | None = None  # the box's move (solo play) or a hint, for this position
    deal: int = 0  # solo play: the card under the pointer while the box's cards are told
    # solo games not on show (another game started or resumed over them): each one's id in the
    # store, the seat the box plays and the cards told for its hand, newest first
    solo_kept: KeptAside = ()
    message: tuple[str, ...] = ()  # message: the lines on show (pages split by NEXT_PAGE)
    # game: an undo's changes on the table in pages said over the game, and the page on show
    # (a press the next; the last page is a notice: the next press clears it and acts)
    undone: tuple[tuple[str, ...], ...] = ()
    undone_page: int = 0
    confirm: Confirm | None = None  # confirm: the question asked
    teach: Teach = Teach()  # teach: the tag being taught
    check: DeckCount = DeckCount()  # check: the deck being counted
    # every mode: what happened, said in the notice band, and what the box knows besides the game
    notice: Notice = NO_NOTICE
    resumable: bool = False  # the store holds another unfinished game
    reader_ok: bool = True  # False while the card reader is unplugged or silent
    card_names: tuple[str, ...] = ()  # what the teach screen offers
    web_address: str = ""  # the web page's address (`tabletop web`), shown by the menu
    # the teach screen: the cards some tag is taught as (the registry's, read at each tap)
    taught: frozenset[str] = frozenset()
    # the new-game answers each game was last started with (its questions' values and the
    # box's seat), the last played first: the new-game menu opens on them
    recent: tuple[tuple[str, tuple[tuple[str, str], ...]], ...] = ()
    suggest: bool = False  # the setting: a player's cursor opens on the box's choice for them


def deck_checkers() -> list[str]:
    """The playable games whose screens can check a deck (`check_deck`)."""
    return [g for g, e in games.playable().items() if e.checks_decks]


def screens_of(session: Session) -> AnyScreens:
    """The screens of the session's game (Any: the box handles every game alike)."""
    return games.GAMES[session.game].screens


def texts_of(box: BoxState) -> Texts:
    """The words of the game on show (its own keys, then the box's): in the menu the game a
    new-game page sets up, else the game in play; the box's catalog where there is none."""
    game = dict(box.choice).get("game") if box.mode == "menu" else None
    if game is None and box.session is not None:
        game = box.session.game
    entry = games.GAMES.get(str(game)) if game else None
    return entry.texts if entry is not None else catalog.BOX


def notice_text(box: BoxState) -> str:
    """The notice as the players read it, in the box's language ("" for none)."""
    notice = box.notice
    if notice.refusal:
        return texts_of(box).refusal(notice.refusal, notice.line, box.lang)
    if notice.key:
        return catalog.text(notice.key, box.lang, **dict(notice.values))
    return notice.line


def solo_game(session: Session | None) -> bool:
    """A solo game: the box plays a seat. Asked before anything enters solo play's modules
    (device/app/solo/): a two-player game's press, action and undo never do."""
    return session is not None and bool(session.box_seat)


def hint_asked(box: BoxState) -> bool:
    """A hint asked for (searched or on show): a press goes to solo play's modules first."""
    return box.session is not None and box.proposal is not None and box.proposal.hint


def engine_of(session: Session) -> AnyGame:
    """The engine of the session's game (a game the box plays always has one)."""
    return games.GAMES[session.game].game


def game_view(box: BoxState) -> GameView:
    """The game's view, or its first view where a box was made without one; in solo play
    marked with the box's seat (the game's `solo_view`: a choice that is the box's is said
    as the box's, not offered)."""
    session = box.session
    if session is None:
        return box.view
    screens = screens_of(session)
    view = box.view if box.view is not None else screens.initial_view(session.state)
    return screens.solo_view(view, session.box_seat) if session.box_seat else view
