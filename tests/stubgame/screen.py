"""Stapel's screens (as a game's `device/games/<game>/screen.py`): the screens contract
(device/games/contract.py), the optional hooks taken from the contract's defaults."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from device.games import contract
from device.games.contract import (
    UNDO,
    Confirm,
    Question,
    Reaction,
)
from engine.core import DataError, MisuseError
from tests.stubgame import texts  # noqa: F401 - its texts in the catalog
from tests.stubgame.engine import State, Take

# the optional hooks this game leaves alone: the contract's defaults
show_action = contract.view_unchanged
seat_name = contract.player_name
card_label = contract.card_id
layout = contract.standard_layout
after = contract.same_view_after
after_undo = contract.same_view_after_undo
seed = contract.no_seed
configure = contract.no_decks
option_overrides = contract.no_overrides
check_deck = contract.no_deck_check
legacy_action = contract.no_legacy_action
describe = contract.undescribed
say = contract.say_set  # its engine's changes are the contract's default


@dataclass(frozen=True)
class View:
    take: int = 1  # how many the next `ok` takes


def questions(answers: dict[str, str]) -> list[Question]:
    return [
        Question("pile", "stapel.pile", (("3", ""), ("7", ""), ("9", "")), default=1),
        Question("starter", "menu.choose_starter", (("A", "player.A"), ("B", "player.B"))),
    ]


def initial_view(state: State) -> View:
    return View()


def view_record(view: View) -> dict[str, Any]:
    return {"take": view.take}


def view_parse(data: dict[str, Any], state: State) -> View:
    if data.get("take") not in (1, 2):
        raise DataError(f"take is 1 or 2, not {data.get('take')!r}")
    return View(data["take"])


def status(state: State, lang: str) -> str:
    from device.ui.catalog import text

    if state.winner:
        return f"Stapel: {text('status.over', lang)}"
    return f"Stapel: {text('status.turn', lang, player=state.turn)}"


def hint(state: State, view: View, lang: str) -> str:
    from device.ui.catalog import text

    return text("hint.over" if state.winner else "hint.stapel", lang)


def draw_main(draw, state: State, view: View, lang: str, fonts) -> None:
    from device.ui.catalog import text

    draw.text((2, 12), text("stapel.left", lang, n=state.pile), font=fonts.body, fill=1)
    for i in range(state.pile):
        x = 4 + i * 8
        draw.rectangle((x, 28, x + 5, 33), fill=1)
    draw.text((2, 40), f"> {view.take}", font=fonts.body, fill=1)


def on_button(state: State, view: View, button: str) -> Reaction:
    if button in ("up", "down"):
        return Reaction(View(3 - view.take))
    if button == "ok":
        return Reaction(view, Take(view.take))
    if button == "back":
        return Reaction(view, confirm=UNDO)
    return Reaction(view)


def on_tap(state: State, view: View, uid: str, card: str | None) -> Reaction:
    return Reaction(view, Take(1))  # a tapped card takes one stone


def confirm_text(what: Confirm, lang: str) -> str:
    raise MisuseError(f"Stapel asks no {what!r}")  # pragma: no cover


def confirmed(what: Confirm) -> Take:
    raise MisuseError(f"Stapel asks no {what!r}")  # pragma: no cover


def round_ended(before: State, after: State, lang: str) -> list[str] | None:
    from device.ui.catalog import text

    if after.winner and not before.winner:
        return [text("stapel.wins", lang, player=text(f"player.{after.winner}", lang))]
    return None


if TYPE_CHECKING:  # mypy checks this module against the screens contract
    from device.games.contract import Screens
    from tests.stubgame import screen as _this

    _checked: Screens = _this
