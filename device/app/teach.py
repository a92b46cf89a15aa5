"""The box's modes for tapped tags: the teach screen (a tag tapped, its card picked from its
game's page, taught; or a tag unknown to the box tapped in a game, offered as the next card
of that game not taught yet) and the deck check (each tag counted once, then the game's
verdict)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from device import games
from device.app.effects import Effect, TeachCard
from device.app.state import (
    NO_NOTICE,
    TOP_MENU,
    BoxState,
    DeckCount,
    Page,
    Teach,
    noticed,
)
from device.cards.names import printed_name
from device.events import Tap
from device.games.contract import DeckReport

ROWS = 3  # the cards a teach page shows at once (device/app/frame.py)


def teach_tap(box: BoxState, event: Tap) -> BoxState:
    """A tag tapped on the teach screen: its card is picked next, the list on the card it
    was; a new tag's on the first card no tag is taught as yet, of the game in play (else the
    game played last), so a deck taught in its order is a tap and `ok` a card."""
    names = box.card_names
    index = names.index(event.known) if event.known in names else _next_untaught(box)
    return replace(
        box,
        teach=Teach(event.uid, event.known or "", box.teach.in_game),
        menu=((Page("teach"), index),),
        notice=NO_NOTICE,
    )


def offer(box: BoxState, uid: str, takes: Callable[[str], bool] = lambda card: True) -> BoxState:
    """A tag the box was never taught, tapped in a game: "this card?", on the next card of
    the game in play no tag is taught as yet that the game would take now (`takes`: a card
    its pile can still give, never a player's token or the other side's card), else on one
    it would take, else on the next untaught (`ok` teaches it and the game takes the tap,
    `back` goes back to the game)."""
    if not box.card_names:
        return replace(box, notice=noticed("tap.unknown"))
    return replace(
        box,
        mode="teach",
        teach=Teach(uid, "", in_game=True),
        menu=((Page("teach"), _first_taken(box, takes)),),
        notice=NO_NOTICE,
    )


def _first_taken(box: BoxState, takes: Callable[[str], bool]) -> int:
    names = box.card_names
    game = box.session.game if box.session else ""
    cards = cards_of(names, game)
    untaught = [i for i in cards if names[i] not in box.taught]
    for i in (*untaught, *(i for i in cards if i not in untaught)):
        if takes(names[i]):
            return i
    return _next_untaught(box)


def _next_untaught(box: BoxState) -> int:
    """The first card of the game in play (else of the game played last) no tag is taught
    as yet; every one has a tag: a further copy, from its first card (`_game_page`)."""
    names = box.card_names
    game = box.session.game if box.session else (box.recent[0][0] if box.recent else "")
    if cards_of(names, game):
        return _game_page(box, game)
    return next((i for i, n in enumerate(names) if n not in box.taught), 0)


def game_of(card: str) -> str:
    return card.split(":", 1)[0]


def cards_of(names: tuple[str, ...], game: str) -> list[int]:
    """A game's cards in the teach list (their places in it), in order."""
    return [i for i, n in enumerate(names) if game_of(n) == game]


def page_of(names: tuple[str, ...], index: int) -> list[int]:
    """The teach list's page the card at `index` is on: its game's cards, in order."""
    return cards_of(names, game_of(names[index]))


def teach_games(names: tuple[str, ...]) -> list[str]:
    """The games on the teach screen's list of games, in the order of their cards."""
    return list(dict.fromkeys(game_of(n) for n in names))


def _game_page(box: BoxState, game: str) -> int:
    """A game's page of cards, on its first card not taught yet (else its first)."""
    cards = cards_of(box.card_names, game)
    return next((i for i in cards if box.card_names[i] not in box.taught), cards[0])


def check_tap(box: BoxState, event: Tap) -> BoxState:
    """A tag tapped while a deck is counted: each tag once (a tag read twice in a row is the
    same card lying on the reader; a tag seen before is a card already counted)."""
    counted = box.check
    if counted.uids and counted.uids[-1] == event.uid:
        return box
    if event.uid in counted.uids:
        return replace(box, notice=noticed("check.again"))
    prefix = f"{counted.game}:"
    card = event.known[len(prefix) :] if event.known and event.known.startswith(prefix) else ""
    counted = replace(counted, uids=(*counted.uids, event.uid), cards=(*counted.cards, card))
    return replace(box, check=counted, notice=NO_NOTICE)


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
    """Tap a tag, pick its card on its game's page (▲▼ a card, ◄► a screen of them), ok
    teaches it; back: the list of games (game first, then the card), back again steps out.
    A tag offered in a game goes back to it with back or ok (the transition then hands the
    game the tap, device/app/transition.py)."""
    if not box.teach.uid:
        if button == "back":
            return replace(box, mode="menu", menu=TOP_MENU), []
        return box, []
    names = box.card_names
    if not names:
        return (replace(box, teach=Teach()) if button == "back" else box), []
    if box.menu[-1][0].kind == "game":  # the list of games
        return _games_button(box, button)
    index = box.menu[-1][1] % len(names)
    if button in MOVES:
        page = page_of(names, index)
        index = page[(page.index(index) + MOVES[button]) % len(page)]
        return replace(box, menu=((Page("teach"), index),)), []
    if button == "back":
        if box.teach.in_game:
            return replace(box, mode="game", menu=TOP_MENU, teach=Teach()), []
        games_list = teach_games(names)
        chosen = (Page("game"), games_list.index(game_of(names[index])))
        return replace(box, menu=((Page("teach"), index), chosen)), []
    if button == "ok":
        card = names[index]
        back_to = replace(box, mode="game", menu=TOP_MENU) if box.teach.in_game else box
        done = replace(
            back_to,
            teach=Teach(),
            notice=noticed("teach.taught", card=printed_name(card, box.lang)),
        )
        return done, [TeachCard(box.teach.uid, card)]
    return box, []


MOVES = {"up": -1, "down": 1, "left": -ROWS, "right": ROWS}  # ◄►: a screen of cards


def _games_button(box: BoxState, button: str) -> tuple[BoxState, list[Effect]]:
    """The teach screen's list of games: ▲▼ a game, ok its page of cards, back steps out."""
    games_list = teach_games(box.card_names)
    at = box.menu[-1][1] % len(games_list)
    if button in ("up", "down"):
        at = (at + (1 if button == "down" else -1)) % len(games_list)
        return replace(box, menu=(*box.menu[:-1], (Page("game"), at))), []
    if button == "ok":
        return replace(box, menu=((Page("teach"), _game_page(box, games_list[at])),)), []
    if button == "back":
        return replace(box, teach=Teach(), menu=((Page("teach"), box.menu[0][1]),)), []
    return box, []
