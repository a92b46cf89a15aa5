"""The contract every game's screens implement on the box (the engine side is
`engine/contract.py`). A game's screens are one module named in its entry in `device/games.py`
with these functions; the box, the loop, the renderer and the store call nothing else:

New game
- `questions() -> list[Question]`: what the new-game menu asks, in order (Zweimal: variant,
  who starts; Druiden: the MP-loss rule...). The answers, as option text, become the options
  through the engine's `parse_options` (unasked options keep their defaults).

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

Texts
- `TEXTS` (optional): catalog entries the game brings, key -> (German, English); keys of the
  form `refuse.<code>` name its refusals. The shipped games keep theirs in `device/catalog.py`.

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


@dataclass(frozen=True)
class Reaction:
    """What a button or a tap does in a game: the new view, an action to try on the engine,
    or a question to ask first (a key for `confirm_text`/`confirmed`, or "undo")."""

    view: Any
    action: Any = None
    confirm: str = ""


@dataclass(frozen=True)
class View:
    """A board game's view: the cursor and a picked-up piece (games may use their own)."""

    cursor: Coord = (0, 0)
    selected: Coord | None = None
