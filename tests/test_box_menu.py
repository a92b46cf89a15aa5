"""The box's own menu: items keep their places, the abandon question is asked over the game."""

from __future__ import annotations

from dataclasses import replace

from device.app.frame import render
from device.app.menu import menu_items
from device.app.session import Session
from device.app.state import BoxState
from device.games.contract import ABANDON
from device.ui import fit
from engine.replay import options_of
from engine.zweimal.game import GAME


def _in_game(over: bool = False) -> BoxState:
    options = options_of(GAME, {})
    state = GAME.initial(options)
    if over:
        state = replace(state, phase="over")
    from device.games import GAMES

    view = GAMES["zweimal"].screens.initial_view(state)  # one deal for every frame
    return BoxState(session=Session(1, "zweimal", options, state, 0), view=view)


def test_an_item_that_appears_moves_no_other():
    """Found by testers: "Fortsetzen" appearing pushed every item down, and players picked
    the wrong one twice."""
    for box in (BoxState(), _in_game(), _in_game(over=True)):
        plain = menu_items(box)
        more = menu_items(replace(box, resumable=True))
        assert more[: len(plain)] == plain and more[-1] == "resume"
    playing, finished = menu_items(_in_game()), menu_items(_in_game(over=True))
    assert "abandon" not in finished
    assert playing[: len(finished)] == finished  # abandon goes: nothing moves


def test_the_abandon_question_fits_and_is_asked_over_the_game(monkeypatch):
    box = replace(_in_game(), mode="confirm", confirm=ABANDON)
    for lang in ("de", "en"):
        with fit.strict():
            image = render(replace(box, lang=lang))
        board = render(replace(box, mode="game", confirm=None, lang=lang))
        top = (0, 0, 40, 40)  # the board's corner stays in sight under the question
        assert image.crop(top).tobytes() == board.crop(top).tobytes()
