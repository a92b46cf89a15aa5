"""Every text the players see, in German (the default) and English.

`text(key, lang, **values)` fills `{name}` placeholders; a count `n` of 1 takes the key's
singular form `<key>.one` where the catalog has one ("1 Änderung", "2 Änderungen"). Refusals
from the engine carry a code (see `IllegalMove.code`) that is looked up here as
`refuse.<code>`; an unknown code falls back to the engine's English message, so nothing is
ever shown blank.
"""

from __future__ import annotations

LANGUAGES = ("de", "en")

TEXTS: dict[str, tuple[str, str]] = {
    # key: (German, English)
    # menu
    "menu.title": ("Menü", "Menu"),
    "menu.new": ("Neues Spiel", "New game"),
    "menu.resume": ("Fortsetzen", "Resume game"),
    "menu.undo": ("Schritt zurücknehmen", "Take back a step"),
    "menu.abandon": ("Spiel abbrechen", "Abandon game"),
    "menu.close": ("Zurück zum Spiel", "Back to the game"),
    "menu.choose_game": ("Spiel wählen", "Choose a game"),
    "menu.choose_variant": ("Variante", "Variant"),
    "menu.choose_starter": ("Wer beginnt?", "Who starts?"),
    "menu.choose_supply": ("Vorrat (Karten)", "Supply (cards)"),
    "menu.choose_deck_rules": ("Deckregeln", "Deck rules"),
    "deck_rules.strict": ("wie im Original", "as the original"),
    "deck_rules.free": ("frei (Designer)", "free (designer)"),
    "deck_rules.mark": ("frei", "free"),
    "deck_rules.panel": ("Deck frei", "Deck free"),
    "menu.deck_rules_broken": ("Deck bricht Regeln", "Deck breaks the rules"),
    "menu.not_yet": ("{game}: bald", "{game}: soon"),
    "menu.nothing_to_undo": ("Nichts zurückzunehmen", "Nothing to undo"),
    "menu.no_game": ("Kein Spiel offen", "No game in progress"),
    "menu.confirm_abandon": ("Spiel wirklich abbrechen?", "Really abandon the game?"),
    "menu.teach": ("Karten anlernen", "Teach cards"),
    "tap.unknown": ("Karte unbekannt: im Menü anlernen", "Unknown card: teach it in the menu"),
    "tap.unknown.short": ("Karte unbekannt", "Unknown card"),
    "tap.other_game": ("Karte von {game}", "A card of {game}"),
    "tap.not_now": ("Karte jetzt nicht nutzbar", "Card not usable now"),
    "tap.not_now.short": ("Karte nicht jetzt", "Not this card now"),
    "tap.in_game": ("Karten im Spiel auflegen", "Tap cards in a game"),
    "teach.title": ("Karten anlernen", "Teach cards"),
    "menu.check": ("Deck prüfen", "Check a deck"),
    "check.title": ("Deck prüfen · {short}", "Check a deck · {short}"),
    "check.count": ("{n} Karten", "{n} cards"),
    "check.count.one": ("1 Karte", "1 card"),
    "check.last": ("zuletzt: {card}", "last: {card}"),
    "check.unknown_tag": ("unbekannt", "unknown"),
    "check.tap": ("Jede Karte auflegen", "Tap every card"),
    "check.again": ("Schon gezählt", "Counted already"),
    "hint.check": ("ok:Ergebnis back:-1 Karte", "ok:report back:-1 card"),
    "hint.check_empty": ("back:zurück", "back:back"),
    "teach.tap": ("Karte auflegen", "Tap a card"),
    "teach.was": ("bisher: {card}", "was: {card}"),
    "teach.new": ("neue Karte", "new card"),
    "teach.taught": ("Gelernt: {card}", "Taught: {card}"),
    "hint.teach_wait": ("back:zurück", "back:back"),
    "hint.teach_pick": ("ok:lernen back:zurück", "ok:teach back:back"),
    "menu.confirm_setup": ("Aufbau fertig?", "Set-up done?"),
    "menu.abandoned": ("Spiel abgebrochen", "Game abandoned"),
    "menu.undone": ("Zurückgenommen", "Undone"),
    "menu.undone.short": ("Rückgängig", "Undone"),
    "menu.undone_what": ("Rückgängig: {what}", "Undone: {what}"),
    "menu.undo_end": ("Das Ende zurücknehmen?", "Take back the end?"),
    "menu.undo_end.short": ("Ende zurück?", "Undo the end?"),
    "undo.zweimal_place": ("Figur auf {at}", "figure on {at}"),
    "undo.zweimal_move": ("Zug {at} nach {to}", "move {at} to {to}"),
    "undo.zweimal_lay": ("Karte auf {at}", "card on {at}"),
    "undo.zweimal_road": ("Straße {at}", "road {at}"),
    "undo.setup": ("Aufbau", "set-up"),
    "undo.fuw_draw": ("Karte {card} gezogen", "card {card} drawn"),
    "undo.fuw_lay": ("Karte {card} gelegt", "card {card} laid"),
    "undo.dan_step": ("Schritt auf {at}", "step to {at}"),
    "undo.dan_temple": ("Tempel", "temple"),
    "undo.end_turn": ("Zugende", "end of turn"),
    "undo.wd_clash": ("Kampf", "clash"),
    "menu.undo_question.short": ("Rückgängig?", "Undo?"),
    "menu.nothing_to_undo.short": ("Kein Schritt zurück", "Nothing to undo"),
    "variant.zweimal.1": ("Spiel 1 (4x4)", "Game 1 (4x4)"),
    "variant.zweimal.2": ("Spiel 2 (5x5)", "Game 2 (5x5)"),
    "player.A": ("Spieler A", "Player A"),
    "player.B": ("Spieler B", "Player B"),
    # hint line: what ok and back do now
    "hint.menu": ("ok:wählen back:zurück", "ok:select back:back"),
    "hint.menu_top": ("ok:wählen back:Spiel", "ok:select back:game"),
    "hint.menu_only": ("ok:wählen", "ok:select"),
    "hint.confirm": ("ok:ja back:nein", "ok:yes back:no"),
    "hint.message": ("ok:weiter", "ok:continue"),
    "hint.setup_done": ("ok:drehen back:fertig", "ok:turn back:done"),
    "hint.place": ("ok:setzen", "ok:place"),
    "hint.place_or_move": ("ok:wählen", "ok:select"),
    "hint.move_target": ("ok:hierhin back:abbrechen", "ok:move here back:cancel"),
    "hint.lay": ("ok:legen", "ok:lay"),
    "hint.over": ("ok:Menü", "ok:menu"),
    "hint.back_undo": (" back:rückgängig", " back:take back"),
    "hint.review": ("ok:weiter back:rückgängig", "ok:next back:take back"),
    "hint.deal": ("ok:so legen back:selbst", "ok:laid so back:by hand"),
    # status line
    "status.turn": ("{player} am Zug", "{player} to move"),
    "status.setup": ("Aufbau", "Set-up"),
    "status.round": ("R{round}", "R{round}"),
    "status.over": ("Ende", "Over"),
    "status.stopped": ("Angehalten", "Stopped"),
    "status.reader_missing": ("Kartenleser fehlt", "Card reader missing"),
    "status.reader_back": ("Kartenleser wieder da", "Card reader is back"),
    # Zweimal screen
    "zweimal.game": ("Spiel {variant}", "Game {variant}"),
    "zweimal.round": ("Runde {round}", "Round {round}"),
    "zweimal.game_round": ("Spiel {variant} · R{round}", "Game {variant} · R{round}"),
    "zweimal.supply": ("Vorrat {n}", "Supply {n}"),
    "zweimal.figures": ("Fig. A{a} B{b}", "Fig. A{a} B{b}"),
    "zweimal.deal1": ("Box teilt aus", "The box deals"),
    "zweimal.deal2": ("so hinlegen", "lay them so"),
    "zweimal.deal3": ("<>:mischen", "<>:reshuffle"),
    "zweimal.scoring": ("Wertung R{round}", "Scoring R{round}"),
    "zweimal.road_n": ("Straße {i}/{n}", "Road {i}/{n}"),
    "zweimal.browse": ("<>:blättern", "<>:browse"),
    "zweimal.no_road": ("keine Wertung", "no road won"),
    "zweimal.setup_help": ("Straßen wie", "Set roads as"),
    "zweimal.setup_help2": ("auf dem Tisch", "on the table"),
    "zweimal.round_total": ("Runde {round}", "Round {round}"),
    "zweimal.total": ("Summe", "Total"),
    "zweimal.winner": ("{player} gewinnt", "{player} wins"),
    "zweimal.draw": ("Unentschieden", "Draw"),
    "zweimal.step_figure": ("Figur setzen", "Place figure"),
    "zweimal.step_road": ("Karte legen", "Lay a card"),
    # Feuer und Wasser
    "menu.choose_version": ("Version", "Version"),
    "menu.choose_tactician": ("Taktiker-Variante?", "Tactician variant?"),
    "fuw.rows": ("Reihen (Grundspiel)", "Rows (basic game)"),
    "fuw.groups": ("Gruppen (verbündet)", "Groups (allied)"),
    "fuw.no": ("Nein", "No"),
    "fuw.yes": ("Ja: offene Stapel", "Yes: open piles"),
    "fuw.fire": ("Feuer", "Fire"),
    "fuw.water": ("Wasser", "Water"),
    "fuw.turn": ("{player} am Zug", "{player} to move"),
    "fuw.turn_short": ("Zug: {player}", "Turn: {player}"),
    "hint.fuw_draw": ("ok:ziehen back:rückgängig", "ok:drawn back:take back"),
    "hint.fuw_lay": ("ok:legen back:Tipp", "ok:lay back:best place"),
    "fuw.row": ("Reihe", "Row"),
    "fuw.group": ("Grp.", "Group"),
    "fuw.last": ("{shape} {n}:-{k}", "{shape} {n}:-{k}"),
    "fuw.last_tactician": ("{shape} {n}:+{k}", "{shape} {n}:+{k}"),
    "fuw.piles": ("St. {piles}", "Pile {piles}"),
    "fuw.points": ("Pkt. {points}", "Pts {points}"),
    "fuw.card": ("Karte {card}", "Card {card}"),
    "fuw.best": ("Bester: {k}", "Best: {k}"),
    "fuw.move_turn": ("<>Ort ^vDreh", "<>pos ^vturn"),
    "fuw.round_over": ("Runde {round} aus", "Round {round} over"),
    # Day and Night
    "dan.day": ("Tag", "Day"),
    "dan.night": ("Nacht", "Night"),
    "dan.turn_ap": ("{side} {ap} AP", "{side} {ap} AP"),
    "dan.hand": ("Hand {hand} St{deck}", "Hand {hand} D{deck}"),
    "dan.cost": ("Kosten {ap} AP", "Costs {ap} AP"),
    "dan.target": ("Ziel {i}/{n}", "Target {i}/{n}"),
    "dan.temple": ("Tempel:", "Temple:"),
    "dan.chosen": ("{n}/8 gewählt", "{n}/8 chosen"),
    "dan.draw_cards": ("+{n} Karten", "+{n} cards"),
    "dan.draw_cards.one": ("+1 Karte", "+1 card"),
    "dan.upkeep_day": ("Mk-{m} fix{f}", "mk-{m} fix{f}"),
    "dan.upkeep_night": ("Kristalle-{n}", "Crystals -{n}"),
    "dan.discard": ("{n} abwerfen", "discard {n}"),
    "dan.temples_short": ("Tempel {day}:{night}", "Temples {day}:{night}"),
    "dan.confirm_end": ("Zug beenden?", "End the turn?"),
    "dan.draw": ("Unentschieden", "A draw"),
    "dan.day_wins": ("Tag gewinnt", "Day wins"),
    "dan.night_wins": ("Nacht gewinnt", "Night wins"),
    "dan.temples": ("Tempel Tag {day} Nacht {night}", "Temples Day {day} Night {night}"),
    "dan.why_draw": ("Keiner baut mehr", "Neither can build"),
    "dan.why_day": ("Nacht chancenlos", "Night cannot win"),
    "dan.why_cards": ("Keine Karten mehr", "No cards left"),
    "hint.dan_spells": ("ok:wählen back:zurück", "ok:take back:back"),
    "hint.dan_target": ("ok:Ziel back:zurück", "ok:target back:back"),
    "hint.dan_temple": ("ok:Feld back:zurück", "ok:field back:undo"),
    "hint.dan_pawn": ("ok:Zauber back:Zugende", "ok:spells back:end turn"),
    "hint.dan_step": ("ok:Schritt back:Zugende", "ok:step back:end turn"),
    "hint.dan_board": ("Pfeile back:Zugende", "arrows back:end turn"),
    # Day and Night refusals
    "refuse.temple_first": ("Erst den Tempel wählen", "Choose the temple first"),
    "refuse.not_your_spell": ("Nicht dein Zauber", "Not your spell"),
    "refuse.hand_empty": ("Keine Karte auf der Hand", "No card in hand"),
    "refuse.too_expensive": ("Zu wenig Aktionspunkte", "Not enough AP left"),
    "refuse.too_expensive.short": ("Zu wenig AP", "Not enough AP"),
    "refuse.prerequisite": ("Bedingung fehlt", "Prerequisite not met"),
    "refuse.wrong_targets": ("Falsche Zahl an Zielen", "Wrong number of targets"),
    "refuse.off_board": ("Feld liegt außerhalb", "Field is off the board"),
    "refuse.target_fixed": ("Feld ist fixiert", "That tile is fixed"),
    "refuse.target_temple": ("Feld gehört zum Tempel", "That tile is a temple"),
    "refuse.target_crystal": ("Feld ist kristallisiert", "That tile is crystallized"),
    "refuse.target_crystal.short": ("Feld hat Kristall", "Field is crystallized"),
    "refuse.target_not_empty": ("Feld ist nicht leer", "That field is not empty"),
    "refuse.target_not_adjacent": ("Nicht daneben", "Not next to it"),
    "refuse.target_no_tile": ("Dort liegt kein Plättchen", "No tile there"),
    "refuse.target_not_day": ("Kein Tag-Plättchen", "Not a Day tile"),
    "refuse.target_not_night": ("Kein Nacht-Plättchen", "Not a Night tile"),
    "refuse.target_twice": ("Jedes Feld nur einmal", "Each field once"),
    "refuse.pawn_held": ("Kristall hält die Figur", "A crystal holds the pawn"),
    "refuse.step_not_adjacent": ("Nur ein Feld weit", "One field only"),
    "refuse.entered_twice": ("Feld schon betreten", "Field entered this turn"),
    "refuse.spells_first": ("Zaubern vor dem Gehen", "Spells before moving"),
    "refuse.target_colour": ("Hat die Farbe schon", "Already that colour"),
    "refuse.no_temple_pending": ("Kein Tempel zu wählen", "No temple to choose"),
    "refuse.temple_choice": ("8 Felder des Gebiets", "8 fields of the area"),
    "refuse.temple_not_connected": ("Tempel nicht verbunden", "The temple must connect"),
    # saved games
    "store.damaged": ("Spielstand beschädigt", "Saved game damaged"),
    "store.restored": ("Sicherung geladen", "Backup restored"),
    "store.started_empty": ("Neu begonnen", "Started afresh"),
    "store.write_failed": ("Speichern fehlgeschlagen", "Saving failed"),
    "store.write_failed.short": ("Nicht gespeichert", "Not saved"),
    "store.write_failed_full": ("Voll: nicht gespeichert", "Card full: not saved"),
    "store.wal_lost": ("{n} Änderungen fehlen", "{n} changes lost"),
    "store.wal_lost.one": ("1 Änderung fehlt", "1 change lost"),
    "store.power_cut": ("Nach Stromausfall", "After a power cut"),
    "store.main_missing": ("Spielstand fehlte", "Saved games were missing"),
    "store.main_empty": ("Spielstand war leer", "Saved games were empty"),
    "store.lesser": ("Sicherung hatte mehr", "Backup held more"),
    "store.game_restored": ("#{id} aus Sicherung", "#{id} from the backup"),
    "store.game_cut": ("#{id} ab Zug {action} weg", "#{id} lost from {action}"),
    "store.game_unreadable": ("#{id} unlesbar", "#{id} unreadable"),
    "store.other_rules": ("#{id}: andere Regeln", "#{id}: other rules"),
    # refusals (IllegalMove codes)
    "refuse.field_has_figure": ("Feld hat schon eine Figur", "That field has a figure"),
    "refuse.no_figure_left": ("Keine Figur mehr übrig", "No figure left to place"),
    "refuse.no_moves_in_game_1": ("Ziehen nur in Spiel 2", "Moving only in game 2"),
    "refuse.not_your_figure": ("Nicht deine Figur", "Not your figure"),
    "refuse.move_not_adjacent": ("Nur ein Feld weit ziehen", "Move one field only"),
    "refuse.move_off_road": ("Nur entlang der Straße", "Only along the road"),
    "refuse.lay_on_figure": ("Karte nur auf freies Feld", "Card only on a free field"),
    "refuse.setup_first": ("Erst das Raster aufbauen", "Set up the grid first"),
    "refuse.figure_first": ("Erst eine Figur setzen", "Place a figure first"),
    "refuse.road_now": ("Jetzt eine Karte legen", "Now lay a road card"),
    "refuse.game_over": ("Das Spiel ist zu Ende", "The game is over"),
    "refuse.round_started": ("Runde läuft schon", "The round has started"),
    "refuse.off_grid": ("Feld liegt außerhalb", "Field is off the grid"),
    "refuse.bad_orientation": ("Straße nur - oder |", "A road lies - or |"),
    "refuse.bad_layout": ("Auslage passt nicht", "Layout does not fit"),
    "refuse.unknown_action": ("Unbekannte Aktion", "Unknown action"),
    # Feuer und Wasser refusals
    "refuse.lay_first": ("Erst die Karte legen", "Lay the drawn card first"),
    "refuse.not_in_deck": ("Nicht in diesem Stapel", "Not in this deck"),
    "refuse.card_laid": ("Karte liegt schon", "That card is laid"),
    "refuse.pile_empty": ("Zugstapel ist leer", "The draw pile is empty"),
    "refuse.draw_first": ("Erst eine Karte ziehen", "Draw a card first"),
    "refuse.bad_turn": ("Drehung nur 0 bis 3", "Turns are 0 to 3"),
    "refuse.cover_four": ("Genau 4 Felder bedecken", "Cover exactly 4 fields"),
}


def shorter(shown: str, lang: str = "de") -> tuple[str, ...]:
    """The short form (`<key>.short`) of a text shown as the catalog has it, for a box that
    is too narrow for it (a notice band beside a board)."""
    index = 0 if lang == "de" else 1
    for key, forms in TEXTS.items():
        if forms[index] == shown and f"{key}.short" in TEXTS:
            return (TEXTS[f"{key}.short"][index],)
    return ()


def add(texts: dict[str, tuple[str, str]]) -> None:
    """Texts a game's screens bring along (`TEXTS` in its screens module)."""
    for key, value in texts.items():
        TEXTS.setdefault(key, value)


def text(key: str, lang: str = "de", **values: object) -> str:
    if values.get("n") == 1 and f"{key}.one" in TEXTS:
        key = f"{key}.one"
    de, en = TEXTS[key]
    template = de if lang == "de" else en
    return template.format(**values) if values else template


def refusal(code: str, fallback: str, lang: str = "de") -> str:
    key = f"refuse.{code}"
    return text(key, lang) if key in TEXTS else fallback
