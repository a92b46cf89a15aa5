"""The contract every game's screens implement on the box (the engine side is
`engine/contract.py`): `Screens`, the base class each game's screens subclass once (typed
over the game's state, view and action, which mypy checks every hook against). The box, the
loop, the frame and the store call nothing else. Every hook is described once, in
docs/contract.md ("The screens"); a game that leaves an optional hook alone takes the
default method here.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

from device.games.setup import DEFAULT_SETUP, Setup
from device.jsontypes import JsonObject
from engine.core import Coord, DataError, MisuseError
from engine.table import Change

if TYPE_CHECKING:
    from device.ui.canvas import Canvas
    from device.ui.fonts import Fonts

# The box handles every game alike: a game's own state, action, options and view pass through
# the box's code untouched, each checked by the game's own classes (its engine's `Game`, its
# `Screens`). Any by design, named for what each is.
GameState = Any
GameAction = Any  # (as GameState)
GameOptions = Any  # (as GameState)
GameView = Any  # (as GameState)

S = TypeVar("S")  # a game's engine state
V = TypeVar("V")  # its screens' view
A = TypeVar("A")  # its engine's action


@dataclass(frozen=True)
class Question:
    """One new-game question: the option it sets, its title (catalog key) and the choices
    as (option value, label catalog key; "" shows the value itself). The new-game page shows
    every question on a line: its short title and the answer."""

    key: str
    title: str
    choices: tuple[tuple[str, str], ...]
    default: int = 0
    short: str = ""  # the title on the new-game page, beside the answer ("" : `title`)


def starter_question(
    choices: tuple[tuple[str, str], ...] = (("A", "player.A"), ("B", "player.B")),
) -> Question:
    """The new-game question who begins (the option `starter`), asked by most games."""
    return Question("starter", "menu.choose_starter", choices, short="setup.starter")


def deck_rules_question() -> list[Question]:
    """The new-game question whether the decks keep the game's rules (size, copies), asked
    only on a box whose config allows free decks (`deck_rules = "free"`: a designer's)."""
    from device.games.setup import deck_rules_asked

    if not deck_rules_asked():
        return []
    choices = (("free", "deck_rules.free"), ("strict", "deck_rules.strict"))
    return [Question("deck_rules", "menu.choose_deck_rules", choices, short="setup.deck_rules")]


def deck_rules_mark(options: object, lang: str) -> str:
    """What the status line adds for a game whose deck rules are lifted."""
    from device.ui.catalog import text

    free = getattr(options, "deck_rules", "strict") == "free"
    return f" · {text('deck_rules.mark', lang)}" if free else ""


@dataclass(frozen=True)
class Confirm:
    """A yes/no question the box asks before it acts: its kind (`undo` and `abandon` are the
    box's; a game's own, e.g. `end_turn`, go to its `confirm_text`/`confirmed`) and details
    (the cards an end of turn discards). Saved as text: `end_turn:3` (`record`, `parse`)."""

    kind: str
    detail: tuple[str, ...] = ()

    def record(self) -> str:
        return ":".join((self.kind, *self.detail))

    @classmethod
    def parse(cls, text: str) -> Confirm | None:
        """The question saved as `record` ("" is none); ValueError for one that is not."""
        if not text:
            return None
        kind, *detail = text.split(":")
        if not kind:
            raise DataError(f"not a question: {text!r}")
        return cls(kind, tuple(detail))


UNDO = Confirm("undo")
ABANDON = Confirm("abandon")


@dataclass(frozen=True)
class Reaction(Generic[V, A]):
    """What a button or a tap does in a game: the new view, an action to try on the engine,
    a question to ask first (a key for `confirm_text`/`confirmed`, or "undo"), or a refusal
    the screens make themselves (`refuse`: a code whose text is `refuse.<code>`, shown like
    the engine's refusals; nothing else changes but the view)."""

    view: V  # the game's own view (the box passes it back to the game untouched)
    action: A | None = None  # the game's own action (handed to the game's engine as it is)
    confirm: Confirm | None = None
    refuse: str = ""


@dataclass(frozen=True)
class Layout:
    """Where the renderer draws around a game's main area. `status`: the status line on top;
    `hint_y`: the hint line's top (None: the game draws its own); `notice`: the box a refusal
    or notice is drawn in (x0, y0, x1, y1), wrapped to its width; `said`: where the box's
    move is said (a board game's side panel, the board in sight)."""

    status: bool = True
    hint_y: int | None = 57
    separators: bool = True
    notice: tuple[int, int, int, int] = (0, 43, 127, 54)
    # where the box says its move as what to do with the pieces, a page at a time over the
    # game (a page's title says it is the box's turn); None: over the whole main area, under
    # the status line
    said: tuple[int, int, int, int] | None = None
    # an undo's changes said there too, the board in sight (its fields found on it), not over
    # the whole main area (where more fits on a page)
    undo_said: bool = False


DEFAULT_LAYOUT = Layout()


@dataclass(frozen=True)
class DeckReport:
    """A deck check's verdict: legal or not, and lines for one screen (the first says which;
    then what is wrong, most important first)."""

    legal: bool
    lines: tuple[str, ...]
    last: str = ""  # the name of the card tapped last, as the game names it


@dataclass(frozen=True)
class Told:
    """What a game's `say` knows besides the change: the states the table goes between, the
    actions between them in the order they were played (an undo's: the actions it takes
    back), each seat as the players say it here (in solo play the box's seat is "Box"), and
    the language."""

    # the game's own states and actions (Any: the box builds a Told for every game alike)
    before: GameState
    after: GameState
    actions: tuple[GameAction, ...]
    names: Mapping[str, str]
    lang: str
    forward: bool = True  # the actions lead from `before` to `after` (False: an undo's)
    # solo play: the box's seat and its hand card by card in `before` and `after` (the cards
    # that go back to its pile or come back to it can be named)
    box_seat: str = ""
    held: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())

    def name(self, seat: str | None) -> str:
        return self.names.get(seat or "", seat or "")

    def leaving(self, seat: str | None) -> list[str]:
        """The box's cards that leave its hand (none known for another seat)."""
        return _less(*self.held) if seat and seat == self.box_seat else []

    def coming(self, seat: str | None) -> list[str]:
        """The box's cards that come (back) into its hand."""
        return _less(self.held[1], self.held[0]) if seat and seat == self.box_seat else []

    @property
    def first(self) -> GameState:
        """The state the actions start from (the game's own: Any, as `before`)."""
        return self.before if self.forward else self.after


