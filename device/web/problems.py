"""What is wrong with a saved game, in the page's language. The saved games' own notes are
English one-liners (device/storage/contents.py, device/app/session.py: `tabletop games` and
the log say them); each form is said here from the catalog, its numbers kept. A note of no
known form is shown as it is (nothing is hidden for want of words)."""

from __future__ import annotations

import re

from device.ui.catalog import Texts, text
from engine.core import DataError

FORMS = (
    (r"game record fails its checksum", "web.problem.checksum"),
    (r"game record unreadable", "web.problem.record"),
    (r"options do not decode", "web.problem.options"),
    (r"options unreadable: (?P<why>.*)", "web.problem.options"),
    (r"actions unreadable: (?P<why>.*)", "web.problem.actions"),
    (r"action (?P<n>\d+) missing", "web.problem.missing"),
    (r"action (?P<n>\d+) fails its checksum", "web.problem.action_checksum"),
    (r"action (?P<n>\d+) does not decode", "web.problem.action_decode"),
    (r"saved under rules (?P<saved>\d+) \(the box has (?P<box>\d+)\)", "web.problem.rules"),
)
_FORMS = tuple((re.compile(pattern), key) for pattern, key in FORMS)


def said(problem: str, lang: str) -> str:
    """A saved game's note (`GameRow.problem`, `GameRead.problem`, `other_rules`) in `lang`."""
    for pattern, key in _FORMS:
        found = pattern.fullmatch(problem)
        if found:
            return text(key, lang, **found.groupdict())
    return problem


def stopped(n: int, code: str, why: str, lang: str, texts: Texts) -> str:
    """A saved action the rules refuse (a replay that stops at action `n`): why, in the game's
    words for the refusal (`texts`) where it has them."""
    return text("web.problem.stopped", lang, n=n, why=texts.refusal(code, why, lang))


class Unreadable(DataError):
    """A game the page cannot show: said in English (`str`, the log) and by `said(lang)`."""

    def __init__(self, game_id: int, note: str = "", key: str = "", **values: str) -> None:
        self.game_id, self.note, self.key, self.values = game_id, note, key, values
        english = text(key, "en", **values) if key else note
        super().__init__(f"game {game_id}: {english}")

    def said(self, lang: str) -> str:
        return text(self.key, lang, **self.values) if self.key else said(self.note, lang)
