"""Presses at the table for Day and Night (prints figures; not a timed test).

    .venv/bin/python benchmarks/dan_presses.py [GAMES]      # default 40 games

Random legal games with the example decks (the legal actions of a spread of target lists
over the board, `spread_actions`, one chosen at random each time: the search's sample before
issue 35, kept so the figures compare over time; with every target random among the legal
ones a spell by a tap takes about 3.8 presses). For every action the fewest presses that
make it through the box's own screen logic (`device/games/day_and_night/screen.py`: the list
of the spells that can be cast now, starting at the spell cast last; the targets' cursor over
the valid targets only, starting on the most likely one; the temple's proposal and the tile
left out moved over the area):

- a spell from the list: `ok` on the pawn, the list to the spell, `ok`, then for each target
  the arrows to it and `ok`;
- a spell by a tap of its card: the tap, then the targets as above;
- a step: the arrows from where the cursor is to the field, `ok`;
- a temple choice (more than 8 connected): the presses from the box's proposal to the 8 the
  player chose, `ok`.

Goals (issue 21): a spell at most 3 on average, a step at most 2, a temple at most 4. The
targets of these games are random among the legal ones (the floor); the box's start is a
guess (next to the caster's own tiles, near the pawn). Issue 47: a good player's figures are
printed first, for games whose every action is the box's own choice (`tabletop hint`'s);
since issue 60 entered from where the screens open (the setting `suggest` off, its default).
"""

from __future__ import annotations

import random
import sys
from collections import deque
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))  # benchmarks/counting.py

from counting import Count  # noqa: E402

from device.games.day_and_night import (
    screen,  # noqa: E402
    view as dan_view,  # noqa: E402
)
from device.ui import cursor  # noqa: E402
from engine.day_and_night.choices import target_options  # noqa: E402
from engine.day_and_night.game import GAME, spread_actions  # noqa: E402
from engine.day_and_night.state import Cast, Step, Temple  # noqa: E402
from engine.replay import options_of  # noqa: E402

SCREENS = screen.DayAndNightScreens()


def _reach(fields, start, goal) -> int:
    """Arrow presses from `start` to `goal` with the box's cursor over `fields`."""
    presses = cursor.distances(list(fields), start).get(goal)
    assert presses is not None, f"{goal} cannot be reached"
    return presses


def _board_moves(start, goal) -> int:
    """The board's own cursor (every field, wrapping at the edges)."""
    (r0, c0), (r1, c1) = start, goal
    dr, dc = abs(r1 - r0), abs(c1 - c0)
    return min(dr, 6 - dr) + min(dc, 8 - dc)


def _targets(state, view, action: Cast) -> int:
    """From the spell's first target view: arrows and `ok` for each target."""
    spell = state.options.spell(state.turn, action.spell)
    presses = 0
    for target in action.targets[len(view.targets) :]:  # (those the box marked: taken)
        options = target_options(state, spell, view.targets)
        presses += _reach(options, view.cursor, target) + 1
        view = SCREENS.on_button(state, replace(view, cursor=target), "ok").view
    return presses


def cast_presses(state, view, action: Cast) -> tuple[int, int]:
    """(from the list, by a tap) for one cast."""
    pawn = state.pawn(state.turn)
    to_pawn = _board_moves(view.cursor, pawn)
    listed = dan_view.offered(state)
    opened = SCREENS.on_button(state, replace(view, cursor=pawn), "ok").view
    deck = [s.id for s in dan_view.spells(state)]
    want = listed.index(deck.index(action.spell))
    at = listed.index(opened.spell) if opened.spell in listed else 0
    d = abs(want - at)
    in_list = min(d, len(listed) - d)
    reaction = SCREENS.on_tap(state, view, "", f"day-and-night:{action.spell}")
    rest = _targets(state, reaction.view, action) if action.targets else 0
    return to_pawn + 1 + in_list + 1 + rest, 1 + rest


def temple_presses(state, view, action: Temple) -> int:
    """Breadth-first over the temple view's buttons to the chosen 8, then `ok`."""
    goal = set(action.fields)
    seen = {view: 0}
    queue = deque([view])
    while queue:
        here = queue.popleft()
        if set(dan_view.temple_chosen(state, here)) == goal:
            return seen[here] + 1
        for button in (*cursor.MOVES, "back"):
            there = SCREENS.on_button(state, here, button).view
            if there not in seen:
                seen[there] = seen[here] + 1
                queue.append(there)
    raise AssertionError(f"temple {action} cannot be chosen")


def good_choice(state, rng: random.Random):
    """A good player's action: the box's own choice for the player to move (what `tabletop
    hint` says: the search at the game's budget)."""
    from engine.search import choose

    simulations, depth = GAME.search_budget
    return choose(GAME, state, rng, simulations, depth).action


def play(seed: int, counts: dict[str, Count], turns: int = 60, good: bool = False) -> None:
    rng = random.Random(seed)
    state = GAME.initial(options_of(GAME, {}))
    view = SCREENS.initial_view(state)
    while not state.over and state.turns_played < turns:
        action = good_choice(state, rng) if good else rng.choice(spread_actions(state))
        match action:
            case Cast():
                listed, tapped = cast_presses(state, view, action)
                counts["spell, from the list"].add(listed)
                counts["spell, by a tap"].add(tapped)
                view = replace(
                    view, spell=[s.id for s in dan_view.spells(state)].index(action.spell)
                )
            case Step(to):
                counts["step"].add(_board_moves(view.cursor, to) + 1)
            case Temple():
                counts["temple"].add(temple_presses(state, view, action))
        before, state = state, GAME.apply(state, action)
        view = SCREENS.after(before, state, view)


def measure(games: int, good: bool = False) -> dict[str, Count]:
    counts = {k: Count() for k in ("spell, from the list", "spell, by a tap", "step", "temple")}
    for seed in range(games):
        play(seed, counts, 60 if not good else 20, good)
    return counts


GOALS = {"spell, from the list": 3, "spell, by a tap": 3, "step": 2, "temple": 4}


def main() -> int:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    good = measure(max(1, games // 4), good=True)
    floor = measure(games)
    print("Day and Night: presses per action; a good player (the box's own choices, the")
    print(f"first 20 turns of {max(1, games // 4)} games) beside a random one ({games} games,")
    print("targets random: the floor)")
    for name, c in good.items():
        mark = "ok" if c.mean <= GOALS[name] else "MISSED"
        f = floor[name]
        print(
            f"  {name:22} good {c.actions:5} actions  mean {c.mean:.2f}  worst {c.worst}"
            f"  | random mean {f.mean:.2f}  (goal at most {GOALS[name]}: {mark})"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