@dataclass(frozen=True)
class View:
    """A board game's view: the cursor and a picked-up piece (games may use their own)."""

    cursor: Coord = (0, 0)
    selected: Coord | None = None


def side_panel(
    draw: Canvas,
    x: int,
    lines: list[tuple[str, bool]],
    fonts: Fonts,
    top: int = 0,
    bottom: int = 55,
) -> None:
    """A board game's side panel from column `x`: one line of the status font every 9 pixels
    from `top`, a line marked True inverted (whose turn); each line fits its place, and the
    panel ends above `bottom` (the hint line)."""
    from device.ui import fit

    y = top
    for line, band in lines:
        if band:
            draw.rectangle((x - 1, y, 127, y + 8), fill=1)
        fit.line(draw, (x, y), line, fonts.status, fill=0 if band else 1, bottom=bottom)
        y += 9


class Screens(ABC, Generic[S, V, A]):
    """A game's screens on the box, over its engine's states (`S`) and actions (`A`) and its
    own view (`V`): one object, built by the game's entry with the box's set-up (the config's
    deck files, a seed for scripts). A game subclasses it, once: the required hooks are
    abstract, the optional ones have the defaults below (docs/contract.md says what each
    does). Parameters are positional: a game's own names for them do not matter."""

    def __init__(self, setup: Setup = DEFAULT_SETUP) -> None:
        self.setup = setup
        self.options = self.deck_options(list(setup.deck_paths))  # read once, when built

    # a new game
    @abstractmethod
    def questions(self, answers: dict[str, str], /) -> list[Question]: ...

    def deck_options(self, deck_paths: list[Path], /) -> dict[str, str]:
        """The options the config's deck files of this game give its new games (its decks, its
        card set; default: none). A bad file raises `DeckError` (deck_files.py)."""
        return {}

    def option_overrides(self) -> dict[str, str]:
        """The options a new game takes from the config's deck files."""
        return dict(self.options)

    # the view
    @abstractmethod
    def initial_view(self, state: S, /) -> V: ...
    @abstractmethod
    def view_record(self, view: V, /) -> JsonObject: ...  # JSON, saved with the screen
    @abstractmethod
    def view_parse(self, data: JsonObject, state: S, /) -> V: ...  # JSON read back

    # drawing
    @abstractmethod
    def status(self, state: S, lang: str, /) -> str: ...
    @abstractmethod
    def hint(self, state: S, view: V, lang: str, /) -> str: ...
    # draw: PIL's ImageDraw, or in the strict text mode the guard that checks every stroke
    @abstractmethod
    def draw_main(self, draw: Canvas, state: S, view: V, lang: str, fonts: Fonts, /) -> None: ...

    def layout(self, state: S, view: V, /) -> Layout:
        return DEFAULT_LAYOUT

    # input
    @abstractmethod
    def on_button(self, state: S, view: V, button: str, /) -> Reaction[V, A]: ...
    @abstractmethod
    def on_tap(self, state: S, view: V, uid: str, card: str | None, /) -> Reaction[V, A]: ...
    @abstractmethod
    def confirm_text(self, what: Confirm, lang: str, /) -> str: ...
    @abstractmethod
    def confirmed(self, what: Confirm, /) -> A: ...

    # after an action
    @abstractmethod
    def round_ended(self, before: S, after: S, lang: str, /) -> list[str] | None: ...

    def after(self, before: S, after: S, view: V, /) -> V:
        return view

    def said_after(self, before: S, after: S, lang: str, /) -> str:
        """One line the notice band says after an action, over the board ("" : nothing): a
        step the rules skip for the next player, so the table hears why."""
        return ""

    def which_screen(self, state: S, view: V, /) -> tuple[object, ...]:
        """Which of the game's own screens shows: what changes when the screen does (a mode,
        a scoring board's page, a list's page: a page turned is a new screen, not a step of
        the cursor). `tabletop bench` tells a cursor's step from a new screen by it. Default:
        the view's `mode`, `review` and `page`, where it has them."""
        return tuple(getattr(view, key, None) for key in ("mode", "review", "page"))

    def showing_result(self, state: S, view: V, /) -> bool:
        """The view shows a finished round's or the game's result, read page by page: solo
        play asks nothing of the table over it (Feuer und Wasser's draw for the box waits
        until the players have read the round's score). Default: never."""
        return False

    def solo_view(self, view: V, box_seat: str, /) -> V:
        """The view in solo play, the box playing `box_seat`: a game whose screens offer a
        choice that is the box's (Druiden: the defence when the box defends) marks the view
        here, to say that choice as the box's and offer nothing that does nothing."""
        return view

    def turn_began(self, told: Told, /) -> list[str]:
        """What happened by itself as the turn in `told.after` began (an upkeep: markers off,
        crystals gone), as lines of what to do with the pieces; none where nothing did. The
        box says it first on its own turn, whose start is hidden while it thinks."""
        return []

    def after_undo(self, state: S, view: V, /) -> V:
        return view

    def say(self, told: Told, change: Change, /) -> str:
        """A change said no better than "this place holds that now" (for a game whose engine
        gives the default changes). A change of many cards may be said in several lines, one
        under another (joined by a newline: `by_two`)."""
        from device.ui.catalog import text

        return text("ch.set", told.lang, where=change.where, what=change.to)

    def describe(self, state: S, action: A, lang: str, /) -> str:
        """ "" : the box says only that an action was taken back."""
        return ""

    # solo play and hints
    def seat_name(self, seat: str, lang: str, /) -> str:
        return seat_name(seat, lang)

    def show_action(self, state: S, view: V, action: A, /) -> V:
        """The view as it is: the game shows a proposed action in words only."""
        return view

    @property
    def suggests(self) -> bool:
        """The game's screens open a turn on the box's choice (they have a `suggest` of their
        own): where they do not, no turn is searched for it."""
        return type(self).suggest is not Screens.suggest

    def suggest(self, state: S, view: V, action: A, /) -> V:
        """The view at a player's turn with its cursor and pickers opened on `action`, the box's
        own choice (its hint, not said): a player who plays it presses `ok` where they stand.
        Only the start moves; what each press does stays the game's. Default: as it is."""
        return view

    def card_label(self, state: S, seat: str, card: str, lang: str, /) -> str:
        """A card as its id (a game without hidden hands names no cards to draw)."""
        return card

    # the deck check and old saves
    def check_deck(self, cards: list[str], lang: str, /) -> DeckReport:
        """Never called: the menu offers the deck check only for games whose entry says
        `checks_decks`."""
        raise MisuseError("this game has no deck check")

    def legacy_action(self, payload: JsonObject, /) -> A:  # an old record's JSON
        raise DataError("an action saved in a format this game never used")


