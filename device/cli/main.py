"""The `tabletop` command: one entry point, subcommands, one-line errors, no tracebacks."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

from engine.core import TabletopError

if TYPE_CHECKING:
    from device.games.scorer import Scorer

EXIT_USAGE = 2
EXIT_PIPE = 141  # as a shell reports a command ended by SIGPIPE (128 + 13)
# The box uses no pydantic plugins; without this pydantic reads every installed package's
# metadata looking for them when the first model is built (about 7 ms of every start).
os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")


def _no_plugin_loader() -> None:
    """With plugins disabled, pydantic's plugin loader finds none; but building the first model
    imports it, and it imports `importlib.metadata` (and the email package: 26-34 ms here) to
    look for them. A stand-in that finds none takes its place; pydantic's own is used where
    plugins are enabled, or once imported."""
    import types

    name = "pydantic.plugin._loader"
    disabled = os.environ.get("PYDANTIC_DISABLE_PLUGINS") in ("__all__", "1", "true")
    if disabled and name not in sys.modules:
        stand_in = types.ModuleType(name, "pydantic's plugin loader, with plugins disabled")
        stand_in.get_plugins = tuple  # type: ignore[attr-defined]  # () : no plugins
        sys.modules[name] = stand_in


_no_plugin_loader()


from device.cli import Commands, Parser, UsageExit  # noqa: E402
from device.errors import one_line  # noqa: E402, F401 - the commands' one line


def build_parser() -> Parser:
    """The `tabletop` command line: its subcommands in the order `--help` lists them."""
    from device.games import scorers

    parser = Parser(prog="tabletop", description="The tabletop companion box.")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    commands.required = True
    _add_run(commands)
    _add_nfc(commands)

    from device.cli.cards import add_parser as add_cards
    from device.cli.web import add_parser as add_web

    add_cards(commands)
    add_web(commands)
    _add_doctor(commands)
    _add_games(commands)

    from device.cli.replay import add_replay_parser

    add_replay_parser(commands)

    from device.cli.hint import add_hint_parser

    add_hint_parser(commands)

    from device.cli.bench import add_parser as add_bench

    add_bench(commands)

    from device.cli.lab import add_parser as add_lab

    add_lab(commands)
    _add_score(commands, scorers())
    return parser


def _add_run(commands: Commands) -> None:
    run = commands.add_parser("run", help="run the box (the simulator unless on a Raspberry Pi)")
    run.add_argument("--sim", action="store_true", help="simulate buttons and display")
    run.add_argument("--script", metavar="FILE", help="headless: run this script of events")
    run.add_argument("--frames", metavar="DIR", help="write every frame sent as a PNG here")
    run.add_argument("--state-dir", metavar="DIR", help="where saved games live")
    run.add_argument("--config", metavar="PATH", help="config file (TOML)")


def _add_nfc(commands: Commands) -> None:
    nfc = commands.add_parser("nfc", help="card reader tools")
    nfc_commands = nfc.add_subparsers(dest="nfc_command", metavar="ACTION", parser_class=Parser)
    nfc_commands.required = True
    read = nfc_commands.add_parser("read", help="print each new tap's UID (uppercase hex)")
    read.add_argument("--reader", required=True, choices=["pn532", "rdm6300"])
    read.add_argument("--port", required=True, help="serial port, e.g. /dev/serial0")
    read.add_argument("--count", type=int, help="exit 0 after this many taps")
    read.add_argument("--timeout", type=float, help="exit 1 if the taps do not come in time (s)")


def _add_doctor(commands: Commands) -> None:
    doctor = commands.add_parser("doctor", help="check the config and each part after wiring")
    doctor.add_argument("--config", metavar="PATH", help="config file (TOML)")
    doctor.add_argument(
        "--buttons",
        type=float,
        default=0,
        metavar="S",
        help="ask for each button in turn, waiting up to S seconds for each",
    )


def _add_games(commands: Commands) -> None:
    games = commands.add_parser("games", help="list the saved games (or export one)")
    games.add_argument("--state-dir", metavar="DIR", help="where saved games live")
    games_actions = games.add_subparsers(
        dest="games_command", metavar="ACTION", parser_class=Parser
    )
    export = games_actions.add_parser("export", help="print a saved game as a game record")
    export.add_argument("id", type=int, help="the game's id (see tabletop games)")
    export.add_argument(
        "--state-dir", metavar="DIR", default=argparse.SUPPRESS, help="where saved games live"
    )


def _add_score(commands: Commands, known_scorers: dict[str, Scorer]) -> None:
    score = commands.add_parser("score", help="score a position of one of the games (JSON out)")
    scored = score.add_subparsers(dest="game", metavar="GAME", parser_class=Parser)
    scored.required = True
    for game_id, scorer in known_scorers.items():
        scorer.add_arguments(scored.add_parser(game_id, help=scorer.help))


def _scorer(args: list[str]) -> Scorer | None:
    """The `tabletop score GAME` subcommand the arguments name, if any."""
    if len(args) < 2 or args[0] != "score":
        return None
    from device.games import GAMES

    entry = GAMES.get(args[1])
    return entry.scorer if entry is not None else None


def normalise(argv: Sequence[str]) -> list[str]:
    """Let values start with '-': join `--at -1,2` to `--at=-1,2`, and put `--` before a
    notation positional (`tabletop score zweimal -A-A...`)."""
    args = list(argv)
    scorer = _scorer(args)
    dash_values = scorer.dash_values if scorer is not None else frozenset()
    out: list[str] = []
    i = 0
    while i < len(args):
        arg = args[i]
        if arg in dash_values and i + 1 < len(args):
            out.append(f"{arg}={args[i + 1]}")
            i += 2
            continue
        out.append(arg)
        i += 1
    positional = scorer is not None and scorer.notation_positional
    if positional and len(out) == 3 and out[2] not in ("-h", "--help"):
        out.insert(2, "--")
    return out


def main(argv: Sequence[str] | None = None) -> int:
    args_in = sys.argv[1:] if argv is None else list(argv)
    try:
        return _dispatch(args_in)
    except UsageExit as error:
        print(one_line(error), file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # the reader went away (`| head`): stop quietly, as `cat` does
        _quiet_stdout()
        return EXIT_PIPE
    except TabletopError as error:  # the store, or an error a command did not catch itself
        print(one_line(f"tabletop: {error}"), file=sys.stderr)
        return error.exit_status
    except Exception as error:  # never a traceback for users
        if os.environ.get("TABLETOP_DEBUG"):
            raise
        print(
            one_line(f"tabletop: internal error: {type(error).__name__}: {error}"), file=sys.stderr
        )
        return 1


def _quiet_stdout() -> None:
    """Point standard output at /dev/null, so the interpreter's last flush of what is left
    does not fail on the closed pipe again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):  # not a file of its own (a test's capture)
        pass


