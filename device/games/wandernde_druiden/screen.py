"""Wandernde Druiden on the box (the screens contract of `device/games/contract.py`).

The turn screen is a table, A and B side by side: MP, hand and draw pile, unused power places
by kind, creatures in play by strength; the last row says what to do now (draw N cards, the
clash's result, cards to discard). The active player's column is inverted.

- A tap of a card lays it (a power place before the clash, a creature after it). `ok` (or
  ▲▼) turns the table's last row into a picker of the cards that can be laid now (the
  player's own deck's first, creatures by strength): ▲▼ the next/previous, `ok` lays it,
  `back` closes it. The table stays in sight.
- While the active player's creatures must attack, `ok` opens the clash: one row per
  defending creature (three a page, arrows in the title row say more are above or below),
  ▲▼ choose it, ◄► change the attacker it blocks; a discarded creature is marked with a cross
  beside it and the last row says the MP loss and the unblocked attackers' strengths. It
  opens with the engine's best assignment ("Vorschlag"); `back` takes that suggestion again
  (one press). `ok` goes on:
  where the strongest blockers of a group tie, the defender picks which one goes; then the
  outcome in words; `ok` applies it, `back` returns to the assignment.
- `back` on the turn screen ends the turn (asks first, saying how many cards to discard).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from PIL import ImageDraw

from device.games import contract
from device.games.contract import (
    Confirm,
    DeckReport,
    Question,
    Reaction,
    deck_rules_question,
)
from device.games.deck_files import Configured
from device.games.wandernde_druiden import cards as wandernde_druiden_cards
from device.games.wandernde_druiden import texts  # noqa: F401 - its texts in the catalog
from device.ui import fit
from device.ui.catalog import text
from engine.core import IllegalMove
from engine.wandernde_druiden.cards import DECK_SIZE, CardSet, deck_problems
from engine.wandernde_druiden.clash import ClashOutcome
from engine.wandernde_druiden.game import (
    OTHER,
    PLAYERS,
    Clash,
    End,
    LayCreature,
    LayPlace,
    State,
    clash_outcome,
    cut_at_end,
    suggestion,
    tied_groups,
)

# the optional hooks this game leaves alone: the contract's defaults
layout = contract.standard_layout
seed = contract.no_seed
legacy_action = contract.no_legacy_action


GAME_ID = "wandernde-druiden"
ROW = 8  # the table's row height (the 5x8 font)
TOP = 11
COLUMNS = (0, 38, 83)  # label, A, B

DECKS = Configured(wandernde_druiden_cards.options)  # the config's card set, read once
option_overrides = DECKS.overrides
OWN: dict[str, frozenset[str]] = {}  # each player's own deck's card ids (the lists' order)


def configure(deck_paths: list) -> None:
    DECKS.configure(deck_paths)
    OWN.clear()
    OWN.update(wandernde_druiden_cards.own_decks(list(deck_paths)))


def _own(player: str) -> frozenset[str]:
    if not OWN:  # never configured (a test, a tool): the example decks
        OWN.update(wandernde_druiden_cards.own_decks([]))
    return OWN.get(player, frozenset())


def questions(answers: dict[str, str]) -> list[Question]:
    return [
        Question("starter", "menu.choose_starter", (("A", "player.A"), ("B", "player.B"))),
        Question(
            "rule", "wd.choose_rule", (("once", "wd.rule_once"), ("per-unblocked", "wd.rule_per"))
        ),
        *deck_rules_question(),
    ]


# --- the view --------------------------------------------------------------------------------

MODES = ("turn", "cards", "clash", "pick", "outcome")


CLASH_ROWS = 3  # defenders on one page of the clash


@dataclass(frozen=True)
class View:
    mode: str = "turn"
    index: int = 0  # cards: the picker's choice; clash: the defender chosen; pick: the choice
    assignment: tuple[int, ...] = ()
    picks: tuple[int, ...] = ()

    @property
    def page(self) -> int:
        """Which page of the clash's defenders shows (a new page is a new screen)."""
        return self.index // CLASH_ROWS if self.mode == "clash" else 0


def initial_view(state: State) -> View:
    return View()


def view_record(view: View) -> dict[str, Any]:
    return {
        "mode": view.mode,
        "index": view.index,
        "assignment": list(view.assignment),
        "picks": list(view.picks),
    }


