"""Zweimal on the box: its screens (screen.py, the cursor), texts, `tabletop score zweimal`, and
the action records saved before the move notation (legacy.py)."""

from device.games.entry import Entry

ENTRY = Entry(
    "zweimal",
    "Zweimal",
    "ZW",
    engine_module="engine.zweimal.game",
    screens_module=f"{__name__}.screen",
    web_module=f"{__name__}.web",
    words_module=f"{__name__}.words",
    texts_module=f"{__name__}.texts",
    scorer_module=f"{__name__}.score",
)
