"""Game records and replay, pure: what saved games, undo and `tabletop replay` share.

A game record is UTF-8 text: a line `game <id>`, lines `option <key>=<value>`, then one action
per line in the game's notation; `#` starts a comment, blank lines are ignored.

    game zweimal
    option variant=1
    option starter=A
    set 1,1 |
    start
    place 0,0
    lay 3,3
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.contract import AnyGame
from engine.core import IllegalMove, NotationError


@dataclass(frozen=True, slots=True)
class Record:
    """A parsed record: the game id, its options as text, and the action lines (number, text);
    `option_lines`: the line each option was given on (in the order of `options`)."""

    game: str
    options: tuple[tuple[str, str], ...]
    actions: tuple[tuple[int, str], ...]
    option_lines: tuple[int, ...] = ()


def parse_record(text: str) -> Record:
    """Read a record's structure (the game's own notation is checked by `replay_record`)."""
    game = None
    options: dict[str, str] = {}
    lines: list[int] = []
    actions: list[tuple[int, str]] = []
    for n, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        word, _, rest = line.partition(" ")
        rest = rest.strip()
        if word == "game" and not actions:
            if game is not None:
                raise NotationError(f"line {n}: a second 'game' line")
            if not rest:
                raise NotationError(f"line {n}: 'game' needs the game's id")
            game = rest
        elif word == "option" and not actions:
            if game is None:
                raise NotationError(f"line {n}: 'option' before the 'game' line")
            key, eq, value = rest.partition("=")
            if not eq or not key.strip():
                raise NotationError(f"line {n}: expected 'option KEY=VALUE', got {raw.strip()!r}")
            if key.strip() in options:
                raise NotationError(f"line {n}: option {key.strip()!r} given twice")
            options[key.strip()] = value.strip()
            lines.append(n)
        else:
            if game is None:
                raise NotationError(f"line {n}: the record must start with 'game <id>'")
            actions.append((n, line))
    if game is None:
        raise NotationError("the record has no 'game <id>' line")
    return Record(game, tuple(options.items()), tuple(actions), tuple(lines))


def _option_line(game: AnyGame, record: Record) -> str:
    """Where the record's options go wrong: the line of the first option that is wrong on its
    own ("line N"), else "options" (options that do not go together)."""
    for (key, value), n in zip(record.options, record.option_lines, strict=False):
        try:
            options_of(game, {key: value})
        except (NotationError, ValueError):
            return f"line {n}"
    return "options"


def options_of(game: AnyGame, values: Mapping[str, str]) -> Any:
    """The game's options from text; unknown keys are a NotationError naming them."""
    unknown = [k for k in values if k not in game.option_defaults]
    if unknown:
        known = ", ".join(game.option_defaults) or "none"
        raise NotationError(f"unknown option {unknown[0]!r} for {game.id}; options: {known}")
    return game.parse_options({**game.option_defaults, **values})


def replay(game: AnyGame, options: Any, actions: Sequence[Any]) -> Any:
    """The state after these actions (each must be legal: IllegalMove otherwise)."""
    state = game.initial(options)
    for action in actions:
        state = game.apply(state, action)
    return state


def undo(game: AnyGame, options: Any, actions: Sequence[Any]) -> tuple[Any, tuple[Any, ...]]:
    """Take back the last action: the state and actions as if it had never been played."""
    kept = tuple(actions[:-1])
    return replay(game, options, kept), kept


@dataclass(frozen=True, slots=True)
class Step:
    line: int
    text: str
    ok: bool
    state: Any = None  # after the action (ok) or unchanged (refused)
    code: str = ""
    reason: str = ""


def replay_record(game: AnyGame, record: Record) -> tuple[Any, Any, Iterator[Step]]:
    """Options, initial state and the steps of a record. Every action line is parsed first
    (a malformed one is a NotationError naming its line, before anything is played); an
    action the rules refuse is a step with ok False, and the replay goes on (as on the box)."""
    try:
        options = options_of(game, dict(record.options))
    except (NotationError, ValueError) as error:
        raise NotationError(f"{_option_line(game, record)}: {error}") from None
    parsed = []
    for n, text in record.actions:
        try:
            parsed.append((n, text, game.parse_action(text)))
        except NotationError as error:
            raise NotationError(f"line {n}: {error}") from None
    initial = game.initial(options)

    def steps() -> Iterator[Step]:
        state = initial
        for n, text, action in parsed:
            try:
                state = game.apply(state, action)
            except IllegalMove as error:
                yield Step(n, text, False, state, error.code, str(error))
                continue
            yield Step(n, text, True, state)

    return options, initial, steps()


def format_record(game: AnyGame, options: Any, actions: Sequence[Any]) -> str:
    lines = [f"game {game.id}"]
    lines += [f"option {k}={v}" for k, v in game.format_options(options).items()]
    lines += [game.format_action(a) for a in actions]
    return "\n".join(lines) + "\n"
