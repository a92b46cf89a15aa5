"""The contract every game's screens implement on the box (the engine side is
`engine/contract.py`): `Screens`, a `typing.Protocol` that each game's screens module
satisfies (mypy checks it: each module ends with `_checked: Screens = <itself>` under
`TYPE_CHECKING`). The box, the loop, the frame and the store call nothing else. Every hook
is described once, in docs/contract.md ("The screens"); a game that leaves an optional hook
alone takes the default below (`layout = contract.standard_layout`, ...).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from engine.core import Coord, DataError, MisuseError
from engine.table import Change


@dataclass(frozen=True)
class Question:
    """One new-game question: the option it sets, the menu title (catalog key) and the
    choices as (option value, label catalog key; "" shows the value itself)."""

    key: str
    title: str
    choices: tuple[tuple[str, str], ...]
    default: int = 0


def deck_rules_question() -> list[Question]:
    """The new-game question whether the decks keep the game's rules (size, copies), asked
    only on a box whose config allows free decks (`deck_rules = "free"`: a designer's)."""
    from device.games.setup import deck_rules_asked

    if not deck_rules_asked():
        return []
    choices = (("free", "deck_rules.free"), ("strict", "deck_rules.strict"))
    return [Question("deck_rules", "menu.choose_deck_rules", choices)]


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
class Reaction:
    """What a button or a tap does in a game: the new view, an action to try on the engine,
    a question to ask first (a key for `confirm_text`/`confirmed`, or "undo"), or a refusal
    the screens make themselves (`refuse`: a code whose text is `refuse.<code>`, shown like
    the engine's refusals; nothing else changes but the view)."""

    view: Any
    action: Any = None
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

    before: Any
    after: Any
    actions: tuple[Any, ...]
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
    def first(self) -> Any:
        """The state the actions start from."""
        return self.before if self.forward else self.after


@dataclass(frozen=True)
class View:
    """A board game's view: the cursor and a picked-up piece (games may use their own)."""

    cursor: Coord = (0, 0)
    selected: Coord | None = None


def side_panel(
    draw: Any, x: int, lines: list[tuple[str, bool]], fonts: Any, top: int = 0, bottom: int = 55
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


class Screens(Protocol):
    """A game's screens module (see the module's docstring for what each does). Positional
    parameters: a module's own names for them do not matter."""

    # a new game
    def questions(self, answers: dict[str, str], /) -> list[Question]: ...
    def configure(self, deck_paths: list[Path], /) -> None: ...
    def option_overrides(self, /) -> dict[str, str]: ...
    def seed(self, value: int, /) -> None: ...

    # the view
    def initial_view(self, state: Any, /) -> Any: ...
    def view_record(self, view: Any, /) -> dict[str, Any]: ...
    def view_parse(self, data: dict[str, Any], state: Any, /) -> Any: ...

    # drawing
    def status(self, state: Any, lang: str, /) -> str: ...
    def hint(self, state: Any, view: Any, lang: str, /) -> str: ...
    def draw_main(self, draw: Any, state: Any, view: Any, lang: str, fonts: Any, /) -> None: ...
    def layout(self, state: Any, view: Any, /) -> Layout: ...

    # input
    def on_button(self, state: Any, view: Any, button: str, /) -> Reaction: ...
    def on_tap(self, state: Any, view: Any, uid: str, card: str | None, /) -> Reaction: ...
    def confirm_text(self, what: Confirm, lang: str, /) -> str: ...
    def confirmed(self, what: Confirm, /) -> Any: ...

    # after an action
    def round_ended(self, before: Any, after: Any, lang: str, /) -> list[str] | None: ...
    def after(self, before: Any, after: Any, view: Any, /) -> Any: ...
    def after_undo(self, state: Any, view: Any, /) -> Any: ...
    def say(self, told: Told, change: Change, /) -> str: ...
    def describe(self, state: Any, action: Any, lang: str, /) -> str: ...
    def seat_name(self, seat: str, lang: str, /) -> str: ...
    def show_action(self, state: Any, view: Any, action: Any, /) -> Any: ...
    def card_label(self, state: Any, seat: str, card: str, lang: str, /) -> str: ...

    # the deck check, saved games from before the notation
    def check_deck(self, cards: list[str], lang: str, /) -> DeckReport: ...
    def legacy_action(self, payload: dict[str, Any], /) -> Any: ...


class CardNames(Protocol):
    """A game's names for the teach screen (its entry's `names_module`): what one of its deck
    files adds beyond the file's `cards` (checking the file whole), and what all its files
    give together (their checks against each other, the defaults without one). DeckError
    (device/games/deck_files.py) for a bad file."""

    def of_file(self, path: Path, data: object, strict: bool, /) -> list[str]: ...
    def of_game(self, paths: list[Path], strict: bool, /) -> list[str]: ...


Frame = Callable[[str, Any, Any, Any], object]
"""The box's frame of a game (id, options, state, view): what the bench hands a game's figures
to time an action up to the pixels, without the game importing the app."""


class Figures(Protocol):
    """A game's heavy computations, timed for `tabletop bench` (its entry's `bench_module`):
    figure -> milliseconds, and each figure's target on the development machine."""

    TARGETS: dict[str, tuple[str, float]]

    def figures(self, quick: bool, frame: Frame, /) -> dict[str, float]: ...


# --- the optional hooks' defaults (a game imports the ones it leaves alone) -----------------


def standard_layout(state: Any, view: Any, /) -> Layout:
    return DEFAULT_LAYOUT


def same_view_after(before: Any, after: Any, view: Any, /) -> Any:
    return view


def same_view_after_undo(state: Any, view: Any, /) -> Any:
    return view


def no_seed(value: int, /) -> None:
    """The game draws nothing at random on the box."""


def no_decks(deck_paths: list[Path], /) -> None:
    """The game reads no deck files."""


def no_overrides() -> dict[str, str]:
    return {}


def no_deck_check(cards: list[str], lang: str, /) -> DeckReport:
    """Never called: the menu offers the deck check only for games whose entry says
    `checks_decks`."""
    raise MisuseError("this game has no deck check")


def no_legacy_action(payload: dict[str, Any], /) -> Any:
    raise DataError("an action saved in a format this game never used")


def view_unchanged(state: Any, view: Any, action: Any, /) -> Any:
    """The view as it is: the game shows a proposed action in words only."""
    return view


def player_name(seat: str, lang: str, /) -> str:
    """A seat as the players say it: "Spieler A" (the catalog's `player.<seat>`)."""
    from device.ui.catalog import TEXTS, text

    return text(f"player.{seat}", lang) if f"player.{seat}" in TEXTS else seat


def card_id(state: Any, seat: str, card: str, lang: str, /) -> str:
    """A card as its id (a game without hidden hands names no cards to draw for the box)."""
    return card


def undescribed(state: Any, action: Any, lang: str, /) -> str:
    """ "" : the box says only that an action was taken back."""
    return ""


def say_set(told: Told, change: Change, /) -> str:
    """A change a game says no better than "this place holds that now" (a game whose engine
    gives the default changes)."""
    from device.ui.catalog import text

    return text("ch.set", told.lang, where=change.where, what=change.to)


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
