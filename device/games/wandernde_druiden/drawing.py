"""Wandernde Druiden's screens drawn: the hint line and the main area (the drawing half of the
screens contract; screen.py is the rest, words.py what they say)."""

from __future__ import annotations

from collections.abc import Iterable

from device.games.wandernde_druiden.texts import text
from device.games.wandernde_druiden.view import (
    CLASH_ROWS,
    COLUMNS,
    ROW,
    TOP,
    View,
    card_name,
    clash_view,
    layable,
    shown_outcome,
)
from device.games.wandernde_druiden.words import verdict_lines
from device.ui import fit
from device.ui.canvas import Canvas, Font
from device.ui.fonts import Fonts
from engine.wandernde_druiden.clash import ClashOutcome
from engine.wandernde_druiden.game import tied_groups
from engine.wandernde_druiden.state import OTHER, PLAYERS, Creature, State
from engine.wandernde_druiden.turn import cut_at_end


def hint(state: State, view: View, lang: str) -> str:
    if state.over:
        return text("hint.over", lang)
    key = {
        "cards": "hint.wd_cards",
        "clash": "hint.wd_clash",
        "pick": "hint.wd_pick",
        "outcome": "hint.wd_outcome",
    }.get(view.mode)
    if key and view.mode in ("clash", "outcome") and view.box_defends(state):
        return text(f"{key}_box", lang)  # the blockers are the box's: nothing to change
    if key:
        return text(key, lang)
    if state.clash_due and not state.placed:
        return text("hint.wd_clash_due", lang)
    if state.clash_due:
        return text("hint.wd_to_clash", lang)
    return text("hint.wd_turn", lang)


def _names(cards: tuple[Creature, ...], indices: Iterable[int], state: State, room: int) -> str:
    return fit_items("", [card_name(state, cards[i].card) for i in indices], room, sep=", ")


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
            "wd.after_clash" if o.mp_loss else "wd.after_clash_no_mp",  # never "-0"
            lang,
            a=len(o.attackers_discarded),
            b=len(o.defenders_discarded),
            d=OTHER[record.attacker],  # whose MP
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


def _strengths(state: State, player: str) -> str:
    """The creatures' strengths, strongest first ("9 5 1"; drawn cut with an ellipsis where
    the column ends: the "+2" that stood for the rest read like a strength)."""
    values = sorted((c.strength for c in state.side(player).creatures), reverse=True)
    return " ".join(str(v) for v in values) or "-"


def _free_places(
    state: State, player: str, lang: str = "de", font: Font | None = None, width: int = 0
) -> str:
    """The power places a player owns, by kind in the card set's order, each with how many
    are unused now ("H0 Q1": a used place stays in the table, with 0 free); where that does
    not fit `width` pixels of `font`, how many are free in all ("3 frei")."""
    cards = state.options.cards
    owned = {p.kind for p in state.side(player).places}
    if not owned:
        return "-"
    free = {
        k: sum(1 for p in state.side(player).places if p.kind == k and not p.used) for k in owned
    }
    kinds = " ".join(f"{cards.kind_name(k)[:1]}{free[k]}" for k in sorted(owned))
    if font is None or fit.fits(kinds, font, width):
        return kinds
    return text("wd.free_count", lang, n=sum(free.values()))


def _table(draw: Canvas, state: State, lang: str, fonts: Fonts) -> None:
    font = fonts.status
    for player, x in zip(PLAYERS, COLUMNS[1:], strict=True):
        side = state.side(player)
        if player == state.turn:
            draw.rectangle((x - 2, TOP, x + 41, TOP + ROW - 1), fill=1)
        width = COLUMNS[2] - x - 6 if x == COLUMNS[1] else 127 - x + 1  # a gap before B's
        head = f"{player}  {text('wd.mp', lang)} {side.mp}"
        ink = 0 if player == state.turn else 1
        fit.line(draw, (x, TOP), head, font, width=width, fill=ink)
        fit.line(draw, (x, TOP + ROW), f"{side.hand}/{side.pile}", font, width=width)
        places = _free_places(state, player, lang, font, width)
        fit.line(draw, (x, TOP + 2 * ROW), places, font, width=width)
        strengths = _strengths(state, player)
        fit.line(draw, (x, TOP + 3 * ROW), strengths, font, width=width, list_of_items=True)
    for row, key in enumerate(("wd.hand", "wd.places", "wd.creatures"), start=1):
        fit.line(draw, (COLUMNS[0], TOP + row * ROW), text(key, lang), font, width=COLUMNS[1] - 2)


