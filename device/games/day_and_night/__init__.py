"""Day and Night on the box: its screens (screen.py, the field glyphs), texts, spell decks
(decks.py and the example decks in decks/), `tabletop score day-and-night`, the teach screen's
card names and its benchmark figures."""

from device.games.entry import Entry

ENTRY = Entry(
    "day-and-night",
    "Day and Night",
    "D&N",
    engine_module="engine.day_and_night.game",
    screens_module=f"{__name__}.screen",
    web_module=f"{__name__}.web",
    words_module=f"{__name__}.words",
    texts_module=f"{__name__}.texts",
    scorer_module=f"{__name__}.score",
    names_module=f"{__name__}.names",
    bench_module=f"{__name__}.bench",
)
