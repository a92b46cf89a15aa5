"""Every text on the screen goes through here: drawn into a box it never leaves.

A line (`line`) is drawn into a box `width` pixels wide starting at its position (the screen's
right edge if not given) and one font line high, which must lie on the screen (or above
`bottom`). A text that is too wide takes the first shorter form that fits (`shorter`: the
catalog's short forms), else it is cut at a word boundary and ends in an ellipsis (three dots
drawn in the place of one character). A block (`block`) is words wrapped into lines of its
box; a word is never broken inside, and a block with more lines than fit ends in an ellipsis.

The strict mode (`strict()`, or `TABLETOP_STRICT_TEXT=1`) is for tests: a text that needs the
ellipsis, a word longer than its line, a line below the box, or a character the bitmap fonts
lack is a `TextOverflow` instead. The conformance suite plays every game on the box with it on.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator, Sequence
from functools import cache, lru_cache

from PIL import Image

from engine.core import TabletopError

from .canvas import Box, Canvas, Coords, Font

SCREEN_W, SCREEN_H = 128, 64
_strict = [os.environ.get("TABLETOP_STRICT_TEXT") == "1"]


class TextOverflow(TabletopError, AssertionError):
    """A text does not fit its box (strict mode only)."""


@contextlib.contextmanager
def strict(on: bool = True) -> Iterator[None]:
    """Within this block a text that does not fit is a TextOverflow."""
    before = _strict[0]
    _strict[0] = on
    try:
        yield
    finally:
        _strict[0] = before


def is_strict() -> bool:
    return _strict[0]


def _problem(message: str) -> None:
    if _strict[0]:
        raise TextOverflow(message)


@cache
def _glyph_width(font: Font) -> int:
    return int(font.getlength("M"))


@cache
def _height(font: Font) -> int:
    """A font's line height (asked for every text drawn: kept per font, which never
    changes)."""
    return int(font.getbbox("Ag")[3])


def drawable(text: str) -> str:
    """The text with characters the Latin-1 bitmap fonts lack replaced ("?")."""
    try:
        text.encode("latin-1")
        return text
    except UnicodeEncodeError:
        _problem(f"{text!r} has a character the fonts lack")
        return text.encode("latin-1", "replace").decode("latin-1")


def fits(text: str, font: Font, width: int) -> bool:
    return font.getlength(drawable(text)) <= width


def cut(text: str, font: Font, width: int) -> str:
    """The longest start of `text` ending at a word boundary that leaves room for the
    ellipsis ("" if not even the first word fits)."""
    room = width - _glyph_width(font)
    words = text.split(" ")
    best = ""
    for i in range(1, len(words) + 1):
        head = " ".join(words[:i]).rstrip(" ,;:·-")
        if font.getlength(head) <= room:
            best = head
        else:
            break
    return best


def choose(text: str, font: Font, width: int, shorter: Sequence[str] = ()) -> tuple[str, bool]:
    """What to draw in `width` pixels: the text or its first shorter form that fits, else
    the text cut at a word boundary (the bool: an ellipsis follows)."""
    text = drawable(text)
    for candidate in (text, *shorter):
        candidate = drawable(candidate)
        if font.getlength(candidate) <= width:
            return candidate, False
    _problem(f"{text!r} does not fit {width} px")
    return cut(text, font, width), True


def _ellipsis(draw: Canvas, x: int, y: int, font: Font, fill: int) -> None:
    base = y + _height(font) - 2
    for dx in (0, 2, 4):
        draw.point((x + dx, base), fill=fill)


def line(
    draw: Canvas,
    xy: tuple[int, int],
    text: str,
    font: Font,
    width: int | None = None,
    fill: int = 1,
    shorter: Sequence[str] = (),
    bottom: int = SCREEN_H,
    list_of_items: bool = False,
) -> int:
    """Draw one line into its box (from `xy`, `width` pixels wide, above `bottom`); returns
    the pixels drawn across. `list_of_items`: the text is a list (words apart) that may be
    cut after an item with the ellipsis by design (strict mode allows it)."""
    x, y = xy
    if width is None:
        width = SCREEN_W - x
    if x < 0 or y < 0 or x + width > SCREEN_W or y + _height(font) > bottom:
        _problem(f"{text!r} at {xy}: its box ({width} px) lies off the screen")
        width = max(0, min(width, SCREEN_W - max(x, 0)))
    if list_of_items and not fits(text, font, width):
        shown, cut_off = cut(drawable(text), font, width), True
    else:
        shown, cut_off = choose(text, font, width, shorter)
    glyphs, (dx, dy) = _drawn_text(shown, font)
    if glyphs is not None:
        draw.bitmap((x + dx, y + dy), glyphs, fill=fill)
    drawn = int(font.getlength(shown))
    if cut_off:
        _ellipsis(draw, x + drawn + (1 if shown else 0), y, font, fill)
        drawn += _glyph_width(font)
    return drawn


@lru_cache(maxsize=4096)
def _drawn_text(text: str, font: Font) -> tuple[Image.Image | None, tuple[int, int]]:
    """The text's pixels as a one-bit mask and where it stands from the line's corner, drawn
    once and pasted after: the side panels and the hint line draw the same few texts every
    frame, and drawing them anew was a fifth of a press's time (None: nothing to draw)."""
    from PIL import ImageDraw

    left, top, right, bottom = (int(c) for c in font.getbbox(text))
    if right <= left or bottom <= top:
        return None, (0, 0)
    mask = Image.new("1", (right - left, bottom - top))
    ImageDraw.Draw(mask).text((-left, -top), text, font=font, fill=1)
    return mask, (left, top)


