"""What the saved games report when the box starts, said on its screen: damage and what a
power cut cost as a message over the game (or in the menu's notice band), a failing save in
the notice band (docs/box.md, what can go wrong)."""

from __future__ import annotations

from dataclasses import replace

from device.app.state import (
    NO_NOTICE,
    BoxState,
    line_notice,
)
from device.jsontypes import JsonObject
from device.storage.losses import POWER_CUT
from device.storage.records import WRITE_FAILED
from device.ui.catalog import text


def on_screen(
    box: BoxState, reports: list[tuple[str, JsonObject]], damage: str | None, lang: str
) -> BoxState:
    """`box` with the store's `reports` (catalog keys under "store.") and the replay's
    `damage` (a line, or None) said: at most four lines, the first saying what kind of news
    it is."""
    lines = [text(f"store.{key}", lang, **values) for key, values in reports]
    failing = [line for (key, _), line in zip(reports, lines, strict=False) if key in WRITE_FAILED]
    lines = [line for line in dict.fromkeys(lines) if line not in failing]
    lines = [line for line in lines if line != text("store.damaged", lang)]
    if damage:
        lines.append(damage)
    if lines:
        # what a power cut cost is no damage: said as what it is
        keys = {key for key, _ in reports} - WRITE_FAILED
        if damage or not keys <= POWER_CUT:
            lines = [text("store.damaged", lang), *lines]
        elif keys:
            lines = [text("store.power_cut", lang), *lines]
        lines = lines[:4]
        box = replace(
            box,
            mode="message" if box.session else "menu",
            message=tuple(lines),
            notice=line_notice(lines[0]) if box.session is None else NO_NOTICE,
        )
    if failing:
        box = replace(box, notice=line_notice(failing[0]))
    return box