def pointer(draw: Canvas, y: int) -> None:
    """The chosen row's mark (a pointer changes a few columns of the display when the
    choice moves; an inverted row would change whole pages)."""
    draw.polygon([(0, y), (3, y + 3), (0, y + 6)], fill=1)


def _out(draw: Canvas, x: int, y: int) -> None:
    """A discarded creature's mark: a cross of 5x5 pixels beside its name (a line through
    the name made it hard to read)."""
    draw.line((x, y + 1, x + 4, y + 5), fill=1)
    draw.line((x, y + 5, x + 4, y + 1), fill=1)


def _more(draw: Canvas, x: int, y: int, up: bool) -> None:
    """A cue that more rows lie above (up) or below."""
    if up:
        draw.polygon([(x, y + 5), (x + 2, y + 2), (x + 4, y + 5)], fill=1)
    else:
        draw.polygon([(x, y + 2), (x + 2, y + 5), (x + 4, y + 2)], fill=1)


def _clash(draw: Canvas, state: State, view: View, lang: str, fonts: Fonts) -> None:
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
        left = f"{short_name(state, defenders[d].card)} {defenders[d].strength}"
        a = view.assignment[d]
        right = f"{short_name(state, attackers[a].card)} {attackers[a].strength}"
        fit.line(draw, (5, y), left, font, width=48)
        fit.line(draw, (63, y), ">", font, width=6)
        fit.line(draw, (69, y), right, font, width=52)
        if d in outcome.defenders_discarded:
            _out(draw, 55, y)
        if a in outcome.attackers_discarded:
            _out(draw, 123, y)
    y = TOP + 4 * ROW
    fit.line(draw, (0, y), _mp_short(state, outcome), font, width=39)
    suggested = view.assignment == clash_view(state).assignment
    if outcome.unblocked:  # the unblocked attackers' strengths where they fit, else how many
        room = 40 if suggested else 88
        strengths = " ".join(str(attackers[a].strength) for a in outcome.unblocked)
        free = f"{text('wd.free', lang)} {strengths}"
        if not fit.fits(free, font, room):
            free = text("wd.free_count", lang, n=len(outcome.unblocked))
        fit.line(draw, (40, y), free, font, width=room)
    if suggested:  # the engine's best: the box's own defence where it defends
        label = "wd.box_blocks" if view.box_defends(state) else "wd.suggested"
        fit.line(draw, (83, y), text(label, lang), font, width=45)


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


def _pick_screen(draw: Canvas, state: State, view: View, lang: str, fonts: Fonts) -> None:
    """Which of the tied strongest blockers goes: the attacker they block in the title, each
    kind of creature once (two alike are the same choice at the table)."""
    font = fonts.status
    defenders = state.side(OTHER[state.turn]).creatures
    group = tied_groups(state, view.assignment)[len(view.picks)]
    attacker = state.side(state.turn).creatures[view.assignment[group[0]]]
    title = text("wd.pick_title", lang, name=short_name(state, attacker.card), s=attacker.strength)
    fit.line(draw, (0, TOP), title, font)
    options = pick_options(state, group)
    for row, d in enumerate(options[:4]):
        y = TOP + (row + 1) * ROW
        if row == view.index % len(options):
            pointer(draw, y)
        label = f"{card_name(state, defenders[d].card)} {defenders[d].strength}"
        fit.line(draw, (5, y), label, font, bottom=55)


def pick_options(state: State, group: tuple[int, ...]) -> list[int]:
    """The tied blockers to choose from: one of each kind of creature (the first of alike)."""
    defenders = state.side(OTHER[state.turn]).creatures
    seen: dict[tuple[str, int], int] = {}
    for d in group:
        seen.setdefault((defenders[d].card, defenders[d].strength), d)
    return list(seen.values())


def short_name(state: State, card_id: str) -> str:
    """A card's name for a narrow column: whole up to seven letters, else its first six and
    a period ("Salama.", a short form, never a name cut off)."""
    name = card_name(state, card_id)
    return name if len(name) <= 7 else f"{name[:6]}."


def _picker(draw: Canvas, state: State, view: View, lang: str, fonts: Fonts) -> None:
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


def draw_main(draw: Canvas, state: State, view: View, lang: str, fonts: Fonts) -> None:
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
