"""Sending frames to the display: nothing for a frame equal to the last one, and (with a
frames directory) every frame sent written as a numbered PNG."""

from __future__ import annotations

import logging
import os
from pathlib import Path

from PIL import Image

from device.frames import Device

log = logging.getLogger("tabletop.display")


class Screen:
    def __init__(self, device: Device, frames: Path | None = None) -> None:
        self.device = device
        self.frames = frames
        self.sent = 0
        self.failing = False  # the last send failed: the loop retries
        self._last: bytes | None = None
        if frames is not None:
            frames.mkdir(parents=True, exist_ok=True)

    def show(self, image: Image.Image) -> bool:
        """Send the frame unless it equals the last one; True if sent."""
        data = image.tobytes()
        if data == self._last:
            return False
        try:
            self.device.display(image)
        except OSError as error:  # a failing display must not stop the game
            if not self.failing:
                log.error("display write failed, retrying every second: %s", error)
            self.failing = True
            return False
        if self.failing:
            log.info("display works again")
        self.failing = False
        self._last = data
        self.sent += 1
        if self.frames is not None:  # written whole, then renamed: never a torn PNG
            tmp = self.frames / f".{self.sent:05d}.png.tmp"
            image.save(tmp, format="PNG")
            os.replace(tmp, self.frames / f"{self.sent:05d}.png")
        return True

    @property
    def image(self) -> Image.Image | None:
        return getattr(self.device, "image", None)


def dummy_device() -> Device:
    """luma's dummy 128x64 one-bit device: keeps the last frame in `.image`."""
    from luma.core.device import dummy

    device: Device = dummy(width=128, height=64, mode="1")
    return device
