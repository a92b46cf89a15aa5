"""Day and Night on the box (the screens contract of `device/screens.py`).

The board (6x8) fills the left of the screen, the side panel shows whose turn, the action
points left, hand and deck, the temples and what just happened (the upkeep, a card to draw).

- On the board the arrows move the cursor. `ok` on a field next to your pawn steps there
  (3 AP, draw a card); `ok` on your pawn opens your spells. `back` ends the turn (asks first,
  saying how many cards to discard down to 5).
- In the spell list ▲▼ choose, `ok` takes the spell: then `ok` on each target in turn (the
  panel says which); after the last one the spell is cast (or refused with the reason, and
  nothing changes). `back` steps back.
- When more than 8 tiles connect, `ok` picks the 8 temple tiles one by one on the board.
A tap of a spell card's tag (taught as `day-and-night:ID`) opens its targets at once.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from PIL import ImageDraw

from device import day_and_night_decks, fit
from device.catalog import text
from device.deck_files import Configured
from device.screens import (
    Layout,
    Question,
    Reaction,
    deck_rules_mark,
    deck_rules_question,
    side_panel,
)
from engine.core import Coord
from engine.day_and_night.areas import COLS, ROWS, bit
from engine.day_and_night.game import (
    HAND,
    SIDES,
    Cast,
    End,
    State,
    Step,
    Temple,
    adjacent,
    tile_at,
)

CELL = 8
TOP = 4
PANEL = COLS * CELL + 3
NAMES = {"day": "dan.day", "night": "dan.night"}


DECKS = Configured(day_and_night_decks.options)  # the config's deck files, read once at start
configure = DECKS.configure
option_overrides = DECKS.overrides


def questions(answers: dict[str, str]) -> list[Question]:
    # Day begins; the players decide who plays which side at the table
    return deck_rules_question()


# --- the view --------------------------------------------------------------------------------


@dataclass(frozen=True)
class View:
    cursor: Coord = (0, 0)
    mode: str = "board"  # board, spells, targets, temple
    spell: int = 0  # the spell list's choice
    targets: tuple[Coord, ...] = ()  # targets chosen so far (targets) or tiles (temple)


def spells(state: State):
    return state.options.decks[SIDES.index(state.turn)]


def _side(state: State) -> str:
    return state.pending.side if state.pending else state.turn


def initial_view(state: State) -> View:
    if state.pending is not None:
        return View(cursor=state.pawn(state.turn), mode="temple")
    return View(cursor=state.pawn(state.turn))


def view_record(view: View) -> dict[str, Any]:
    return {
        "cursor": list(view.cursor),
        "mode": view.mode,
        "spell": view.spell,
        "targets": [list(t) for t in view.targets],
    }


def view_parse(data: dict[str, Any], state: State) -> View:
    cursor = data.get("cursor", [0, 0])
    mode = data.get("mode", "board")
    if (
        not isinstance(cursor, list)
        or len(cursor) != 2
        or not all(isinstance(v, int) for v in cursor)
        or not (0 <= cursor[0] < ROWS and 0 <= cursor[1] < COLS)
        or mode not in ("board", "spells", "targets", "temple")
    ):
        raise ValueError("not a Day and Night view")
    targets = tuple(tuple(t) for t in data.get("targets", []) if isinstance(t, list))
    view = View((cursor[0], cursor[1]), mode, int(data.get("spell", 0)), targets)  # type: ignore[arg-type]
    if (state.pending is not None) != (mode == "temple"):
        return initial_view(state)
    return view


def after(before: State, after_state: State, view: View) -> View:
    if after_state.pending is not None:
        return View(cursor=view.cursor, mode="temple")
    if after_state.turn != before.turn:
        return View(cursor=after_state.pawn(after_state.turn))
    return View(cursor=view.cursor)


# --- input -----------------------------------------------------------------------------------


def layout(state: State, view: View) -> Layout:
    if state.over:
        return Layout()
    return Layout(status=False, hint_y=57, separators=False, notice=(PANEL - 2, 18, 127, 54))


def _move(cursor: Coord, button: str) -> Coord:
    dr, dc = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}[button]
    return (cursor[0] + dr) % ROWS, (cursor[1] + dc) % COLS


def on_button(state: State, view: View, button: str) -> Reaction:
    if view.mode == "spells":
        listed = spells(state)
        if button in ("up", "down"):
            step = 1 if button == "down" else -1
            return Reaction(replace(view, spell=(view.spell + step) % len(listed)))
        if button == "back":
            return Reaction(replace(view, mode="board"))
        if button == "ok":
            return _take(state, view, listed[view.spell % len(listed)].id)
        return Reaction(view)
    if button in ("up", "down", "left", "right"):
        return Reaction(replace(view, cursor=_move(view.cursor, button)))
    if view.mode == "temple":
        if button == "ok":
            chosen = tuple(t for t in view.targets if t != view.cursor)
            if len(chosen) == len(view.targets):
                chosen = (*view.targets, view.cursor)
            if len(chosen) == 8:
                return Reaction(replace(view, targets=()), Temple(tuple(sorted(chosen))))
            return Reaction(replace(view, targets=chosen))
        if button == "back":
            return Reaction(replace(view, targets=view.targets[:-1]))
        return Reaction(view)
    if view.mode == "targets":
        spell = spells(state)[view.spell % len(spells(state))]
        if button == "ok":
            chosen = (*view.targets, view.cursor)
            if len(chosen) == spell.targets:
                return Reaction(View(cursor=view.cursor), Cast(spell.id, chosen))
            return Reaction(replace(view, targets=chosen))
        if button == "back":
            if view.targets:
                return Reaction(replace(view, targets=view.targets[:-1]))
            return Reaction(replace(view, mode="spells"))
        return Reaction(view)
    # the board
    if button == "ok":
        pawn = state.pawn(state.turn)
        if view.cursor == pawn:
            return Reaction(replace(view, mode="spells"))
        if adjacent(view.cursor, pawn):
            return Reaction(view, Step(view.cursor))
        return Reaction(view)
    if button == "back":
        return Reaction(view, confirm="end_turn")
    return Reaction(view)


def _take(state: State, view: View, spell_id: str) -> Reaction:
    spell = next(s for s in spells(state) if s.id == spell_id)
    index = list(spells(state)).index(spell)
    if spell.targets == 0:
        return Reaction(View(cursor=view.cursor), Cast(spell.id, ()))
    return Reaction(View(cursor=view.cursor, mode="targets", spell=index))


def on_tap(state: State, view: View, uid: str, card: str | None) -> Reaction:
    if card and card.startswith("day-and-night:") and state.pending is None:
        spell_id = card.split(":", 1)[1]
        if any(s.id == spell_id for s in spells(state)):
            return _take(state, view, spell_id)
    return Reaction(view)


def confirm_text(what: str, lang: str) -> str:
    return text("dan.confirm_end", lang)


def confirmed(what: str):
    return End()


def round_ended(before: State, after: State, lang: str) -> list[str] | None:
    return None


# --- words -----------------------------------------------------------------------------------


def status(state: State, lang: str) -> str:
    if state.over:
        return f"Day and Night · {text('status.over', lang)}"
    side = text(NAMES[state.turn], lang)
    return f"{side} · {state.ap} AP{deck_rules_mark(state.options, lang)}"


def hint(state: State, view: View, lang: str) -> str:
    if state.over:
        return text("hint.over", lang)
    if view.mode == "spells":
        return text("hint.dan_spells", lang)
    if view.mode == "targets":
        return text("hint.dan_target", lang)
    if view.mode == "temple":
        return text("hint.dan_temple", lang)
    if view.cursor == state.pawn(state.turn):
        return text("hint.dan_pawn", lang)
    if adjacent(view.cursor, state.pawn(state.turn)):
        return text("hint.dan_step", lang)
    return text("hint.dan_board", lang)


def verdict_lines(state: State, lang: str) -> list[str]:
    """The outcome and why: a second temple, Day's adjudicated win, neither can still build,
    or no card left on either side (a draw)."""
    key = {"draw": "dan.draw", "day": "dan.day_wins", "night": "dan.night_wins"}
    lines = [text(key.get(state.outcome or "draw", "dan.draw"), lang)]
    lines.append(
        text("dan.temples", lang, day=state.board.day_temples, night=state.board.night_temples)
    )
    if state.verdict == "draw":
        lines.append(text("dan.why_draw", lang))
    elif state.verdict == "play":  # the board is open, but no card is left: a draw
        lines.append(text("dan.why_cards", lang))
    elif state.board.day_temples < 2 and state.board.night_temples < 2:
        lines.append(text("dan.why_day", lang))
    return lines


# --- drawing ---------------------------------------------------------------------------------


def _field(draw, state: State, at: Coord, x: int, y: int, ink: int) -> None:
    symbol = tile_at(state.board, at)
    box = (x + 1, y + 1, x + CELL - 2, y + CELL - 2)
    if symbol == ".":
        draw.point((x + CELL // 2 - 1, y + CELL // 2 - 1), fill=ink)
    elif symbol == "d":
        draw.rectangle(box, outline=ink)
    elif symbol == "n":
        draw.rectangle(box, fill=ink)
    elif symbol == "f":
        draw.rectangle(box, outline=ink)
        draw.rectangle((x + 3, y + 3, x + 4, y + 4), fill=ink)
    elif symbol == "D":
        draw.rectangle(box, outline=ink)
        draw.rectangle((x + 2, y + 2, x + CELL - 3, y + CELL - 3), outline=ink)
    elif symbol == "N":
        draw.rectangle(box, fill=ink)
        draw.rectangle((x + 3, y + 3, x + 4, y + 4), fill=1 - ink)
    markers = dict(state.mystify).get(at, 0)
    for i in range(min(markers, 3)):  # mystify markers: dots along the bottom
        draw.point((x + 2 + i * 2, y + CELL - 1), fill=ink)
    if at in state.crystals:  # a crystal: the top-right corner cut
        draw.line((x + CELL - 3, y, x + CELL - 1, y + 2), fill=ink)


def _board(draw, state: State, view: View) -> None:
    chosen = set(view.targets)
    area = state.pending.area if state.pending else 0
    for r in range(ROWS):
        for c in range(COLS):
            x, y = c * CELL, TOP + r * CELL
            ink = 1
            if (r, c) in chosen:  # a chosen target or temple tile: inverted
                draw.rectangle((x, y, x + CELL - 1, y + CELL - 1), fill=1)
                ink = 0
            elif view.mode == "temple" and bit(r, c) & area:  # the area to choose from
                draw.point((x, y), fill=1)
            _field(draw, state, (r, c), x, y, ink)
    for side, (r, c) in zip(SIDES, state.pawns, strict=True):
        x, y = c * CELL, TOP + r * CELL
        if side == "day":  # Day's pawn: a cross in the field's top-left
            draw.line((x, y + 1, x + 2, y + 1), fill=1)
            draw.line((x + 1, y, x + 1, y + 2), fill=1)
        else:  # Night's pawn: a bar along the field's bottom
            draw.line((x + 1, y + CELL - 1, x + CELL - 2, y + CELL - 1), fill=1)
    r, c = view.cursor
    x, y = c * CELL, TOP + r * CELL
    draw.rectangle((x - 1, y - 1, x + CELL, y + CELL), outline=1)
    draw.rectangle((-1, TOP - 1, COLS * CELL, TOP + ROWS * CELL), outline=1)


def _panel(draw, lines: list[tuple[str, bool]], fonts) -> None:
    side_panel(draw, PANEL, lines, fonts)


def draw_main(draw: ImageDraw.ImageDraw, state: State, view: View, lang: str, fonts) -> None:
    if state.over:
        for i, line in enumerate(verdict_lines(state, lang)):
            fit.line(draw, (2, 11 + i * 10), line, fonts.body, bottom=55)
        return
    side = _side(state)
    lines = [
        (text("dan.turn_ap", lang, side=text(NAMES[state.turn], lang), ap=state.ap), True),
        (text("dan.hand", lang, hand=state.hands[side], deck=state.decks[side]), False),
    ]
    if view.mode == "spells":
        spell = spells(state)[view.spell % len(spells(state))]
        lines += [(spell.name, False), (text("dan.cost", lang, ap=spell.cost), False)]
    elif view.mode == "targets":
        spell = spells(state)[view.spell % len(spells(state))]
        lines += [
            (spell.name, False),
            (text("dan.target", lang, i=len(view.targets) + 1, n=spell.targets), False),
        ]
    elif view.mode == "temple":
        lines += [
            (text("dan.temple", lang), False),
            (text("dan.chosen", lang, n=len(view.targets)), False),
        ]
    else:
        upkeep = state.upkeep
        if state.draws:
            lines.append((text("dan.draw_cards", lang, n=state.draws), False))
        elif upkeep.fixed or upkeep.markers:
            lines.append(
                (text("dan.upkeep_day", lang, m=len(upkeep.markers), f=len(upkeep.fixed)), False)
            )
        elif upkeep.crystals:
            lines.append((text("dan.upkeep_night", lang, n=len(upkeep.crystals)), False))
        extra = max(0, state.hands[state.turn] - HAND)
        if extra:
            lines.append((text("dan.discard", lang, n=extra), False))
    lines.append(
        (
            text(
                "dan.temples_short",
                lang,
                day=state.board.day_temples,
                night=state.board.night_temples,
            ),
            False,
        )
    )
    if state.options.deck_rules == "free":
        lines.append((text("deck_rules.panel", lang), False))
    _board(draw, state, view)
    _panel(draw, lines, fonts)


def describe(state: State, action: Any, lang: str) -> str:
    """An action in the players' words (what an undo took back)."""
    from engine.day_and_night.game import Cast, End, Step

    match action:
        case Cast(spell_id, _):
            spell = state.options.spell(state.turn, spell_id)
            return spell.name if spell else spell_id
        case Step((r, c)):
            return text("undo.dan_step", lang, at=f"{r},{c}")
        case End():
            return text("undo.end_turn", lang)
    return text("undo.dan_temple", lang)
