"""The `tabletop` command: the entry point (main) and one module per command: run and games,
replay and export, cards, score, doctor, nfc, bench."""

from __future__ import annotations

import argparse
from typing import NoReturn, TypeAlias

from engine.core import InputError


class UsageExit(InputError):
    """Raised by the parser instead of printing usage and exiting."""


class Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise UsageExit(f"{self.prog}: {message}")


# The table of subcommands each command adds its parser to (argparse names its class privately)
Commands: TypeAlias = "argparse._SubParsersAction[Parser]"
