"""A whole game of Zweimal: two rounds of setting up, placing (or moving) figures, laying
road cards and scoring. Pure: `apply(state, action)` returns a new state or raises
`IllegalMove` with a one-line reason (and a code the box translates).

The parts: `state.py` (options, actions, the state), `notation.py` (how actions and options
are written), `position.py` (the grid's roads and their scoring), `table.py` (the table);
this module plays them (the rules) and is the game's contract (`GAME`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.contract import Game, Result, RoundResult, Scores
from engine.core import Coord, IllegalMove, evolve
from engine.table import Change, Table
from engine.zweimal import table as on_table
from engine.zweimal.notation import format_action, format_options, parse_action, parse_options
from engine.zweimal.position import (
    EMPTY,
    HORIZONTAL,
    VERTICAL,
    Position,
    reach,
    road_of,
    score,
    with_card,
)
from engine.zweimal.state import (
    FLIP as FLIP,
    Action as Action,
    Deal as Deal,
    Lay as Lay,
    Move as Move,
    Options as Options,
    Phase as Phase,
    Place as Place,
    Player as Player,
    SetRoad as SetRoad,
    StartRound as StartRound,
    State as State,
)


def other(player: Player) -> Player:
    return "B" if player == "A" else "A"


def initial_state(options: Options) -> State:
    return State(options, 1, "setup", options.starter, _blank(options.size), options.supply)


def _blank(size: int) -> Position:
    return Position((HORIZONTAL * size,) * size, (EMPTY * size,) * size)


def winner(state: State) -> str | None:
    """'A', 'B', 'draw' once the game is over, else None."""
    if state.phase != "over":
        return None
    t = state.totals
    return "A" if t["A"] > t["B"] else "B" if t["B"] > t["A"] else "draw"


def apply(state: State, action: Action) -> State:
    match action:
        case SetRoad(field, orientation):
            _need_phase(state, "setup")
            _on_grid(state, field)
            if orientation not in FLIP:
                raise IllegalMove(
                    f"orientation {orientation!r} must be '-' or '|'", "bad_orientation"
                )
            return evolve(state, position=_with_road(state.position, field, orientation))
        case StartRound():
            _need_phase(state, "setup")
            return evolve(state, phase="figure")
        case Deal(roads):
            _need_phase(state, "setup")
            n = state.options.size
            if len(roads) != n or any(
                len(row) != n or set(row) - {HORIZONTAL, VERTICAL} for row in roads
            ):
                raise IllegalMove(f"a layout is {n} rows of {n} of '-' and '|'", "bad_layout")
            return evolve(
                state, phase="figure", position=Position(tuple(roads), state.position.figures)
            )
        case Place(field):
            _need_phase(state, "figure")
            _on_grid(state, field)
            if state.position.figure_at(field) != EMPTY:
                raise IllegalMove("field already has a figure", "field_has_figure")
            if state.figures_left(state.turn) == 0:
                raise IllegalMove("no figure left to place", "no_figure_left")
            return _after_figure(state, _with_figure(state.position, field, state.turn))
        case Move(source, target):
            _need_phase(state, "figure")
            if state.options.variant != 2:
                raise IllegalMove("moving figures is only allowed in game 2", "no_moves_in_game_1")
            _on_grid(state, source)
            _on_grid(state, target)
            if state.position.figure_at(source) != state.turn:
                raise IllegalMove("that is not your figure", "not_your_figure")
            if state.position.figure_at(target) != EMPTY:
                raise IllegalMove("field already has a figure", "field_has_figure")
            if abs(source[0] - target[0]) + abs(source[1] - target[1]) != 1:
                raise IllegalMove("a figure moves one field, not diagonally", "move_not_adjacent")
            if target not in road_of(state.position, source).fields:
                raise IllegalMove("a figure moves only along its road", "move_off_road")
            moved = _with_figure(_with_figure(state.position, source, EMPTY), target, state.turn)
            return _after_figure(state, moved)
        case Lay(field):
            _need_phase(state, "road")
            _on_grid(state, field)
            if state.position.figure_at(field) != EMPTY:
                raise IllegalMove("a card goes only on a field without a figure", "lay_on_figure")
            flipped = _with_road(state.position, field, FLIP[state.position.road_at(field)])
            laid = with_card(state.laid, state.options.size, field)
            return _end_turn(evolve(state, position=flipped, supply=state.supply - 1, laid=laid))
    raise IllegalMove(f"unknown action {action!r}", "unknown_action")  # pragma: no cover


def can_lay(state: State) -> bool:
    """Step 2 happens only with a card in the supply and a field without a figure."""
    return state.supply > 0 and any(EMPTY in row for row in state.position.figures)


def can_move(state: State, player: Player) -> bool:
    if state.options.variant != 2:
        return False
    n = state.options.size
    for r in range(n):
        for c in range(n):
            if state.position.figures[r][c] != player:
                continue
            road = road_of(state.position, (r, c)).fields
            for t in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if t in road and state.position.figure_at(t) == EMPTY:
                    return True
    return False


def _after_figure(state: State, position: Position) -> State:
    moved = evolve(state, position=position)
    if _round_over(moved):
        return _score_round(moved)
    if can_lay(moved):
        return evolve(moved, phase="road")
    return _end_turn(moved)


def _end_turn(state: State) -> State:
    if _round_over(state):
        return _score_round(state)
    nxt = evolve(state, phase="figure", turn=other(state.turn))
    if nxt.figures_left(nxt.turn) == 0 and not can_move(nxt, nxt.turn):
        # nothing to do with figures: straight to the road step (or the next player)
        if can_lay(nxt):
            return evolve(nxt, phase="road")
        return _score_round(nxt)  # pragma: no cover - neither figures nor cards: round over
    return nxt


def _round_over(state: State) -> bool:
    if state.options.variant == 1:
        return all(EMPTY not in row for row in state.position.figures)
    return state.supply == 0


def _score_round(state: State) -> State:
    scores = (*state.round_scores, Scores(score(state.position)))
    positions = (*state.round_positions, state.position)
    if state.round == 2:
        return evolve(state, phase="over", round_scores=scores, round_positions=positions)
    starter = other(state.options.starter)
    blank = _blank(state.options.size)
    return State(state.options, 2, "setup", starter, blank, state.options.supply, scores, positions)


_WRONG_PHASE = {
    "setup": ("set up the grid first", "setup_first"),
    "figure": ("first place or move a figure", "figure_first"),
    "road": ("now lay a road card", "road_now"),
    "over": ("the game is over", "game_over"),
}


def _need_phase(state: State, phase: Phase) -> None:
    if state.phase == phase:
        return
    if phase == "setup" and state.phase != "over":
        raise IllegalMove("the round has started; the grid is set", "round_started")
    raise IllegalMove(*_WRONG_PHASE[state.phase])


def _on_grid(state: State, field: Coord) -> None:
    n = state.options.size
    if not (0 <= field[0] < n and 0 <= field[1] < n):
        raise IllegalMove(f"field {field} is not on the {n}x{n} grid", "off_grid")


def _with_road(position: Position, field: Coord, orientation: str) -> Position:
    r, c = field
    row = position.roads[r]
    roads = list(position.roads)
    roads[r] = row[:c] + orientation + row[c + 1 :]
    return Position(tuple(roads), position.figures)


def _with_figure(position: Position, field: Coord, who: str) -> Position:
    r, c = field
    row = position.figures[r]
    figures = list(position.figures)
    figures[r] = row[:c] + who + row[c + 1 :]
    return Position(position.roads, tuple(figures))


# --- the game contract (engine/contract.py) -------------------------------------------------


def legal_actions(state: State) -> list[Action]:
    n = state.options.size
    fields = [(r, c) for r in range(n) for c in range(n)]
    empty = [f for f in fields if state.position.figure_at(f) == EMPTY]
    if state.phase == "setup":
        roads: list[Action] = [SetRoad(f, o) for f in fields for o in (HORIZONTAL, VERTICAL)]
        return [*roads, StartRound()]
    if state.phase == "road":
        return [Lay(f) for f in empty]
    if state.phase == "figure":
        actions: list[Action] = []
        if state.figures_left(state.turn) > 0:
            actions += [Place(f) for f in empty]
        if state.options.variant == 2:
            for source in fields:
                if state.position.figure_at(source) != state.turn:
                    continue
                road = road_of(state.position, source).fields
                r, c = source
                for target in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                    if target in road and state.position.figure_at(target) == EMPTY:
                        actions.append(Move(source, target))
        return actions
    return []


class Zweimal(Game[State, Action, Options]):
    id = "zweimal"
    name = "Zweimal"
    short = "ZW"
    rules_version = 2
    replays_versions = (1,)  # version 2 added solo records (`solo`): 1's mean the same
    # simulations, play-out depth (engine/search.py): no random play-out, the position judged
    # by its roads as they lie right after the tree (measured: random play-outs of 10 actions
    # made game 2's box lose to the greedy player; docs/benchmarks.md)
    search_budget = (200, 0)
    variants = ({"variant": "2"},)  # game 2: 5x5, moving figures, a round of 16 road cards
    players = ("A", "B")
    starter_option = "starter"  # a rematch: the other player begins
    option_defaults = {"variant": "1", "starter": "A", "supply": "16"}
    refusal_codes = (
        "bad_orientation",
        "bad_layout",
        "off_grid",
        "field_has_figure",
        "no_figure_left",
        "no_moves_in_game_1",
        "not_your_figure",
        "move_not_adjacent",
        "move_off_road",
        "lay_on_figure",
        "setup_first",
        "figure_first",
        "road_now",
        "game_over",
        "round_started",
        "unknown_action",
    )

    def parse_options(self, values: Mapping[str, str]) -> Options:
        return parse_options(values)

    def format_options(self, options: Options) -> dict[str, str]:
        return format_options(options)

    def initial(self, options: Options) -> State:
        return initial_state(options)

    def to_move(self, state: State) -> str | None:
        return None if state.phase in ("setup", "over") else state.turn

    def legal_actions(self, state: State) -> list[Action]:
        return legal_actions(state)

    def apply(self, state: State, action: Action) -> State:
        return apply(state, action)

    def is_over(self, state: State) -> bool:
        return state.phase == "over"

    def points(self, state: State) -> dict[str, float]:
        """The rounds scored so far and what the roads on the table would score now (the
        majority on each); `evaluate` judges by these (the default)."""
        if state.phase in ("over", "setup"):  # no round on the table
            return dict(state.totals)
        now, totals = score(state.position), state.totals
        return {p: totals[p] + now[p] for p in ("A", "B")}

    def standing(
        self, state: State, seat: str, held: Sequence[str] | None = None
    ) -> tuple[float, ...]:
        """The lead on the points now (the rounds scored and the roads as they lie), then on
        the majorities each player can still reach (`reach`: every free field of a road
        its own, with the figures it has left)."""
        them = "B" if seat == "A" else "A"
        now = self.points(state)
        lead = now[seat] - now[them]
        if state.phase not in ("figure", "road"):
            return (lead, 0)
        could = reach(state.position, {p: state.figures_left(p) for p in ("A", "B")})
        return (lead, could[seat] - could[them])

    def result(self, state: State) -> Result:
        w = winner(state)
        rounds = tuple(
            RoundResult(scores, (("position", position.notation()),))
            for scores, position in zip(state.round_scores, state.round_positions, strict=True)
        )
        return Result(state.phase == "over", state.totals, None if w == "draw" else w, rounds)

    def format_action(self, action: Action) -> str:
        return format_action(action)

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    table_free = ("round", "step", "to_move", "round_scores", "totals")  # the box scores

    def table(self, state: State) -> Table:
        return on_table.table(state)

    def changes(self, before: State, after: State) -> tuple[Change, ...]:
        return on_table.changes(before, after)

    def summary(self, state: State) -> dict[str, Any]:
        return {
            "round": state.round,
            "step": state.phase,
            "to_move": self.to_move(state),
            "figures_left": {p: state.figures_left(p) for p in ("A", "B")},
            "supply": state.supply,
            "position": state.position.notation(),
            "round_scores": [dict(s) for s in state.round_scores],
            "totals": dict(state.totals),
        }


GAME = Zweimal()
