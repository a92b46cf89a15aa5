"""`tabletop score GAME ...`: what every game's scoring core on the command line shares
(the command itself is device/cli/main.py).

Each game's `Scorer` (`device/games/<game>/score.py`, named in its entry in the registry) is a
parser set-up and a function turning parsed arguments into one JSON-able dict. Bad input
raises `UsageError` (exit status 2, one line on stderr).
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Callable
from dataclasses import dataclass

from device.jsontypes import JsonObject
from engine.core import InputError, NotationError

NUMBER = re.compile(r"[+-]?[0-9]+")  # ASCII digits only (int() would take '٣' and '²')


class UsageError(InputError):
    """Bad command-line input: one line for stderr, exit status 2."""


@dataclass(frozen=True)
class Scorer:
    add_arguments: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace], JsonObject]
    help: str
    dash_values: frozenset[str] = frozenset()  # options whose value may start with '-'
    notation_positional: bool = False  # its one positional argument may start with '-'


def parse_ints(text: str, what: str) -> list[int]:
    """`5,3,2` -> [5, 3, 2]; an empty string is an empty list. Only ASCII digits count."""
    if not isinstance(text, str):  # argparse hands over a list for a bare `--`
        raise UsageError(f"{what}: expected comma-separated numbers like 5,3,2")
    text = text.strip()
    if not text:
        return []
    values = []
    for i, part in enumerate(text.split(",")):
        part = part.strip()
        try:
            if not NUMBER.fullmatch(part):
                raise UsageError(part)
            values.append(int(part))
        except ValueError:
            raise UsageError(
                f"{what}: item {i + 1} ({part!r}) is not a whole number; "
                "expected comma-separated numbers like 5,3,2"
            ) from None
    return values


def parse_coord(text: str, what: str) -> tuple[int, int]:
    parts = parse_ints(text, what)
    if len(parts) != 2:
        raise UsageError(
            f"{what}: expected ROW,COL like 0,2 (either may be negative), got {text!r}"
        )
    return parts[0], parts[1]


def run(scorer: Scorer, args: argparse.Namespace) -> JsonObject:
    try:
        return scorer.run(args)
    except NotationError as error:
        raise UsageError(str(error)) from None