AnyScreens = Screens[Any, Any, Any]  # a game's screens as the box holds them: any game's


def seat_name(seat: str, lang: str) -> str:
    """A seat as the players say it: "Spieler A" (the catalog's `player.<seat>`), for a game
    that names its seats no other way."""
    from device.ui.catalog import TEXTS, text

    return text(f"player.{seat}", lang) if f"player.{seat}" in TEXTS else seat


def grid_field(at: tuple[int, int]) -> str:
    """A field of a grid as the players count it on the table: row, column from the top
    left, from 1 (the notation counts from 0), for a game that names its fields so."""
    return f"{at[0] + 1},{at[1] + 1}"


class Words(Protocol):
    """A game in words, without drawing (its entry's `words_module`; it imports no Pillow,
    so the web page says them without the screens' weight): the status line, an action as
    the players say it, a seat's name. Its screens say the same (the conformance suite)."""

    def status(self, state: GameState, lang: str, /) -> str: ...
    def describe(self, state: GameState, action: GameAction, lang: str, /) -> str: ...
    def seat_name(self, seat: str, lang: str, /) -> str: ...


class Drawing(Protocol):
    """A game's table on the web page (its entry's `web_module`; device/games/svg.py): the
    board as SVG, each element marked with its place of the engine's table, what the last
    action changed outlined (`shown`, a `device.games.svg.Shown`); what scored, in the box's
    words; and the legend, (a mark drawn as on the board, its words) for each of its marks.
    `from_view`: what of the box's saved view of the game (its `view_record`, while the game
    is on the box's screen) the board draws, as JSON (None: nothing); a change of it is a
    change of the page."""

    def board(self, state: GameState, lang: str, shown: Any, /) -> str: ...  # shown: svg.Shown
    def from_view(self, view: JsonObject, /) -> object: ...  # JSON: what of the view it draws
    def scored(self, state: GameState, lang: str, /) -> list[str]: ...
    def legend(self, lang: str, /) -> list[tuple[str, str]]: ...


