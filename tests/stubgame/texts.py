"""Stapel's texts (as a game's `device/games/<game>/texts.py`): its own, named by its `Entry`
(`texts_module`); its modules say them with `text`, which looks here first, then in the box's
catalog."""

from device.ui import catalog

TEXTS = catalog.Texts(
    {
        "stapel.pile": ("Steine", "Stones"),
        "status.turn": ("{player} am Zug", "{player} to move"),  # (as Zweimal says it)
        "stapel.left": ("{n} Steine übrig", "{n} stones left"),
        "stapel.wins": ("{player} gewinnt", "{player} wins"),
        "hint.stapel": ("ok:nehmen back:zurück", "ok:take back:undo"),
        "refuse.take_one_or_two": ("Eins oder zwei", "One or two"),
        "refuse.take_too_many": ("So viele gibt es nicht", "Not that many left"),
        # its own words for a refusal the box says too ("Das Spiel ist zu Ende"): its own win
        "refuse.game_over": ("Der Stapel ist leer", "The pile is empty"),
    }
)
text = TEXTS.text
