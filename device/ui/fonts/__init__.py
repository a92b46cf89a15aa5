"""The bitmap fonts of the screen: X11 misc-fixed 5x7, 5x8 and 6x10 (public domain, with
Latin-1, so ä, ö, ü and ß), converted to Pillow's .pil/.pbm format and shipped in the
package."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from importlib.resources import files

from PIL import ImageFont


@dataclass(frozen=True)
class Fonts:
    small: ImageFont.ImageFont  # 5x7: hint line, side panel
    status: ImageFont.ImageFont  # 5x8: status line
    body: ImageFont.ImageFont  # 6x10: menus and messages


@cache
def load() -> Fonts:
    def one(name: str) -> ImageFont.ImageFont:
        return ImageFont.load(str(files("device.ui.fonts") / f"misc-{name}.pil"))

    return Fonts(one("5x7"), one("5x8"), one("6x10"))
