"""Feuer und Wasser on the box: its screens (screen.py), texts, decks (decks.py and the example
decks in decks/), `tabletop score feuer-und-wasser`, the teach screen's card names and its
benchmark figures."""

from device.games.entry import Entry

ENTRY = Entry(
    "feuer-und-wasser",
    "Feuer und Wasser",
    "FuW",
    engine_module="engine.feuer_und_wasser.game",
    screens_module=f"{__name__}.screen",
    web_module=f"{__name__}.web",
    words_module=f"{__name__}.words",
    texts_module=f"{__name__}.texts",
    scorer_module=f"{__name__}.score",
    names_module=f"{__name__}.names",
    bench_module=f"{__name__}.bench",
)
