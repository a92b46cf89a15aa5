"""Day and Night on the box (the screens contract of `device/games/contract.py`).

The board (6x8) fills the left of the screen, the side panel shows whose turn, the action
points left, hand and deck, the temples and what just happened (the upkeep, a card to draw).

- On the board the arrows move the cursor. `ok` on a field next to your pawn steps there
  (3 AP, draw a card); `ok` on your pawn opens the spells that can be cast now. `back` ends
  the turn (asks first, saying how many cards to discard down to 5).
- The spell list (the whole width: name, AP, what it does) opens on the spell cast last; ▲▼
  choose, `ok` takes the spell: then `ok` on each target in turn (the panel says which); the
  cursor moves only over valid targets and starts on the most likely one. `back` steps back.
- When more than 8 tiles connect, the box proposes 8: the arrows move the tile left out (only
  to where the rest stays connected), `ok` builds the temple.
A tap of a spell card's tag (taught as `day-and-night:ID`) opens its targets at once.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from device.games import contract
from device.games.contract import (
    Confirm,
    GameAction,
    Layout,
    Question,
    Reaction,
    Told,
    deck_rules_question,
)
from device.games.day_and_night import (
    decks as day_and_night_decks,
)
from device.games.day_and_night.changes import say, turn_began
from device.games.day_and_night.drawing import draw_main, hint
from device.games.day_and_night.names import spell_name
from device.games.day_and_night.texts import text
from device.games.day_and_night.view import (
    CELL as CELL,
    LEFT as LEFT,
    LIST_ROWS as LIST_ROWS,
    NAMES as NAMES,
    PANEL as PANEL,
    TOP as TOP,
    View as View,
    offered,
    spells,
    temple_area,
    temple_chosen,
)
from device.games.day_and_night.words import describe, seat_name, status
from device.jsontypes import JsonObject
from device.ui import cursor
from device.ui.canvas import Canvas
from engine.core import Coord, DataError
from engine.day_and_night.areas import COLS, ROWS, bit, fields_of
from engine.day_and_night.choices import can_cast_now, target_options, temple_options
from engine.day_and_night.state import (
    HAND,
    SIDES,
    Action,
    Cast,
    End,
    State,
    Step,
    Temple,
    adjacent,
)
from engine.table import Change

if TYPE_CHECKING:
    from device.ui.fonts import Fonts


# --- the view --------------------------------------------------------------------------------


def _own(state: State, side: str) -> int:
    b = state.board
    return b.day | b.fixed | b.day_temple if side == "day" else b.night | b.night_temple


def likely(state: State, options: Sequence[Coord]) -> Coord:
    """Where a player most likely aims: next to the most own tiles (an area grows toward a
    temple), then nearest the own pawn, then in reading order."""
    own, pawn = _own(state, state.turn), state.pawn(state.turn)

    def key(at: Coord) -> tuple[int, int, Coord]:
        r, c = at
        near = sum(
            1
            for n in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
            if 0 <= n[0] < ROWS and 0 <= n[1] < COLS and bit(*n) & own
        )
        return (-near, abs(r - pawn[0]) + abs(c - pawn[1]), at)

    return min(options, key=key)


def _temple_view(state: State, keep: View) -> View:
    """The box's proposal: 8 connected tiles, the one (or ones) left out chosen so that the
    others are fewest presses away; the cursor on the tile left out."""
    options = temple_options(state)
    singles = sorted(o[0] for o in options if len(o) == 1)
    if singles and len(singles) == len(options):
        out: tuple[Coord, ...] = (cursor.start(singles),)
    else:
        out = options[0] if options else ()
    return replace(keep, mode="temple", targets=out, cursor=out[0] if out else keep.cursor)


def _coords(data: Any) -> tuple[Coord, ...]:
    if not isinstance(data, list):
        raise DataError("not a list of fields")
    found = []
    for t in data:
        if not (isinstance(t, list) and len(t) == 2 and all(isinstance(v, int) for v in t)):
            raise DataError(f"not a field: {t!r}")
        found.append((t[0], t[1]))
    return tuple(found)


# --- input -----------------------------------------------------------------------------------


def _move(cursor: Coord, button: str) -> Coord:
    dr, dc = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}[button]
    return (cursor[0] + dr) % ROWS, (cursor[1] + dc) % COLS


def _target_options(state: State, view: View) -> tuple[Coord, ...]:
    spell = spells(state)[view.spell % len(spells(state))]
    return target_options(state, spell, view.targets)


def _open_spells(state: State, view: View) -> Reaction[View, Action]:
    """The list of the spells that can be cast now, cast most first, on the first of them;
    never on a spell just taken back (the one this screen saw cast last, which the game no
    longer has as the player's last)."""
    listed = offered(state)
    last = view.last[SIDES.index(state.turn)]
    mine = [spell for side, spell in state.cast if side == state.turn]
    taken_back = last if last and (not mine or mine[-1] != last) else ""
    ids = [spells(state)[i].id for i in listed]
    opened = [i for i, s in zip(listed, ids, strict=True) if s != taken_back] or listed or [0]
    aimed = view.aim.spell if isinstance(view.aim, Cast) else ""
    opened = [i for i, s in zip(listed, ids, strict=True) if s == aimed] or opened
    return Reaction(replace(view, mode="spells", spell=opened[0], targets=()))


def _spell_list(state: State, view: View, button: str) -> Reaction[View, Action]:
    listed = offered(state)
    if button == "back" or not listed:
        return Reaction(replace(view, mode="board", cursor=state.pawn(state.turn)))
    at = listed.index(view.spell) if view.spell in listed else 0
    if button in ("up", "down"):
        at = (at + (1 if button == "down" else -1)) % len(listed)
        return Reaction(replace(view, spell=listed[at]))
    if button == "ok":
        return _take(state, view, spells(state)[listed[at]].id)
    return Reaction(view)


def _take(state: State, view: View, spell_id: str) -> Reaction[View, Action]:
    """A spell taken from the list or by a tap: cast at once without targets, else its first
    target on the most likely field. One the moment does not allow goes to the engine, which
    says why (too few AP, the prerequisite, spells before moving)."""
    spell = next(s for s in spells(state) if s.id == spell_id)
    index = list(spells(state)).index(spell)
    chosen = replace(view, spell=index, targets=())
    if not can_cast_now(state, spell) or spell.targets == 0:
        return Reaction(replace(chosen, mode="board"), Cast(spell.id, ()))
    options = target_options(state, spell)
    if not options:
        return Reaction(replace(chosen, mode="board"), refuse="no_target")
    aim = view.aim
    if isinstance(aim, Cast) and aim.spell == spell_id and len(aim.targets) == spell.targets:
        # the box's choice for the player: its targets marked up to the last, `ok` casts it
        *first, last = aim.targets
        if last in target_options(state, spell, tuple(first)):
            return Reaction(replace(chosen, mode="targets", targets=tuple(first), cursor=last))
    return Reaction(replace(chosen, mode="targets", cursor=likely(state, options)))


def _targets(state: State, view: View, button: str) -> Reaction[View, Action]:
    spell = spells(state)[view.spell % len(spells(state))]
    options = _target_options(state, view)
    if button in ("up", "down", "left", "right"):
        return Reaction(replace(view, cursor=cursor.step(options, view.cursor, button)))
    if button == "back":
        if view.targets:
            return Reaction(replace(view, targets=view.targets[:-1], cursor=view.targets[-1]))
        return Reaction(replace(view, mode="spells"))
    if button != "ok":
        return Reaction(view)
    if view.cursor not in options:  # kept in the spell, with the picks made so far
        return Reaction(view, refuse="not_a_target")
    chosen = (*view.targets, view.cursor)
    if len(chosen) == spell.targets:
        return Reaction(replace(view, mode="board", targets=()), Cast(spell.id, chosen))
    picked = replace(view, targets=chosen)
    return Reaction(replace(picked, cursor=likely(state, _target_options(state, picked))))


def _temple(state: State, view: View, button: str) -> Reaction[View, Action]:
    """The tiles left out of the temple: the arrows move the one under the cursor over the
    area (only where the other 8 stay connected), `back` goes to the next one left out (an
    area of 10 or more), `ok` builds the temple shown."""
    options = set(temple_options(state))
    out = set(view.targets)
    if button == "ok":
        chosen = tuple(sorted(temple_chosen(state, view)))
        return Reaction(view, Temple(chosen))
    if button == "back" and len(out) > 1:
        ordered = sorted(out)
        nxt = (
            ordered[(ordered.index(view.cursor) + 1) % len(ordered)]
            if view.cursor in out
            else ordered[0]
        )
        return Reaction(replace(view, cursor=nxt))
    if button in ("up", "down", "left", "right") and view.cursor in out:
        others = out - {view.cursor}
        places = [
            t
            for t in temple_area(state)
            if t not in others and tuple(sorted(others | {t})) in options
        ]
        moved = cursor.step(places, view.cursor, button)
        return Reaction(replace(view, cursor=moved, targets=tuple(sorted(others | {moved}))))
    return Reaction(view)


class DayAndNightScreens(contract.Screens[State, View, Action]):
    """Day and Night's screens (the hooks of `contract.Screens`); the spells of new games
    come from the config's deck files, read when the screens are built."""

    def deck_options(self, deck_paths: list[Path]) -> dict[str, str]:
        return day_and_night_decks.options(deck_paths)

    def status(self, state: State, lang: str) -> str:
        return status(state, lang)

    def hint(self, state: State, view: View, lang: str) -> str:
        return hint(state, view, lang)

    def draw_main(self, draw: Canvas, state: State, view: View, lang: str, fonts: Fonts) -> None:
        draw_main(draw, state, view, lang, fonts)

    def say(self, told: Told, change: Change) -> str:
        return say(told, change)

    def turn_began(self, told: Told) -> list[str]:
        return turn_began(told)

    def describe(self, state: State, action: Action, lang: str) -> str:
        return describe(state, action, lang)

    def seat_name(self, seat: str, lang: str) -> str:
        return seat_name(seat, lang)

    def questions(self, answers: dict[str, str]) -> list[Question]:
        # Day begins; the players decide who plays which side at the table
        return deck_rules_question()

    def initial_view(self, state: State) -> View:
        if state.pending is not None:
            return _temple_view(state, View())
        return View(cursor=state.pawn(state.turn))

    def view_record(self, view: View) -> JsonObject:
        return {
            "cursor": list(view.cursor),
            "mode": view.mode,
            "spell": view.spell,
            "targets": [list(t) for t in view.targets],
            "built": [list(t) for t in view.built],
            "built_side": view.built_side,
            "last": list(view.last),
            "drawn": view.drawn,
            "upkeep": view.upkeep,
        }

    def view_parse(self, data: JsonObject, state: State) -> View:
        cursor = data.get("cursor", [0, 0])
        mode = data.get("mode", "board")
        last = data.get("last", ["", ""])
        if (
            not isinstance(cursor, list)
            or len(cursor) != 2
            or not all(isinstance(v, int) for v in cursor)
            or not (0 <= cursor[0] < ROWS and 0 <= cursor[1] < COLS)
            or mode not in ("board", "spells", "targets", "temple")
            or not isinstance(data.get("spell", 0), int)
            or not (
                isinstance(last, list) and len(last) == 2 and all(isinstance(v, str) for v in last)
            )
        ):
            raise DataError("not a Day and Night view")
        view = View(
            (cursor[0], cursor[1]),
            mode,
            data.get("spell", 0) % max(1, len(spells(state))),
            _coords(data.get("targets", [])),
            _coords(data.get("built", [])),
            str(data.get("built_side", "")),
            (last[0], last[1]),
            int(data.get("drawn", 0)) if str(data.get("drawn", 0)).isdigit() else 0,
            data.get("upkeep") is True,
        )
        if (state.pending is not None) != (mode == "temple"):
            return replace(self.initial_view(state), last=view.last)
        if mode == "temple" and tuple(sorted(view.targets)) not in temple_options(state):
            return _temple_view(state, view)
        if mode == "targets" and not _target_options(state, view):
            return View(cursor=state.pawn(state.turn), last=view.last)
        return view

    def on_button(self, state: State, view: View, button: str) -> Reaction[View, Action]:
        if state.over:  # the final board, the last temple marked: ok goes to the menu
            return Reaction(view)
        view = replace(view, built=(), built_side="")  # a temple's notice lasts until a press
        if view.mode == "board":  # a proposed spell's targets are marked until a press
            view = replace(view, targets=())
        if view.mode == "spells":
            return _spell_list(state, view, button)
        if view.mode == "temple":
            return _temple(state, view, button)
        if view.mode == "targets":
            return _targets(state, view, button)
        if button in ("up", "down", "left", "right"):
            return Reaction(replace(view, cursor=_move(view.cursor, button)))
        if button == "ok":
            pawn = state.pawn(state.turn)
            if view.cursor == pawn:
                return _open_spells(state, view)
            if adjacent(view.cursor, pawn):
                return Reaction(view, Step(view.cursor))
            return Reaction(view)
        if button == "back":
            return Reaction(
                view, confirm=Confirm("end_turn", (str(max(0, state.hands[state.turn] - HAND)),))
            )
        return Reaction(view)

    def on_tap(
        self, state: State, view: View, uid: str, card: str | None
    ) -> Reaction[View, Action]:
        if card and card.startswith("day-and-night:") and state.pending is None and not state.over:
            spell_id = card.split(":", 1)[1]
            if any(s.id == spell_id for s in spells(state)):
                return _take(state, replace(view, built=(), built_side=""), spell_id)
        return Reaction(view)

    def suggest(self, state: State, view: View, action: GameAction) -> View:
        """The box's choice for the player where they start: the cursor on the step's field or
        on the pawn for a spell (the list opens on it, its targets marked up to the last), the
        temple's choice on the temple it would build."""
        if isinstance(action, Temple) and view.mode == "temple":
            return self.show_action(state, view, action)
        if view.mode != "board" or view.targets:
            return view
        if isinstance(action, Step):
            return replace(view, cursor=action.to)
        if isinstance(action, Cast):
            return replace(view, cursor=state.pawn(state.turn), aim=action)
        return view

    def confirm_text(self, what: Confirm, lang: str) -> str:
        n = int(what.detail[0]) if what.kind == "end_turn" and what.detail else 0
        return text("dan.confirm_end_cut", lang, n=n) if n else text("dan.confirm_end", lang)

    def confirmed(self, what: Confirm) -> End:
        return End()

    def round_ended(self, before: State, after: State, lang: str) -> list[str] | None:
        return None

    def which_screen(self, state: State, view: View) -> tuple[object, ...]:
        """The mode, and in the list its page as drawn: of the spells offered now."""
        if view.mode != "spells":
            return (view.mode,)
        listed = offered(state)
        return (view.mode, (listed.index(view.spell) if view.spell in listed else 0) // LIST_ROWS)

    def layout(self, state: State, view: View) -> Layout:
        if view.mode == "spells" and not state.over:
            return Layout()  # the list: the whole width, the status line on top
        return Layout(
            status=False,
            hint_y=57,
            separators=False,
            notice=(PANEL - 3, 27, 127, 54),  # (a 60 px name fits)
            said=(PANEL - 3, 0, 127, 54),  # the panel: its title says the box's turn
        )

    def after(self, before: State, after_state: State, view: View) -> View:
        last = view.last
        cast_now = after_state.turn == before.turn or after_state.pending is not None
        if cast_now and after_state.discards[before.turn] > before.discards[before.turn]:
            # a spell was cast (the end of a turn discards too, but passes the turn)
            i = SIDES.index(before.turn)
            cast = spells(before)[view.spell % len(spells(before))].id
            last = (cast, last[1]) if i == 0 else (last[0], cast)
        same_turn = after_state.turn == before.turn
        drawn = after_state.draws - (
            before.draws if same_turn else 0
        )  # this step's, not the turn's
        keep = View(last=last, drawn=max(0, drawn) if same_turn else 0, upkeep=not same_turn)
        if after_state.pending is not None:
            return _temple_view(after_state, keep)
        built: tuple[Coord, ...] = ()
        side = ""
        for name, a, b in (
            ("day", before.board.day_temple, after_state.board.day_temple),
            ("night", before.board.night_temple, after_state.board.night_temple),
        ):
            if b & ~a:
                built = tuple(fields_of(b & ~a))
                side = name
        return replace(
            keep, cursor=after_state.pawn(after_state.turn), built=built, built_side=side
        )

    def after_undo(self, state: State, view: View) -> View:
        """After an undo the cursor stands on the pawn (on the field of a step taken back, the
        next ok would step there again); a temple's choice or the targets as they were."""
        if view.mode == "board":
            return replace(view, cursor=state.pawn(state.turn), targets=(), drawn=0, aim=None)
        return replace(view, drawn=0, aim=None)

    def show_action(self, state: State, view: View, action: GameAction) -> View:
        """A proposed action on the board: the cursor on the step's field, the spell's targets
        marked (the cursor on the first), or the temple as it will be built (the tiles it leaves
        out marked, as the temple choice shows them)."""
        from engine.day_and_night.state import Cast, Step, Temple

        if isinstance(action, Step):
            return replace(view, mode="board", cursor=action.to)
        if isinstance(action, Cast) and action.targets:  # every target marked, the first under
            return replace(view, mode="board", cursor=action.targets[0], targets=action.targets)
        if isinstance(action, Temple) and action.fields:  # the temple as it will be built: the
            out = tuple(t for t in temple_area(state) if t not in action.fields)  # tiles left out
            return replace(view, mode="temple", targets=out, cursor=out[0] if out else view.cursor)
        return view

    def card_label(self, state: State, seat: str, card: str, lang: str) -> str:
        """A spell of the seat's deck by its name (the box's hand, drawn for it)."""
        spell = state.options.spell(seat, card)
        return spell_name(spell, lang) if spell else card


SCREENS = DayAndNightScreens
