"""`tabletop bench [--json] [--quick] [--soak PRESSES]`: the box's speed, bytes, start-up and
footprint as one set of figures, for every game playable on the box.

Figures (keys of the JSON object; times in ms unless the key says s):
- `press_to_frame_ms_p50`, `_p99`, `_max`: from the pin edge that makes a button event to the
  frame handed to the display, over every press of seeded games of every game (and per game
  under `games`);
- `bus_bytes_per_press` (mean; per game too), `bus_bytes_full_frame`, `bus_bytes_max` (the
  worst single change) and `bus_bytes_max_ordinary` (the worst cursor move or list/menu
  step: an arrow press that changed no game state and stayed on the same screen), with the
  bytes luma's SSD1306 driver sends under the box's page diff (`device/hw/oled.py`);
- `adjudicate_ms_max` (Day and Night), `full_action_ms_max` (Day and Night: apply, temples,
  adjudication, the frame), `best_placement_ms_max` (Feuer und Wasser),
  `best_defense_ms_8v8`, `best_defense_ms_8v10`, `best_defense_ms_max` (Wandernde Druiden:
  the worst of the kind; `_max` at the search's limits, 12 v 12);
- `search`: per game, the search's time a move (`search_ms_median`, `search_ms_max`) at the
  budget the box uses (`simulations`, `depth`); target: the worst at most 50 ms here (2 s on
  a Pi Zero 2 W, 20-40 times slower), missed as `game:search_ms_max`;
- `tap_to_uid_ms_p50`, `tap_to_uid_ms_max`: a card entering a simulated PN532's field to
  the tap on the queue;
- `start_to_first_frame_s` (a separate process, to the READY=1 it sends once its first
  frame is shown) and `import_floor_s` (also `import_floor_models_s`: with pydantic's
  models, sqlite3 and logging, which the box cannot start without;
  `first_frame_over_models_floor`, target at most 2), `rss_mb` after the games,
  `idle_cpu_percent` over 5 s with nothing happening;
- `targets` (each figure's target on the development machine) and `missed` (the figures that
  missed it). The press figures' targets hold for every game on its own too (`PER_GAME`; a
  game's miss is `game:figure`). A missed target is reported, never an error: the figures are
  the point.

`--quick` plays fewer presses and inputs (a smoke run, under 20 s); `--soak PRESSES` instead
plays that many presses over all games and prints the open files and memory as it goes.
"""

from __future__ import annotations

import json
import sys
import time
from typing import TYPE_CHECKING

from device.jsontypes import JsonObject

if TYPE_CHECKING:
    import argparse
    from collections.abc import Callable

    from device.cli import Commands
    from device.cli.bench.box import Press

# The box's own targets; each game's figures bring theirs (`targets()`).
TARGETS: dict[str, tuple[str, float]] = {
    "press_to_frame_ms_p99": ("<=", 2.0),
    "tap_to_uid_ms_max": ("<=", 20.0),
    "bus_bytes_per_press": ("<=", 300),
    "bus_bytes_max_ordinary": ("<=", 300),
    "first_frame_over_models_floor": ("<=", 2.0),
    "idle_cpu_percent": ("<", 1.0),
    "rss_mb": ("<", 60.0),
}


def targets() -> dict[str, tuple[str, float]]:
    """The box's targets and every game's."""
    from device.cli.bench import engines

    return {**TARGETS, **engines.targets()}


PER_GAME = ("press_to_frame_ms_p99", "bus_bytes_per_press", "bus_bytes_max_ordinary")


def missed(figures: JsonObject) -> list[str]:
    """The figures that missed their targets: overall, then each game's (`game:figure`)."""
    found = [k for k, (op, v) in targets().items() if not _meets(figures[k], op, v)]
    for game, g in figures.get("games", {}).items():
        found += [f"{game}:{k}" for k in PER_GAME if not _meets(g[k], *TARGETS[k])]
    from device.cli.bench.engines import SEARCH_TARGET_MS

    for game, s in figures.get("search", {}).items():
        if s["search_ms_max"] > SEARCH_TARGET_MS:
            found.append(f"{game}:search_ms_max")
    return found


