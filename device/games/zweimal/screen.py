"""Zweimal on the box: set-up, turns, round scores and the final result (the screens contract
of `device/games/contract.py`).

Controls: the arrows move the cursor (it wraps), `ok` acts on the field under it (set-up: turn
the road; game: place a figure, pick up / put down a moving figure, lay a card), `back` in
set-up says the grid is ready, in the game asks to undo the last action. Holding `ok` opens the
menu (handled by the box). Card taps mean nothing in Zweimal.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from PIL import ImageDraw

from device.games import contract
from device.games.contract import (
    UNDO,
    Confirm,
    Layout,
    Question,
    Reaction,
)
from device.games.zweimal import (
    cursor,
    texts,  # noqa: F401 - its texts in the catalog
)
from device.games.zweimal.legacy import legacy_action  # noqa: F401 - the contract's hook
from device.ui import fit
from device.ui.catalog import text
from engine.core import Coord
from engine.zweimal.game import (
    FLIP,
    Action,
    Deal,
    Lay,
    Move,
    Place,
    SetRoad,
    StartRound,
    State,
    can_move,
    winner,
)
from engine.zweimal.position import score_roads

# the optional hooks this game leaves alone: the contract's defaults
after_undo = contract.same_view_after_undo
configure = contract.no_decks
option_overrides = contract.no_overrides
check_deck = contract.no_deck_check


RNG = random.Random()  # how the box deals a layout (the screenshots seed it)
START_ROUND = Confirm("start_round")  # the set-up is ready: the round starts
SUPPLY_CHOICES = tuple(str(n) for n in range(1, 61))


def questions(answers: dict[str, str]) -> list[Question]:
    asked = [
        Question(
            "variant",
            "menu.choose_variant",
            (("1", "variant.zweimal.1"), ("2", "variant.zweimal.2")),
        ),
        Question("starter", "menu.choose_starter", (("A", "player.A"), ("B", "player.B"))),
    ]
    if answers.get("variant") == "2":  # game 1 ends on a full grid: its supply never matters
        asked.append(
            Question(
                "supply",
                "menu.choose_supply",
                tuple((n, "") for n in SUPPLY_CHOICES),
                SUPPLY_CHOICES.index("16"),
            )
        )
    return asked


# --- the view --------------------------------------------------------------------------------


@dataclass(frozen=True)
class View:
    """Zweimal's view: the cursor, a picked-up figure (game 2), the set-up on offer (the box's
    dealt layout, or "edit": as on the table) and the scoring board after a round
    (`review`: the round's index and the page: a road, or the score after the last road)."""

    cursor: Coord = (0, 0)
    selected: Coord | None = None
    setup: str = "deal"
    proposal: tuple[str, ...] = ()
    review: tuple[int, int] | None = None


def seed(value: int) -> None:
    """The same deals every run (scripts, screenshots); the box itself deals at random."""
    RNG.seed(value)


def deal(state: State) -> tuple[str, ...]:
    n = state.options.size
    return tuple("".join(RNG.choice("-|") for _ in range(n)) for _ in range(n))


def initial_view(state: State) -> View:
    if state.phase == "setup":
        return View(setup="deal", proposal=deal(state))
    return View(cursor=cursor.start(cursor.possible(state)))


def view_record(view: View) -> dict[str, Any]:
    return {
        "cursor": list(view.cursor),
        "selected": list(view.selected) if view.selected else None,
        "setup": view.setup,
        "proposal": list(view.proposal),
        "review": list(view.review) if view.review else None,
    }


def view_parse(data: dict[str, Any], state: State) -> View:
    n = state.options.size

    def field(value: Any) -> tuple[int, int]:
        if (
            not isinstance(value, list | tuple)
            or len(value) != 2
            or not all(isinstance(v, int) and 0 <= v < n for v in value)
        ):
            raise ValueError(f"not a field of the {n}x{n} grid: {value!r}")
        return value[0], value[1]

    at = field(data.get("cursor", (0, 0)))
    selected = data.get("selected")
    picked = field(selected) if selected is not None else None
    if picked is not None and (
        state.phase != "figure" or state.position.figure_at(picked) != state.turn
    ):
        picked = None  # the picked-up figure is not there any more (an undo)
    setup = data.get("setup", "edit" if "setup" not in data and "cursor" in data else "deal")
    if setup not in ("deal", "edit"):
        raise ValueError(f"set-up is deal or edit, not {setup!r}")
    proposal = tuple(data.get("proposal") or ())
    if state.phase == "setup" and setup == "deal" and not _fits(proposal, n):
        proposal = deal(state)
    review = data.get("review")
    if review is not None:
        if (
            not isinstance(review, list | tuple)
            or len(review) != 2
            or not all(isinstance(v, int) for v in review)
        ):
            raise ValueError(f"not a scoring-board page: {review!r}")
        r, page = review
        if not 0 <= r < len(state.round_positions) or not 0 <= page <= _pages(state, r):
            review = None  # that round is not over any more (an undo)
        else:
            review = (r, page)
    if state.phase in ("figure", "road") and review is None:
        fields = cursor.possible(state, picked)
        if fields and at not in fields:  # e.g. after an undo: onto a field where the step is
            at = cursor.start(fields)
    return View(at, picked, setup, proposal, review)


def _fits(proposal: tuple[str, ...], n: int) -> bool:
    return len(proposal) == n and all(
        isinstance(row, str) and len(row) == n and not set(row) - set(FLIP) for row in proposal
    )


def _scoring(state: State, r: int) -> list:
    return [rs for rs in score_roads(state.round_positions[r]) if rs.winner]


def _pages(state: State, r: int) -> int:
    """The scoring board's last page: one per scoring road (at least one), then the score."""
    return max(1, len(_scoring(state, r)))


def after(before: State, after_state: State, view: View) -> View:
    """The view after an accepted action: a round's end shows its scoring board; a new step
    starts the cursor where the players are fewest presses from everything possible."""
    if len(after_state.round_scores) > len(before.round_scores):
        proposal = deal(after_state) if after_state.phase == "setup" else ()
        return View(review=(len(after_state.round_scores) - 1, 0), proposal=proposal)
    if after_state.phase == "setup":
        return replace(view, selected=None)
    return View(cursor=cursor.start(cursor.possible(after_state)))


# --- input -----------------------------------------------------------------------------------


def layout(state: State, view: View) -> Layout:
    if view.review is not None and view.review[1] >= _pages(state, view.review[0]):
        return Layout(status=True, hint_y=57, separators=True)  # the score page: text only
    if state.phase == "over" and view.review is None:
        return Layout()
    px = _panel_x(state)
    return Layout(status=False, hint_y=57, separators=False, notice=(px - 2, 18, 127, 54))


def on_button(state: State, view: View, button: str) -> Reaction:
    if view.review is not None:
        return _review_button(state, view, button)
    if state.phase == "setup":
        if view.setup == "deal":
            if button == "ok":
                return Reaction(view, Deal(view.proposal))
            if button == "back":
                return Reaction(replace(view, setup="edit"))
            if button in ("left", "right"):
                return Reaction(replace(view, proposal=deal(state)))  # deal again
            return Reaction(view)
        if button in cursor.MOVES:
            return Reaction(
                replace(view, cursor=cursor.step(cursor.possible(state), view.cursor, button))
            )
    if button in cursor.MOVES:
        fields = cursor.possible(state, view.selected)
        return Reaction(replace(view, cursor=cursor.step(fields, view.cursor, button)))
    if button == "ok":
        new_view, action = on_ok(state, view)
        return Reaction(new_view, action)
    if button == "back":
        what = on_back(state, view)
        if what is None:
            return Reaction(view)
        kind, value = what
        if isinstance(value, Confirm):
            return Reaction(view, confirm=value)
        return Reaction(value)
    return Reaction(view)


def _review_button(state: State, view: View, button: str) -> Reaction:
    assert view.review is not None  # the scoring board is on show
    r, page = view.review
    last = _pages(state, r)
    if button in ("left", "up"):
        return Reaction(replace(view, review=(r, max(0, page - 1))))
    if button in ("right", "down"):
        return Reaction(replace(view, review=(r, min(last, page + 1))))
    if button == "ok":
        if page < last:
            return Reaction(replace(view, review=(r, last)))  # straight to the score
        done = initial_view(state) if state.phase != "setup" or not view.proposal else None
        return Reaction(done or View(setup="deal", proposal=view.proposal))
    if button == "back":
        return Reaction(view, confirm=UNDO)
    return Reaction(view)


def on_tap(state: State, view: View, uid: str, card: str | None) -> Reaction:
    return Reaction(view)  # Zweimal has no cards to tap


def confirm_text(what: Confirm, lang: str) -> str:
    return text("menu.confirm_setup", lang)


def round_ended(before: State, after: State, lang: str) -> list[str] | None:
    return None  # the scoring board (`after`) shows what scored, then the score


def on_back(state: State, view: View) -> tuple[str, View | Confirm] | None:
    """What `back` does: ("view", new view), ("confirm", what) or nothing (None)."""
    if view.selected is not None:
        return "view", replace(view, selected=None)
    if state.phase == "setup":
        return "confirm", START_ROUND
    if state.phase == "over":
        return None
    return "confirm", UNDO


def confirmed(what: Confirm) -> Action:
    """The action a game-specific question stands for, once answered yes."""
    if what == START_ROUND:
        return StartRound()
    raise ValueError(f"nothing to confirm for {what!r}")  # pragma: no cover


def on_ok(state: State, view: View) -> tuple[View, Action | None]:
    """What `ok` does now: the action to try (None if it only changes the view)."""
    field = view.cursor
    if state.phase == "setup":
        return view, SetRoad(field, FLIP[state.position.road_at(field)])
    if state.phase == "road":
        return view, Lay(field)
    if state.phase == "figure":
        if view.selected is not None:
            if view.selected == field:
                return replace(view, selected=None), None
            return replace(view, selected=None), Move(view.selected, field)
        mine = state.position.figure_at(field) == state.turn
        if state.options.variant == 2 and mine:
            targets = cursor.move_targets(state, field)
            aim = cursor.start(targets) if targets else field
            return replace(view, selected=field, cursor=aim), None
        return view, Place(field)
    return view, None


# --- words -----------------------------------------------------------------------------------


def status(state: State, lang: str) -> str:
    game = text("zweimal.game", lang, variant=state.options.variant)
    if state.phase == "over":
        return f"{game} · {text('status.over', lang)}"
    return f"{game} · {text('zweimal.round', lang, round=state.round)}"


def hint(state: State, view: View, lang: str) -> str:
    if view.review is not None:
        if view.review[1] >= _pages(state, view.review[0]):
            return text("hint.message", lang)
        return text("hint.review", lang)
    if state.phase == "setup":
        return text("hint.deal" if view.setup == "deal" else "hint.setup_done", lang)
    if state.phase == "over":
        return text("hint.over", lang)
    if state.phase == "road":
        return text("hint.lay", lang) + text("hint.back_undo", lang)
    if view.selected is not None:
        return text("hint.move_target", lang)
    if state.options.variant == 2 and can_move(state, state.turn):
        return text("hint.place_or_move", lang) + text("hint.back_undo", lang)
    return text("hint.place", lang) + text("hint.back_undo", lang)


def round_summary(state: State, lang: str, upto: int | None = None) -> list[str]:
    """The score lines: each round so far (up to `upto`), the total, and at the end the
    winner."""
    lines = []
    scores = state.round_scores if upto is None else state.round_scores[: upto + 1]
    for i, s in enumerate(scores, start=1):
        lines.append(f"{text('zweimal.round_total', lang, round=i)}: A {s['A']} - B {s['B']}")
    over = state.phase == "over" and len(scores) == len(state.round_scores)
    if scores:  # the running total
        t = {p: sum(s[p] for s in scores) for p in ("A", "B")}
        lines.append(f"{text('zweimal.total', lang)}: A {t['A']} - B {t['B']}")
    if over:
        w = winner(state)
        lines.append(
            text("zweimal.draw", lang)
            if w == "draw"
            else text("zweimal.winner", lang, player=text(f"player.{w}", lang))
        )
    return lines


# --- drawing ---------------------------------------------------------------------------------


def _cell(state: State) -> int:
    return 13 if state.options.size == 4 else 11


def _panel_x(state: State) -> int:
    return 1 + state.options.size * _cell(state) + 4


def _figure(draw: ImageDraw.ImageDraw, who: str, box: tuple[int, int, int, int], ink: int) -> None:
    """A's figure is filled, B's hollow (with a dot): told apart on any background."""
    if who == "A":
        draw.rectangle(box, fill=ink)
    elif who == "B":
        draw.rectangle(box, fill=1 - ink, outline=ink)
        x0, y0, x1, y1 = box
        draw.rectangle((x0 + 1, y0 + 1, x1 - 1, y1 - 1), outline=ink)
        mid_x, mid_y = (x0 + x1) // 2, (y0 + y1) // 2
        draw.point((mid_x, mid_y), fill=ink)


def _grid(draw, position, state: State, view: View, marked: frozenset = frozenset()) -> None:
    n, cell = state.options.size, _cell(state)
    x0 = y0 = 1
    pad = 2
    for r in range(n):
        for c in range(n):
            x, y = x0 + c * cell, y0 + r * cell
            ink = 1
            if (r, c) in marked:  # a scoring road: inverted, figures still told apart
                draw.rectangle((x, y, x + cell - 1, y + cell - 1), fill=1)
                ink = 0
            mid = cell // 2
            if position.roads[r][c] == "-":
                draw.line((x, y + mid, x + cell - 1, y + mid), fill=ink)
            else:
                draw.line((x + mid, y, x + mid, y + cell - 1), fill=ink)
            who = position.figures[r][c]
            _figure(draw, who, (x + pad, y + pad, x + cell - 1 - pad, y + cell - 1 - pad), ink)
            if view.selected == (r, c):  # picked up: a frame around the cell
                draw.rectangle((x, y, x + cell - 1, y + cell - 1), outline=ink)
            if view.review is None and (r, c) == view.cursor and state.phase != "over":
                _brackets(draw, x, y, cell, ink)
    draw.rectangle((x0 - 1, y0 - 1, x0 + n * cell, y0 + n * cell), outline=1)


def _brackets(draw, x: int, y: int, cell: int, ink: int) -> None:
    """The cursor: thick corners around the cell, clear of the figure inside."""
    e = cell - 1
    arm = 4
    for cx, cy, dx, dy in ((0, 0, 1, 1), (e, 0, -1, 1), (0, e, 1, -1), (e, e, -1, -1)):
        for t in (0, 1):
            draw.line((x + cx + dx * t, y + cy, x + cx + dx * t, y + cy + dy * arm), fill=ink)
            draw.line((x + cx, y + cy + dy * t, x + cx + dx * arm, y + cy + dy * t), fill=ink)


def _panel(draw, state: State, lines: list[tuple[str, bool]], fonts) -> None:
    px = _panel_x(state)
    y = 0
    for line, band in lines:
        if band:
            draw.rectangle((px - 2, y, 127, y + 8), fill=1)
        fit.line(draw, (px, y), line, fonts.status, fill=0 if band else 1, bottom=55)
        y += 9 if line else 4


def draw_main(draw: ImageDraw.ImageDraw, state: State, view: View, lang: str, fonts) -> None:
    """The board on the left at full height, the status on the right."""
    if view.review is not None:
        _draw_review(draw, state, view, lang, fonts)
        return
    if state.phase == "over":
        for i, line in enumerate(round_summary(state, lang)):
            fit.line(draw, (2, 11 + i * 10), line, fonts.body, bottom=55)
        return
    game = text("zweimal.game", lang, variant=state.options.variant)
    head = [(game, False), (text("zweimal.round", lang, round=state.round), False)]
    if state.phase == "setup":
        position = state.position
        if view.setup == "deal":
            position = replace(position, roads=view.proposal or position.roads)
            body = [
                (text("status.setup", lang), True),
                (text("zweimal.deal1", lang), False),
                (text("zweimal.deal2", lang), False),
                (text("zweimal.deal3", lang), False),
            ]
            _grid(draw, position, state, replace(view, cursor=(-1, -1)))
        else:
            body = [
                (text("status.setup", lang), True),
                (text("zweimal.setup_help", lang), False),
                (text("zweimal.setup_help2", lang), False),
            ]
            _grid(draw, position, state, view)
        _panel(draw, state, head + body, fonts)
        return
    step = "zweimal.step_road" if state.phase == "road" else "zweimal.step_figure"
    body = [
        (text("status.turn", lang, player=state.turn), True),
        (text(step, lang), False),
        (
            text("zweimal.figures", lang, a=state.figures_left("A"), b=state.figures_left("B")),
            False,
        ),
    ]
    if state.options.variant == 2:
        body.append((text("zweimal.supply", lang, n=state.supply), False))
    if state.round_scores:
        t = state.totals
        body.append((f"{text('zweimal.total', lang)} {t['A']}:{t['B']}", False))
    if len(body) > 4:  # game 2's round 2: game and round share a line, the total fits above
        round_ = text("zweimal.game_round", lang, variant=state.options.variant, round=state.round)
        head = [(round_, False)]
    _grid(draw, state.position, state, view)
    _panel(draw, state, head + body, fonts)


def _draw_review(draw, state: State, view: View, lang: str, fonts) -> None:
    assert view.review is not None  # the scoring board is on show
    r, page = view.review
    roads = _scoring(state, r)
    if page >= _pages(state, r):  # the score: this round, the total so far, the winner
        for i, line in enumerate(round_summary(state, lang, upto=r)):
            fit.line(draw, (2, 11 + i * 10), line, fonts.body, bottom=55)
        return
    position = state.round_positions[r]
    marked: frozenset = frozenset()
    lines = [(text("zweimal.scoring", lang, round=r + 1), True)]
    if roads:
        rs = roads[page]
        marked = frozenset(rs.road.fields)
        lines += [
            (text("zweimal.road_n", lang, i=page + 1, n=len(roads)), False),
            (f"{rs.winner}: {rs.road.length}x{rs.figures[rs.winner]}={rs.points}", False),
            (text("zweimal.browse", lang), False),
        ]
    else:
        lines.append((text("zweimal.no_road", lang), False))
    _grid(draw, position, state, replace(view, selected=None), marked)
    _panel(draw, state, lines, fonts)


def describe(state: State, action: Any, lang: str) -> str:
    """An action in the players' words (what an undo took back)."""
    from engine.zweimal.game import Lay, Move, Place, SetRoad

    match action:
        case Place((r, c)):
            return text("undo.zweimal_place", lang, at=f"{r},{c}")
        case Move((r, c), (r2, c2)):
            return text("undo.zweimal_move", lang, at=f"{r},{c}", to=f"{r2},{c2}")
        case Lay((r, c)):
            return text("undo.zweimal_lay", lang, at=f"{r},{c}")
        case SetRoad((r, c), _):
            return text("undo.zweimal_road", lang, at=f"{r},{c}")
    return text("undo.setup", lang)


if TYPE_CHECKING:  # mypy checks this module against the screens contract
    from device.games.contract import Screens
    from device.games.zweimal import screen as _this

    _checked: Screens = _this
