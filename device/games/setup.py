"""What the box's start gives every game's screens when they are built: the config's deck
files, a seed for scripts, and whether the decks may break the game's rules."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Setup:
    """What a game's screens are built with (`Screens(setup)`): the config's deck files
    and, for scripts, a seed for what they draw at random."""

    deck_paths: tuple[Path, ...] = ()
    seed: int | None = None
    deck_rules: str = "strict"  # the config's: "free" lets a new game lift the deck rules


DEFAULT_SETUP = Setup()
_current = [DEFAULT_SETUP]  # the box's: set once at its start (tests set their own)


def set_up(
    deck_paths: Iterable[Path] = (), seed: int | None = None, deck_rules: str = "strict"
) -> None:
    """The box's start: every game's screens are built from now on with these (the entry
    keeps one screens object per set-up)."""
    _current[0] = Setup(tuple(deck_paths), seed, deck_rules)


def deck_rules_asked() -> bool:
    """A new game asks whether its decks keep the game's rules (the config allows free)."""
    return _current[0].deck_rules == "free"


def current() -> Setup:
    return _current[0]
