"""The example decks of Feuer und Wasser (16 cards a player) and the start card: data to
edit so they match a printed deck. The same cards ship as JSON files for the box
(`device/games/feuer_und_wasser/decks/feuer-und-wasser-*.example.json`); a test keeps the
two equal."""

from __future__ import annotations

from engine.feuer_und_wasser.landscape import Card

START = Card(("RRB", "BBR"))

_EXAMPLE = {
    "R": (
        ("R01", "BBB/RRB"),
        ("R02", "RRB/BRR"),
        ("R03", "RBB/RRR"),
        ("R04", "BBR/RBB"),
        ("R05", "RRB/BBR"),
        ("R06", "BBR/BRR"),
        ("R07", "RBR/BBR"),
        ("R08", "BBB/RRB"),
        ("R09", "BRB/BRB"),
        ("R10", "BBR/RBR"),
        ("R11", "RBB/RBB"),
        ("R12", "RRB/BRR"),
        ("R13", "BBB/RBR"),
        ("R14", "BRR/BRR"),
        ("R15", "RRR/BBR"),
        ("R16", "BRR/RRB"),
    ),
    "B": (
        ("B01", "BRR/RRB"),
        ("B02", "BBR/RRR"),
        ("B03", "BBR/RBR"),
        ("B04", "BBR/RRB"),
        ("B05", "BBR/RRB"),
        ("B06", "RBB/RRR"),
        ("B07", "BBR/RBB"),
        ("B08", "RBR/BRB"),
        ("B09", "RBB/RRR"),
        ("B10", "RRB/BBB"),
        ("B11", "BBB/RRB"),
        ("B12", "RBR/RRB"),
        ("B13", "BBR/BBR"),
        ("B14", "RRB/BBR"),
        ("B15", "BBB/RBR"),
        ("B16", "RBR/BRR"),
    ),
}
EXAMPLE = {
    player: tuple((card_id, Card(tuple(pattern.split("/")))) for card_id, pattern in cards)
    for player, cards in _EXAMPLE.items()
}
