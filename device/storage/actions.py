"""Validated records at the edge: what the store reads back is checked before the engine sees
it (pydantic). A record that fails is reported as damage, never replayed. Actions are saved in
each game's move notation (records saved before it are the game's own: its screens'
`legacy_action`)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, ValidationError

Coord = tuple[int, int]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class UiRecord(Strict):
    """What the screen showed besides the game itself: restored after a restart."""

    mode: Literal["menu", "game", "confirm", "message", "teach", "check"]
    menu: list[tuple[str, int]] = []
    choice: dict[str, Any] = {}
    view: dict[str, Any] | None = None  # the game's own view, in its screens' codec
    cursor: Coord | None = None  # saved before games had their own view (Zweimal's cursor)
    selected: Coord | None = None
    message: list[str] = []
    confirm: str = ""
    notice: str = ""
    teach_uid: str = ""
    teach_known: str = ""
    teach_in_game: bool = False  # the teach screen opened by an unknown tag in a game
    check_game: str = (
        ""  # the deck check (device/app/transition.py): the game, the tags, their cards
    )
    check_uids: list[str] = []
    check_cards: list[str] = []
    solo: str = ""  # solo play: the seat the box plays in the game on show
    solo_told: list[str] = []  # solo play: the cards told for the box's hand, in order
    solo_kept: list[tuple[int, str, list[str]]] = []  # solo games put aside: id, seat, cards
    undone: list[list[str]] = []  # an undo's changes on the table, the pages still to show
    # the game's actions so far when its view was opened on the box's choice for the player
    # (the setting `suggest`): a restart does not open it again (-1: not opened)
    suggested: int = -1


def first_error(error: ValidationError) -> str:
    e = error.errors()[0]
    where = ".".join(str(p) for p in e["loc"]) or "record"
    return f"{where}: {e['msg']}"
