"""Feuer und Wasser on the box (the screens contract of `device/games/contract.py`).

Draw step: the arrows pick the drawn card among the cards of the active deck not laid yet
(◄► one, ▲▼ four), `ok` says this one was drawn; a tap of the card's tag does the same in one
go. `back` takes back the last step (asks first).

Lay step: the card lies over the landscape at a legal place; it starts at the best place (the
tip: the most cards or points, said on the panel and the hint line) when any place scores,
else near the landscape's middle. ◄► move it to the previous/next legal place (in reading
order), ▲▼ turn it (to the nearest legal place of the new turn), `ok` lays it, `back` takes back
the last step (asks first), as in every step. The panel says what the tip gives; the hint
line says when the card lies on it.
Turning and moving are on different buttons; every place shown is legal.

After each placement the counting row or group is marked on the landscape and the panel says
what it gives; a round's end shows its final landscape (the whole of it, or the part that
scored), then in words what the score is made of, the score and the total.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from device.games import contract
from device.games.contract import (
    UNDO,
    Confirm,
    GameAction,
    Layout,
    Question,
    Reaction,
    Told,
    starter_question,
)
from device.games.feuer_und_wasser import (
    decks as feuer_und_wasser_decks,
)
from device.games.feuer_und_wasser.changes import say
from device.games.feuer_und_wasser.drawing import draw_main, hint
from device.games.feuer_und_wasser.view import (
    NAMES as NAMES,
    PANEL as PANEL,
    PREVIEW as PREVIEW,
    WINDOW as WINDOW,
    View as View,
    choices,
)
from device.games.feuer_und_wasser.words import describe, seat_name, status
from device.jsontypes import JsonObject
from engine.core import Coord, DataError, MisuseError
from engine.feuer_und_wasser.game import (
    Action,
    Draw,
    Lay,
    State,
    best_placement,
    drawn_card,
    placements,
)
from engine.table import Change

if TYPE_CHECKING:
    from device.ui.canvas import Canvas
    from device.ui.fonts import Fonts


# --- the view --------------------------------------------------------------------------------


def places(state: State, turns: int) -> list[Coord]:
    return [a.at for a in placements(state, drawn_card(state), (turns,))]


def _nearest(options: list[Coord], to: Coord) -> Coord:
    return min(options, key=lambda a: (abs(a[0] - to[0]) + abs(a[1] - to[1]), a))


def _lay_view(state: State) -> View:
    """The drawn card's first place: the best place when a place scores (where a player most
    likely lays), else the legal place nearest the landscape's middle."""
    best = best_placement(state)
    if best is not None and best.cards > 0:
        (r, c), turns = best.action.at, best.action.turns
        return View(at=(r, c), turns=turns, tip=(r, c, turns), best=best.cards)
    rows = [r for r, _ in state.landscape.fields]
    cols = [c for _, c in state.landscape.fields]
    middle = ((min(rows) + max(rows)) // 2, (min(cols) + max(cols)) // 2)
    for turns in range(4):
        found = places(state, turns)
        if found:
            return View(at=_nearest(found, middle), turns=turns)
    return View()


class FeuerUndWasserScreens(contract.Screens[State, View, Action]):
    """Feuer und Wasser's screens (the hooks of `contract.Screens`); the cards of new games
    come from the config's deck files, read when the screens are built."""

    def deck_options(self, deck_paths: list[Path]) -> dict[str, str]:
        return feuer_und_wasser_decks.options(deck_paths)

    def showing_result(self, state: State, view: View) -> bool:
        return view.review is not None

    def status(self, state: State, lang: str) -> str:
        return status(state, lang)

    def hint(self, state: State, view: View, lang: str) -> str:
        return hint(state, view, lang)

    def draw_main(self, draw: Canvas, state: State, view: View, lang: str, fonts: Fonts) -> None:
        draw_main(draw, state, view, lang, fonts)

    def say(self, told: Told, change: Change) -> str:
        return say(told, change)

    def describe(self, state: State, action: Action, lang: str) -> str:
        return describe(state, action, lang)

    def seat_name(self, seat: str, lang: str) -> str:
        return seat_name(seat, lang)

    def questions(self, answers: dict[str, str]) -> list[Question]:
        return [
            Question(
                "mode",
                "menu.choose_version",
                (("rows", "fuw.rows"), ("groups", "fuw.groups")),
                short="setup.version",
            ),
            Question(
                "tactician",
                "menu.choose_tactician",
                (("no", "fuw.no"), ("yes", "fuw.yes")),
                short="setup.tactician",
            ),
            starter_question((("R", "fuw.fire"), ("B", "fuw.water"))),
        ]

    def initial_view(self, state: State) -> View:
        return _lay_view(state) if state.drawn is not None else View()

    def view_record(self, view: View) -> JsonObject:
        return {
            "pick": view.pick,
            "at": list(view.at) if view.at else None,
            "turns": view.turns,
            "tip": list(view.tip) if view.tip else None,
            "best": view.best,
            "review": list(view.review) if view.review else None,
        }

    def view_parse(self, data: JsonObject, state: State) -> View:
        pick, turns, best = data.get("pick", 0), data.get("turns", 0), data.get("best", 0)
        tip = data.get("tip")  # (views saved before the tip had "hint": the tip is found anew)
        if (
            not isinstance(pick, int)
            or turns not in (0, 1, 2, 3)
            or not isinstance(best, int)
            or best < 0
            or not (tip is None or (isinstance(tip, list) and len(tip) == 3))
            or not all(isinstance(v, int) for v in tip or ())
        ):
            raise DataError("not a Feuer und Wasser view")
        review = data.get("review")
        if review is not None:
            if not (
                isinstance(review, list)
                and len(review) == 2
                and all(isinstance(v, int) for v in review)
            ):
                raise DataError(f"not a round page: {review!r}")
            if not 0 <= review[0] < len(state.round_scores) or review[1] not in (0, 1):
                review = None
            else:
                review = (review[0], review[1])
        at = data.get("at")
        if state.drawn is not None and review is None:
            if at is None or "tip" not in data or tuple(at) not in places(state, turns):
                return _lay_view(state)
            kept = (tip[0], tip[1], tip[2]) if tip else None
            return View(at=(at[0], at[1]), turns=turns, tip=kept, best=best)
        return View(pick=pick % max(1, len(choices(state))), review=review)

    def on_button(self, state: State, view: View, button: str) -> Reaction[View, Action]:
        view = replace(view, shown=False)  # the box's card or a hint drawn large until a press
        if view.review is not None:
            r, page = view.review
            if button == "ok":
                return Reaction(
                    replace(view, review=(r, 1)) if page == 0 else self.initial_view(state)
                )
            if button == "back":
                return Reaction(view, confirm=UNDO)
            return Reaction(view)
        if state.drawn is None:
            cards = choices(state)
            step = {"left": -1, "right": 1, "up": -4, "down": 4}
            if button in step and cards:
                return Reaction(replace(view, pick=(view.pick + step[button]) % len(cards)))
            if button == "ok" and cards:
                return Reaction(view, Draw(cards[view.pick % len(cards)]))
            if button == "back":
                return Reaction(view, confirm=UNDO)
            return Reaction(view)
        if view.at is None:
            view = _lay_view(state)
        at = view.at or (0, 0)  # (a lay view always has a place)
        if button in ("left", "right"):
            options = places(state, view.turns)
            if view.at in options:
                i = options.index(view.at) + (1 if button == "right" else -1)
                return Reaction(replace(view, at=options[i % len(options)]))
            return Reaction(replace(view, at=_nearest(options, at)))
        if button in ("up", "down"):
            for k in range(1, 4):
                turns = (view.turns + (k if button == "down" else -k)) % 4
                options = places(state, turns)
                if options:
                    return Reaction(replace(view, at=_nearest(options, at), turns=turns))
            return Reaction(view)
        if button == "back":
            return Reaction(view, confirm=UNDO)
        if button == "ok":
            return Reaction(view, Lay(at, view.turns))
        return Reaction(view)

    def on_tap(
        self, state: State, view: View, uid: str, card: str | None
    ) -> Reaction[View, Action]:
        """A card's tag, taught as `feuer-und-wasser:ID`: in the draw step, that card was drawn."""
        if state.drawn is None and card and card.startswith("feuer-und-wasser:"):
            return Reaction(view, Draw(card.split(":", 1)[1]))
        return Reaction(view)

    def confirm_text(self, what: Confirm, lang: str) -> str:
        raise MisuseError(f"Feuer und Wasser asks no {what!r}")  # pragma: no cover

    def confirmed(self, what: Confirm) -> Action:
        raise MisuseError(f"Feuer und Wasser asks no {what!r}")  # pragma: no cover

    def round_ended(self, before: State, after: State, lang: str) -> list[str] | None:
        return None  # the round's final landscape, then the score (the view's review)

    def layout(self, state: State, view: View) -> Layout:
        if (view.review is not None and view.review[1] == 1) or (
            state.over and view.review is None
        ):
            return Layout()
        return Layout(
            status=False,
            hint_y=57,
            separators=False,
            notice=(PANEL - 2, 18, 127, 54),
            said=(PANEL - 2, 0, 127, 54),  # the panel: its title says the box's turn
            undo_said=True,
        )

    def after(self, before: State, after_state: State, view: View) -> View:
        if len(after_state.round_scores) > len(before.round_scores):
            return View(review=(len(after_state.round_scores) - 1, 0))
        return self.initial_view(after_state)

    def show_action(self, state: State, view: View, action: GameAction) -> View:
        """A proposed placement on the landscape: the drawn card lies where (and turned as) the
        box lays it or the hint says."""
        from engine.feuer_und_wasser.game import Lay

        if isinstance(action, Lay) and state.drawn is not None and view.review is None:
            return replace(view, at=action.at, turns=action.turns, shown=True)
        return view


SCREENS = FeuerUndWasserScreens