def _dispatch(argv: list[str]) -> int:
    """Parse the arguments and run the command they name; its exit status."""
    from device.games import scorers

    known_scorers = scorers()
    if (
        len(argv) >= 2
        and argv[0] == "score"
        and argv[1][:1] != "-"
        and argv[1] not in known_scorers
    ):
        known = ", ".join(known_scorers)
        raise UsageExit(f"tabletop score: unknown game {argv[1]!r}; known games: {known}")
    args = build_parser().parse_args(normalise(argv))
    if args.command == "score":
        return _score(args, known_scorers)
    if args.command == "games":
        return _games(args)
    return _run_command(args)


def _score(args: argparse.Namespace, known_scorers: dict[str, Scorer]) -> int:
    """`tabletop score GAME ...`: the position's score as one line of JSON."""
    from device.games import scorer as score
    from device.games.scorer import UsageError

    try:
        result = score.run(known_scorers[args.game], args)
    except UsageError as error:
        raise UsageExit(f"tabletop score {args.game}: {error}") from None
    print(json.dumps(result, ensure_ascii=False))
    return 0


def _games(args: argparse.Namespace) -> int:
    """`tabletop games`: the saved games listed, or one exported as a game record."""
    if getattr(args, "games_command", None) == "export":
        from device.cli.replay import RecordError, export_game
        from device.settings import state_directory

        try:
            print(export_game(state_directory(args.state_dir), args.id), end="")
        except RecordError as error:
            raise UsageExit(f"tabletop games export: {error}") from None
        return 0
    from device.cli.run import list_games

    return list_games(args)


def _run_command(args: argparse.Namespace) -> int:
    """The other commands, each run by its own module (imported only when it runs)."""
    if args.command == "run":
        from device.cli.run import run_box

        return run_box(args)
    if args.command == "lab":
        from device.cli.lab import run as run_lab

        return run_lab(args)
    if args.command == "nfc":
        from device.cli.nfc import read_taps

        return read_taps(args)
    if args.command == "cards":
        from device.cli import cards as cards_cli

        return cards_cli.run(args)
    if args.command == "doctor":
        from device.cli import doctor

        return doctor.run(args)
    if args.command == "replay":
        from device.cli.replay import run_replay

        return run_replay(args)
    if args.command == "hint":
        from device.cli.hint import run_hint

        return run_hint(args)
    if args.command == "bench":
        from device.cli import bench

        return bench.main(args)
    if args.command == "web":
        from device.cli import web

        return web.run(args)
    raise UsageExit(f"tabletop: unknown command {args.command!r}")  # pragma: no cover


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
