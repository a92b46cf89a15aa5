"""The box's menu: the top (close, new game, undo, teach, deck check, abandon, resume), the
games, each game's new-game questions in turn, and the new game they make."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from device import games
from device.app.effects import Effect, Resume
from device.app.solo import seat as solo
from device.app.start import start_game
from device.app.state import TOP, BoxState, Page, Teach, deck_checkers, engine_of
from device.app.teach import start_check
from device.app.turns import undo_takes_back_an_end, undo_turn
from device.games.contract import ABANDON, UNDO, Question
from device.ui.catalog import text
from engine.replay import options_of

SOLO = "solo"  # the box's own new-game question: who plays the second seat


def questions(choice: dict[str, Any]) -> list[Question]:
    """The game's new-game questions, given the answers so far, then the box's own: a person
    or the box as the opponent, and which seat the box plays (solo play)."""
    answers = {k: str(v) for k, v in choice.items() if k not in ("game", SOLO)}
    entry = games.GAMES[choice["game"]]
    seats = tuple((seat, "") for seat in entry.game.players)
    opponent = Question(SOLO, "menu.choose_opponent", (("", "opponent.human"), *seats))
    return [*entry.screens.questions(answers), opponent]


def menu_question(box: BoxState) -> Question | None:
    page = box.menu[-1][0]
    if page.kind != "question":
        return None
    return next(q for q in questions(dict(box.choice)) if q.key == page.key)


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
        if box.session is not None and not engine_of(box.session).is_over(box.session.state):
            items.append("abandon")  # a finished game stays finished
        if box.resumable:
            items.append("resume")
        return items
    if page.kind == "game":
        return list(games.GAMES)
    if page.kind == "check":
        return deck_checkers()
    question = menu_question(box)
    return [value for value, _ in question.choices] if question else []


def menu_label(box: BoxState, page: Page, item: str) -> str:
    if page == TOP:
        return text(f"menu.{item}", box.lang)
    if page.kind in ("game", "check"):
        return games.GAMES[item].name
    question = menu_question(box)
    if question is not None and question.key == SOLO and item:  # "the box plays Fire"
        screens = games.GAMES[dict(box.choice)["game"]].screens
        return text("opponent.box", box.lang, seat=screens.seat_name(item, box.lang))
    label = dict(question.choices).get(item, "") if question else ""
    return text(label, box.lang) if label else item


def menu_button(box: BoxState, button: str) -> tuple[BoxState, list[Effect]]:
    page, index = box.menu[-1]
    items = menu_items(box)
    if button in ("up", "down"):
        index = (index + (1 if button == "down" else -1)) % len(items)
        return replace(box, menu=(*box.menu[:-1], (page, index))), []
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
        if item == "new":
            return replace(box, menu=(*box.menu, (Page("game"), 0)), choice=()), []
        if item == "resume":
            return replace(box, mode="game"), [Resume()]
        if item == "undo":
            if undo_takes_back_an_end(box):  # a round's or the game's end: ask first
                return replace(box, mode="confirm", confirm=UNDO), []
            return undo_turn(replace(box, mode="game"))
        if item == "hint":
            return solo.ask_hint(box), []
        if item == "abandon":
            return replace(box, mode="confirm", confirm=ABANDON), []
        if item == "teach":
            return replace(box, mode="teach", teach=Teach()), []
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
            return replace(box, notice=text("menu.not_yet", box.lang, game=name)), []
        return _ask(box, {"game": item})
    question = menu_question(box)
    if question is not None:
        choice[question.key] = item
        return _ask(box, choice)
    return box, []  # pragma: no cover


def _ask(box: BoxState, choice: dict[str, Any]) -> tuple[BoxState, list[Effect]]:
    """Ask the game's next unanswered new-game question, or start the game."""
    asked = [q for q in questions(choice) if q.key not in choice]
    if asked:
        q = asked[0]
        return replace(
            box,
            menu=(*box.menu, (Page("question", q.key), q.default)),
            choice=tuple(choice.items()),
        ), []
    entry = games.GAMES[choice["game"]]
    answers = dict(entry.screens.option_overrides())
    answers.update({k: str(v) for k, v in choice.items() if k not in ("game", SOLO)})
    try:
        options = options_of(entry.game, answers)
    except ValueError:  # a config deck that breaks the rules the players chose (strict)
        return replace(box, notice=text("menu.deck_rules_broken", box.lang)), []
    return start_game(box, choice["game"], options, str(choice.get(SOLO, "")))
