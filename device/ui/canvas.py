"""What the screens draw on: PIL's `ImageDraw`, or in the strict text mode the guard that
checks every stroke (`fit.Guard`). Both have these methods, with PIL's meaning; a drawing
uses nothing else, so the guard sees every stroke."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from PIL import Image, ImageFont

Font = ImageFont.ImageFont  # the box's bitmap fonts (device/ui/fonts)
Box = tuple[int, int, int, int]  # x0, y0, x1, y1, inclusive
Coords = Sequence[float] | Sequence[Sequence[float]]  # PIL's: flat, or a list of points


class Canvas(Protocol):
    def text(
        self,
        xy: tuple[float, float],
        text: str,
        fill: int | None = None,
        font: ImageFont.ImageFont | None = None,
    ) -> None: ...

    def textbbox(
        self, xy: tuple[float, float], text: str, font: ImageFont.ImageFont | None = None
    ) -> tuple[float, float, float, float]: ...

    def rectangle(
        self, xy: Coords, fill: int | None = None, outline: int | None = None, width: int = 1
    ) -> None: ...

    def ellipse(
        self, xy: Coords, fill: int | None = None, outline: int | None = None, width: int = 1
    ) -> None: ...

    def line(self, xy: Coords, fill: int | None = None, width: int = 1) -> None: ...

    def point(self, xy: Coords, fill: int | None = None) -> None: ...

    def polygon(
        self, xy: Coords, fill: int | None = None, outline: int | None = None, width: int = 1
    ) -> None: ...

    def bitmap(self, xy: Sequence[int], bitmap: Image.Image, fill: int | None = None) -> None: ...