def view_parse(data: dict[str, Any], state: State) -> View:
    mode, index = data.get("mode", "turn"), data.get("index", 0)
    assignment, picks = data.get("assignment", []), data.get("picks", [])
    if (
        mode not in MODES
        or not isinstance(index, int)
        or not isinstance(assignment, list)
        or not isinstance(picks, list)
        or not all(isinstance(v, int) for v in (*assignment, *picks))
    ):
        raise ValueError("not a Wandernde Druiden view")
    view = View(mode, index, tuple(assignment), tuple(picks))
    if mode in ("clash", "pick", "outcome"):
        if not state.clash_due:
            return View()
        try:
            shown_outcome(state, view)
        except IllegalMove:  # a saved view that no longer fits: the clash starts again
            return _clash_view(state)
        if mode == "pick" and len(picks) >= len(tied_groups(state, view.assignment)):
            return _clash_view(state)
    return view


def after(before: State, after_state: State, view: View) -> View:
    return View()


def after_undo(state: State, view: View) -> View:
    """An undo from the clash (or the picker) took back what was laid on the turn screen: the
    turn screen shows again (the box says what was taken back)."""
    return view if view.mode == "turn" else View()


def clash_action(view: View) -> Clash:
    """The clash the view's assignment and picks make."""
    return Clash(view.assignment, view.picks)


def shown_outcome(state: State, view: View) -> ClashOutcome:
    """The outcome the clash screens show (and `ok` applies): the engine's own."""
    return clash_outcome(state, clash_action(view))


@lru_cache(maxsize=8)
def _clash_view(state: State) -> View:
    """The clash opens with the engine's best assignment (or, beyond the search's limits,
    every defender on the attackers in turn). Kept for the last few states: every frame of
    the clash compares with it, and the search takes milliseconds (far more on a Pi)."""
    best = suggestion(state)
    if best is None:
        m = len(state.side(state.turn).creatures)
        n = len(state.side(OTHER[state.turn]).creatures)
        best = Clash(tuple(d % m for d in range(n)))
    return View("clash", 0, best.assignment)


def layable(state: State) -> list[str]:
    """The cards the picker offers now: power places before the clash (one a turn), creatures
    once the clash is over (or when nothing attacks). The active player's own deck's cards
    come first; each part places first, then creatures by strength, strongest first."""
    cards = state.options.cards
    types = []
    if not state.placed and not state.clashed:
        types.append("place")
    if not state.clash_due:
        types.append("creature")
    mine = _own(state.turn)
    found = [c for t in types for c in cards.of_type(t)]
    found.sort(key=lambda c: (c.id not in mine, types.index(c.type), -(c.strength or 0), c.name))
    return [c.id for c in found]


# --- input -----------------------------------------------------------------------------------


def on_button(state: State, view: View, button: str) -> Reaction:
    if state.over:
        return Reaction(view)
    if view.mode == "cards":
        return _cards(state, view, button)
    if view.mode == "clash":
        return _assign(state, view, button)
    if view.mode == "pick":
        return _pick(state, view, button)
    if view.mode == "outcome":
        if button == "ok":
            return Reaction(View(), clash_action(view))
        if button == "back":
            return Reaction(replace(view, mode="clash", index=0, picks=()))
        return Reaction(view)
    # the turn screen
    if button == "ok" and state.clash_due:
        return Reaction(_clash_view(state))
    if button in ("ok", "down", "up"):
        if layable(state):
            return Reaction(View("cards", 0))
        return Reaction(view)
    if button == "back" and not state.clash_due:  # the turn cannot end before the clash
        cut = cut_at_end(state)
        return Reaction(view, confirm=Confirm("end", (str(cut),)))
    return Reaction(view)


def _lay(state: State, card_id: str) -> Reaction:
    card = state.options.cards.card(card_id)
    action = (
        LayPlace(card_id) if card is not None and card.type == "place" else LayCreature(card_id)
    )
    if state.side(state.turn).hand == 1:  # the last card in hand: laying it loses
        return Reaction(
            View(),
            confirm=Confirm(
                "last", ("place" if isinstance(action, LayPlace) else "creature", card_id)
            ),
        )
    return Reaction(View(), action)


