"""Scripts for the headless simulator: one event per line.

    press BUTTON     # up, down, left, right, ok, back
    hold BUTTON      # held past the hold time (ok: the menu; back: take back a step)
    tap UID          # a card, its UID in hex (e.g. 04A2B3C4)
    wait MS          # let time pass

Blank lines and `#` comments are skipped. A malformed line is a `ScriptError` naming it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from device.settings import BUTTON_NAMES
from engine.core import InputError

HEX = re.compile(r"^[0-9A-Fa-f]{2,20}$")
DIGITS = re.compile(r"[0-9]{1,7}")  # ASCII only: str.isdigit() also takes '²' and '٣'


@dataclass(frozen=True)
class Step:
    line: int
    verb: str  # press, hold, tap, wait
    arg: str | int


class ScriptError(InputError):
    """A script line the simulator cannot run: one line naming it."""


def parse(text: str, name: str = "script") -> list[Step]:
    steps = []
    for n, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        words = line.split()
        verb = words[0].lower()
        if len(words) != 2:
            raise ScriptError(f"{name} line {n}: expected '<verb> <argument>', got {raw.strip()!r}")
        arg = words[1]
        if verb in ("press", "hold"):
            if arg.lower() not in BUTTON_NAMES:
                raise ScriptError(
                    f"{name} line {n}: unknown button {arg!r}; buttons: {', '.join(BUTTON_NAMES)}"
                )
            steps.append(Step(n, verb, arg.lower()))
        elif verb == "tap":
            if not HEX.match(arg) or len(arg) % 2:
                raise ScriptError(
                    f"{name} line {n}: card UID {arg!r} is not hex bytes like 04A2B3C4"
                )
            steps.append(Step(n, verb, arg.upper()))
        elif verb == "wait":
            if not DIGITS.fullmatch(arg) or int(arg) > 600_000:
                raise ScriptError(
                    f"{name} line {n}: wait takes milliseconds 0..600000, got {arg!r}"
                )
            steps.append(Step(n, verb, int(arg)))
        else:
            raise ScriptError(f"{name} line {n}: unknown verb {verb!r}; use press, hold, tap, wait")
    return steps


def read(path: Path) -> list[Step]:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise ScriptError(f"script {path}: cannot read: {error.strerror}") from None
    except UnicodeDecodeError:
        raise ScriptError(f"script {path}: not UTF-8 text") from None
    return parse(text, str(path))
