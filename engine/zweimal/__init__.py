"""Zweimal: straight road tiles on a 4x4 or 5x5 grid, figures, majority scoring."""

from engine.zweimal.position import (
    FIGURES_PER_PLAYER,
    HORIZONTAL,
    VERTICAL,
    Position,
    Road,
    RoadScore,
    parse_position,
    road_of,
    roads,
    score,
    score_roads,
)

__all__ = [
    "FIGURES_PER_PLAYER",
    "HORIZONTAL",
    "VERTICAL",
    "Position",
    "Road",
    "RoadScore",
    "parse_position",
    "road_of",
    "roads",
    "score",
    "score_roads",
]
