"""Stapel's texts (as a game's `device/games/<game>/texts.py`): added to the catalog when
imported."""

from device.ui import catalog

TEXTS = {
    "stapel.pile": ("Steine", "Stones"),
    "stapel.left": ("{n} Steine übrig", "{n} stones left"),
    "stapel.wins": ("{player} gewinnt", "{player} wins"),
    "hint.stapel": ("ok:nehmen back:zurück", "ok:take back:undo"),
    "refuse.take_one_or_two": ("Eins oder zwei", "One or two"),
    "refuse.take_too_many": ("So viele gibt es nicht", "Not that many left"),
}

catalog.add(TEXTS)
