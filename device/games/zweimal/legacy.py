"""Zweimal's actions as the box saved them before the move notation (JSON records), still
read back from old saved games: validated (pydantic), then made the engine's actions."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel

from device.jsontypes import JsonObject
from device.storage.actions import Coord, Strict
from engine.core import Coord as Field, DataError
from engine.zweimal.game import Action, Lay, Move, Place, SetRoad, StartRound


class SetRoadRecord(Strict):
    kind: Literal["set_road"] = "set_road"
    field: Coord
    orientation: Literal["-", "|"]


class StartRoundRecord(Strict):
    kind: Literal["start_round"] = "start_round"


class PlaceRecord(Strict):
    kind: Literal["place"] = "place"
    field: Coord


class MoveRecord(Strict):
    kind: Literal["move"] = "move"
    source: Coord
    target: Coord


class LayRecord(Strict):
    kind: Literal["lay"] = "lay"
    field: Coord


RECORDS: dict[str, type[BaseModel]] = {
    "set_road": SetRoadRecord,
    "start_round": StartRoundRecord,
    "place": PlaceRecord,
    "move": MoveRecord,
    "lay": LayRecord,
}


def _field(pair: Coord) -> Field:
    return (pair[0], pair[1])


def legacy_action(data: JsonObject, /) -> Action:
    """An action saved as a JSON record before the move notation."""
    kind = data.get("kind")
    if kind not in RECORDS:
        raise DataError(f"unknown action kind {kind!r}")
    rec = RECORDS[kind].model_validate(data)
    match rec:
        case SetRoadRecord():
            return SetRoad(_field(rec.field), rec.orientation)
        case StartRoundRecord():
            return StartRound()
        case PlaceRecord():
            return Place(_field(rec.field))
        case MoveRecord():
            return Move(_field(rec.source), _field(rec.target))
        case LayRecord():
            return Lay(_field(rec.field))
    raise DataError(f"unknown action kind {kind!r}")  # pragma: no cover
