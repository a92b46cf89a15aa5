"""The one loop that owns the box: events in, engine and store updated, frame out.

Every input is handled in order: the pure transition (`device.app.transition.handle`) gives
the next state and its effects; the effects and the screen's state are saved in one
transaction; only then is the new frame drawn and sent. A failed save keeps the old state and
says so on the screen.
"""

from __future__ import annotations

import gc
import logging
import queue
import re
import threading
import time
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from device import games
from device.app import reports, saved_screen, transition
from device.app.effects import Append, Effect, Finish, NewGame, Resume, TeachCard, Undo
from device.app.frame import render
from device.app.menu import answered, menu_items
from device.app.session import SOLO, SWAP, Session, other_rules, read_back, same_rules, told_payload
from device.app.solo import seat as solo
from device.app.start import answers
from device.app.state import (
    TOP_MENU,
    BoxState,
    DeckCount,
    deck_checkers,
    engine_of,
    noticed,
    screens_of,
)
from device.events import UID_PATTERN, Event, Tap
from device.hw.display import Screen
from device.storage.records import GameRow, JsonObject, StoreError
from device.storage.store import Store
from device.ui.catalog import text

log = logging.getLogger("tabletop.loop")
UID = re.compile(UID_PATTERN)


def settle() -> None:
    """Once the start's work is done: what it made (the modules, fonts, the catalog, some
    80,000 objects) is kept out of the garbage collector's full passes (`gc.freeze`, no
    collection first: it would delay the first press), so that a full pass, which comes
    every so often as the games make objects, looks only at what they made: before, one
    such pass took 50-100 ms here, in the middle of whatever the box was doing (a search,
    a press's frame)."""
    gc.freeze()


def replayable(row: GameRow) -> bool:
    """A saved game the box can play on: a playable game saved under these rules."""
    entry = games.GAMES.get(row.game)
    return entry is not None and entry.playable and same_rules(row)


class Think:
    """The loop's own event: search for the box's move (after a restart)."""


THINK = Think()


class Stop:
    """Put on the queue to end the loop."""


Queued = Event | Think | Stop  # what the loop's queue holds


