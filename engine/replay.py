"""Game records and replay, pure: what saved games, undo and `tabletop replay` share.

A game record is UTF-8 text: a line `game <id>`, lines `option <key>=<value>`, then one action
per line in the game's notation; `#` starts a comment, blank lines are ignored. A solo game
says after its options which seat the box played (`solo <seat>`) and, in a game with hidden
hands, each card told for the box's hand where it was told (`told <card>`, before the action
that followed it): the box's hand is then known card by card (engine/hands.py).

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

from engine import hands
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
    solo: str = ""  # the seat the box played ("": two people played)
    solo_line: int = 0
    told: tuple[tuple[int, str], ...] = ()  # (line, card): the cards told for the box's hand


def parse_record(text: str) -> Record:
    """Read a record's structure (the game's own notation is checked by `replay_record`)."""
    game = None
    options: dict[str, str] = {}
    lines: list[int] = []
    actions: list[tuple[int, str]] = []
    solo: tuple[int, str] = (0, "")
    told: list[tuple[int, str]] = []
    for n, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        word, _, rest = line.partition(" ")
        rest = rest.strip()
        if word in ("solo", "told") and game is None:
            raise NotationError(f"line {n}: the record must start with 'game <id>'")
        if word == "solo" and not actions and not told:
            if solo[0]:
                raise NotationError(f"line {n}: a second 'solo' line")
            if not rest or " " in rest:
                raise NotationError(f"line {n}: expected 'solo SEAT', got {raw.strip()!r}")
            solo = (n, rest)
        elif word == "told":
            if not solo[0]:
                raise NotationError(f"line {n}: 'told' without a 'solo' line before it")
            if not rest or " " in rest:
                raise NotationError(f"line {n}: expected 'told CARD', got {raw.strip()!r}")
            told.append((n, rest))
        elif word == "game" and not actions:
            if game is not None:
                raise NotationError(f"line {n}: a second 'game' line")
            if not rest:
                raise NotationError(f"line {n}: 'game' needs the game's id")
            game = rest
        elif word == "option" and not actions and not solo[0]:
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
    return Record(
        game, tuple(options.items()), tuple(actions), tuple(lines), solo[1], solo[0], tuple(told)
    )


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
    told: str = ""  # a `told` line's card (no action)
    box_hand: tuple[str, ...] | None = None  # a solo record's: the box's hand as known now


def replay_record(game: AnyGame, record: Record) -> tuple[Any, Any, Iterator[Step]]:
    """Options, initial state and the steps of a record. Every line is parsed first (a
    malformed one is a NotationError naming its line, before anything is played); an action
    the rules refuse is a step with ok False, and the replay goes on (as on the box). A solo
    record's `told` lines are steps too (`told`), each refused as the box refuses the card."""
    try:
        options = options_of(game, dict(record.options))
    except (NotationError, ValueError) as error:
        raise NotationError(f"{_option_line(game, record)}: {error}") from None
    parsed: list[tuple[int, str, Any]] = []
    for n, text in record.actions:
        try:
            parsed.append((n, text, game.parse_action(text)))
        except NotationError as error:
            raise NotationError(f"line {n}: {error}") from None
    initial = game.initial(options)
    seat = _solo_seat(game, record, initial)
    lines = sorted(parsed + [(n, f"told {card}", card) for n, card in record.told])
    told_lines = {n for n, _ in record.told}

    def steps() -> Iterator[Step]:
        state, held = initial, hands.Held()
        told: list[str] = []
        with_hand = bool(seat) and game.hand_count(initial, seat) is not None
        for n, text, item in lines:
            before = state
            try:
                if n in told_lines:
                    held = hands.tell(game, state, seat, held, told, item)
                    told.append(item)
                else:
                    state = game.apply(state, item)
            except IllegalMove as error:
                card = item if n in told_lines else ""
                shown = held.cards if with_hand else None
                yield Step(n, text, False, state, error.code, str(error), card, shown)
                continue
            if with_hand and n not in told_lines:
                held = hands.follow(game, before, item, state, seat, held, told)
            shown = held.cards if with_hand else None
            yield Step(n, text, True, state, told=item if n in told_lines else "", box_hand=shown)

    return options, initial, steps()


def _solo_seat(game: AnyGame, record: Record, initial: Any) -> str:
    """The seat a solo record says the box played ("" for none); a NotationError naming the
    line for a seat the game does not have, or cards told in a game without hidden hands."""
    if record.solo and record.solo not in game.players:
        seats = ", ".join(game.players)
        raise NotationError(
            f"line {record.solo_line}: solo {record.solo!r} is no seat of {game.id} ({seats})"
        )
    if record.told and game.hand_count(initial, record.solo) is None:
        raise NotationError(
            f"line {record.told[0][0]}: {game.id} has no hidden hands: no card is told"
        )
    return record.solo


def format_record(
    game: AnyGame,
    options: Any,
    actions: Sequence[Any],
    solo: str = "",
    told: Sequence[Sequence[str]] = (),
) -> str:
    """A record of a game; a solo game's with its seat (`solo`) and the cards told for the
    box's hand, `told[i]` before action i (the last entry: after the last action)."""
    lines = [f"game {game.id}"]
    lines += [f"option {k}={v}" for k, v in game.format_options(options).items()]
    lines += [f"solo {solo}"] if solo else []
    told = told if solo else ()  # cards are told for the box's hand only
    for i, action in enumerate(actions):
        lines += [f"told {card}" for card in (told[i] if i < len(told) else ())]
        lines.append(game.format_action(action))
    lines += [f"told {card}" for card in (told[len(actions)] if len(told) > len(actions) else ())]
    return "\n".join(lines) + "\n"
