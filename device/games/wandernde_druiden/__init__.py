"""Wandernde Druiden on the box: its screens (screen.py), texts, card set and decks (cards.py and
the example files in decks/), `tabletop score wandernde-druiden`, the teach screen's card names
and its benchmark figures."""

from device.games.entry import Entry

ENTRY = Entry(
    "wandernde-druiden",
    "Wandernde Druiden",
    "WD",
    engine_module="engine.wandernde_druiden.game",
    screens_module=f"{__name__}.screen",
    web_module=f"{__name__}.web",
    words_module=f"{__name__}.words",
    texts_module=f"{__name__}.texts",
    scorer_module=f"{__name__}.score",
    names_module=f"{__name__}.names",
    bench_module=f"{__name__}.bench",
    checks_decks=True,
)