class Loop:
    def __init__(
        self,
        store: Store,
        screen: Screen,
        lang: str = "de",
        card_names: tuple[str, ...] = (),
        web_address: str = "",
        suggest: bool = False,
        names_later: Callable[[], tuple[str, ...]] | None = None,
    ) -> None:
        """`suggest`: a player's cursor and lists open on the box's choice (the setting),
        searched once the turn's frame is shown.
        `names_later`: the teach screen's cards, read right after the first frame (before any
        event is handled; before the first frame where the box restarts on the teach
        screen), in place of `card_names`."""
        self.store = store
        store.backup_after_frame = True  # a game's end is shown first, then backed up
        self.screen = screen
        self.lang = lang
        self.card_names = card_names
        self._names_later = names_later
        self.web_address = web_address
        self.suggest = suggest
        self.events: queue.Queue[Queued] = queue.Queue()
        self.box = self._restore()
        if self.box.mode == "teach":  # its first frame shows the cards
            self._read_names()
        self.handled = 0
        self.ready = threading.Event()  # set once the first frame is drawn
        self.notifier: Any = None  # a device.hw.systemd.Notifier: READY and the watchdog
        self.tag_texts: dict[str, str] = {}  # NDEF text read from pre-programmed tags, by UID

    # --- start-up ---------------------------------------------------------------------------

    def _restore(self) -> BoxState:
        """The box as it was before the restart: the game on show replayed from its record,
        the screen as saved over it, checked against what the box can show now, and what the
        saved games report said."""
        box = BoxState(
            lang=self.lang,
            card_names=self.card_names,
            web_address=self.web_address,
            suggest=self.suggest,
        )
        try:
            game_id, saved = self.store.screen()
        except StoreError as error:
            log.error("%s", error)
            game_id, saved = None, None
        session, damage = (None, None)
        if game_id is not None:
            session, damage = self._load_session(game_id)
        restored = saved_screen.read(box, saved)
        if session is not None:  # a solo game goes on solo, with the box's hand as told
            session = solo.restored(session, restored.solo_seat, restored.solo_told)
        box = replace(restored.box, session=session, view=self._view(session, restored.view))
        box = solo.suggestion_restored(box, restored.suggested)  # (saved opened before)
        box = reports.on_screen(self._shown_now(box), self.store.reports, damage, self.lang)
        box = replace(box, recent=self._last_started())  # what each game was last started with
        return self._with_resumable(box)

    def _shown_now(self, box: BoxState) -> BoxState:
        """A restored screen the box can still show: a new-game page whose questions changed,
        a deck check of a game that has none, or a game's screen without its game, gives way
        to the menu."""
        page = box.menu[-1][0]
        if page.kind == "question" or (page.kind == "setup" and not self._menu_fits(box)):
            box = replace(box, menu=TOP_MENU, choice=())  # (a question: saved before the page)
        elif page.kind == "setup":  # the answers as saved, where each is still a choice
            box = replace(box, choice=tuple(answered(page.key, dict(box.choice)).items()))
        if box.mode == "check" and (
            box.check.game not in deck_checkers() or len(box.check.uids) != len(box.check.cards)
        ):
            box = replace(box, mode="menu", menu=TOP_MENU, check=DeckCount())
        if box.session is None and box.mode not in ("menu", "check"):
            box = replace(box, mode="menu", menu=TOP_MENU)
        return box

    def _last_started(self) -> tuple[tuple[str, tuple[tuple[str, str], ...]], ...]:
        """The new-game answers each game was last started with, from the saved games."""
        try:
            rows = self.store.last_started()
        except Exception:  # noqa: BLE001 - a broken store only opens the menu on its defaults
            return ()
        return tuple((game, answers(game, values)) for game, values in rows if game in games.GAMES)

    def _view(self, session: Session | None, saved: JsonObject | None) -> Any:
        """The game's view as saved (its screens' codec), else the game's first view."""
        if session is None:
            return None
        screens = screens_of(session)
        if saved is not None:
            try:
                return screens.view_parse(saved, session.state)
            except (ValueError, TypeError, KeyError) as error:
                log.error("saved view unreadable (%s); the game's first view instead", error)
        return screens.initial_view(session.state)

    def _menu_fits(self, box: BoxState) -> bool:
        try:
            return bool(menu_items(box))
        except (KeyError, StopIteration, AttributeError, TypeError):
            return False

    def _load_session(self, game_id: int) -> tuple[Session | None, str | None]:
        """Replay a saved game; a record that does not parse or is refused by the rules stops
        the replay there. A game saved under other rules is not replayed at all."""
        read = self.store.read_game(game_id)
        if read is None or read.row.problem:
            if read is not None:
                log.error("game %s: its record is unreadable (%s)", game_id, read.row.problem)
                return None, text("store.game_unreadable", self.lang, id=game_id)
            return None, None
        row = read.row
        entry = games.GAMES.get(row.game)
        if entry is None or not entry.playable:
            return None, None
        if not same_rules(row):
            log.error("game %s of %s: %s: not replayed", game_id, row.game, other_rules(row))
            return None, text("store.other_rules", self.lang, id=game_id)
        try:
            back = read_back(entry, row, read.events)
        except ValueError as error:
            log.error("game %s: %s", game_id, error)
            return None, text("store.game_unreadable", self.lang, id=game_id)
        lost = None
        if back.stopped is not None:
            log.error(
                "game %s: action %s unreadable, replay stops before it: %s",
                game_id,
                back.stopped,
                back.why,
            )
            try:  # later actions go after the last good one
                self.store.cut(game_id, len(back.actions))
            except StoreError as failed:
                log.error("%s", failed)
            lost = text("store.game_cut", self.lang, id=game_id, action=back.stopped)
        history = back.actions
        told = back.told_cards if back.solo else ()
        session = Session(
            game_id,
            row.game,
            back.options,
            back.state,
            len(history),
            history,
            back.before,
            box_seat=back.solo,
            box_told=told,
        )
        return session, lost

    def _with_resumable(self, box: BoxState) -> BoxState:
        current = box.session.db_id if box.session else None
        try:
            other = self.store.latest_unfinished(current, replayable)
        except Exception:  # noqa: BLE001 - a broken store only hides the menu item
            other = None
        return replace(box, resumable=other is not None)

    # --- handling events --------------------------------------------------------------------

    def handle(self, event: Event) -> None:
        before = self.box
        if isinstance(event, Tap) and not UID.fullmatch(event.uid):
            log.warning("ignored a tap with a malformed UID %r", event.uid[:40])
            return  # never taught, never a card: the registry takes 4-, 5- and 7-byte UIDs
        if isinstance(event, Tap):  # (in the menu too: a known card is named, not unknown)
            event = Tap(event.uid, self.known_card(event.uid))
        if isinstance(event, Tap) and (before.mode == "teach" or event.known is None):
            # the teach screen opens on a card not taught yet
            before = replace(before, taught=frozenset(card for _, card in self.store.cards()))
        new, effects = transition.handle(before, event)
        try:
            new = self._carry_out(before, new, effects)
        except StoreError as error:
            log.error("%s", error)  # nothing was taken: the screen stays as last saved
            key = "store.write_failed_full" if error.kind == "full" else "store.write_failed"
            new = replace(before, notice=noticed(key))
        self.box = new
        self.draw()
        self.store.write_pending_backup()  # a game's end: its backup, after its frame
        self.think()

    def save_screen(self) -> None:
        """The screen as shown, saved on its own (the game's record unchanged)."""
        session = self.box.session
        try:
            self.store.record(session.db_id if session else None, saved_screen.record(self.box))
        except StoreError as error:
            log.error("%s", error)  # the screen as last saved: a restart opens it again

    def think(self) -> None:
        """After the frame: the box's move in solo play, or a hint (the frame already says
        "Box denkt ..."; presses meanwhile wait on the queue; its answer is shown, nothing is
        saved until the player confirms the box's move), or the box's choice that a player's
        turn opens on (`suggest`)."""
        while solo.wants_thinking(self.box):
            if solo.wants_suggestion(self.box):
                if not self._suggested():
                    break
                continue
            try:
                self.box = solo.think(self.box)
            except Exception:  # noqa: BLE001 - the game goes on without the box's move
                log.exception("the search failed")
                self.box = replace(self.box, proposal=None, notice=noticed("solo.failed"))
                break
            self.draw()

    def _pressed(self, _simulations: int = 0) -> bool:
        return not self.events.empty()

    def _suggested(self) -> bool:
        """A player's turn, its frame shown: the cursor and lists opened on the box's choice
        for them, the frame drawn again and the screen saved (a restart does not open it
        again). A press that comes meanwhile acts on the screen it follows: the search stops
        and its answer is dropped, as where it fails (the turn stays where the game put it).
        False where it was dropped."""
        box = self.box
        try:
            found = None if self._pressed() else solo.think(box, stop=self._pressed)
        except Exception:  # noqa: BLE001 - the player's cursor stays where the game put it
            log.exception("the search for the player's suggestion failed")
            found = None
        if found is None or self._pressed():
            self.box = solo.unsuggested(box)
            return False
        self.box = found
        self.save_screen()
        self.draw()
        return True

    def known_card(self, uid: str) -> str | None:
        """The card a tag stands for: taught, else the card name its NDEF text carries."""
        card = self.store.card_for(uid)
        if card is None and uid in self.tag_texts:
            from device.cards.registry import checked
            from device.errors import CardError

            try:
                card = checked(uid, self.tag_texts[uid]).card
            except CardError:
                log.warning(
                    "tag %s carries text %r, which is no card name", uid, self.tag_texts[uid]
                )
        return card

    def _carry_out(self, before: BoxState, new: BoxState, effects: list[Effect]) -> BoxState:
        if not effects and new == before:
            return new  # nothing changed: nothing to save
        session = new.session
        game_id = session.db_id if session else None
        append = None
        undo = 0
        status = None
        for effect in effects:
            match effect:
                case NewGame(game, options, box_seat, swap):
                    entry = games.GAMES[game]
                    state = entry.game.initial(options)
                    session = Session(0, game, options, state, 0, box_seat=box_seat)
                    new = replace(new, session=session, solo_kept=solo.put_aside(before))
                    saved = entry.game.format_options(options)
                    game_id = self.store.new_game(
                        game,
                        entry.rules_version,
                        {**saved, SOLO: box_seat, **({SWAP: "yes"} if swap else {})}
                        if box_seat
                        else saved,
                        saved_screen.record(new),
                    )
                    session = replace(session, db_id=game_id)
                    new = replace(new, session=session)
                case Append(action, told):
                    assert session is not None  # an action is appended to a game
                    text_form = engine_of(session).format_action(action)
                    append = {"kind": "action", "action": text_form, **told_payload(told)}
                case Undo():
                    undo += 1
                case Finish(finish):
                    status = finish
                    if finish == "abandoned":
                        game_id = before.session.db_id if before.session else None
                case TeachCard(uid, card):
                    self.store.teach([(uid, card)])
                case Resume():
                    other = self.store.latest_unfinished(game_id, replayable)
                    if other is not None:
                        loaded, _ = self._load_session(other)
                        kept = solo.put_aside(before)
                        if loaded is not None:  # a solo game put aside goes on solo
                            loaded, kept = solo.taken_back(kept, loaded)
                        view = self._view(loaded, None)
                        new = replace(new, session=loaded, view=view, solo_kept=kept)
                        game_id = other
        self.store.record(
            game_id, saved_screen.record(new), append=append, undo=undo, status=status
        )
        return self._with_resumable(new) if effects else new

    def draw(self) -> None:
        self.screen.show(render(self.box))

    # --- running ----------------------------------------------------------------------------

    def _read_names(self) -> None:
        """The teach screen's cards, once (`names_later`); if they cannot be read, logged, and
        the teach screen offers none."""
        read, self._names_later = self._names_later, None
        if read is None:
            return
        try:
            self.card_names = read()
        except Exception:  # a card file that cannot be read must not end the loop
            log.exception("the card names could not be read")
            return
        self.box = replace(self.box, card_names=self.card_names)

    def run(self) -> None:
        """Handle events until a Stop arrives. Marks each event done (queue.join works).
        While the display fails, the frame is sent again every second. The systemd watchdog
        is pinged from here, so a hung loop stops the pings and systemd restarts the box. A
        first frame or card names that fail are logged: the loop still starts."""
        try:
            self.draw()
        except Exception:  # a start that cannot draw must not end the loop (nor hang the start)
            log.exception("the first frame failed")
        notifier = self.notifier
        ping = notifier.watchdog_s / 3 if notifier and notifier.watchdog_s else None
        if notifier:  # the first frame is shown: said at once (the start's other work follows)
            notifier.ready()
            if ping:
                notifier.watchdog()
        if solo.wants_thinking(self.box):  # restarted on the box's turn: its move again, in turn
            self.events.put(THINK)
        self.ready.set()
        self._read_names()  # what the first frame did not need, before any event is handled
        settle()
        last_ping = time.monotonic()
        while True:
            waits = [w for w in (ping, 1.0 if self.screen.failing else None) if w]
            try:
                event = self.events.get(timeout=min(waits) if waits else None)
            except queue.Empty:
                event = None
            if ping and time.monotonic() - last_ping >= ping:
                notifier.watchdog()
                last_ping = time.monotonic()
            if event is None:
                if self.screen.failing:
                    self.draw()
                continue
            try:
                if isinstance(event, Stop):
                    return
                if isinstance(event, Think):
                    self.think()
                    continue
                self.handle(event)
                self.handled += 1
            except Exception:  # the loop must not die on one bad event
                log.exception("event %r failed", event)
            finally:
                self.events.task_done()
