"""The box's modes for tapped tags outside a game: the teach screen (a tag tapped, its card
picked, taught) and the deck check (each tag counted once, then the game's verdict)."""

from __future__ import annotations

from dataclasses import replace

from device import games
from device.app.effects import Effect, TeachCard
from device.app.state import TOP_MENU, BoxState, DeckCount, Page, Teach
from device.cards.names import printed_name
from device.events import Tap
from device.games.contract import DeckReport
from device.ui.catalog import text


def teach_tap(box: BoxState, event: Tap) -> BoxState:
    """A tag tapped on the teach screen: its card is picked next, the list on the card it
    was; a new tag's on the first card no tag is taught as yet, of the game in play (else the
    game played last), so a deck taught in its order is a tap and `ok` a card."""
    names = box.card_names
    index = names.index(event.known) if event.known in names else _next_untaught(box)
    return replace(
        box,
        teach=Teach(event.uid, event.known or ""),
        menu=((Page("teach"), index),),
        notice="",
    )


def _next_untaught(box: BoxState) -> int:
    names = box.card_names
    game = box.session.game if box.session else (box.recent[0][0] if box.recent else "")
    untaught = [i for i, n in enumerate(names) if n not in box.taught]
    mine = [i for i in untaught if names[i].startswith(f"{game}:")]
    return (mine or untaught or [0])[0]


def check_tap(box: BoxState, event: Tap) -> BoxState:
    """A tag tapped while a deck is counted: each tag once (a tag read twice in a row is the
    same card lying on the reader; a tag seen before is a card already counted)."""
    counted = box.check
    if counted.uids and counted.uids[-1] == event.uid:
        return box
    if event.uid in counted.uids:
        return replace(box, notice=text("check.again", box.lang))
    prefix = f"{counted.game}:"
    card = event.known[len(prefix) :] if event.known and event.known.startswith(prefix) else ""
    counted = replace(counted, uids=(*counted.uids, event.uid), cards=(*counted.cards, card))
    return replace(box, check=counted, notice="")


def check_report(box: BoxState) -> DeckReport:
    """The game's verdict on the deck counted so far (device/games/contract.py, DeckReport)."""
    screens = games.GAMES[box.check.game].screens
    return screens.check_deck(list(box.check.cards), box.lang)


def check_button(box: BoxState, button: str) -> tuple[BoxState, list[Effect]]:
    """ok: the report on one screen; back: the last tag is not counted (or, with none
    counted, back to the menu)."""
    if button == "ok":
        lines = check_report(box).lines
        return replace(
            box,
            mode="message",
            message=tuple(lines[:4]),
            menu=TOP_MENU,
            check=DeckCount(),
        ), []
    if button == "back":
        counted = box.check
        if counted.uids:
            less = replace(counted, uids=counted.uids[:-1], cards=counted.cards[:-1])
            return replace(box, check=less), []
        return replace(box, mode="menu", menu=TOP_MENU, check=DeckCount()), []
    return box, []


def start_check(box: BoxState, game: str) -> BoxState:
    return replace(box, mode="check", menu=TOP_MENU, check=DeckCount(game))


def teach_button(box: BoxState, button: str) -> tuple[BoxState, list[Effect]]:
    """Tap a tag, pick its card with up/down, ok teaches it; back steps out."""
    if not box.teach.uid:
        if button == "back":
            return replace(box, mode="menu", menu=TOP_MENU), []
        return box, []
    _, index = box.menu[-1]
    names = box.card_names
    if button in ("up", "down") and names:
        index = (index + (1 if button == "down" else -1)) % len(names)
        return replace(box, menu=((Page("teach"), index),)), []
    if button == "back":
        return replace(box, teach=Teach()), []
    if button == "ok" and names:
        card = names[index % len(names)]
        done = replace(
            box,
            teach=Teach(),
            notice=text("teach.taught", box.lang, card=printed_name(card, box.lang)),
        )
        return done, [TeachCard(box.teach.uid, card)]
    return box, []
