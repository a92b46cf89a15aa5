"""`tabletop lab`: the play-testers' lab (device/lab, docs/lab.md).

tabletop lab run GAME --games N --out DIR [--agents A,B] [--seed S] [--option K=V ...]
                      [--open-hands] [--scheduler tcp://HOST:PORT] [--workers N] [--resume]
tabletop lab cards GAME --games N --out DIR [--agents A,B] [--seat SEAT ...] [the run's]
tabletop lab compare A B [--json]
tabletop lab export DIR --out FOLDER
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from device.cli import Commands
from engine.core import InputError, UnknownGame


def add_parser(commands: Commands) -> None:
    lab = commands.add_parser("lab", help="self-play many games of a game for its designers")
    actions = lab.add_subparsers(dest="lab_command", metavar="ACTION", parser_class=type(lab))
    actions.required = True
    run = actions.add_parser("run", help="play N games between two agents into a lab folder")
    _played_arguments(run)
    run.add_argument(
        "--agents", default="box,greedy", metavar="A,B",
        help="the two agents: random, greedy, greedy+, box, box:N (default box,greedy)",
    )  # fmt: skip
    skill = actions.add_parser(
        "skill", help="the box at a budget against itself at twice, four times ... the budget"
    )
    _played_arguments(skill)
    skill.add_argument("--budget", type=int, default=16, metavar="B",
                       help="the weaker box's simulations a move (default 16)")  # fmt: skip
    skill.add_argument("--steps", type=int, default=3, metavar="K",
                       help="against 2B, 4B ... 2^K B (default 3)")  # fmt: skip
    cards = actions.add_parser(
        "cards", help="each card's effect: paired runs with a copy more and a copy less"
    )
    _played_arguments(cards)
    cards.add_argument("--agents", default="greedy+,greedy+", metavar="A,B",
                       help="the two agents (default greedy+,greedy+)")  # fmt: skip
    cards.add_argument("--seat", action="append", default=[], metavar="SEAT",
                       help="only this seat's deck (repeat; default every seat's)")  # fmt: skip
    cards.add_argument("--json", action="store_true", help="the effects as JSON")
    report = actions.add_parser("report", help="the run's figures: an HTML page, JSON, CSV")
    report.add_argument("folder", metavar="DIR", help="a lab folder")
    report.add_argument("--out", metavar="FOLDER", help="where the report goes (default DIR)")
    compare = actions.add_parser("compare", help="two runs side by side, with a test for each")
    compare.add_argument("a", metavar="A", help="a lab folder (the before)")
    compare.add_argument("b", metavar="B", help="another lab folder of the same game")
    compare.add_argument("--json", action="store_true", help="the comparison as JSON")
    export = actions.add_parser("export", help="write each game's record as a file")
    export.add_argument("folder", metavar="DIR", help="a lab folder")
    export.add_argument("--out", required=True, metavar="FOLDER", help="where the records go")


def _played_arguments(command: Any) -> None:
    """What a command that plays games is given: the game, how many games, where, and how."""
    from device.games import GAMES

    known = ", ".join(g for g, e in GAMES.items() if e.engine_module)
    command.add_argument("game", help=f"the game: {known}")
    command.add_argument("--games", type=int, required=True, metavar="N", help="how many games")
    command.add_argument("--out", required=True, metavar="DIR", help="the lab folder (new)")
    command.add_argument("--seed", type=int, default=1, help="the first game's seed (default 1)")
    command.add_argument(
        "--option", action="append", default=[], metavar="K=V", help="a game option (repeat)"
    )
    command.add_argument(
        "--deck", action="append", default=[], metavar="PATH",
        help="a deck or card file of the game, as the config's decks (repeat)",
    )  # fmt: skip
    command.add_argument(
        "--open-hands", action="store_true",
        help="every seat may play any card of its deck (default: only the cards it holds)",
    )  # fmt: skip
    command.add_argument("--scheduler", default="", metavar="ADDR", help="a Dask scheduler")
    command.add_argument("--workers", type=int, default=0, help="local workers (default: cores)")
    command.add_argument("--resume", action="store_true", help="go on with the run in --out")
    command.add_argument(
        "--until", type=float, default=0.0, metavar="WIDTH",
        help="stop once every headline interval is narrower than WIDTH (e.g. 0.1)",
    )  # fmt: skip


def run(args: argparse.Namespace) -> int:
    if args.lab_command == "export":
        return _export(Path(args.folder), Path(args.out))
    if args.lab_command == "compare":
        return _compare(Path(args.a), Path(args.b), args.json)
    if args.lab_command == "report":
        return _report(Path(args.folder), Path(args.out or args.folder))
    if args.lab_command == "skill":
        return _skill(args)
    if args.lab_command == "cards":
        return _cards(args)
    from device.lab.run import run as run_lab

    spec = _spec(args, _agents(args.agents))
    lab = run_lab(
        spec, args.games, Path(args.out), args.scheduler, args.workers, args.resume,
        until=args.until,
    )  # fmt: skip
    try:
        finished = lab.finished()
    finally:
        lab.close()
    if lab.timing is not None:
        print(lab.timing.said(), file=sys.stderr)
    wins: dict[str, int] = {}
    for game in finished:
        seats = dict(game.seats)
        key = seats.get(game.winner, "draw" if game.winner == "" else game.winner)
        wins[key] = wins.get(key, 0) + 1
    said = ", ".join(f"{k} {v}" for k, v in sorted(wins.items()))
    print(f"{len(finished)} games of {spec.game} in {args.out}: {said}")
    if lab.stopped is not None:
        from device.lab.until import said as rule

        print(rule(lab.stopped, lab.games, lab.until))
    return 0


def _spec(args: argparse.Namespace, agents: tuple[str, str]) -> Any:
    """The run the arguments ask for, each part checked."""
    from device.lab.play import Spec, agent

    options = _options(args.game, args.option, [Path(p) for p in args.deck])
    spec = Spec(args.game, options, agents, args.seed, not args.open_hands)
    if not 0 < args.games <= 10_000_000:
        raise InputError(f"lab {args.lab_command}: --games {args.games}: give 1 or more")
    for name in spec.agents:
        agent(name)
    if not 0 <= args.until < 1:
        raise InputError(f"lab run: --until {args.until:g}: give a width between 0 and 1")
    return spec


def _cards(args: argparse.Namespace) -> int:
    """Each card's effect on its side (device/lab/cards.py), the strongest first."""
    import json

    from device.lab.cards import run_cards, said

    if args.until:
        raise InputError("lab cards: --until is a run's; give --games")
    spec = _spec(args, _agents(args.agents))
    effects = run_cards(spec, args.games, Path(args.out), args.seat, args.scheduler,
                        args.workers, args.resume)  # fmt: skip
    (Path(args.out) / "cards.json").write_text(json.dumps(effects, indent=1) + "\n")
    if args.json:
        print(json.dumps(effects, indent=1))
        return 0
    print(f"{spec.game}: each card's effect on its side, {args.games} games a run, the"
          " strongest first")  # fmt: skip
    for row in effects:
        print("  " + said(row))
    return 0