def wrap(text: str, font: Font, width: int) -> list[str]:
    """Words into lines of at most `width` pixels; a word is never broken inside: only after
    the hyphen of a compound that does not fit a line whole ("Tag-" / "Plättchen"); one
    longer than a line still stands on its own (and is cut)."""
    out: list[str] = []
    current = ""
    for word in drawable(text).split():
        parts = [word]
        if font.getlength(word) > width and "-" in word.strip("-"):
            pieces = word.split("-")
            parts = [p + "-" for p in pieces[:-1]] + [pieces[-1]]
        for i, part in enumerate(parts):
            joined = current + part if i else f"{current} {part}".strip()
            if current and font.getlength(joined) > width:
                out.append(current)
                joined = part
            current = joined
    return [*out, current] if current else out


def block_rows(box: Box, font: Font, spacing: int | None = None) -> int:
    """How many lines `block` draws in the box."""
    x0, y0, x1, y1 = box
    step = spacing or _height(font) + 1
    return max(1, (y1 - y0 + 2) // step)


def fits_block(text: str, font: Font, box: Box, spacing: int | None = None) -> bool:
    """The text fits the box whole as `block` draws it (no shorter form, no ellipsis)."""
    x0, _, x1, _ = box
    width = x1 - x0 + 1
    lines = wrap(text, font, width)
    rows = block_rows(box, font, spacing)
    return len(lines) <= rows and all(font.getlength(x) <= width for x in lines)


def block(
    draw: Canvas,
    box: Box,
    text: str,
    font: Font,
    fill: int = 1,
    spacing: int | None = None,
    shorter: Sequence[str] = (),
) -> int:
    """Draw words wrapped into the box (x0, y0, x1, y1, inclusive); the text or its first
    shorter form that fits whole. Returns the lines drawn."""
    x0, y0, x1, y1 = box
    width = x1 - x0 + 1
    step = spacing or _height(font) + 1
    rows = max(1, (y1 - y0 + 2) // step)
    for candidate in (text, *shorter):
        lines = wrap(candidate, font, width)
        if len(lines) <= rows and all(font.getlength(x) <= width for x in lines):
            for i, row in enumerate(lines):
                draw.text((x0, y0 + i * step), row, font=font, fill=fill)
            return len(lines)
    _problem(f"{text!r} does not fit {rows} line(s) of {width} px")
    lines = wrap(text, font, width)
    shown = lines[:rows]
    rest = " ".join(lines[rows - 1 :])  # the last line shown, and all that does not fit
    shown[-1] = cut(rest, font, width)
    for i, row in enumerate(shown):
        draw.text((x0, y0 + i * step), row, font=font, fill=fill)
    last = int(font.getlength(shown[-1]))
    _ellipsis(draw, x0 + last + (1 if shown[-1] else 0), y0 + (len(shown) - 1) * step, font, fill)
    return len(shown)


class Guard:
    """A drawing surface for a game's main area (strict mode): every text goes through
    `line`/`block`, and anything drawn outside `area` (x0, y0, x1, y1) is a TextOverflow
    (it would draw over the status or hint line)."""

    def __init__(self, draw: Canvas, area: Box) -> None:
        self._draw = draw
        self.area = area

    def _inside(self, what: str, xs: Sequence[float], ys: Sequence[float]) -> None:
        x0, y0, x1, y1 = self.area
        xs = [min(max(x, 0), SCREEN_W - 1) for x in xs]  # what lies off the screen is not seen
        ys = [min(max(y, 0), SCREEN_H - 1) for y in ys]
        if min(xs) < x0 or max(xs) > x1 or min(ys) < y0 or max(ys) > y1:
            _problem(f"{what} at x {min(xs)}..{max(xs)}, y {min(ys)}..{max(ys)} leaves {self.area}")

    def _points(self, what: str, xy: Coords) -> None:
        flat: list[float] = []
        for item in xy:
            if isinstance(item, int | float):
                flat.append(item)
            else:
                flat.extend(item)
        self._inside(what, flat[0::2], flat[1::2])

    def text(
        self,
        xy: tuple[float, float],
        text: str,
        fill: int | None = None,
        font: Font | None = None,
    ) -> None:
        left, top, right, bottom = self._draw.textbbox(xy, text, font=font)
        if text.strip():
            self._inside(f"text {text!r}", (left, right - 1), (top, bottom - 1))
        self._draw.text(xy, text, fill=fill, font=font)

    def textbbox(
        self, xy: tuple[float, float], text: str, font: Font | None = None
    ) -> tuple[float, float, float, float]:
        return self._draw.textbbox(xy, text, font=font)

    def rectangle(
        self, xy: Coords, fill: int | None = None, outline: int | None = None, width: int = 1
    ) -> None:
        self._points("a rectangle", xy)
        self._draw.rectangle(xy, fill=fill, outline=outline, width=width)

    def ellipse(
        self, xy: Coords, fill: int | None = None, outline: int | None = None, width: int = 1
    ) -> None:
        self._points("an ellipse", xy)
        self._draw.ellipse(xy, fill=fill, outline=outline, width=width)

    def line(self, xy: Coords, fill: int | None = None, width: int = 1) -> None:
        self._points("a line", xy)
        self._draw.line(xy, fill=fill, width=width)

    def point(self, xy: Coords, fill: int | None = None) -> None:
        self._points("a point", xy)
        self._draw.point(xy, fill=fill)

    def polygon(
        self, xy: Coords, fill: int | None = None, outline: int | None = None, width: int = 1
    ) -> None:
        self._points("a polygon", xy)
        self._draw.polygon(xy, fill=fill, outline=outline, width=width)

    def bitmap(self, xy: Sequence[int], bitmap: Image.Image, fill: int | None = None) -> None:
        # a text's pixels: `line` has checked its box against the screen and `bottom`
        self._draw.bitmap(xy, bitmap, fill=fill)
