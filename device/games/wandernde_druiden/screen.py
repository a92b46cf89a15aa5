"""Wandernde Druiden on the box (the screens contract of `device/games/contract.py`).

The turn screen is a table, A and B side by side: MP, hand and draw pile, unused power places
by kind, creatures in play by strength; the last row says what to do now (draw N cards, the
clash's result, cards to discard). The active player's column is inverted.

- A tap of a card lays it (a power place before the clash, a creature after it). `ok` (or
  ▲▼) turns the table's last row into a picker of the cards of the player's deck that can
  be laid now (places first, creatures by strength; where none can be paid, all of them,
  each refused with its reason): ▲▼ the next/previous, `ok` lays it, `back` closes it. The
  table stays in sight.
- While the active player's creatures must attack, `ok` opens the clash: one row per
  defending creature (three a page, arrows in the title row say more are above or below),
  ▲▼ choose it, ◄► change the attacker it blocks; a discarded creature is marked with a cross
  beside it and the last row says the MP loss and the unblocked attackers' strengths. It
  opens with the engine's best assignment ("Vorschlag"); `back` takes that suggestion again
  (one press). `ok` goes on:
  where the strongest blockers of a group tie, the defender picks which one goes; then the
  outcome in words; `ok` applies it, `back` returns to the assignment. Against the box, when
  the player attacks, the blockers are the box's: the clash shows its defence ("Box"), ▲▼
  go through it, ◄► are refused ("Das entscheidet die Box"), `ok` goes to the outcome.
- `back` on the turn screen ends the turn (asks first, saying how many cards to discard).
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from device.games import contract
from device.games.contract import (
    Confirm,
    DeckReport,
    GameAction,
    Question,
    Reaction,
    Told,
    deck_rules_question,
    starter_question,
)
from device.games.wandernde_druiden import (
    cards as wandernde_druiden_cards,
)
from device.games.wandernde_druiden.changes import say
from device.games.wandernde_druiden.drawing import draw_main, hint, pick_options
from device.games.wandernde_druiden.texts import text
from device.games.wandernde_druiden.view import (
    CLASH_ROWS as CLASH_ROWS,
    COLUMNS as COLUMNS,
    ROW as ROW,
    TOP as TOP,
    View as View,
    card_name,
    clash_action,
    clash_view,
    lay_action,
    layable,
    shown_outcome,
)
from device.games.wandernde_druiden.words import describe, status
from device.jsontypes import JsonObject
from engine.core import DataError, IllegalMove
from engine.table import Change
from engine.wandernde_druiden.cards import DECK_SIZE, CardSet, deck_problems
from engine.wandernde_druiden.game import tied_groups
from engine.wandernde_druiden.state import Action, Clash, End, LayCreature, LayPlace, State
from engine.wandernde_druiden.turn import cut_at_end

if TYPE_CHECKING:
    from device.ui.canvas import Canvas
    from device.ui.fonts import Fonts

GAME_ID = "wandernde-druiden"


# --- the view --------------------------------------------------------------------------------

MODES = ("turn", "cards", "clash", "pick", "outcome")


# --- input -----------------------------------------------------------------------------------


def _lay(state: State, card_id: str, view: View | None = None) -> Reaction[View, Action]:
    """Lay the card; a refusal keeps `view` (the picker at that card) on show."""
    action = lay_action(state, card_id)
    if state.side(state.turn).hand == 1:  # the last card in hand: laying it loses
        return Reaction(
            View(),
            confirm=Confirm(
                "last", ("place" if isinstance(action, LayPlace) else "creature", card_id)
            ),
        )
    return Reaction(view or View(), action)


def _cards(state: State, view: View, button: str) -> Reaction[View, Action]:
    listed = layable(state)
    if not listed or button == "back":
        return Reaction(View())
    if button in ("up", "down"):
        step = 1 if button == "down" else -1
        return Reaction(replace(view, index=(view.index + step) % len(listed)))
    if button == "ok":
        return _lay(state, listed[view.index % len(listed)], view)
    return Reaction(view)


def _assign(state: State, view: View, button: str) -> Reaction[View, Action]:
    m = len(state.side(state.turn).creatures)
    n = len(view.assignment)
    if view.box_defends(state):  # the box's blockers, shown (▲▼ through them): `ok` goes on
        if button == "ok":
            return Reaction(replace(view, mode="outcome", index=0, picks=()))
        if button in ("left", "right"):
            return Reaction(view, refuse="box_decides")
        if button == "back":
            return Reaction(view)
    if button == "back":
        return Reaction(clash_view(state))
    if button in ("up", "down") and n:
        step = 1 if button == "down" else -1
        return Reaction(replace(view, index=(view.index + step) % n))
    if button in ("left", "right") and n:
        step = 1 if button == "right" else -1
        d = view.index % n
        moved = list(view.assignment)
        moved[d] = (moved[d] + step) % m
        return Reaction(replace(view, assignment=tuple(moved)))
    if button == "ok":
        return Reaction(_picked(state, replace(view, index=0, picks=())))
    return Reaction(view)


def _picked(state: State, view: View) -> View:
    """The picks among tied blockers made so far, with every group of alike creatures picked
    at once (the same choice at the table): the next group with a choice, or the outcome."""
    groups = tied_groups(state, view.assignment)
    picks = view.picks
    while len(picks) < len(groups) and len(pick_options(state, groups[len(picks)])) == 1:
        picks = (*picks, groups[len(picks)][0])
    mode = "pick" if len(picks) < len(groups) else "outcome"
    return replace(view, mode=mode, index=0, picks=picks)


def _pick(state: State, view: View, button: str) -> Reaction[View, Action]:
    groups = tied_groups(state, view.assignment)
    group = groups[len(view.picks)]
    if button == "back":
        return Reaction(replace(view, mode="clash", index=0, picks=()))
    if button in ("up", "down"):
        step = 1 if button == "down" else -1
        return Reaction(replace(view, index=(view.index + step) % len(pick_options(state, group))))
    if button == "ok":
        options = pick_options(state, group)
        picks = (*view.picks, options[view.index % len(options)])
        return Reaction(_picked(state, replace(view, picks=picks)))
    return Reaction(view)


# --- the deck check --------------------------------------------------------------------------


def check_deck(cards: list[str], lang: str, card_set_text: str = "") -> DeckReport:
    """A deck tapped card by card (card ids; "" for a tag the box does not know) against the
    configured card set (`card_set_text`, the config's; "": the example set): legal when it
    has exactly 64 known cards within the copy limits."""
    card_set = _card_set(card_set_text)
    unknown = sum(1 for c in cards if not c)
    counts: dict[str, int] = {}
    for c in cards:
        if c:
            counts[c] = counts.get(c, 0) + 1
    lines = []
    for problem, values in deck_problems(card_set, counts):
        if problem == "size":
            lines.append(text("check.size", lang, **values))
        elif problem == "too_many":
            lines.append(text("check.too_many", lang, **values))
        else:
            lines.append(text("check.other", lang, card=values["card"]))
    if unknown:
        lines.append(text("check.unknown", lang, n=unknown))
    legal = not lines
    head = text("check.wd_ok" if legal else "check.wd_bad", lang)
    if legal:
        lines = [text("check.size", lang, n=len(cards), size=DECK_SIZE)]
    last = card_set.card(cards[-1]) if cards and cards[-1] else None
    return DeckReport(legal, (head, *lines), last.name if last else "")


@lru_cache(maxsize=2)
def _card_set(text: str) -> CardSet:
    """The configured card set (its JSON text, "" for the example), read once, not for
    every tap of the deck check."""
    from engine.replay import options_of
    from engine.wandernde_druiden.game import GAME
    from engine.wandernde_druiden.state import Options

    options: Options = options_of(GAME, {"cards": text} if text else {})
    return options.cards


class WanderndeDruidenScreens(contract.Screens[State, View, Action]):
    """Wandernde Druiden's screens (the hooks of `contract.Screens`); the card set and the
    players' decks of new games come from the config's deck files, read when the screens are
    built (`deck_options`)."""

    def deck_options(self, deck_paths: list[Path]) -> dict[str, str]:
        return wandernde_druiden_cards.options(deck_paths)

    def check_deck(self, cards: list[str], lang: str) -> DeckReport:
        return check_deck(cards, lang, self.options.get("cards", ""))

    def status(self, state: State, lang: str) -> str:
        return status(state, lang)

    def hint(self, state: State, view: View, lang: str) -> str:
        return hint(state, view, lang)

    def draw_main(self, draw: Canvas, state: State, view: View, lang: str, fonts: Fonts) -> None:
        draw_main(draw, state, view, lang, fonts)

    def say(self, told: Told, change: Change) -> str:
        return say(told, change)

    def solo_view(self, view: View, box_seat: str) -> View:
        return replace(view, box=box_seat) if view.box != box_seat else view

    def describe(self, state: State, action: Action, lang: str) -> str:
        return describe(state, action, lang)

    def questions(self, answers: dict[str, str]) -> list[Question]:
        return [
            starter_question(),
            Question(
                "rule",
                "wd.choose_rule",
                (("once", "wd.rule_once"), ("per-unblocked", "wd.rule_per")),
                short="wd.rule_short",  # "MP: 1 je freiem Wesen" fits the line with its label
            ),
            *deck_rules_question(),
        ]

    def initial_view(self, state: State) -> View:
        return View()

    def view_record(self, view: View) -> JsonObject:
        return {
            "mode": view.mode,
            "index": view.index,
            "assignment": list(view.assignment),
            "picks": list(view.picks),
        }

    def view_parse(self, data: JsonObject, state: State) -> View:
        mode, index = data.get("mode", "turn"), data.get("index", 0)
        assignment, picks = data.get("assignment", []), data.get("picks", [])
        if (
            mode not in MODES
            or not isinstance(index, int)
            or not isinstance(assignment, list)
            or not isinstance(picks, list)
            or not all(isinstance(v, int) for v in (*assignment, *picks))
        ):
            raise DataError("not a Wandernde Druiden view")
        view = View(mode, index, tuple(assignment), tuple(picks))
        if mode in ("clash", "pick", "outcome"):
            if not state.clash_due:
                return View()
            try:
                shown_outcome(state, view)
            except IllegalMove:  # a saved view that no longer fits: the clash starts again
                return clash_view(state)
            if mode == "pick" and len(picks) >= len(tied_groups(state, view.assignment)):
                return clash_view(state)
        return view

    def on_button(self, state: State, view: View, button: str) -> Reaction[View, Action]:
        if state.over:
            return Reaction(view)
        if view.mode == "cards":
            return _cards(state, view, button)
        if view.mode == "clash":
            return _assign(state, view, button)
        if view.mode == "pick":
            return _pick(state, view, button)
        if view.mode == "outcome":
            if button == "ok":
                return Reaction(View(), clash_action(view))
            if button == "back":
                return Reaction(replace(view, mode="clash", index=0, picks=()))
            return Reaction(view)
        # the turn screen
        if button == "ok" and state.clash_due:
            return Reaction(clash_view(state))
        if button in ("ok", "down", "up"):
            if layable(state):
                return Reaction(View("cards", 0))  # (the first that can be laid now)
            return Reaction(view)
        if button == "back" and not state.clash_due:  # the turn cannot end before the clash
            cut = cut_at_end(state)
            return Reaction(view, confirm=Confirm("end", (str(cut),)))
        return Reaction(view)

    def on_tap(
        self, state: State, view: View, uid: str, card: str | None
    ) -> Reaction[View, Action]:
        if state.over or not card or not card.startswith(f"{GAME_ID}:"):
            return Reaction(view)
        if view.mode in ("clash", "pick", "outcome"):  # the assignment being made is kept
            return Reaction(view, refuse="clash_open")
        card_id = card.split(":", 1)[1]
        if state.options.cards.card(card_id) is None:
            return Reaction(view)  # a player tag, or a card the set no longer has
        return _lay(state, card_id)

    def confirm_text(self, what: Confirm, lang: str) -> str:
        if what.kind == "last":
            return text("wd.confirm_last", lang)
        n = int(what.detail[0]) if what.kind == "end" and what.detail else 0
        return text("wd.confirm_end_cut", lang, n=n) if n else text("wd.confirm_end", lang)

    def confirmed(self, what: Confirm) -> Action:
        if what.kind == "last":
            kind, card_id = what.detail
            return LayPlace(card_id) if kind == "place" else LayCreature(card_id)
        return End()

    def round_ended(self, before: State, after: State, lang: str) -> list[str] | None:
        return None  # the end screen (draw_main) shows the verdict: one screen, not two alike

    def after(self, before: State, after_state: State, view: View) -> View:
        return View()

    def after_undo(self, state: State, view: View) -> View:
        """An undo from the clash (or the picker) took back what was laid on the turn screen: the
        turn screen shows again (the box says what was taken back)."""
        return view if view.mode == "turn" else View()

    def show_action(self, state: State, view: View, action: GameAction) -> View:
        """A proposed clash shown as its outcome (the assignment and the picks among ties: what
        `ok` applies); a card in words only (the band is where its picker row is)."""
        if isinstance(action, Clash) and state.clash_due:
            return View("outcome", 0, action.assignment, action.discard)
        return view

    def card_label(self, state: State, seat: str, card: str, lang: str) -> str:
        """A card of the set by its name (the box's hand, drawn for it)."""
        return card_name(state, card)


SCREENS = WanderndeDruidenScreens