def _median(values: list[float]) -> float:
    import statistics

    return float(statistics.median(values))


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * p))]


def _press_figures(presses: list[Press]) -> JsonObject:
    timed = [p.ms for p in presses if p.ms is not None]
    ordinary = [
        p.bytes
        for p in presses
        if p.button in ("up", "down", "left", "right") and not p.changed and p.same_screen
    ]
    return {
        "presses": len(presses),
        "frames": len(timed),
        "press_to_frame_ms_p50": round(_median(timed), 3),
        "press_to_frame_ms_p99": round(percentile(timed, 0.99), 3),
        "press_to_frame_ms_max": round(max(timed), 3),
        "bus_bytes_per_press": round(sum(p.bytes for p in presses) / len(presses), 1),
        "bus_bytes_max": max(p.bytes for p in presses),
        "bus_bytes_max_ordinary": max(ordinary, default=0),
    }


def run(quick: bool = False, progress: Callable[[str], None] | None = None) -> JsonObject:
    """Every figure, as one dict (see the module's docstring)."""
    from device.cli.bench import box as sim, engines, process, taps
    from device.games import playable

    say = progress or (lambda _: None)
    started = time.perf_counter()
    figures: JsonObject = {"quick": quick}
    per_game = 60 if quick else 500
    say(f"playing {per_game} presses of each game on the simulated box")
    timed = sim.TimedBox()
    games: JsonObject = {}
    every = []
    try:
        for i, game in enumerate(sorted(playable())):
            played = sim.play(timed, game, per_game, seed=i)
            games[game] = {**_press_figures(played.presses), "actions": played.actions}
            every += played.presses
        figures.update(_press_figures(every))
        figures["rss_mb"] = round(sim.rss_mb(), 1)
    finally:
        timed.close()
    figures["games"] = games
    figures["bus_bytes_full_frame"] = sim.full_frame_bytes()
    say("timing the games' heavy computations")
    figures.update(engines.figures(quick))
    say("timing the search (the box's move, the hint) in every game")
    figures["search"] = engines.search_figures(quick)
    say("timing taps on a simulated PN532")
    tapped = taps.tap_to_uid_ms(15 if quick else 60)
    figures["tap_to_uid_ms_p50"] = round(_median(tapped), 3)
    figures["tap_to_uid_ms_max"] = round(max(tapped), 3)
    say("starting the box as a separate process")
    runs = 1 if quick else 5
    figures["start_to_first_frame_s"] = round(process.first_frame_s(runs), 3)
    figures["import_floor_s"] = round(process.import_floor_s(runs), 3)
    figures["import_floor_models_s"] = round(process.import_floor_s(runs, process.MODELS_FLOOR), 3)
    figures["first_frame_over_floor"] = round(  # the bare floor: pydantic's lazy top level
        figures["start_to_first_frame_s"] / figures["import_floor_s"], 2
    )
    figures["first_frame_over_models_floor"] = round(  # the floor the box cannot start below
        figures["start_to_first_frame_s"] / figures["import_floor_models_s"], 2
    )
    say("idle CPU")
    figures["idle_cpu_percent"] = round(
        process.idle_cpu_percent(1.0 if quick else 5.0, 1.0 if quick else 2.0), 3
    )
    figures["targets"] = {k: f"{op} {v:g}" for k, (op, v) in targets().items()}
    figures["missed"] = missed(figures)
    figures["seconds"] = round(time.perf_counter() - started, 1)
    return figures


def _meets(value: float, op: str, target: float) -> bool:
    return value <= target if op == "<=" else value < target


