"""`tabletop replay FILE|-` (the referee without the box) and `tabletop games export ID`.

replay prints one JSON object per action line, `{"line", "action", "ok": true, "state"}` or,
for an action the rules refuse, `{"line", "action", "ok": false, "code", "reason"}` (the state
stays, the replay goes on, as on the box), then `{"over", "result"}`. A solo record (`solo`,
`told` lines: engine/replay.py) adds a line for each card told (`{"line", "told", "ok"}`, or
refused with its `code` and `reason`), the box's hand as known (`box_hand`) to every line of
a game with hidden hands, and `solo` and `box_hand` to the last. A malformed record (an
unknown game or option, a line that is no action) is exit 2 with one line naming the line, and
nothing on stdout: the whole record is read before anything is printed.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from device.cli import Commands
from device.games import GAMES, with_engine
from engine.contract import AnyGame
from engine.core import InputError, NotationError
from engine.replay import Record, format_record, parse_record, replay_record

if TYPE_CHECKING:
    from device.storage.records import JsonObject

EXIT_USAGE = 2


class RecordError(InputError):
    """A record or saved game that cannot be read: one line."""


def add_replay_parser(commands: Commands) -> None:
    replay = commands.add_parser(
        "replay", help="replay a game record: one JSON object per action (the referee)"
    )
    replay.add_argument("file", help="the record (UTF-8 text), or - for standard input")


def run_replay(args: argparse.Namespace) -> int:
    try:
        lines = list(_replay(read_text(args.file)))
    except RecordError as error:
        from device.errors import one_line

        print(one_line(f"tabletop replay: {error}"), file=sys.stderr)
        return EXIT_USAGE
    for line in lines:
        print(json.dumps(line, ensure_ascii=False))
    return 0


def read_text(name: str) -> str:
    """A record's text from a file or standard input (`-`); RecordError if it cannot be read."""
    try:
        if name == "-":
            return sys.stdin.buffer.read().decode("utf-8")
        return Path(name).read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise RecordError(f"{name}: not UTF-8 text") from None
    except OSError as error:
        raise RecordError(f"{name}: cannot read: {error.strerror}") from None


def record_of(text: str) -> tuple[AnyGame, Record]:
    """A record's game (its engine) and the record; RecordError for a malformed record or an
    unknown game."""
    try:
        record = parse_record(text)
    except NotationError as error:
        raise RecordError(str(error)) from None
    entry = GAMES.get(record.game)
    if entry is None or entry.engine is None:
        known = ", ".join(with_engine())
        raise RecordError(f"unknown game {record.game!r}; games with rules: {known}")
    return entry.engine, record


def _replay(text: str) -> list[dict[str, object]]:
    engine, record = record_of(text)
    try:
        _, initial, steps = replay_record(engine, record)
        out: list[dict[str, object]] = []
        state, hand = initial, None
        for step in steps:
            state, hand = step.state, step.box_hand
            line: dict[str, object] = {"line": step.line}
            line.update({"told": step.told} if step.told else {"action": step.text})
            if step.ok:
                line["ok"] = True
                if not step.told:
                    line["state"] = engine.summary(state)
            else:
                line.update({"ok": False, "code": step.code, "reason": step.reason})
            if step.box_hand is not None:
                line["box_hand"] = list(step.box_hand)
            out.append(line)
    except NotationError as error:
        raise RecordError(str(error)) from None
    result = engine.result(state)
    end: dict[str, object] = {"over": result.over, "result": result.to_json()}
    if record.solo:
        end["solo"] = record.solo
        if hand is not None or engine.hand_count(initial, record.solo) is not None:
            end["box_hand"] = list(hand or ())
    out.append(end)
    return out


def export_game(state_dir: Path, game_id: int) -> str:
    """A saved game as a record (read-only: nothing is written)."""
    from device.app.session import other_rules, read_back, same_rules
    from device.storage.store import Store

    store = Store(state_dir, read_only=True)
    try:
        read = store.read_game(game_id)
        on_show, screen = store.screen()
    finally:
        store.close()
    if read is None:
        raise RecordError(f"no saved game {game_id} in {state_dir}")
    if read.row.problem:
        raise RecordError(f"game {game_id} cannot be read: {read.row.problem}")
    entry = GAMES.get(read.row.game)
    if entry is None or entry.engine is None:
        raise RecordError(f"game {game_id} is a {read.row.game!r} game, which has no rules here")
    if not same_rules(read.row):
        raise RecordError(f"game {game_id} was {other_rules(read.row)}")
    try:
        back = read_back(entry, read.row, read.events, replay=False)
    except ValueError as error:
        raise RecordError(f"game {game_id}: {error}") from None
    if back.stopped is not None:
        print(
            f"tabletop games export: game {game_id}: action {back.stopped} unreadable"
            f" ({back.why}); exporting the actions before it",
            file=sys.stderr,
        )
    if read.problem:
        print(f"tabletop games export: game {game_id}: {read.problem}", file=sys.stderr)
    told = list(back.told)
    if back.solo and on_show == game_id and back.stopped is None:
        told.append(_told_since(back.solo, back.told_cards, screen))
    return format_record(entry.engine, back.options, list(back.actions), back.solo, told)


def _told_since(seat: str, before: tuple[str, ...], screen: JsonObject | None) -> tuple[str, ...]:
    """The cards told for the box's hand since the game's last action: only the saved screen
    of the game on show holds them (nothing where it does not read, or names another seat)."""
    from device.app.session import extended

    screen = screen or {}
    told = screen.get("solo_told")
    if screen.get("solo") != seat or not isinstance(told, list):
        return ()
    if not all(isinstance(card, str) for card in told):
        return ()
    return extended(before, tuple(told))[len(before) :]
