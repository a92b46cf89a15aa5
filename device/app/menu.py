"""The box's menu: the top (hint, undo, close, new game, teach, deck check, abandon,
resume), the games, and a game's new-game page: every question of the game on one page with
its answer (the answers it was last started with, else the defaults), changed with the
arrows, `ok` starting the game from any line (device/app/start.py)."""

from __future__ import annotations

from dataclasses import replace

from device import games
from device.app.effects import Effect, Resume
from device.app.session import SOLO, SWAP
from device.app.solo import seat as solo
from device.app.start import start_game
from device.app.state import (
    TOP,
    BoxState,
    Page,
    Teach,
    deck_checkers,
    engine_of,
    noticed,
    texts_of,
)
from device.app.teach import start_check
from device.app.turns import undo_asked
from device.games.contract import ABANDON, Question
from device.jsontypes import JsonObject
from device.ui.catalog import text
from engine.replay import options_of


def questions(choice: JsonObject) -> list[Question]:
    """The box's own new-game question first (a person or the box as the opponent, and
    which seat the box plays: solo play, two presses on the page), then the game's, given
    the answers so far."""
    answers = {k: str(v) for k, v in choice.items() if k not in ("game", SOLO, SWAP)}
    entry = games.GAMES[choice["game"]]
    seats = tuple((seat, "") for seat in entry.game.players)
    opponent = Question(
        SOLO, "menu.choose_opponent", (("", "opponent.human"), *seats), short="setup.opponent"
    )
    if not choice.get(SOLO):
        return [opponent, *entry.screens.questions(answers)]
    swap = Question(SWAP, "menu.choose_swap", SWAP_CHOICES, short="setup.swap")
    return [opponent, swap, *entry.screens.questions(answers)]


SWAP_CHOICES = (("", "swap.stays"), ("yes", "swap.swaps"))  # the box's seat in a rematch


def menu_question(box: BoxState) -> Question | None:
    """The question under the pointer on a game's new-game page."""
    page, index = box.menu[-1]
    if page.kind != "setup":
        return None
    asked = questions(dict(box.choice))
    return asked[index % len(asked)]


def answered(game: str, given: dict[str, str]) -> dict[str, str]:
    """Every question of the game answered: as given where that is one of its choices, else
    its default (a question that appears with an answer, Zweimal's supply for game 2, too)."""
    choice = {"game": game}
    for _ in range(8):  # the questions follow the answers: until they are all answered
        asked = questions(choice)
        if all(q.key in choice for q in asked):
            break
        for q in asked:
            if q.key not in choice:
                values = [v for v, _ in q.choices]
                choice[q.key] = given[q.key] if given.get(q.key) in values else values[q.default]
    return {k: v for k, v in choice.items() if k == "game" or k in {q.key for q in asked}}


def _last_answers(box: BoxState, game: str) -> dict[str, str]:
    """The answers the game was last started with (none: never started)."""
    return next((dict(a) for g, a in box.recent if g == game), {})


def menu_items(box: BoxState) -> list[str]:
    page = box.menu[-1][0]
    if page == TOP:
        # the items that come and go (abandon, resume) stand last: one that appears or goes
        # never moves the others (players picked the wrong item when "resume" pushed them);
        # in a game the menu opens on the hint, then undo: each two presses from the game
        items = []
        if box.session is not None:
            items += ["hint", "undo", "close", "new"]
        else:
            items.append("new")
        items.append("teach")
        if deck_checkers():
            items.append("check")
        if box.web_address:
            items.append("web")  # the web page's address, as a QR code
        if box.session is not None and not engine_of(box.session).is_over(box.session.state):
            items.append("abandon")  # a finished game stays finished
        if box.resumable:
            items.append("resume")
        return items
    if page.kind == "game":
        return list(games.GAMES)
    if page.kind == "check":
        return deck_checkers()
    if page.kind == "setup":
        return [q.key for q in questions(dict(box.choice))]
    return []


def menu_label(box: BoxState, page: Page, item: str) -> str:
    if page == TOP:
        return text(f"menu.{item}", box.lang)
    if page.kind in ("game", "check"):
        return games.GAMES[item].name
    question = next((q for q in questions(dict(box.choice)) if q.key == item), None)
    if question is None:  # pragma: no cover - the items are the questions
        return item
    title = texts_of(box).text(question.short or question.title, box.lang)
    return f"{title}: {answer_label(box, question)}"