def table(figures: JsonObject) -> str:
    lines = ["figure                          value      target    "]
    for key, value in figures.items():
        if key in ("games", "targets", "missed", "quick", "search"):
            continue
        target = figures["targets"].get(key, "")
        mark = "MISSED" if key in figures["missed"] else ("ok" if target else "")
        lines.append(f"{key:<30} {value!s:>9}   {target:<9} {mark}")
    from device.cli.bench.engines import SEARCH_TARGET_MS

    lines.append("")
    lines.append(
        f"the search a move (target: worst at most {SEARCH_TARGET_MS:g} ms here, 2 s on a Pi)"
    )
    lines.append("game                 budget (simulations, depth)  median ms  worst ms")
    for game, s in figures.get("search", {}).items():
        mark = "MISSED" if f"{game}:search_ms_max" in figures["missed"] else "ok"
        budget = f"{s['simulations']:g}, {s['depth']:g}"
        lines.append(
            f"{game:<20} {budget:>27} {s['search_ms_median']:>10} {s['search_ms_max']:>9}  {mark}"
        )
    lines.append("")
    lines.append("per game (targets as above)")
    lines.append(
        "game               presses  p50 ms  p99 ms  max ms  bytes/press  max bytes  max ordinary"
    )
    for game, g in figures["games"].items():
        late = [k for k in PER_GAME if f"{game}:{k}" in figures["missed"]]
        mark = "MISSED " + ", ".join(late) if late else "ok"
        lines.append(
            f"{game:<20}{g['presses']:>6} {g['press_to_frame_ms_p50']:>7} "
            f"{g['press_to_frame_ms_p99']:>7} {g['press_to_frame_ms_max']:>7} "
            f"{g['bus_bytes_per_press']:>11} {g['bus_bytes_max']:>10} "
            f"{g['bus_bytes_max_ordinary']:>13}  {mark}"
        )
    return "\n".join(lines)


def soak(
    presses: int,
    checkpoints: int = 10,
    progress: Callable[[dict[str, float]], None] | None = None,
) -> list[dict[str, float]]:
    """`presses` presses over all games, round robin in blocks; after each block the open
    file descriptors and the resident memory."""
    import gc

    from device.cli.bench import box as sim
    from device.games import playable

    timed = sim.TimedBox()
    samples = []
    try:
        games = sorted(playable())
        block = max(1, presses // checkpoints)
        done = 0
        while done < presses:
            for i, game in enumerate(games):
                sim.play(timed, game, max(1, block // len(games)), seed=done + i)
            done += block
            timed.display.frames.clear()  # the bench's own record, not the box's
            gc.collect()
            sample = {"presses": done, "open_fds": sim.open_fds(), "rss_mb": sim.rss_mb()}
            samples.append(sample)
            if progress:
                progress(sample)
    finally:
        timed.close()
    return samples


def add_parser(commands: Commands) -> None:
    bench = commands.add_parser("bench", help="the box's speed, bytes, start-up and footprint")
    bench.add_argument("--json", action="store_true", help="print one JSON object")
    bench.add_argument("--quick", action="store_true", help="a short smoke run (under 20 s)")
    bench.add_argument(
        "--soak", type=int, metavar="PRESSES", help="a long run: open files and memory"
    )


def main(args: argparse.Namespace) -> int:
    import logging

    logging.disable(logging.WARNING)  # the box's own log lines are not figures
    try:
        return _main(args)
    finally:
        logging.disable(logging.NOTSET)


def _main(args: argparse.Namespace) -> int:
    if args.soak is not None:
        if args.soak < 1:
            print("tabletop bench: --soak takes a number of presses, 1 or more", file=sys.stderr)
            return 2
        samples = soak(args.soak, progress=None if args.json else _print_sample)
        if args.json:
            print(json.dumps(samples))
        return 0
    progress = None if args.json else (lambda line: print(f"... {line}", file=sys.stderr))
    figures = run(args.quick, progress)
    print(json.dumps(figures) if args.json else table(figures))
    return 0


def _print_sample(sample: dict[str, float]) -> None:
    print(
        f"{sample['presses']:>8} presses  {sample['open_fds']:>4} open files"
        f"  {sample['rss_mb']:7.1f} MB resident",
        flush=True,
    )
