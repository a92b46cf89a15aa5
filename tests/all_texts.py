"""Every text the box can show, for the tests that read them all: the box's own catalog and
each game's own words (its `Entry.texts`), each with the `Texts` that says it."""

from __future__ import annotations

from collections.abc import Iterator

from device import games
from device.ui import catalog


def every_text() -> Iterator[tuple[catalog.Texts, str, tuple[str, str]]]:
    """(the texts that say it, key, (German, English)) for the box's keys, then each playable
    game's own (a key two games share is met once for each)."""
    import device.web.texts  # noqa: F401 - the web page's texts join the box's catalog

    for key, forms in catalog.TEXTS.items():
        yield catalog.BOX, key, forms
    for entry in games.playable().values():
        for key, forms in entry.texts.items():
            yield entry.texts, key, forms
