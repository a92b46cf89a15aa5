"""The contract every game's engine implements (OpenSpiel's Game/State split, python-chess's
notation habits). A game is one object, `Game`, over immutable, hashable states and actions:

- identity: `id`, `rules_version` (stored with each saved game; a game saved under other
  rules is never replayed), `players` (the keys `tabletop score` uses for the game);
- options: `option_defaults` (key -> default text), `parse_options(values)` (validated, from
  the text of a record or a saved game; `NotationError` names what is wrong),
  `format_options(options)` (back to text);
- play: `initial(options)`, `to_move(state)` (a player, or None when nobody is to act),
  `legal_actions(state)` (every legal action, or None where the set is too large to list:
  then `is_legal` decides and `sample_actions` offers legal actions to play on with),
  `apply(state, action)` (a new state, or `IllegalMove` with a code from `refusal_codes`),
  `is_over(state)`, `result(state)` (totals, winner, rounds);
- notation: `format_action(action)` is one line of text, `parse_action(text)` reads it back
  (`parse_action(format_action(a)) == a`) or raises `NotationError` naming what is wrong;
- `summary(state)`: the state as JSON for `tabletop replay`, documented on the rules page.

Round and game ends come from here (`result`, `is_over`), never from attributes the box reads.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.core import IllegalMove


class Scores(Mapping[str, int]):
    """Points by player: an immutable, hashable mapping (states must hash)."""

    __slots__ = ("_items",)
    _items: tuple[tuple[str, int], ...]

    def __init__(self, values: Mapping[str, int] | Sequence[tuple[str, int]] = ()) -> None:
        items = values.items() if isinstance(values, Mapping) else values
        object.__setattr__(self, "_items", tuple(items))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Scores are immutable")

    def __getitem__(self, key: str) -> int:
        for k, v in self._items:
            if k == key:
                return v
        raise KeyError(key)

    def __iter__(self) -> Iterator[str]:
        return (k for k, _ in self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __hash__(self) -> int:
        return hash(frozenset(self._items))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Mapping):
            return dict(self._items) == dict(other.items())
        return NotImplemented

    def __repr__(self) -> str:
        return f"Scores({dict(self._items)!r})"


@dataclass(frozen=True, slots=True)
class RoundResult:
    scores: Scores
    details: tuple[tuple[str, Any], ...] = ()  # e.g. (("position", "<notation>"),)


@dataclass(frozen=True, slots=True)
class Result:
    over: bool
    totals: Scores
    winner: str | None  # a player; None for a draw or a game not over
    rounds: tuple[RoundResult, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "totals": dict(self.totals),
            "winner": self.winner,
            "rounds": [{"scores": dict(r.scores), **dict(r.details)} for r in self.rounds],
        }


class Game:
    """The base every game derives from; the defaults need only `apply` and the notation."""

    id: str = ""
    name: str = ""  # the game's own (German) name, the same in every language
    short: str = ""  # for tight places on the screen
    rules_version: int = 1
    players: tuple[str, ...] = ("A", "B")
    option_defaults: Mapping[str, str] = {}
    refusal_codes: tuple[str, ...] = ()

    # options
    def parse_options(self, values: Mapping[str, str]) -> Any:
        raise NotImplementedError

    def format_options(self, options: Any) -> dict[str, str]:
        raise NotImplementedError

    # play
    def initial(self, options: Any) -> Any:
        raise NotImplementedError

    def to_move(self, state: Any) -> str | None:
        raise NotImplementedError

    def legal_actions(self, state: Any) -> list[Any] | None:
        return None

    def sample_actions(self, state: Any) -> list[Any]:
        """Legal actions to play on with (random play-outs, tests): every legal action where
        they can be listed, else a game's own choice of them. Empty once the game is over."""
        listed = self.legal_actions(state)
        return [] if listed is None else listed

    def is_legal(self, state: Any, action: Any) -> bool:
        try:
            self.apply(state, action)
        except IllegalMove:
            return False
        return True

    def apply(self, state: Any, action: Any) -> Any:
        raise NotImplementedError

    def is_over(self, state: Any) -> bool:
        return self.result(state).over

    def result(self, state: Any) -> Result:
        raise NotImplementedError

    # notation
    def format_action(self, action: Any) -> str:
        raise NotImplementedError

    def parse_action(self, text: str) -> Any:
        raise NotImplementedError

    def summary(self, state: Any) -> dict[str, Any]:
        return {"to_move": self.to_move(state)}
