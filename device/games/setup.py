"""What the box's start gives every game's screens when they are first imported: the
config's deck files, a seed for scripts, and whether the decks may break the game's rules."""

from __future__ import annotations

import threading
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Setup:
    """What every game's screens get when they are first imported: the config's deck files
    (`configure`) and, for scripts, a seed for what they draw at random (`seed`)."""

    deck_paths: tuple[Path, ...] = ()
    seed: int | None = None
    deck_rules: str = "strict"  # the config's: "free" lets a new game lift the deck rules


_setup = Setup()
prepared: set[str] = set()  # the screens modules set up so far
lock = threading.Lock()  # the loop and the preload may both ask for a module first


def set_up(
    deck_paths: Iterable[Path] = (), seed: int | None = None, deck_rules: str = "strict"
) -> None:
    """The box's start: screens imported from now on get these (already imported ones get
    them at once)."""
    global _setup
    _setup = Setup(tuple(deck_paths), seed, deck_rules)
    prepared.clear()


def deck_rules_asked() -> bool:
    """A new game asks whether its decks keep the game's rules (the config allows free)."""
    return _setup.deck_rules == "free"


def current() -> Setup:
    return _setup
