"""The games the box can play, each a module of screens with one interface:

- `VARIANTS`, `variant_label(variant, lang)`, `options_from(choice)`: the new-game menu;
- `options_record` / `options_parse`, `action_record` / `action_parse`: saving (validated);
- `initial(options)`, `step(state, action)`: the engine;
- `status(state, lang)`, `hint(state, view, lang)`, `draw_main(draw, state, view, lang,
  fonts)`: the screen;
- `move_cursor(state, view, button)`, `on_ok(state, view)`, `on_back(state, view)`,
  `confirmed(what)`: what the buttons do;
- `is_over(state)`, `round_ended(before, after, lang)`: results to show.

A fifth game adds its module here and its rules in `engine/`; nothing else changes.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core import Coord


@dataclass(frozen=True)
class View:
    """What the screen adds to a board game's state: the cursor and a picked-up piece."""

    cursor: Coord = (0, 0)
    selected: Coord | None = None


def playable() -> dict:
    from device import zweimal_screen

    return {"zweimal": zweimal_screen}
