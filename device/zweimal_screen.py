"""Zweimal on the box: set-up, turns, round scores and the final result (the screens contract
of `device/screens.py`).

Controls: the arrows move the cursor (it wraps), `ok` acts on the field under it (set-up: turn
the road; game: place a figure, pick up / put down a moving figure, lay a card), `back` in
set-up says the grid is ready, in the game asks to undo the last action. Holding `ok` opens the
menu (handled by the box). Card taps mean nothing in Zweimal.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from PIL import ImageDraw

from device.catalog import text
from device.records import (
    LayRecord,
    MoveRecord,
    PlaceRecord,
    SetRoadRecord,
    StartRoundRecord,
)
from device.screens import Question, Reaction, View
from engine.zweimal.game import (
    FLIP,
    Action,
    Lay,
    Move,
    Place,
    SetRoad,
    StartRound,
    State,
    can_move,
    winner,
)

RECORDS = {  # actions as saved before the move notation (still read)
    "set_road": SetRoadRecord,
    "start_round": StartRoundRecord,
    "place": PlaceRecord,
    "move": MoveRecord,
    "lay": LayRecord,
}


def questions() -> list[Question]:
    return [
        Question(
            "variant",
            "menu.choose_variant",
            (("1", "variant.zweimal.1"), ("2", "variant.zweimal.2")),
        ),
        Question("starter", "menu.choose_starter", (("A", "player.A"), ("B", "player.B"))),
    ]


def legacy_action(data: dict[str, Any]) -> Action:
    """An action saved as a JSON record before the move notation."""
    kind = data.get("kind")
    if kind not in RECORDS:
        raise ValueError(f"unknown action kind {kind!r}")
    rec = RECORDS[kind].model_validate(data)
    match rec:
        case SetRoadRecord():
            return SetRoad(tuple(rec.field), rec.orientation)
        case StartRoundRecord():
            return StartRound()
        case PlaceRecord():
            return Place(tuple(rec.field))
        case MoveRecord():
            return Move(tuple(rec.source), tuple(rec.target))
        case LayRecord():
            return Lay(tuple(rec.field))
    raise ValueError(f"unknown action kind {kind!r}")  # pragma: no cover


# --- the view --------------------------------------------------------------------------------


def initial_view(state: State) -> View:
    return View()


def view_record(view: View) -> dict[str, Any]:
    return {"cursor": list(view.cursor), "selected": list(view.selected) if view.selected else None}


def view_parse(data: dict[str, Any], state: State) -> View:
    n = state.options.size

    def field(value: Any) -> tuple[int, int]:
        if (
            not isinstance(value, list | tuple)
            or len(value) != 2
            or not all(isinstance(v, int) and 0 <= v < n for v in value)
        ):
            raise ValueError(f"not a field of the {n}x{n} grid: {value!r}")
        return value[0], value[1]

    cursor = field(data.get("cursor", (0, 0)))
    selected = data.get("selected")
    picked = field(selected) if selected is not None else None
    if picked is not None and (
        state.phase != "figure" or state.position.figure_at(picked) != state.turn
    ):
        picked = None  # the picked-up figure is not there any more (an undo)
    return View(cursor, picked)


# --- input -----------------------------------------------------------------------------------


def on_button(state: State, view: View, button: str) -> Reaction:
    if button in ("up", "down", "left", "right"):
        return Reaction(move_cursor(state, view, button))
    if button == "ok":
        new_view, action = on_ok(state, view)
        return Reaction(new_view, action)
    if button == "back":
        what = on_back(state, view)
        if what is None:
            return Reaction(view)
        kind, value = what
        return Reaction(value) if kind == "view" else Reaction(view, confirm=value)
    return Reaction(view)


def on_tap(state: State, view: View, uid: str, card: str | None) -> Reaction:
    return Reaction(view)  # Zweimal has no cards to tap


def confirm_text(what: str, lang: str) -> str:
    return text("menu.confirm_setup", lang)


def round_ended(before: State, after: State, lang: str) -> list[str] | None:
    """The lines to show when an action ended a round (or the game), else None."""
    if len(after.round_scores) > len(before.round_scores):
        return round_summary(after, lang)
    return None


def on_back(state: State, view: View) -> tuple[str, View | str] | None:
    """What `back` does: ("view", new view), ("confirm", what) or nothing (None)."""
    if view.selected is not None:
        return "view", replace(view, selected=None)
    if state.phase == "setup":
        return "confirm", "start_round"
    if state.phase == "over":
        return None
    return "confirm", "undo"


def confirmed(what: str) -> Action:
    """The action a game-specific question stands for, once answered yes."""
    if what == "start_round":
        return StartRound()
    raise ValueError(f"nothing to confirm for {what!r}")  # pragma: no cover


def move_cursor(state: State, view: View, button: str) -> View:
    n = state.options.size
    dr, dc = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}[button]
    r, c = view.cursor
    return replace(view, cursor=((r + dr) % n, (c + dc) % n))


def on_ok(state: State, view: View) -> tuple[View, Action | None]:
    """What `ok` does now: the action to try (None if it only changes the view)."""
    field = view.cursor
    if state.phase == "setup":
        return view, SetRoad(field, FLIP[state.position.road_at(field)])
    if state.phase == "road":
        return view, Lay(field)
    if state.phase == "figure":
        if view.selected is not None:
            if view.selected == field:
                return replace(view, selected=None), None
            return replace(view, selected=None), Move(view.selected, field)
        mine = state.position.figure_at(field) == state.turn
        if state.options.variant == 2 and mine:
            return replace(view, selected=field), None
        return view, Place(field)
    return view, None


# --- drawing ---------------------------------------------------------------------------------


def status(state: State, lang: str) -> str:
    name = f"Zweimal {state.options.variant}"
    if state.phase == "over":
        return f"{name} {text('status.over', lang)}"
    rnd = text("status.round", lang, round=state.round)
    if state.phase == "setup":
        return f"{name} {rnd} {text('status.setup', lang)}"
    return f"{name} {rnd} " + text("status.turn", lang, player=state.turn)


def hint(state: State, view: View, lang: str) -> str:
    if state.phase == "setup":
        return text("hint.setup_done", lang)
    if state.phase == "over":
        return text("hint.over", lang)
    if state.phase == "road":
        return text("hint.lay", lang) + text("hint.back_undo", lang)
    if view.selected is not None:
        return text("hint.move_target", lang)
    if state.options.variant == 2 and can_move(state, state.turn):
        return text("hint.place_or_move", lang) + text("hint.back_undo", lang)
    return text("hint.place", lang) + text("hint.back_undo", lang)


def round_summary(state: State, lang: str) -> list[str]:
    """Lines for the message after a round (or the game) ends."""
    lines = []
    for i, s in enumerate(state.round_scores, start=1):
        lines.append(f"{text('zweimal.round_total', lang, round=i)}: A {s['A']} - B {s['B']}")
    if state.phase == "over":
        t = state.totals
        lines.append(f"{text('zweimal.total', lang)}: A {t['A']} - B {t['B']}")
        w = winner(state)
        lines.append(
            text("zweimal.draw", lang)
            if w == "draw"
            else text("zweimal.winner", lang, player=text(f"player.{w}", lang))
        )
    return lines


def draw_main(draw: ImageDraw.ImageDraw, state: State, view: View, lang: str, fonts) -> None:
    """The grid (left) and the side panel (right) in the area y=10..53."""
    if state.phase == "over":
        for i, line in enumerate(round_summary(state, lang)):
            draw.text((2, 11 + i * 10), line, font=fonts.body, fill=1)
        return
    n = state.options.size
    cell = 10 if n == 4 else 8
    x0, y0 = 2, 12
    for r in range(n):
        for c in range(n):
            x, y = x0 + c * cell, y0 + r * cell
            on_cursor = (r, c) == view.cursor
            ink = 1
            if on_cursor:
                draw.rectangle((x, y, x + cell - 1, y + cell - 1), fill=1)
                ink = 0
            mid = cell // 2
            if state.position.roads[r][c] == "-":
                draw.line((x, y + mid, x + cell - 1, y + mid), fill=ink)
            else:
                draw.line((x + mid, y, x + mid, y + cell - 1), fill=ink)
            who = state.position.figures[r][c]
            box = (x + mid - 2, y + mid - 2, x + mid + 2, y + mid + 2)
            if who == "A":
                draw.rectangle(box, fill=ink)
            elif who == "B":
                draw.rectangle(box, fill=1 - ink, outline=ink)
            if view.selected == (r, c):
                draw.rectangle((x + 1, y + 1, x + cell - 2, y + cell - 2), outline=ink)
    # grid frame
    draw.rectangle((x0 - 1, y0 - 1, x0 + n * cell, y0 + n * cell), outline=1)
    px = x0 + n * cell + 6
    lines = []
    if state.phase == "setup":
        lines = [text("zweimal.setup_help", lang), text("zweimal.setup_help2", lang)]
    else:
        step_key = "zweimal.step_road" if state.phase == "road" else "zweimal.step_figure"
        lines.append(f"{state.turn}: {text(step_key, lang)}")
        lines.append(text("zweimal.supply", lang, n=state.supply))
        for p in ("A", "B"):
            lines.append(text("zweimal.figures", lang, player=p, n=state.figures_left(p)))
        if state.round_scores:
            t = state.totals
            lines.append(f"{text('zweimal.total', lang)} {t['A']}:{t['B']}")
    for i, line in enumerate(lines):
        draw.text((px, 11 + i * 9), line, font=fonts.small, fill=1)
