"""Wandernde Druiden's view on the box: what the screen adds to the state (a cursor, a selection)
and its saved form, with the helpers both the input (screen.py) and the drawing (drawing.py)
use."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from engine.wandernde_druiden.clash import ClashOutcome
from engine.wandernde_druiden.game import clash_outcome, suggestion
from engine.wandernde_druiden.state import OTHER, Clash, State

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
def _clash_view(state: State) -> View:
    """The clash opens with the engine's best assignment (or, beyond the search's limits,
    every defender on the attackers in turn). Kept for the last few states: every frame of
    the clash compares with it, and the search takes milliseconds (far more on a Pi)."""
    best = suggestion(state)
    if best is None:
        m = len(state.side(state.turn).creatures)
        n = len(state.side(OTHER[state.turn]).creatures)
        best = Clash(tuple(d % m for d in range(n)))
    return View("clash", 0, best.assignment)


def layable(state: State) -> list[str]:
    """The cards the picker offers now: power places before the clash (one a turn), creatures
    once the clash is over (or when nothing attacks), of the active player's deck (every card
    of the set where the game names no decks); places first, then creatures by strength,
    strongest first."""
    cards = state.options.cards
    types = []
    if not state.placed and not state.clashed:
        types.append("place")
    if not state.clash_due:
        types.append("creature")
    deck = {card for card, _ in state.options.deck(state.turn)}
    found = [c for t in types for c in cards.of_type(t) if not deck or c.id in deck]
    found.sort(key=lambda c: (types.index(c.type), -(c.strength or 0), c.name))
    return [c.id for c in found]


def _card_name(state: State, card_id: str) -> str:
    card = state.options.cards.card(card_id)
    return card.name if card else card_id
