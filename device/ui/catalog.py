"""Every text the players see, in German (the default) and English.

`text(key, lang, **values)` fills `{name}` placeholders; a count `n` of 1 takes the key's
singular form `<key>.one` where the catalog has one ("1 Änderung", "2 Änderungen"). Refusals
from the engine carry a code (see `IllegalMove.code`) that is looked up here as
`refuse.<code>`; an unknown code falls back to the engine's English message, so nothing is
ever shown blank.
"""

from __future__ import annotations

import re
from functools import lru_cache

from engine.core import MisuseError

LANGUAGES = ("de", "en")

TEXTS: dict[str, tuple[str, str]] = {
    # key: (German, English)
    # menu
    "menu.title": ("Menü", "Menu"),
    "menu.new": ("Neues Spiel", "New game"),
    "menu.hint": ("Tipp", "Hint"),
    "menu.choose_opponent": ("Gegner?", "Opponent?"),
    "setup.opponent": ("Gegner", "Opponent"),
    "menu.choose_swap": ("Revanche: Seite der Box?", "Rematch: the box's seat?"),
    "setup.swap": ("Revanche", "Rematch"),
    "swap.stays": ("Box bleibt", "box stays"),
    "swap.swaps": ("Box tauscht", "box swaps"),
    "setup.variant": ("Spiel", "Game"),
    "setup.starter": ("Beginnt", "Starts"),
    "setup.supply": ("Vorrat", "Supply"),
    "setup.version": ("Version", "Version"),
    "setup.tactician": ("Taktiker", "Tactician"),
    "setup.deck_rules": ("Decks", "Decks"),
    "hint.setup": ("ok:Start back:zurück", "ok:start back:return"),
    "opponent.human": ("Mensch", "A person"),
    "opponent.box": ("Box spielt {seat}", "Box plays {seat}"),
    "ch.set": ("{where}: jetzt {what}", "{where}: now {what}"),
    "change.undone": ("Zurück {i}/{n}:", "Undo {i}/{n}:"),
    "change.undone.one": ("Zurück:", "Undo:"),
    "hint.lines_next": ("ok:weiter", "ok:next"),
    "hint.lines_done": ("ok:fertig", "ok:done"),
    "solo.box": ("Box", "Box"),
    "solo.thinking": ("Box denkt ...", "Box thinks ..."),  # two rows beside a board
    "solo.hint_thinking": ("Suche Tipp ...", "Finding a hint ..."),
    "solo.box_draws": ("Box zieht: welche Karte?", "Box draws: which card?"),
    "solo.handover": ("Box: {what}", "Box: {what}"),
    "solo.box_decides": ("Das entscheidet die Box", "The box decides that"),
    "solo.no_hint_over": ("Spiel vorbei: kein Tipp", "The game is over: no hint"),
    "hint.play_hint": ("ok:Tipp spielen back:weg", "ok:play hint back:dismiss"),
    "solo.move": ("Box: {what}", "Box: {what}"),
    "solo.move_page": ("Box {i}/{n}:", "Box {i}/{n}:"),
    "solo.move_page.one": ("Box:", "Box:"),
    "hint.box_move_next": ("ok:weiter back:rückgängig", "ok:next back:undo"),
    "solo.hint": ("Tipp: {what}", "Hint: {what}"),
    # too long beside a board: every game shows the hinted move on its board
    "solo.hint.short": ("Tipp: wie gezeigt", "Hint: as shown"),
    "solo.no_hint": ("Jetzt kein Tipp", "No hint now"),
    "solo.failed": ("Box findet keinen Zug", "Box found no move"),
    "hint.box_move": ("ok:fertig back:rückgängig", "ok:done back:undo"),
    "hint.box_thinking": ("bitte warten", "please wait"),
    "deal.title": ("Box zieht {i}/{n}: antippen", "Box draws {i}/{n}: tap it"),
    "deal.title.one": ("Karte der Box antippen", "Tap the box's card"),
    "deal.title.short": ("Box zieht {i}/{n}", "Box draws {i}/{n}"),
    "deal.not_in_deck": ("Nicht im Deck der Box", "Not in the box's deck"),
    "deal.all_drawn": ("{card}: alle gezogen", "{card}: all drawn"),
    "deal.all_drawn.short": ("Alle schon gezogen", "All drawn already"),
    "deal.cut": ("Box wirft {n} ab:", "Box discards {n}:"),
    "deal.told": ("Box hat {card}", "Box has {card}"),
    "hint.box_cards": ("ok:diese", "ok:this one"),
    "hint.box_cards_back": ("ok:diese back:-1 Karte", "ok:this one back:-1 card"),
    "hint.box_cards_undo": ("ok:diese back:rückgängig", "ok:this one back:undo"),
    "menu.resume": ("Fortsetzen", "Resume game"),
    "menu.undo": ("Rückgängig machen", "Undo a step"),
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
    "menu.web": ("Web-Seite", "Web page"),
    "hint.web": ("back:Menü", "back:menu"),
    "tap.unknown": ("Karte unbekannt: im Menü anlernen", "Unknown card: teach it in the menu"),
    "tap.unknown.short": ("Karte unbekannt", "Unknown card"),
    "tap.other_game": ("{card}: Karte von {game}", "{card}: a card of {game}"),
    "tap.other_game.short": ("Karte von {game}", "A card of {game}"),
    "tap.not_now": ("{card}: jetzt nicht nutzbar", "{card}: not usable now"),
    "tap.not_now.short": ("Karte nicht jetzt", "Not this card now"),
    "tap.in_game": ("{card}: im Spiel auflegen", "{card}: tap it in a game"),
    "tap.in_game.short": ("Im Spiel auflegen", "Tap it in a game"),
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
    "hint.check_empty": ("back:zurück", "back:menu"),
    "teach.tap": ("Karte auflegen", "Tap a card"),
    "teach.was": ("Bisher: {card}", "Was: {card}"),
    "teach.new": ("Neue Karte {uid}", "New card {uid}"),
    "teach.offer": ("Diese Karte?", "This card?"),
    "hint.teach_offer": ("ok:ja back:Spiel", "ok:yes back:game"),
    "teach.taught": ("Gelernt: {card}", "Taught: {card}"),
    "hint.teach_wait": ("back:zurück", "back:menu"),
    "hint.teach_pick": ("ok:lernen back:Spiele", "ok:teach back:games"),
    "hint.teach_games": ("ok:wählen back:abbrechen", "ok:choose back:cancel"),
    "menu.abandoned": ("Spiel abgebrochen", "Game abandoned"),
    "menu.undone": ("Zurückgenommen", "Undone"),
    "menu.rematch": ("Revanche: neues Spiel", "Rematch: a new game"),
    "menu.undone.short": ("Rückgängig", "Undone"),
    "menu.undone_what": ("Rückgängig: {what}", "Undone: {what}"),
    "menu.undone_what.short": ("Zurück: {what}", "Undone: {what}"),
    "menu.undo_end": ("Spielende zurücknehmen?", "Undo the game's end?"),
    "menu.undo_end.short": ("Ende zurück?", "Undo the end?"),
    "menu.undo_round": ("Rundenende zurücknehmen?", "Undo the round's end?"),
    "menu.undo_round.short": ("Runde zurück?", "Undo the round?"),
    # the round's or game's end, and the action that ended it (the player's, in solo play)
    "undo.end_what": ("Spielende zurück, dazu {what}?", "Undo the game's end and {what}?"),
    "undo.round_what": ("Rundenende zurück, dazu {what}?", "Undo the round's end and {what}?"),
    "undo.end_turn": ("Zugende", "end of turn"),
    "undo.wd_clash": ("Angriff", "attack"),
    "menu.undo_question": ("Rückgängig?", "Undo?"),
    "menu.nothing_to_undo.short": ("Kein Schritt zurück", "Nothing to undo"),
    "player.A": ("Spieler A", "Player A"),
    "player.B": ("Spieler B", "Player B"),
    # hint line: what ok and back do now
    "hint.menu": ("ok:wählen back:zurück", "ok:select back:return"),
    "hint.menu_top": ("ok:wählen back:Spiel", "ok:select back:game"),
    "hint.menu_only": ("ok:wählen", "ok:select"),
    "hint.confirm": ("ok:ja back:nein", "ok:yes back:no"),
    "hint.message": ("ok:weiter", "ok:continue"),
    "hint.over": ("ok:Revanche", "ok:rematch"),
    "hint.review": ("ok:weiter back:rückgängig", "ok:next back:undo"),
    # what every game's scores say
    "game.round": ("Runde {round}", "Round {round}"),
    "game.total": ("Summe", "Total"),
    "game.winner": ("{player} gewinnt", "{player} wins"),
    "game.draw": ("Unentschieden", "Draw"),
    # status line
    "status.turn": ("{player} am Zug", "{player} to move"),
    "status.setup": ("Aufbau", "Set-up"),
    "status.round": ("R{round}", "R{round}"),
    "status.over": ("Ende", "Over"),
    "status.stopped": ("Angehalten", "Stopped"),
    "status.reader_missing": ("Kartenleser fehlt", "Card reader missing"),
    "status.reader_back": ("Kartenleser wieder da", "Card reader is back"),
    # Feuer und Wasser
    "menu.choose_version": ("Version", "Version"),
    "menu.choose_tactician": ("Taktiker-Variante?", "Tactician variant?"),
    # Day and Night
    # saved games
    "store.damaged": ("Spielstand beschädigt", "Saved game damaged"),
    "store.restored": ("Sicherung geladen", "Backup restored"),
    "store.not_permitted": ("Spielstand gesperrt", "Saved games locked"),  # (no permission)
    "store.started_empty": ("Neu begonnen", "Started afresh"),
    "store.write_failed": ("Speichern fehlgeschlagen", "Saving failed"),
    "store.write_failed.short": ("Nicht gespeichert", "Not saved"),
    "store.write_failed_full": ("Voll: nicht gespeichert", "Card full: not saved"),
    "store.wal_lost": ("Letzte Änderungen fehlen", "Last changes lost"),
    "store.steps_lost": ("#{id}: {n} Schritte weg", "#{id}: {n} steps lost"),
    "store.steps_lost.one": ("#{id}: 1 Schritt weg", "#{id}: 1 step lost"),
    "store.game_lost": ("#{id} weg ({n} Schritte)", "#{id} lost ({n} steps)"),
    "store.game_lost.one": ("#{id} weg (1 Schritt)", "#{id} lost (1 step)"),
    "store.change_lost": ("#{id}: Änderung weg", "#{id}: a change lost"),
    "store.power_cut": ("Nach Stromausfall", "After a power cut"),
    "store.main_missing": ("Spielstand fehlte", "Saved games were missing"),
    "store.main_empty": ("Spielstand war leer", "Saved games were empty"),
    "store.game_restored": ("#{id} aus Sicherung", "#{id} from the backup"),
    "store.game_cut": ("#{id} ab Zug {action} weg", "#{id} lost from {action}"),
    "store.game_unreadable": ("#{id} unlesbar", "#{id} unreadable"),
    "store.other_rules": ("#{id}: andere Regeln", "#{id}: other rules"),
    # refusals (IllegalMove codes)
    "refuse.game_over": ("Das Spiel ist zu Ende", "The game is over"),
    "refuse.unknown_action": ("Unbekannte Aktion", "Unknown action"),
}


