"""Feuer und Wasser: laying 2x3 cards over four fields; longest row or largest group."""

from engine.feuer_und_wasser.landscape import (
    Card,
    Landscape,
    Placement,
    lay,
    parse_card,
    parse_landscape,
)

__all__ = ["Card", "Landscape", "Placement", "lay", "parse_card", "parse_landscape"]