def answer_label(box: BoxState, question: Question) -> str:
    """A question's answer on the new-game page, as the players read it."""
    value = str(dict(box.choice).get(question.key, ""))
    if question.key == SOLO and value:  # "the box plays Fire"
        screens = games.GAMES[dict(box.choice)["game"]].screens
        return text("opponent.box", box.lang, seat=screens.seat_name(value, box.lang))
    label = dict(question.choices).get(value, "")
    return texts_of(box).text(label, box.lang) if label else value


def menu_button(box: BoxState, button: str) -> tuple[BoxState, list[Effect]]:
    page, index = box.menu[-1]
    if page.kind == "web":  # the web page's address: ok, as back, the menu again
        return (replace(box, menu=box.menu[:-1]) if button in ("ok", "back") else box), []
    items = menu_items(box)
    if button in ("up", "down"):
        index = (index + (1 if button == "down" else -1)) % len(items)
        return replace(box, menu=(*box.menu[:-1], (page, index))), []
    if button in ("left", "right") and page.kind == "setup":
        return _change(box, index, 1 if button == "right" else -1), []
    if button == "back":
        if len(box.menu) > 1:
            return replace(box, menu=box.menu[:-1]), []
        if box.session is not None:
            return replace(box, mode="game"), []
        return box, []
    if button != "ok":
        return box, []
    item = items[index % len(items)]
    choice = dict(box.choice)
    if page == TOP:
        if item == "close":
            return replace(box, mode="game"), []
        if item == "new":  # the games, on the one played last
            listed = list(games.GAMES)
            last = (
                listed.index(box.recent[0][0]) if box.recent and box.recent[0][0] in listed else 0
            )
            return replace(box, menu=(*box.menu, (Page("game"), last)), choice=()), []
        if item == "resume":
            return replace(box, mode="game"), [Resume()]
        if item == "undo":
            return undo_asked(box)
        if item == "hint":
            return solo.ask_hint(box), []
        if item == "abandon":
            return replace(box, mode="confirm", confirm=ABANDON), []
        if item == "teach":
            return replace(box, mode="teach", teach=Teach()), []
        if item == "web":
            return replace(box, menu=(*box.menu, (Page("web"), 0))), []
        if item == "check":
            checkers = deck_checkers()
            if len(checkers) == 1:
                return start_check(box, checkers[0]), []
            return replace(box, menu=(*box.menu, (Page("check"), 0))), []
    if page.kind == "check":
        return start_check(box, item), []
    if page.kind == "game":
        if not games.GAMES[item].playable:
            name = games.GAMES[item].name
            return replace(box, notice=noticed("menu.not_yet", game=name)), []
        remembered = answered(item, _last_answers(box, item))
        opened = (Page("setup", item), 0)
        return replace(box, menu=(*box.menu, opened), choice=tuple(remembered.items())), []
    if page.kind == "setup":
        return _start(box, choice)
    return box, []  # pragma: no cover


def _change(box: BoxState, index: int, step: int) -> BoxState:
    """The answer of the question under the pointer, the next (or previous) of its choices;
    the questions that follow from it (Zweimal's supply for game 2) answered as remembered."""
    choice = dict(box.choice)
    asked = questions(choice)
    question = asked[index % len(asked)]
    values = [v for v, _ in question.choices]
    now = str(choice.get(question.key, values[question.default]))
    at = values.index(now) if now in values else question.default
    choice[question.key] = values[(at + step) % len(values)]
    game = choice["game"]
    choice = answered(game, {**_last_answers(box, game), **choice})
    keys = [q.key for q in questions(choice)]
    index = keys.index(question.key)
    return replace(
        box, menu=(*box.menu[:-1], (Page("setup", game), index)), choice=tuple(choice.items())
    )


def _start(box: BoxState, choice: JsonObject) -> tuple[BoxState, list[Effect]]:
    """The game started with the page's answers."""
    entry = games.GAMES[choice["game"]]
    answers = dict(entry.screens.option_overrides())
    answers.update({k: str(v) for k, v in choice.items() if k not in ("game", SOLO, SWAP)})
    try:
        options = options_of(entry.game, answers)
    except ValueError:  # a config deck that breaks the rules the players chose (strict)
        return replace(box, notice=noticed("menu.deck_rules_broken")), []
    swap = choice.get(SWAP) == "yes"
    return start_game(box, choice["game"], options, str(choice.get(SOLO, "")), swap)
