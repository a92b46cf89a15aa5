"""Validated records at the edge: what the store reads back is checked before the engine sees
it (pydantic). A record that fails is reported as damage, never replayed. Actions are saved in
each game's move notation (records saved before it are the game's own: its screens'
`legacy_action`)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, ValidationError

Coord = tuple[int, int]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


def first_error(error: ValidationError) -> str:
    e = error.errors()[0]
    where = ".".join(str(p) for p in e["loc"]) or "record"
    return f"{where}: {e['msg']}"
