"""Zweimal on the box: set-up, turns, round scores and the final result (the screens contract
of `device/games/contract.py`).

Controls: the arrows move the cursor (it wraps), `ok` acts on the field under it (set-up: turn
the road; game: place a figure, pick up / put down a moving figure, lay a card), `back` in
set-up says the grid is ready, in the game asks to undo the last action. Holding `ok` opens the
menu (handled by the box). Card taps mean nothing in Zweimal.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import TYPE_CHECKING

from device.games import contract
from device.games.contract import (
    UNDO,
    Confirm,
    Layout,
    Question,
    Reaction,
    Told,
    starter_question,
)
from device.games.setup import DEFAULT_SETUP, Setup
from device.games.zweimal import (
    cursor,
)
from device.games.zweimal.changes import say
from device.games.zweimal.drawing import draw_main, hint
from device.games.zweimal.legacy import legacy_action
from device.games.zweimal.texts import text
from device.games.zweimal.view import (
    View as View,
    last_page,
    panel_x,
)
from device.games.zweimal.words import describe, status
from device.jsontypes import JsonObject
from device.ui import cursor as shared_cursor
from device.ui.canvas import Canvas
from engine.core import DataError, MisuseError
from engine.table import Change
from engine.zweimal.game import (
    FLIP,
    Action,
    Deal,
    Lay,
    Move,
    Place,
    SetRoad,
    StartRound,
    State,
)

if TYPE_CHECKING:
    from device.ui.fonts import Fonts

START_ROUND = Confirm("start_round")  # the set-up is ready: the round starts
SUPPLY_CHOICES = tuple(str(n) for n in range(1, 61))


def deal(state: State, rng: random.Random | None) -> tuple[str, ...]:
    """A layout dealt at random: from the screens' own generator (`ZweimalScreens.rng`,
    seeded by the set-up for scripts and screenshots), else a fresh one."""
    rng = rng or random.Random()
    n = state.options.size
    return tuple("".join(rng.choice("-|") for _ in range(n)) for _ in range(n))


def _fits(proposal: tuple[str, ...], n: int) -> bool:
    return len(proposal) == n and all(
        isinstance(row, str) and len(row) == n and not set(row) - set(FLIP) for row in proposal
    )


def on_back(state: State, view: View) -> tuple[str, View | Confirm] | None:
    """What `back` does: ("view", new view), ("confirm", what) or nothing (None)."""
    if view.selected is not None:
        return "view", replace(view, selected=None)
    if state.phase == "setup":
        return "confirm", START_ROUND
    if state.phase == "over":
        return None
    return "confirm", UNDO


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
            targets = cursor.move_targets(state, field)
            aim = shared_cursor.start(targets) if targets else field
            if view.aim is not None and view.aim[0] == field and view.aim[1] in targets:
                aim = view.aim[1]  # the box's choice for the player: where it goes
            return replace(view, selected=field, cursor=aim), None
        return view, Place(field)
    return view, None


class ZweimalScreens(contract.Screens[State, View, Action]):
    """Zweimal's screens (the hooks of `contract.Screens`); the layouts it deals come from its
    own generator, seeded by the set-up for scripts and screenshots."""

    def __init__(self, setup: Setup = DEFAULT_SETUP) -> None:
        super().__init__(setup)
        self.rng = random.Random(setup.seed)

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

    def legacy_action(self, payload: JsonObject) -> Action:
        return legacy_action(payload)

    def questions(self, answers: dict[str, str]) -> list[Question]:
        asked = [
            Question(
                "variant",
                "menu.choose_variant",
                (("1", "variant.zweimal.1"), ("2", "variant.zweimal.2")),
                short="setup.variant",
            ),
            starter_question(),
        ]
        if answers.get("variant") == "2":  # game 1 ends on a full grid: its supply never matters
            asked.append(
                Question(
                    "supply",
                    "menu.choose_supply",
                    tuple((n, "") for n in SUPPLY_CHOICES),
                    SUPPLY_CHOICES.index("16"),
                    short="setup.supply",
                )
            )
        return asked

    def initial_view(self, state: State) -> View:
        if state.phase == "setup":
            return View(setup="deal", proposal=deal(state, self.rng))
        return View(cursor=shared_cursor.start(cursor.possible(state)))

    def view_record(self, view: View) -> JsonObject:
        return {
            "cursor": list(view.cursor),
            "selected": list(view.selected) if view.selected else None,
            "setup": view.setup,
            "proposal": list(view.proposal),
            "review": list(view.review) if view.review else None,
        }

    def view_parse(self, data: JsonObject, state: State) -> View:
        n = state.options.size

        def field(value: object) -> tuple[int, int]:
            if (
                not isinstance(value, list | tuple)
                or len(value) != 2
                or not all(isinstance(v, int) and 0 <= v < n for v in value)
            ):
                raise DataError(f"not a field of the {n}x{n} grid: {value!r}")
            return value[0], value[1]

        at = field(data.get("cursor", (0, 0)))
        selected = data.get("selected")
        picked = field(selected) if selected is not None else None
        if picked is not None and (
            state.phase != "figure" or state.position.figure_at(picked) != state.turn
        ):
            picked = None  # the picked-up figure is not there any more (an undo)
        setup = data.get("setup", "edit" if "setup" not in data and "cursor" in data else "deal")
        if setup not in ("deal", "edit"):
            raise DataError(f"set-up is deal or edit, not {setup!r}")
        proposal = tuple(data.get("proposal") or ())
        if state.phase == "setup" and setup == "deal" and not _fits(proposal, n):
            proposal = deal(state, self.rng)
        review = data.get("review")
        if review is not None:
            if (
                not isinstance(review, list | tuple)
                or len(review) != 2
                or not all(isinstance(v, int) for v in review)
            ):
                raise DataError(f"not a scoring-board page: {review!r}")
            r, page = review
            if not 0 <= r < len(state.round_positions) or not 0 <= page <= last_page(state, r):
                review = None  # that round is not over any more (an undo)
            else:
                review = (r, page)
        if state.phase in ("figure", "road") and review is None:
            fields = cursor.possible(state, picked)
            if fields and at not in fields:  # e.g. after an undo: onto a field where the step is
                at = shared_cursor.start(fields)
        return View(at, picked, setup, proposal, review)

    def after(self, before: State, after_state: State, view: View) -> View:
        """The view after an accepted action: a round's end shows its scoring board; a new step
        starts the cursor where the players are fewest presses from everything possible."""
        if len(after_state.round_scores) > len(before.round_scores):
            proposal = deal(after_state, self.rng) if after_state.phase == "setup" else ()
            return View(review=(len(after_state.round_scores) - 1, 0), proposal=proposal)
        if after_state.phase == "setup":
            return replace(view, selected=None)
        return View(cursor=shared_cursor.start(cursor.possible(after_state)))

    def layout(self, state: State, view: View) -> Layout:
        if view.review is not None and view.review[1] >= last_page(state, view.review[0]):
            if state.phase == "over":  # four lines, the winner last: a question over the title
                return Layout(status=False, hint_y=57, separators=True, notice=(0, 0, 127, 10))
            return Layout(status=False, hint_y=57, separators=True)  # the score page: its own title
        if state.phase == "over" and view.review is None:
            return Layout()
        px = panel_x(state)
        return Layout(
            status=False,
            hint_y=57,
            separators=False,
            notice=(px - 2, 18, 127, 54),
            said=(px - 2, 0, 127, 54),  # the panel: its title says the box's turn
            undo_said=True,  # the fields an undo names found on the grid beside it
        )

    def on_button(self, state: State, view: View, button: str) -> Reaction[View, Action]:
        view = replace(view, preview=None)  # a proposed step is drawn done only until a press
        if view.review is not None:
            return self._review_button(state, view, button)
        if state.phase == "setup":
            if view.setup == "deal":
                if button == "ok":
                    return Reaction(view, Deal(view.proposal))
                if button == "back":
                    return Reaction(replace(view, setup="edit"))
                if button in ("left", "right"):
                    return Reaction(replace(view, proposal=deal(state, self.rng)))  # deal again
                return Reaction(view)
            if button in shared_cursor.MOVES:
                return Reaction(
                    replace(
                        view, cursor=shared_cursor.step(cursor.possible(state), view.cursor, button)
                    )
                )
        if button in shared_cursor.MOVES:
            fields = cursor.possible(state, view.selected)
            return Reaction(replace(view, cursor=shared_cursor.step(fields, view.cursor, button)))
        if button == "ok":
            new_view, action = on_ok(state, view)
            return Reaction(new_view, action)
        if button == "back":
            what = on_back(state, view)
            if what is None:
                return Reaction(view)
            kind, value = what
            if isinstance(value, Confirm):
                return Reaction(view, confirm=value)
            return Reaction(value)
        return Reaction(view)

    def _review_button(self, state: State, view: View, button: str) -> Reaction[View, Action]:
        assert view.review is not None  # the scoring board is on show
        r, page = view.review
        last = last_page(state, r)
        if button in ("left", "up"):
            return Reaction(replace(view, review=(r, max(0, page - 1))))
        if button in ("right", "down"):
            return Reaction(replace(view, review=(r, min(last, page + 1))))
        if button == "ok":
            if page < last:
                return Reaction(replace(view, review=(r, last)))  # straight to the score
            if state.phase == "over" and r == len(state.round_scores) - 1:
                return Reaction(view)  # the final result, shown once: ok goes to the menu
            done = self.initial_view(state) if state.phase != "setup" or not view.proposal else None
            return Reaction(done or View(setup="deal", proposal=view.proposal))
        if button == "back":
            return Reaction(view, confirm=UNDO)
        return Reaction(view)

    def on_tap(
        self, state: State, view: View, uid: str, card: str | None
    ) -> Reaction[View, Action]:
        return Reaction(view)  # Zweimal has no cards to tap

    def confirm_text(self, what: Confirm, lang: str) -> str:
        return text("menu.confirm_setup", lang)

    def round_ended(self, before: State, after: State, lang: str) -> list[str] | None:
        return None  # the scoring board (`after`) shows what scored, then the score

    def said_after(self, before: State, after: State, lang: str) -> str:
        """Game 2: the next player has every figure out and none can move along its road, so
        their turn starts at the road card (engine: `_end_turn`): said, or the table would wonder
        why no figure is asked for."""
        if after.phase == "road" and after.turn != before.turn and after.round == before.round:
            return text("zw.no_figure_step", lang, seat=after.turn)
        return ""

    def confirmed(self, what: Confirm) -> Action:
        """The action a game-specific question stands for, once answered yes."""
        if what == START_ROUND:
            return StartRound()
        raise MisuseError(f"nothing to confirm for {what!r}")  # pragma: no cover

    def show_action(self, state: State, view: View, action: Action) -> View:
        """A proposed action on the board, drawn done: the cursor on its field, the figure placed
        or the road turned there (a move: the figure picked up on its field, the cursor and the
        figure on where it goes)."""
        if isinstance(action, (Place, Lay)):
            return replace(view, cursor=action.field, selected=None, preview=action.field)
        if isinstance(action, Move):
            return replace(
                view, cursor=action.target, selected=action.source, preview=action.target
            )
        return view

    def suggest(self, state: State, view: View, action: Action) -> View:
        """The cursor on the box's choice for the player: the field to place or lay on, a move's
        figure (picked up, the cursor goes where the box would move it)."""
        if view.review is not None or view.selected is not None or state.phase == "setup":
            return view
        if isinstance(action, (Place, Lay)):
            return replace(view, cursor=action.field, aim=None)
        if isinstance(action, Move):
            return replace(view, cursor=action.source, aim=(action.source, action.target))
        return view


SCREENS = ZweimalScreens
