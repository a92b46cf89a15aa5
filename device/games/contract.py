"""The contract every game's screens implement on the box (the engine side is
`engine/contract.py`). A game's screens are one module named in its entry in the registry
with these functions; the box, the loop, the renderer and the store call nothing else:

New game
- `questions(answers) -> list[Question]`: what the new-game menu asks, in order, given the
  answers so far (Zweimal: variant, who starts, and for game 2 the supply; Druiden: the
  MP-loss rule...). The answers, as option text, become the options through the engine's
  `parse_options` (unasked options keep their defaults).

The view (what the screen adds to the state: a cursor, a hand selection, a clash assignment)
- `initial_view(state) -> view`: a frozen value;
- `view_record(view) -> dict` and `view_parse(data, state) -> view` (ValueError if it does not
  fit): the view is saved with every action and restored after a restart.

Drawing (128x64, the renderer draws the status line above and the hint line below)
- `status(state, lang) -> str`: game, round, whose turn;
- `hint(state, view, lang) -> str`: what `ok` and `back` do now;
- `draw_main(draw, state, view, lang, fonts)`: the area y=10..54.

Input
- `on_button(state, view, button) -> Reaction`: up/down/left/right/ok/back in the game (holding
  `ok` is the menu, handled by the box);
- `on_tap(state, view, uid, card) -> Reaction`: a card tapped in the game (`card` is what the
  card registry knows the tag as, or None);
- `confirm_text(what, lang) -> str` and `confirmed(what) -> action`: the game's own yes/no
  questions (`Reaction.confirm`); "undo" is the box's own.

Results
- `round_ended(before, after, lang) -> list[str] | None`: lines to show when an action ended a
  round or the game (the engine's `result` says what ended).

Optional
- `layout(state, view) -> Layout`: where the box draws the status line, the hint line and a
  refusal (default: status on top, hint below, refusals in a band over the main area's
  bottom); a board that needs the height draws its own status and keeps a place for
  refusals that hides nothing.
- `after(before, after, view) -> view`: the view after an accepted action (where the cursor
  starts for the next step; a round's scoring board).
- `after_undo(state, view) -> view`: the view after an undo, where the same view (kept when
  it still fits) is not what the players expect (Druiden: an undo on the clash screen took
  back the power place laid before it: the turn screen, where it was laid, shows again).
- `describe(state, action, lang) -> str`: an action in the players' words ("Figur auf 2,3"),
  `state` the state before it; an undo says what it took back with it ("Rückgängig: Figur
  auf 2,3"; without the hook: "Zurückgenommen").
- `seed(value)`: make what the screens draw at random (a dealt layout) repeatable; the
  headless simulator calls it for scripts, so a script runs the same every time.
- `configure(deck_paths)` and `option_overrides()`: the config's deck files, read once at
  start, give options for new games (Feuer und Wasser: the players' own decks). A game with
  deck rules (size, copies) adds `deck_rules_question()` to its questions and
  `deck_rules_mark` to its status line.

Deck check
- `check_deck(cards, lang) -> DeckReport` (optional): the menu's "check a deck" counts the
  tags a player taps (each tag once; the same tag twice in a row is one tap) and asks the game
  whether the deck they make is legal. `cards` are the card ids (the part after `game:`) of
  the tags tapped, "" for a tag the box does not know as one of the game's cards.

Texts
- `TEXTS` (optional): catalog entries the game brings, key -> (German, English); keys of the
  form `refuse.<code>` name its refusals. Each shipped game keeps them in its `texts.py`.

Saved games from before the move notation
- `legacy_action(payload: dict) -> action` (optional): reads an action saved in an older
  record format; ValueError if it cannot.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.core import Coord


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
    from device import games

    if not games.deck_rules_asked():
        return []
    choices = (("free", "deck_rules.free"), ("strict", "deck_rules.strict"))
    return [Question("deck_rules", "menu.choose_deck_rules", choices)]


def deck_rules_mark(options: object, lang: str) -> str:
    """What the status line adds for a game whose deck rules are lifted."""
    from device.ui.catalog import text

    free = getattr(options, "deck_rules", "strict") == "free"
    return f" · {text('deck_rules.mark', lang)}" if free else ""


@dataclass(frozen=True)
class Reaction:
    """What a button or a tap does in a game: the new view, an action to try on the engine,
    a question to ask first (a key for `confirm_text`/`confirmed`, or "undo"), or a refusal
    the screens make themselves (`refuse`: a code whose text is `refuse.<code>`, shown like
    the engine's refusals; nothing else changes but the view)."""

    view: Any
    action: Any = None
    confirm: str = ""
    refuse: str = ""


@dataclass(frozen=True)
class Layout:
    """Where the renderer draws around a game's main area. `status`: the status line on top;
    `hint_y`: the hint line's top (None: the game draws its own); `notice`: the box a refusal
    or notice is drawn in (x0, y0, x1, y1), wrapped to its width."""

    status: bool = True
    hint_y: int | None = 57
    separators: bool = True
    notice: tuple[int, int, int, int] = (0, 43, 127, 54)


DEFAULT_LAYOUT = Layout()


@dataclass(frozen=True)
class DeckReport:
    """A deck check's verdict: legal or not, and lines for one screen (the first says which;
    then what is wrong, most important first)."""

    legal: bool
    lines: tuple[str, ...]
    last: str = ""  # the name of the card tapped last, as the game names it


@dataclass(frozen=True)
class View:
    """A board game's view: the cursor and a picked-up piece (games may use their own)."""

    cursor: Coord = (0, 0)
    selected: Coord | None = None


def side_panel(
    draw, x: int, lines: list[tuple[str, bool]], fonts, top: int = 0, bottom: int = 55
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