def _cards(state: State, view: View, button: str) -> Reaction:
    listed = layable(state)
    if not listed or button == "back":
        return Reaction(View())
    if button in ("up", "down"):
        step = 1 if button == "down" else -1
        return Reaction(replace(view, index=(view.index + step) % len(listed)))
    if button == "ok":
        return _lay(state, listed[view.index % len(listed)])
    return Reaction(view)


def _assign(state: State, view: View, button: str) -> Reaction:
    m = len(state.side(state.turn).creatures)
    n = len(view.assignment)
    if button == "back":
        return Reaction(_clash_view(state))
    if button in ("up", "down") and n:
        step = 1 if button == "down" else -1
        return Reaction(replace(view, index=(view.index + step) % n))
    if button in ("left", "right") and n:
        step = 1 if button == "right" else -1
        d = view.index % n
        moved = list(view.assignment)
        moved[d] = (moved[d] + step) % m
        return Reaction(replace(view, assignment=tuple(moved)))
    if button == "ok":
        if tied_groups(state, view.assignment):
            return Reaction(replace(view, mode="pick", index=0, picks=()))
        return Reaction(replace(view, mode="outcome", picks=()))
    return Reaction(view)


def _pick(state: State, view: View, button: str) -> Reaction:
    groups = tied_groups(state, view.assignment)
    group = groups[len(view.picks)]
    if button == "back":
        return Reaction(replace(view, mode="clash", index=0, picks=()))
    if button in ("up", "down"):
        step = 1 if button == "down" else -1
        return Reaction(replace(view, index=(view.index + step) % len(group)))
    if button == "ok":
        picks = (*view.picks, group[view.index % len(group)])
        mode = "pick" if len(picks) < len(groups) else "outcome"
        return Reaction(replace(view, mode=mode, index=0, picks=picks))
    return Reaction(view)


def on_tap(state: State, view: View, uid: str, card: str | None) -> Reaction:
    if state.over or not card or not card.startswith(f"{GAME_ID}:"):
        return Reaction(view)
    card_id = card.split(":", 1)[1]
    if state.options.cards.card(card_id) is None:
        return Reaction(view)  # a player tag, or a card the set no longer has
    return _lay(state, card_id)


def confirm_text(what: Confirm, lang: str) -> str:
    if what.kind == "last":
        return text("wd.confirm_last", lang)
    n = int(what.detail[0]) if what.kind == "end" and what.detail else 0
    return text("wd.confirm_end_cut", lang, n=n) if n else text("wd.confirm_end", lang)


def confirmed(what: Confirm) -> Any:
    if what.kind == "last":
        kind, card_id = what.detail
        return LayPlace(card_id) if kind == "place" else LayCreature(card_id)
    return End()


def round_ended(before: State, after: State, lang: str) -> list[str] | None:
    return None  # the end screen (draw_main) shows the verdict: one screen, not two alike


# --- the deck check --------------------------------------------------------------------------


def check_deck(cards: list[str], lang: str) -> DeckReport:
    """A deck tapped card by card (card ids; "" for a tag the box does not know) against the
    configured card set: legal when it has exactly 64 known cards within the copy limits."""
    card_set = _card_set(option_overrides().get("cards", ""))
    unknown = sum(1 for c in cards if not c)
    counts: dict[str, int] = {}
    for c in cards:
        if c:
            counts[c] = counts.get(c, 0) + 1
    lines = []
    for problem, values in deck_problems(card_set, counts):
        if problem == "size":
            lines.append(text("check.size", lang, **values))
        elif problem == "too_many":
            lines.append(text("check.too_many", lang, **values))
        else:
            lines.append(text("check.other", lang, card=values["card"]))
    if unknown:
        lines.append(text("check.unknown", lang, n=unknown))
    legal = not lines
    head = text("check.wd_ok" if legal else "check.wd_bad", lang)
    if legal:
        lines = [text("check.size", lang, n=len(cards), size=DECK_SIZE)]
    last = card_set.card(cards[-1]) if cards and cards[-1] else None
    return DeckReport(legal, (head, *lines), last.name if last else "")


@lru_cache(maxsize=2)
def _card_set(text: str) -> CardSet:
    """The configured card set (its JSON text, "" for the example), read once, not for
    every tap of the deck check."""
    from engine.replay import options_of
    from engine.wandernde_druiden.game import GAME

    return options_of(GAME, {"cards": text} if text else {}).cards


