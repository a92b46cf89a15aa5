"""Every text the players see, in German (the default) and English.

`text(key, lang, **values)` fills `{name}` placeholders; a count `n` of 1 takes the key's
singular form `<key>.one` where the catalog has one ("1 Änderung", "2 Änderungen"). Refusals
from the engine carry a code (see `IllegalMove.code`) that is looked up here as
`refuse.<code>`; an unknown code falls back to the engine's English message, so nothing is
ever shown blank.

`TEXTS` is the box's own catalog, shared by every game. A game's words are its own: its texts
module holds them as a `Texts` (its `TEXTS`, named by its `Entry`), whose `text` and
`refusal` look in the game's keys first and then in the box's. Two games may give one key
different words, and a key only one game uses is that game's.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping

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
    "setup.starter": ("Beginnt", "Starts"),
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
    "menu.choose_starter": ("Wer beginnt?", "Who starts?"),
    "menu.choose_deck_rules": ("Deckregeln", "Deck rules"),
    "deck_rules.strict": ("wie im Original", "as the original"),
    "deck_rules.free": ("frei (Designer)", "free (designer)"),
    "deck_rules.mark": ("frei", "free"),
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
    # what every game's scores say
    # status line
    "status.round": ("R{round}", "R{round}"),
    "status.over": ("Ende", "Over"),
    "status.stopped": ("Angehalten", "Stopped"),
    "status.reader_missing": ("Kartenleser fehlt", "Card reader missing"),
    "status.reader_back": ("Kartenleser wieder da", "Card reader is back"),
    # Feuer und Wasser
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


class Texts(Mapping[str, tuple[str, str]]):
    """A game's own texts, key -> (German, English), read before the box's catalog."""

    def __init__(self, own: dict[str, tuple[str, str]]) -> None:
        self.own = own
        self._short: dict[tuple[str, str], tuple[str, ...]] = {}
        self._seen = -1  # the box catalog's `_changes` the kept short forms were found at

    def __getitem__(self, key: str) -> tuple[str, str]:
        return self.own[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self.own)

    def __len__(self) -> int:
        return len(self.own)

    def forms(self, key: str) -> tuple[str, str]:
        """A key's (German, English) words: the game's own, else the box's."""
        found = self.own.get(key)
        return found if found is not None else TEXTS[key]

    def knows(self, key: str) -> bool:
        return key in self.own or key in TEXTS

    def text(self, key: str, lang: str = "de", **values: object) -> str:
        if values.get("n") == 1 and self.knows(f"{key}.one"):
            key = f"{key}.one"
        de, en = self.forms(key)
        template = de if lang == "de" else en
        return template.format(**values) if values else template

    def refusal(self, code: str, fallback: str, lang: str = "de") -> str:
        key = f"refuse.{code}"
        return self.text(key, lang) if self.knows(key) else fallback

    def shorter(self, shown: str, lang: str = "de") -> tuple[str, ...]:
        """The short form (`<key>.short`) of a text shown as the catalog has it, for a box
        that is too narrow for it (a notice band beside a board). Asked for every notice
        drawn, so the answers are kept until the catalog changes (`add`)."""
        if self._seen != _changes[0] or len(self._short) > 512:
            self._short.clear()
            self._seen = _changes[0]
        found = self._short.get((shown, lang))
        if found is None:
            found = self._short[(shown, lang)] = self._find_shorter(shown, lang)
        return found

    def _find_shorter(self, shown: str, lang: str) -> tuple[str, ...]:
        index = 0 if lang == "de" else 1
        for key in [*self.own, *(k for k in TEXTS if k not in self.own)]:
            if not self.knows(f"{key}.short"):
                continue
            form, short = self.forms(key)[index], self.forms(f"{key}.short")[index]
            if form == shown:
                return (short,)
            if "{" in form:  # a text with values: the short form with the same values
                found = _template(form).fullmatch(shown)
                if found:
                    return (short.format(**found.groupdict()),)
        return ()


BOX = Texts({})  # the box's catalog alone, for what no game says
_changes = [0]  # how often `add` changed the box's catalog


def _template(form: str) -> re.Pattern[str]:
    parts = re.split(r"\{(\w+)\}", form)
    pattern = "".join(
        re.escape(part) if i % 2 == 0 else f"(?P<{part}>.+)" for i, part in enumerate(parts)
    )
    return re.compile(pattern)


def add(texts: dict[str, tuple[str, str]]) -> None:
    """Texts a part of the box shared by every game brings along (the web page's). A key the
    catalog has with other words is a mistake (one of the two texts would never be shown)."""
    _changes[0] += 1
    for key, value in texts.items():
        if TEXTS.setdefault(key, value) != value:
            raise MisuseError(f"text {key!r} is already in the catalog with other words")


def text(key: str, lang: str = "de", **values: object) -> str:
    """A text of the box's own catalog (a game's: its `Texts`)."""
    return BOX.text(key, lang, **values)


def refusal(code: str, fallback: str, lang: str = "de") -> str:
    return BOX.refusal(code, fallback, lang)


def shorter(shown: str, lang: str = "de") -> tuple[str, ...]:
    return BOX.shorter(shown, lang)
