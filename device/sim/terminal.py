"""The simulator at the keyboard: the 128x64 screen drawn in the terminal with half blocks.

Keys: arrows move, Enter = ok, Backspace = back, m = menu (holds ok), u = undo (holds back),
t = tap a card (type its hex UID, Enter), q = quit.
"""

from __future__ import annotations

import curses
from typing import TYPE_CHECKING

from device.sim.simulator import Simulator

if TYPE_CHECKING:
    from PIL import Image

KEYS = {
    curses.KEY_UP: "up",
    curses.KEY_DOWN: "down",
    curses.KEY_LEFT: "left",
    curses.KEY_RIGHT: "right",
    10: "ok",
    13: "ok",
    curses.KEY_ENTER: "ok",
    curses.KEY_BACKSPACE: "back",
    127: "back",
    8: "back",
}
HELP = "arrows move  Enter ok  Backspace back  m menu (hold ok)  u undo (hold back)  t tap  q quit"


def frame_lines(image: Image.Image) -> list[str]:
    """Two pixel rows per text row: upper half block, lower half block, full block, space."""
    w, h = image.size
    px = image.load()
    if px is None:  # pragma: no cover - a frame always has its pixels
        return []
    lines = []
    for y in range(0, h, 2):
        chars = []
        for x in range(w):
            top, bottom = px[x, y], px[x, y + 1] if y + 1 < h else 0
            chars.append("█" if top and bottom else "▀" if top else "▄" if bottom else " ")
        lines.append("".join(chars))
    return lines


def run(sim: Simulator) -> None:
    curses.wrapper(_main, sim)


def _main(win: curses.window, sim: Simulator) -> None:
    curses.curs_set(0)
    sim.start()
    while True:
        _draw(win, sim)
        key = win.getch()
        if key in (ord("q"), ord("Q")):
            return
        if key in KEYS:
            sim.press(KEYS[key])
        elif key in (ord("m"), ord("M")):
            sim.hold("ok")
        elif key in (ord("u"), ord("U")):
            sim.hold("back")
        elif key in (ord("t"), ord("T")):
            uid = _ask(win, "card UID (hex): ")
            if uid:
                sim.tap(uid.upper())


def _draw(win: curses.window, sim: Simulator) -> None:
    win.erase()
    rows, cols = win.getmaxyx()
    image = sim.screen.image
    if rows < 36 or cols < 130:
        win.addstr(0, 0, f"Terminal too small: need 130x36, have {cols}x{rows}."[: cols - 1])
    elif image is not None:
        win.addstr(0, 0, "+" + "-" * 128 + "+")
        for i, line in enumerate(frame_lines(image), start=1):
            win.addstr(i, 0, "|" + line + "|")
        win.addstr(33, 0, "+" + "-" * 128 + "+")
        win.addstr(34, 0, HELP)
    win.refresh()


def _ask(win: curses.window, prompt: str) -> str:
    rows, _ = win.getmaxyx()
    win.addstr(rows - 1, 0, prompt)
    curses.echo()
    curses.curs_set(1)
    try:
        answer: bytes = win.getstr(rows - 1, len(prompt), 20)
        return answer.decode("ascii", "replace").strip()
    finally:
        curses.noecho()
        curses.curs_set(0)
