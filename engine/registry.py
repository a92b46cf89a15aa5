"""The games the box knows, by id. Adding a game means adding it here (and its screens)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class GameInfo:
    id: str
    name: str  # the game's own (German) name, the same in every language
    rules_version: int  # stored with each saved game so old games replay by their rules
    short: str  # for tight places on the screen


GAMES: dict[str, GameInfo] = {
    info.id: info
    for info in (
        GameInfo("zweimal", "Zweimal", 1, "ZW"),
        GameInfo("feuer-und-wasser", "Feuer und Wasser", 1, "FuW"),
        GameInfo("day-and-night", "Day and Night", 1, "D&N"),
        GameInfo("wandernde-druiden", "Wandernde Druiden", 1, "WD"),
    )
}


def game(game_id: str) -> GameInfo:
    """The game with this id; KeyError with the known ids otherwise."""
    try:
        return GAMES[game_id]
    except KeyError:
        known = ", ".join(GAMES)
        raise KeyError(f"unknown game {game_id!r}; known games: {known}") from None
