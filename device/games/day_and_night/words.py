"""Day and Night in words, without drawing (no Pillow): the status line, an action and a side
as the players say them, and the outcome with why. The box's screens and the web page both
say them (the contract's `Words`)."""

from __future__ import annotations

from device.games.contract import GameAction, deck_rules_mark, grid_field as field
from device.games.day_and_night.names import spell_name
from device.games.day_and_night.texts import text
from device.games.day_and_night.view import NAMES
from engine.day_and_night.areas import fields_of
from engine.day_and_night.end import ended_by
from engine.day_and_night.state import Cast, End, State, Step, Temple


def status(state: State, lang: str) -> str:
    if state.over:
        return f"Day and Night · {text('status.over', lang)}"
    side = text(NAMES[state.turn], lang)
    return f"{side} · {state.ap} AP{deck_rules_mark(state.options, lang)}"


def describe(state: State, action: GameAction, lang: str) -> str:
    """An action in the players' words (what an undo took back)."""
    match action:
        case Cast(spell_id, _):
            spell = state.options.spell(state.turn, spell_id)
            return spell_name(spell, lang) if spell else spell_id
        case Step(to):
            return text("undo.dan_step", lang, at=field(to))
        case End():
            return text("undo.end_turn", lang)
        case Temple(fields) if state.pending is not None:  # which tiles it leaves out
            out = [field(at) for at in fields_of(state.pending.area) if at not in fields]
            if out:
                return text("undo.dan_temple_out", lang, out=" ".join(out))
    return text("undo.dan_temple", lang)


def seat_name(seat: str, lang: str) -> str:
    return text(f"dan.{seat}", lang)


def verdict_lines(state: State, lang: str) -> list[str]:
    """The outcome and why: a second temple, Day's adjudicated win, neither can still build,
    or no card left on either side (a draw)."""
    key = {"draw": "dan.draw", "day": "dan.day_wins", "night": "dan.night_wins"}
    lines = [text(key.get(state.outcome or "draw", "dan.draw"), lang)]
    lines.append(
        text("dan.temples", lang, day=state.board.day_temples, night=state.board.night_temples)
    )
    lines.append(why(state, lang))
    return lines


def why(state: State, lang: str) -> str:
    """Why the game ended as it did, in one line (`ended_by`, as `tabletop replay` says it)."""
    reason = ended_by(state)
    if reason == "no_change":  # the board is open, but no spell left can change it: a draw
        return text("dan.why_no_change", lang)
    if reason == "no_tiles":  # too few tiles can still come for either's second temple
        return text("dan.why_no_tiles", lang)
    if reason == "second_temple":
        return text("dan.why_second", lang)
    if state.verdict == "draw":
        return text("dan.why_draw", lang)
    return text("dan.why_day", lang)