# --- words -----------------------------------------------------------------------------------


def status(state: State, lang: str) -> str:
    if state.over:
        return text("wd.status_over", lang)
    key = "wd.status_free" if state.options.deck_rules == "free" else "wd.status"
    return text(key, lang, n=state.turn_number, player=state.turn)


def hint(state: State, view: View, lang: str) -> str:
    if state.over:
        return text("hint.over", lang)
    key = {
        "cards": "hint.wd_cards",
        "clash": "hint.wd_clash",
        "pick": "hint.wd_pick",
        "outcome": "hint.wd_outcome",
    }.get(view.mode)
    if key:
        return text(key, lang)
    if state.clash_due and not state.placed:
        return text("hint.wd_clash_due", lang)
    if state.clash_due:
        return text("hint.wd_to_clash", lang)
    return text("hint.wd_turn", lang)


def verdict_lines(state: State, lang: str) -> list[str]:
    loser = state.loser or ""
    why = "wd.why_mp" if state.why == "mp" else "wd.why_hand"
    return [
        text("wd.wins", lang, player=OTHER.get(loser, "")),
        text(why, lang, player=loser),
        text("wd.final_mp", lang, a=state.side("A").mp, b=state.side("B").mp),
    ]


def _names(cards, indices, state: State, room: int) -> str:
    return fit_items("", [_card_name(state, cards[i].card) for i in indices], room, sep=", ")


def _card_name(state: State, card_id: str) -> str:
    card = state.options.cards.card(card_id)
    return card.name if card else card_id


def outcome_lines(state: State, outcome: ClashOutcome, lang: str) -> list[str]:
    """The clash's outcome in words: who goes to the discard pile on each side, the MP."""
    attacker, defender = state.turn, OTHER[state.turn]
    lines = []
    for player, cards, out in (
        (attacker, state.side(attacker).creatures, outcome.attackers_discarded),
        (defender, state.side(defender).creatures, outcome.defenders_discarded),
    ):
        if out:
            room = 21 - len(text("wd.out", lang, player=player, names=""))
            names = _names(cards, out, state, room)
            lines.append(text("wd.out", lang, player=player, names=names))
        else:
            lines.append(text("wd.out_none", lang, player=player))
    lines.append(_mp_line(state, outcome, lang))
    side = state.side(defender)
    cut = max(0, side.hand - max(0, side.mp - outcome.mp_loss))
    if cut:
        lines.append(text("wd.cut_clash", lang, player=defender, n=cut))
    return lines


def _mp_line(state: State, outcome: ClashOutcome, lang: str) -> str:
    d = OTHER[state.turn]
    if outcome.mp_loss:
        return text("wd.mp_loss", lang, d=d, n=outcome.mp_loss)
    return text("wd.mp_none", lang, d=d)


def _note(state: State, lang: str) -> str:
    """The turn screen's last row: what to do now."""
    record = state.clash
    if record is not None and record.turn == state.turn_number:  # this turn's clash
        if record.hand_cut:
            return text("wd.cut_clash", lang, player=OTHER[state.turn], n=record.hand_cut)
        o = record.outcome
        return text(
            "wd.after_clash",
            lang,
            a=len(o.attackers_discarded),
            b=len(o.defenders_discarded),
            mp=o.mp_loss,
        )
    if state.drawn and not state.placed and not state.clashed:
        return text("wd.draw", lang, player=state.turn, n=state.drawn)
    if state.clash_due:
        return text("wd.clash_next", lang, player=state.turn)
    cut = cut_at_end(state)
    if cut:
        return text("wd.cut_end", lang, n=cut)
    return text("wd.lay", lang)


# --- drawing ---------------------------------------------------------------------------------


def _strengths(state: State, player: str) -> str:
    """The creatures' strengths, strongest first ("9 5 1"; drawn cut with an ellipsis where
    the column ends: the "+2" that stood for the rest read like a strength)."""
    values = sorted((c.strength for c in state.side(player).creatures), reverse=True)
    return " ".join(str(v) for v in values) or "-"


def _free_places(state: State, player: str) -> str:
    cards = state.options.cards
    free: dict[str, int] = {}
    for p in state.side(player).places:
        if not p.used:
            free[p.kind] = free.get(p.kind, 0) + 1
    if not free:
        return "-"
    if len(free) > 3:
        return str(sum(free.values()))
    return " ".join(f"{cards.kind_name(k)[:1]}{n}" for k, n in free.items())


