"""A throwaway game for the tests (not shipped): "Stapel", a pile of stones; the players take
one or two in turn; whoever takes the last stone wins. It exists to prove the contract: it is
in the shape of a shipped game (its engine, `engine.py`, as `engine/<game>/game.py`; its
screens and texts as `device/games/<game>/`; this `ENTRY` as the game's package's), is
registered with one line (`register_stub()`), plays through the real loop on the simulated box
and passes the conformance suite, with no change to box, loop, render, records or store.
"""

from device.games.entry import Entry

ENTRY = Entry(
    "stapel",
    "Stapel",
    "ST",
    engine_module=f"{__name__}.engine",
    screens_module=f"{__name__}.screen",
    texts_module=f"{__name__}.texts",
)


def register_stub() -> None:
    from device import games

    games.register(__name__)


def unregister_stub() -> None:
    from device import games

    games.unregister(ENTRY.id)
