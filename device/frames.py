"""Where the box's frames go: the display device, as every part that sends a frame sees it
(the box's screen, the first frame before the heavy imports, `tabletop doctor`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from PIL import Image


class Device(Protocol):
    """A luma device (luma ships no types), or the box's own paged OLED (device/hw/oled.py)."""

    def display(self, image: Image.Image) -> None: ...