def _skill(args: argparse.Namespace) -> int:
    """The box at `--budget` against itself at twice it, four times ... (Ludii's skill
    trace): a run each, in DIR/B-vs-2B ...; the stronger's win rate of the decided games."""
    from device.lab.run import run as run_lab
    from engine.strength import wilson

    if not (0 < args.budget <= 10_000 and 0 < args.steps <= 8):
        raise InputError("lab skill: --budget 1..10000, --steps 1..8")
    out = Path(args.out)
    for step in range(1, args.steps + 1):
        strong = args.budget * 2**step
        spec = _spec(args, (f"box:{args.budget}", f"box:{strong}"))
        folder = out / f"{args.budget}-vs-{strong}"
        resume = args.resume and (folder / "lab.sqlite3").exists()
        lab = run_lab(spec, args.games, folder, args.scheduler, args.workers, resume,
                      until=args.until)  # fmt: skip
        try:
            finished = lab.finished()
        finally:
            lab.close()
        decided = [g for g in finished if g.winner in dict(g.seats)]
        won = sum(dict(g.seats)[g.winner] == f"box:{strong}" for g in decided)
        low, high = wilson(won, len(decided))
        rate = won / len(decided) if decided else 0.0
        print(f"box:{strong} against box:{args.budget}: wins {rate:.0%} [{low:.0%}–{high:.0%}]"
              f" of {len(decided)} decided ({len(finished)} games) in {folder}")  # fmt: skip
    return 0


