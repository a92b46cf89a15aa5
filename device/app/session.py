"""A game in progress as the box holds it: its id in the store, its options, its state and its
actions so far."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from device.games.contract import GameAction, GameOptions, GameState
from device.jsontypes import JsonObject
from device.storage.records import GameRow
from engine.contract import AnyGame
from engine.core import DataError
from engine.hands import Held

if TYPE_CHECKING:
    from device.games.entry import Entry
from engine.replay import undo


@dataclass(frozen=True)
class Session:
    """A game in progress: its id in the store, its options, its state, its actions so far
    (`history`, in order; `actions` is their count)."""

    db_id: int
    game: str
    options: GameOptions
    state: GameState
    actions: int
    history: tuple[GameAction, ...] = ()
    before: tuple[GameState, ...] = ()  # the state before each action of `history`, when known
    box_seat: str = ""  # solo play: the seat the box plays ("" : two people play)
    # solo play, a game with hidden hands: every card told for the box's hand (in order) and
    # the hand it gives at this point of the game (engine/hands.py)
    box_told: tuple[str, ...] = ()
    box_held: Held = Held()

    def states_before(self, engine: AnyGame) -> tuple[GameState, ...]:
        """The state before each action of `history`: the ones kept, else (after a restart)
        the actions played once from the start."""
        if len(self.before) == len(self.history):
            return self.before
        states, state = [], engine.initial(self.options)
        for action in self.history:
            states.append(state)
            state = engine.apply(state, action)
        return tuple(states)

    def undone(
        self, engine: AnyGame
    ) -> tuple[GameState, tuple[GameAction, ...], tuple[GameState, ...]]:
        """The state, actions and earlier states without the last action: the state kept
        from before it (states are immutable), else the actions replayed from the start."""
        if self.history and len(self.before) == len(self.history):
            return self.before[-1], self.history[:-1], self.before[:-1]
        state, history = undo(engine, self.options, self.history)
        return state, history, ()


# --- a saved game read back: once, for the loop, `tabletop games export` and the listing ------

SOLO = "solo"  # the key of the seat the box plays, beside the options of a saved solo game
SWAP = "solo_swap"  # beside it, "yes": a rematch puts the box in the other seat
BOX_KEYS = (SOLO, SWAP)  # the box's own answers, saved beside a game's options


def solo_seat(row: GameRow) -> str:
    """The seat the box plays in a saved game ("": two people play)."""
    seat = row.options.get(SOLO, "")
    return seat if isinstance(seat, str) else ""


def told_payload(told: tuple[str, ...]) -> JsonObject:
    """What a saved action carries of the cards told for the box's hand since the action
    before it (nothing when none were told)."""
    return {"told": list(told)} if told else {}


def extended(recorded: tuple[str, ...], told: tuple[str, ...]) -> tuple[str, ...]:
    """The cards told for the box's hand: those the game's record holds (told before its
    last action), with the ones the saved screen adds after them (told since), if the
    screen's list goes on from the record's; else the record's alone."""
    return told if told[: len(recorded)] == recorded else recorded


def same_rules(row: GameRow) -> bool:
    """The saved game's game has rules here, of the version it was saved under or one its
    engine still replays (`replays_versions`); a game saved under other rules is listed,
    never replayed."""
    from device import games

    entry = games.GAMES.get(row.game)
    if entry is None or entry.engine is None:
        return False
    version = row.rules_version
    return version == entry.rules_version or version in entry.engine.replays_versions


def other_rules(row: GameRow) -> str:
    """What differs, for a game saved under other rules than the box's ("" when none)."""
    from device import games

    entry = games.GAMES.get(row.game)
    if entry is None or entry.engine is None or same_rules(row):
        return ""
    return f"saved under rules {row.rules_version} (the box has {entry.rules_version})"


@dataclass(frozen=True)
class ReadBack:
    """A saved game's options and its actions as far as they read (and, replayed, as far as
    the rules accept them): `stopped` is the number (from 1) of the first one that did not,
    `why` says what was wrong with it. Replayed, `state` is the state after the actions and
    `before` the state before each."""

    options: GameOptions
    actions: tuple[GameAction, ...]
    state: GameState = None
    before: tuple[GameState, ...] = ()
    stopped: int | None = None
    why: str = ""
    solo: str = ""  # the seat the box plays ("": two people play)
    told: tuple[tuple[str, ...], ...] = ()  # the cards told for its hand before each action
    code: str = ""  # the refusal's code (`IllegalMove.code`) where the rules refused one

    @property
    def told_cards(self) -> tuple[str, ...]:
        """Every card the record says was told for the box's hand, in order."""
        return tuple(card for cards in self.told for card in cards)


def read_back(
    entry: Entry,
    row: GameRow,
    events: list[JsonObject],
    replay: bool = True,
    start: ReadBack | None = None,
) -> ReadBack:
    """Read a saved game (its row and its events, as the store gives them) with its game's
    entry; ValueError for options that do not read (nothing of the game can be used).
    `start`: an earlier read of the same game (the web page's, before an action more): its
    states are taken for the actions that are the same, only the rest is played."""
    from engine.core import IllegalMove, NotationError

    try:
        options = entry.saved_options({k: v for k, v in row.options.items() if k not in BOX_KEYS})
    except (NotationError, ValueError, TypeError) as error:
        raise DataError(f"options unreadable: {error}") from None
    engine = entry.game
    seat = solo_seat(row)
    seat = seat if seat in engine.players else ""  # none of its seats: two people play on
    state = engine.initial(options) if replay else None
    if start is not None and (start.stopped is not None or start.options != options):
        start = None
    actions: list[GameAction] = []
    told: list[tuple[str, ...]] = []
    before: list[Any] = []  # the state before each action: an undo takes it back at once
    for n, payload in enumerate(events, start=1):
        try:
            action = entry.saved_action(payload)
            cards = _told(payload)
            if replay:
                previous = state
                if start is not None and n <= len(start.actions) and start.actions[n - 1] == action:
                    state = start.before[n] if n < len(start.actions) else start.state
                else:
                    start = None  # played from here on
                    state = engine.apply(state, action)
                before.append(previous)
        except (ValueError, TypeError, IllegalMove) as error:  # (pydantic's: ValueErrors)
            code = getattr(error, "code", "")
            return ReadBack(
                options,
                tuple(actions),
                state,
                tuple(before),
                n,
                str(error),
                seat,
                tuple(told),
                code,
            )
        actions.append(action)
        told.append(cards)
    return ReadBack(options, tuple(actions), state, tuple(before), None, "", seat, tuple(told))


def _told(payload: JsonObject) -> tuple[str, ...]:
    """The cards a saved action says were told before it; none where they do not read (the
    action still counts: the box asks for the cards again)."""
    cards = payload.get("told", [])
    if not isinstance(cards, list) or not all(isinstance(c, str) and c for c in cards):
        return ()
    return tuple(cards)
