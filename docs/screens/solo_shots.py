"""The solo screenshots of docs/screens (played by shots.py on the same simulated box): in
every game, the box's own move said as what to do with the pieces, an undo said the same
way, and a hint; Feuer und Wasser's card drawn for the box; Day and Night's cursor at the
board's edge."""

from __future__ import annotations

from dataclasses import replace

from device.app.menu import menu_items
from device.app.solo import hand, thinking
from tests.boxdriver import Player


def _menu(p: Player) -> None:
    if p.box.mode != "menu":
        p.sim.hold("ok")


def _through_the_box_move(p: Player) -> None:
    """ok on every page of the box's move: its pieces are moved."""
    while p.box.proposal is not None and not p.box.proposal.hint:
        p.press("ok")


def _undo(p: Player, shot, name: str, menu: bool = False) -> None:
    """An undo, by `back` on the game (its question shot) or from the menu; then the first
    page of what to put back."""
    if menu:
        _menu(p)
        p.press(*["down"] * menu_items(p.box).index("undo"), "ok")
    else:
        p.press("back")
        shot(f"{name}-undo-question")
        p.press("ok")
    shot(f"{name}-undo")
    while p.box.undone:
        p.press("ok")


def _hint(p: Player, shot, name: str) -> None:
    _menu(p)
    p.press(*["down"] * menu_items(p.box).index("hint"), "ok")
    shot(f"{name}-hint")
    assert p.box.proposal is not None and p.box.proposal.hint, p.box.notice
    p.press("back")  # the hint dropped: the player's own move


def zweimal_undo(p: Player, shot) -> None:
    """After the box's move in solo_scenario (it plays B): A's undo takes the box's reply
    along, said as the pieces to take back."""
    p.press("back")  # the hint on show (solo_scenario's last shot) dropped
    assert not p.box.proposal.hint and p.box.mode == "game"
    _undo(p, shot, "zw")


def fuw_solo(p: Player, shot) -> None:
    """Feuer und Wasser against the box (it plays Water): the card drawn for it, its move, an
    undo, a hint."""
    p.start("feuer-und-wasser", "B", mode="rows", tactician="no", starter="R")
    p.press("ok", "ok")  # Fire draws its card and lays it on the tip
    shot("fuw-box-draw")  # the box's card: which one was drawn?
    p.press("ok")
    shot("fuw-box-move")
    p.press("ok")
    shot("fuw-box-move-2")  # what its row gives: its discards, the box's
    _through_the_box_move(p)
    _undo(p, shot, "fuw")
    # the undo took back Fire's card and the box's reply: Fire holds its card again
    _hint(p, shot, "fuw")


def dan_solo(p: Player, shot) -> None:
    """Day and Night against the box (it plays Night): its turn said step by step, an undo,
    a hint, the cursor at the board's edge."""
    p.start("day-and-night", "night")
    while hand.cards_to_tell(p.box):  # Night's first hand drawn for it
        p.press("ok")
    p.press("right", "ok", "right", "ok")  # Day steps twice
    p.press("back", "ok")  # and ends the turn
    while hand.cards_to_tell(p.box):  # the cards Night draws
        p.press("ok")
    shot("dan-box-move")
    _through_the_box_move(p)
    while hand.cards_to_tell(p.box):
        p.press("ok")
    _undo(p, shot, "dan")
    _hint(p, shot, "dan")
    view = p.box.view
    p.sim.loop.box = replace(p.box, view=replace(view, cursor=(5, 7)))
    p.sim.loop.draw()
    shot("dan-cursor-edge")  # the frame whole in the board's corner
    p.sim.loop.box = replace(p.box, view=view)


def wd_solo(p: Player, shot) -> None:
    """Druiden against the box (it plays B): its turn after A's, said as the cards it lays,
    an undo, a hint."""
    from tests.test_box_wandernde_druiden import Table

    t = Table(p.sim)
    t.start("wandernde-druiden", "B", starter="A", rule="once")  # the MP rule as printed
    for i, card in enumerate(["fels", "quelle", "kroete", "otter", "salamander", "fels", "quelle"]):
        t.tap(card, copy=100 + i)  # the box's first hand, told (cards of B's deck)
    t.tap("kroete", copy=107)
    t.tap("hain", 1)  # A lays a place and a creature and ends the turn
    t.tap("fuchs", 2)
    t.end_turn()
    n = 0
    while hand.cards_to_tell(t.box):  # the card the box draws
        t.tap(["salamander", "otter", "kroete"][n % 3], copy=200 + n)
        n += 1
    shot("wd-box-move")
    for _ in range(6):
        if t.box.proposal is not None and not t.box.proposal.hint:
            _through_the_box_move(t)
        elif thinking.box_to_move(t.box):
            t.press("ok")
        else:
            break
    _undo(t, shot, "wd", menu=True)  # back on the table: nothing
    _hint(t, shot, "wd")