class CardNames(Protocol):
    """A game's names for the teach screen (its entry's `names_module`): what one of its deck
    files adds beyond the file's `cards` (checking the file whole), and what all its files
    give together (their checks against each other, the defaults without one). DeckError
    (device/games/deck_files.py) for a bad file."""

    def of_file(self, path: Path, data: object, strict: bool, /) -> list[str]: ...
    def of_game(self, paths: list[Path], strict: bool, /) -> list[str]: ...


Frame = Callable[[str, GameOptions, GameState, GameView], object]
"""The box's frame of a game (id, options, state, view): what the bench hands a game's figures
to time an action up to the pixels, without the game importing the app."""


class Figures(Protocol):
    """A game's heavy computations, timed for `tabletop bench` (its entry's `bench_module`):
    figure -> milliseconds, and each figure's target on the development machine."""

    TARGETS: dict[str, tuple[str, float]]

    def figures(self, quick: bool, frame: Frame, /) -> dict[str, float]: ...


def by_two(
    text: Callable[..., str], key: str, lang: str, names: list[str], **values: object
) -> str:
    """Cards named two to a line (each line the game's `key`, said by its `text`, with its
    `cards`), the lines joined by a newline: a `say` of many cards, a line each a player
    carries out."""
    pairs = [", ".join(names[i : i + 2]) for i in range(0, len(names), 2)]
    return "\n".join(text(key, lang, cards=pair, **values) for pair in pairs)


def _less(these: tuple[str, ...], those: tuple[str, ...]) -> list[str]:
    """The cards of `these` not in `those` (each copy on its own)."""
    left = list(those)
    out = []
    for card in these:
        if card in left:
            left.remove(card)
        else:
            out.append(card)
    return out
