"""Feuer und Wasser's texts on the box, German and English (catalog keys; `refuse.<code>` names a
refusal): the screens bring them to the catalog (their `TEXTS`)."""

from __future__ import annotations

from device.ui import catalog

TEXTS: dict[str, tuple[str, str]] = {
    "undo.fuw_draw": ("Karte {card} gezogen", "card {card} drawn"),
    "undo.fuw_lay": ("Karte {card} auf {at}", "card {card} at {at}"),
    "undo.fuw_lay_turned": (
        "Karte {card} auf {at}, {n}x gedreht",
        "card {card} at {at}, turned {n}x",
    ),
    "undo.fuw_lay_turned.one": ("Karte {card} auf {at}, gedreht", "card {card} at {at}, turned"),
    "fuw.rows": ("Reihen (Grundspiel)", "Rows (basic game)"),
    "fuw.groups": ("Gruppen (verbündet)", "Groups (allied)"),
    "fuw.no": ("Nein", "No"),
    "fuw.yes": ("Ja: offene Stapel", "Yes: open piles"),
    "fuw.fire": ("Feuer", "Fire"),
    "fuw.water": ("Wasser", "Water"),
    "fuw.turn": ("{player} am Zug", "{player} to move"),
    "fuw.turn_short": ("Zug: {player}", "Turn: {player}"),
    "hint.fuw_draw": ("ok:gezogen back:zurück", "ok:drawn back:undo"),
    "hint.fuw_lay": ("ok:legen back:zurück", "ok:lay back:undo"),
    "hint.fuw_lay_tip": ("ok:Tipp legen back:zurück", "ok:lay tip back:undo"),
    "hint.fuw_review": ("ok:weiter back:zurück", "ok:next back:undo"),
    "fuw.row": ("Reihe", "Row"),
    "fuw.group": ("Grp.", "Group"),
    "fuw.last": ("{player} {shape} {n}:-{k}", "{player} {shape} {n}:-{k}"),
    "fuw.last_short": ("{player} {n}:-{k}", "{player} {n}:-{k}"),
    "fuw.last_tactician": ("{player} {shape} {n}:+{k}", "{player} {shape} {n}:+{k}"),
    "fuw.last_tactician_short": ("{player} {n}:+{k}", "{player} {n}:+{k}"),
    "fuw.piles": ("St. {piles}", "Pile {piles}"),
    "fuw.points": ("Pkt. {points}", "Pts {points}"),
    "fuw.card": ("Karte {card}", "Card {card}"),
    "fuw.tip": ("Tipp:", "Tip:"),
    "fuw.gives_cards": ("{n} abwerfen", "discard {n}"),
    "fuw.gives_points": ("{n} Punkte", "{n} points"),
    "fuw.gives_points.one": ("1 Punkt", "1 point"),
    "fuw.gives_nothing": ("nichts", "nothing"),
    "fuw.explain_rows": ("Reihenpunkte addiert", "row points added up"),
    "fuw.explain_groups": ("Gruppenpunkte addiert", "group points added up"),
    "fuw.explain_both_empty": ("Beide Stapel leer", "Both piles empty"),
    "fuw.explain_empty": ("{player}: Stapel leer", "{player}: pile empty"),
    "fuw.explain_left": ("{player}: noch {n} Karten", "{player}: {n} cards left"),
    "fuw.explain_left.one": ("{player}: noch 1 Karte", "{player}: 1 card left"),
    "fuw.explain_left.short": ("{player}: {n} übrig", "{player}: {n} left"),
    "fuw.move_turn": ("<>Ort ^vDreh", "<>pos ^vturn"),
    "fuw.round_over": ("vorbei", "over"),
    "refuse.lay_first": ("Erst die Karte legen", "Lay the drawn card first"),
    "refuse.not_in_deck": ("Nicht in diesem Stapel", "Not in this deck"),
    "refuse.card_laid": ("Karte liegt schon", "That card is laid"),
    "refuse.pile_empty": ("Zugstapel ist leer", "The draw pile is empty"),
    "refuse.draw_first": ("Erst eine Karte ziehen", "Draw a card first"),
    "refuse.bad_turn": ("Drehung nur 0 bis 3", "Turns are 0 to 3"),
    "refuse.cover_four": ("Genau 4 Felder bedecken", "Cover exactly 4 fields"),
}

catalog.add(TEXTS)  # in the catalog as soon as the game's screens are imported