def shorter(shown: str, lang: str = "de") -> tuple[str, ...]:
    """The short form (`<key>.short`) of a text shown as the catalog has it, for a box that
    is too narrow for it (a notice band beside a board). Asked for every notice drawn, so
    the answers are kept until the catalog changes (`add`)."""
    return _shorter(shown, lang)


@lru_cache(maxsize=512)
def _shorter(shown: str, lang: str) -> tuple[str, ...]:
    index = 0 if lang == "de" else 1
    for key, forms in TEXTS.items():
        if f"{key}.short" not in TEXTS:
            continue
        if forms[index] == shown:
            return (TEXTS[f"{key}.short"][index],)
        if "{" in forms[index]:  # a text with values: the short form with the same values
            found = _template(forms[index]).fullmatch(shown)
            if found:
                return (TEXTS[f"{key}.short"][index].format(**found.groupdict()),)
    return ()


def _template(form: str) -> re.Pattern[str]:
    parts = re.split(r"\{(\w+)\}", form)
    pattern = "".join(
        re.escape(part) if i % 2 == 0 else f"(?P<{part}>.+)" for i, part in enumerate(parts)
    )
    return re.compile(pattern)


def add(texts: dict[str, tuple[str, str]]) -> None:
    """Texts a game's screens bring along (`TEXTS` in its screens module). A key the catalog
    has with other words is a mistake (one of the two texts would never be shown)."""
    _shorter.cache_clear()
    for key, value in texts.items():
        if TEXTS.setdefault(key, value) != value:
            raise MisuseError(f"text {key!r} is already in the catalog with other words")


def text(key: str, lang: str = "de", **values: object) -> str:
    if values.get("n") == 1 and f"{key}.one" in TEXTS:
        key = f"{key}.one"
    de, en = TEXTS[key]
    template = de if lang == "de" else en
    return template.format(**values) if values else template


def refusal(code: str, fallback: str, lang: str = "de") -> str:
    key = f"refuse.{code}"
    return text(key, lang) if key in TEXTS else fallback