def _table(draw, state: State, lang: str, fonts) -> None:
    font = fonts.status
    for player, x in zip(PLAYERS, COLUMNS[1:], strict=True):
        side = state.side(player)
        if player == state.turn:
            draw.rectangle((x - 2, TOP, x + 41, TOP + ROW - 1), fill=1)
        width = 43 if x == COLUMNS[1] else 127 - x + 1
        head = f"{player}  {text('wd.mp', lang)} {side.mp}"
        ink = 0 if player == state.turn else 1
        fit.line(draw, (x, TOP), head, font, width=width, fill=ink)
        fit.line(draw, (x, TOP + ROW), f"{side.hand}/{side.pile}", font, width=width)
        fit.line(draw, (x, TOP + 2 * ROW), _free_places(state, player), font, width=width)
        strengths = _strengths(state, player)
        fit.line(draw, (x, TOP + 3 * ROW), strengths, font, width=width, list_of_items=True)
    for row, key in enumerate(("wd.hand", "wd.places", "wd.creatures"), start=1):
        fit.line(draw, (COLUMNS[0], TOP + row * ROW), text(key, lang), font, width=COLUMNS[1] - 2)


def pointer(draw, y: int) -> None:
    """The chosen row's mark (a pointer changes a few columns of the display when the
    choice moves; an inverted row would change whole pages)."""
    draw.polygon([(0, y), (3, y + 3), (0, y + 6)], fill=1)


def _out(draw, x: int, y: int) -> None:
    """A discarded creature's mark: a cross of 5x5 pixels beside its name (a line through
    the name made it hard to read)."""
    draw.line((x, y + 1, x + 4, y + 5), fill=1)
    draw.line((x, y + 5, x + 4, y + 1), fill=1)


def _more(draw, x: int, y: int, up: bool) -> None:
    """A cue that more rows lie above (up) or below."""
    if up:
        draw.polygon([(x, y + 5), (x + 2, y + 2), (x + 4, y + 5)], fill=1)
    else:
        draw.polygon([(x, y + 2), (x + 2, y + 5), (x + 4, y + 2)], fill=1)


def _clash(draw, state: State, view: View, lang: str, fonts) -> None:
    font = fonts.status
    attacker, defender = state.turn, OTHER[state.turn]
    attackers = state.side(attacker).creatures
    defenders = state.side(defender).creatures
    outcome = shown_outcome(state, view)
    fit.line(draw, (0, TOP), text("wd.clash_title", lang, a=attacker, d=defender), font, width=116)
    rows = CLASH_ROWS
    if not defenders:
        fit.line(draw, (0, TOP + ROW), text("wd.no_defenders", lang, d=defender), font)
    n = len(defenders)
    first = (view.index % max(1, n)) // rows * rows  # pages of three: a page turns whole
    if first > 0:
        _more(draw, 117, TOP, up=True)
    if first + rows < n:
        _more(draw, 123, TOP, up=False)
    for row, d in enumerate(range(first, min(n, first + rows))):
        y = TOP + (row + 1) * ROW
        if d == view.index % n:
            pointer(draw, y)
        left = f"{_card_name(state, defenders[d].card)[:7]} {defenders[d].strength}"
        a = view.assignment[d]
        right = f"{_card_name(state, attackers[a].card)[:7]} {attackers[a].strength}"
        fit.line(draw, (5, y), left, font, width=48)
        fit.line(draw, (63, y), ">", font, width=6)
        fit.line(draw, (69, y), right, font, width=52)
        if d in outcome.defenders_discarded:
            _out(draw, 55, y)
        if a in outcome.attackers_discarded:
            _out(draw, 123, y)
    y = TOP + 4 * ROW
    fit.line(draw, (0, y), _mp_short(state, outcome), font, width=39)
    suggested = view.assignment == _clash_view(state).assignment
    if outcome.unblocked:  # the unblocked attackers' strengths, as many as fit
        strengths = " ".join(str(attackers[a].strength) for a in outcome.unblocked)
        free = f"{text('wd.free', lang)} {strengths}"
        fit.line(draw, (40, y), free, font, width=42 if suggested else 88, list_of_items=True)
    if suggested:
        fit.line(draw, (83, y), text("wd.suggested", lang), font, width=45)