def _options(game_id: str, given: list[str], decks: list[Path]) -> tuple[tuple[str, str], ...]:
    """The options as text: the deck files' (as the config's `decks` give a game's new games;
    a bad file: one line, exit 78), then each K=V; checked by the game (its one line when
    refused)."""
    from device import games

    entry = games.GAMES.get(game_id)
    if entry is None or entry.engine is None:
        known = ", ".join(g for g, e in games.GAMES.items() if e.engine is not None)
        raise UnknownGame(f"lab run: unknown game {game_id!r}; games: {known}")
    options = dict(entry.screens.deck_options(decks)) if decks else {}
    for item in given:
        key, sep, value = item.partition("=")
        if not sep or not key:
            raise InputError(f"lab run: --option {item!r}: give KEY=VALUE")
        options[key] = value  # (over a deck file's)
    engine = entry.game
    unknown = [k for k in options if k not in engine.option_defaults]
    if unknown:
        known = ", ".join(engine.option_defaults)
        raise InputError(f"lab run: {game_id} has no option {unknown[0]!r}; options: {known}")
    try:
        engine.parse_options({**engine.option_defaults, **options})
    except (InputError, ValueError, TypeError) as error:
        raise InputError(f"lab run: {game_id} refuses the options: {error}") from None
    return tuple(sorted(options.items()))


def _agents(text: str) -> tuple[str, str]:
    names = [n.strip() for n in text.split(",")]
    if len(names) != 2 or not all(names):
        raise InputError(f"lab run: --agents {text!r}: give two agents, e.g. box,greedy")
    return names[0], names[1]


def _read(folder: Path) -> tuple[Any, list[Any]]:
    """A lab folder (closed: its run) and its games finished so far."""
    from device.lab.results import LabFolder

    lab = LabFolder.open(folder)
    try:
        return lab, lab.finished()
    finally:
        lab.close()


def _export(folder: Path, out: Path) -> int:
    lab, finished = _read(folder)
    out.mkdir(parents=True, exist_ok=True)
    for game in finished:
        (out / f"{lab.spec.game}-{game.index:06d}.txt").write_text(game.record + "\n")
    print(f"{len(finished)} records in {out}", file=sys.stderr)
    return 0


def _played(folder: Path) -> tuple[Any, list[Any], Any]:
    """A lab folder (its run), its games finished (at least one) and the game's engine."""
    from device import games

    lab, finished = _read(folder)
    spec = lab.spec
    if not finished:
        raise InputError(f"{folder}: no game finished as yet")
    entry = games.GAMES.get(spec.game)
    if entry is None or entry.engine is None:
        raise InputError(f"{folder}: a {spec.game!r} run, a game with no rules here")
    return lab, finished, entry.game


def _report(folder: Path, out: Path) -> int:
    from device.lab import report

    lab, finished, engine = _played(folder)
    stop = (lab.stopped, lab.games, lab.until) if lab.stopped is not None else None
    page = report.write(folder, out, engine, lab.spec, finished, stop)
    print(f"{page} (in English report.en.html; and report.json, games.csv, cards.csv)")
    return 0


def _compare(a: Path, b: Path, as_json: bool) -> int:
    """Two runs side by side: game by game where they played the same games
    (device/lab/paired.py), then run against run (device/lab/compare.py)."""
    import json

    from device.lab import paired
    from device.lab.compare import compare, said
    from device.lab.figures import figures

    lab_a, games_a, engine = _played(a)
    lab_b, games_b, _ = _played(b)
    if lab_a.spec.game != lab_b.spec.game:
        raise InputError(
            f"lab compare: {a} is {lab_a.spec.game}, {b} is {lab_b.spec.game}: one game"
        )
    found_a = figures(engine, lab_a.spec, games_a)
    found_b = figures(engine, lab_b.spec, games_b)
    rows = compare(found_a, found_b)
    pairs = (
        paired.compare(engine.players, lab_a.spec.agents, games_a, games_b)
        if paired.pairable(lab_a.spec, lab_b.spec)
        else []
    )
    if as_json:
        print(json.dumps({"a": str(a), "b": str(b), "paired": pairs, "figures": rows}, indent=1))
        return 0
    print(f"A: {a} ({found_a['games']} games)  B: {b} ({found_b['games']} games)")
    if pairs:
        print(f"Game by game (the same {pairs[0]['games']} games, the same seeds, in A and B):")
        for row in pairs:
            print("  " + paired.said(row))
        print("Run against run:")
    for row in rows:
        print(("  " if pairs else "") + said(row))
    return 0
