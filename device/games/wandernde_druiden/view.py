"""Wandernde Druiden's view on the box: what the screen adds to the state (a cursor, a selection)
and its saved form, with the helpers both the input (screen.py) and the drawing (drawing.py)
use."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from engine.wandernde_druiden.clash import ClashOutcome
from engine.wandernde_druiden.game import clash_outcome, suggestion
from engine.wandernde_druiden.state import OTHER, Clash, LayCreature, LayPlace, State

ROW = 8  # the table's row height (the 5x8 font)


TOP = 11


COLUMNS = (0, 38, 83)  # label, A, B


CLASH_ROWS = 3  # defenders on one page of the clash


@dataclass(frozen=True)
class View:
    mode: str = "turn"
    index: int = 0  # cards: the picker's choice; clash: the defender chosen; pick: the choice
    assignment: tuple[int, ...] = ()
    picks: tuple[int, ...] = ()
    box: str = ""  # solo play: the seat the box plays (its defence is its own choice)

    def box_defends(self, state: State) -> bool:
        """Solo play, the player attacking: the blockers are the box's choice."""
        return bool(self.box) and self.box != state.turn

    @property
    def page(self) -> int:
        """Which page of the clash's defenders shows (a new page is a new screen)."""
        return self.index // CLASH_ROWS if self.mode == "clash" else 0


def clash_action(view: View) -> Clash:
    """The clash the view's assignment and picks make."""
    return Clash(view.assignment, view.picks)


def shown_outcome(state: State, view: View) -> ClashOutcome:
    """The outcome the clash screens show (and `ok` applies): the engine's own."""
    return clash_outcome(state, clash_action(view))


@lru_cache(maxsize=8)
def clash_view(state: State) -> View:
    """The clash opens with the engine's best assignment (or, beyond the search's limits,
    every defender on the attackers in turn). Kept for the last few states: every frame of
    the clash compares with it, and the search takes milliseconds (far more on a Pi)."""
    best = suggestion(state)
    if best is None:
        m = len(state.side(state.turn).creatures)
        n = len(state.side(OTHER[state.turn]).creatures)
        best = Clash(tuple(d % m for d in range(n)))
    return View("clash", 0, best.assignment)


@lru_cache(maxsize=16)
def layable(state: State) -> tuple[str, ...]:
    """The cards the picker offers now: power places before the clash (one a turn), creatures
    once the clash is over (or when nothing attacks), of the active player's deck (every card
    of the set where the game names no decks); places first, then creatures by strength,
    strongest first. Only those the engine takes now (a creature the unused places pay for);
    where none is, all of them, so that `ok` says why each is refused."""
    from engine.wandernde_druiden.game import GAME

    cards = state.options.cards
    types = []
    if not state.placed and not state.clashed:
        types.append("place")
    if not state.clash_due:
        types.append("creature")
    deck = {card for card, _ in state.options.deck(state.turn)}
    found = [c for t in types for c in cards.of_type(t) if not deck or c.id in deck]
    found.sort(key=lambda c: (types.index(c.type), -(c.strength or 0), c.name))
    listed = tuple(c.id for c in found)
    legal = tuple(c for c in listed if GAME.is_legal(state, lay_action(state, c)))
    return legal or listed


def lay_action(state: State, card_id: str) -> LayPlace | LayCreature:
    """Laying that card: a power place or a creature."""
    card = state.options.cards.card(card_id)
    return LayPlace(card_id) if card is not None and card.type == "place" else LayCreature(card_id)


def card_name(state: State, card_id: str) -> str:
    card = state.options.cards.card(card_id)
    return card.name if card else card_id