def fit_items(head: str, items: list[str], width: int, sep: str = ",") -> str:
    """`head` and as many items as fit in `width` characters, then +N for the rest."""
    shown = head
    for i, item in enumerate(items):
        rest = len(items) - i - 1
        more = f" +{rest}" if rest else ""
        candidate = shown + (sep if shown != head else "") + item
        if len(candidate) + len(more) > width:
            return (shown + f" +{len(items) - i}") if shown != head else f"{head}+{len(items)}"
        shown = candidate
    return shown


def _mp_short(state: State, outcome: ClashOutcome) -> str:
    loss = f"-{outcome.mp_loss}" if outcome.mp_loss else "\u00b10"
    return f"MP {OTHER[state.turn]} {loss}"


def _pick_screen(draw, state: State, view: View, lang: str, fonts) -> None:
    font = fonts.status
    defenders = state.side(OTHER[state.turn]).creatures
    group = tied_groups(state, view.assignment)[len(view.picks)]
    fit.line(draw, (0, TOP), text("wd.pick_title", lang), font)
    for row, d in enumerate(group[:4]):
        y = TOP + (row + 1) * ROW
        chosen = row == view.index % len(group)
        if chosen:
            pointer(draw, y)
        label = f"{d + 1}. {_card_name(state, defenders[d].card)} {defenders[d].strength}"
        fit.line(draw, (5, y), label, font, bottom=55)


def _picker(draw, state: State, view: View, lang: str, fonts) -> None:
    """The table's last row as a picker of the cards that can be laid now: a pointer, the
    card (a creature's strength and cost), and which of how many."""
    font = fonts.status
    listed = layable(state)
    y = TOP + 4 * ROW
    if not listed:
        fit.line(draw, (0, y), text("wd.nothing", lang), font, bottom=55)
        return
    index = view.index % len(listed)
    cards = state.options.cards
    card = cards.card(listed[index])
    assert card is not None  # the picker lists the set's own cards
    if card.type == "place":
        kind = cards.kind_name(card.kind)
        label = card.name if kind == card.name else f"{card.name} {kind}"
    else:
        cost = "".join(f"{cards.kind_name(k)[:1]}{n}" for k, n in card.cost)
        label = f"{card.name} {card.strength} {cost}"
    count = f"{index + 1}/{len(listed)}"
    room = int(font.getlength(count))
    pointer(draw, y)
    fit.line(draw, (5, y), label, font, width=128 - 5 - room - 4, bottom=55)
    fit.line(draw, (128 - room, y), count, font, width=room, bottom=55)


def draw_main(draw: ImageDraw.ImageDraw, state: State, view: View, lang: str, fonts) -> None:
    if state.over:
        for i, line in enumerate(verdict_lines(state, lang)):
            fit.line(draw, (2, 11 + i * 10), line, fonts.body, bottom=55)
        return
    if view.mode == "cards":
        _table(draw, state, lang, fonts)
        _picker(draw, state, view, lang, fonts)
    elif view.mode == "clash":
        _clash(draw, state, view, lang, fonts)
    elif view.mode == "pick":
        _pick_screen(draw, state, view, lang, fonts)
    elif view.mode == "outcome":
        outcome = shown_outcome(state, view)
        for i, line in enumerate(outcome_lines(state, outcome, lang)):
            fit.line(draw, (0, TOP + i * 10), line, fonts.body, bottom=55)
    else:
        _table(draw, state, lang, fonts)
        fit.line(draw, (0, TOP + 4 * ROW), _note(state, lang), fonts.status, bottom=55)


def describe(state: State, action: Any, lang: str) -> str:
    """An action in the players' words (what an undo took back)."""
    from engine.wandernde_druiden.game import Clash, LayCreature, LayPlace

    if isinstance(action, LayPlace):
        return text("undo.wd_place", lang, name=_card_name(state, action.card))
    if isinstance(action, LayCreature):
        return text("undo.wd_creature", lang, name=_card_name(state, action.card))
    if isinstance(action, Clash):
        return text("undo.wd_clash", lang)
    return text("undo.end_turn", lang)


if TYPE_CHECKING:  # mypy checks this module against the screens contract
    from device.games.contract import Screens
    from device.games.wandernde_druiden import screen as _this

    _checked: Screens = _this
