"""The OLED over I2C or SPI, sending only what changed.

luma's SSD1306/SH1106 drivers send the whole 1 KiB frame on every update (about 23 ms at
400 kHz I2C). `PagedOled` keeps what the panel shows and sends, for each 8-row page that
changed, only the runs of columns that changed (runs closer than an address command's bytes
are one): a cursor move costs a few dozen bytes.

- SSD1306 / SSD1309 (luma sets horizontal addressing): COLUMNADDR c0 c1, PAGEADDR p p, data.
- SH1106 (page addressing only, RAM 132 columns, the panel at column 2): B0+page, column low
  nibble, column high nibble, data.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any, Literal

from PIL import Image

if TYPE_CHECKING:
    from device.frames import Device
    from device.settings import Display

log = logging.getLogger("tabletop.oled")

Controller = Literal["ssd1306", "ssd1309", "sh1106"]
_REVERSE = bytes(int(f"{b:08b}"[::-1], 2) for b in range(256))
SH1106_COLUMN_OFFSET = 2


def pages(image: Image.Image) -> list[bytes]:
    """The panel's RAM layout of a 128x64 one-bit image: 8 pages of 128 column bytes, bit 0
    the top row of the page. Built with Pillow's C code (a transpose and one bit reversal)."""
    width, height = image.size
    column_major = image.convert("1").transpose(Image.Transpose.TRANSPOSE).tobytes()
    column_major = column_major.translate(_REVERSE)
    per_column = height // 8
    return [column_major[p::per_column] for p in range(per_column)]


def spans(old: bytes, new: bytes, gap: int) -> list[tuple[int, int]]:
    """The runs of changed columns of one page, (first, last); two runs closer than `gap`
    unchanged columns are one (a new address costs more than sending the columns between):
    a change on the board and one on the side panel are two short runs, not one long one."""
    if old == new:
        return []
    runs: list[tuple[int, int]] = []
    changed = [i for i, (a, b) in enumerate(zip(old, new, strict=True)) if a != b]
    first = last = changed[0]
    for i in changed[1:]:
        if i - last - 1 >= gap:
            runs.append((first, last))
            first = i
        last = i
    runs.append((first, last))
    return runs


class PagedOled:
    """Wraps a luma OLED device (already initialised) and replaces its `display`."""

    # device: luma's OLED device (luma ships no types: Any)
    def __init__(self, device: Any, controller: Controller) -> None:
        self.device = device
        self.controller = controller
        self.width, self.height = device.width, device.height
        self._shown: list[bytes] | None = None  # unknown at first: the first frame goes whole
        self.bytes_sent = 0

    def display(self, image: Image.Image) -> None:
        new = pages(self.device.preprocess(image))
        old = self._shown
        gap = 3 if self.controller == "sh1106" else 6  # an address command's bytes
        try:
            for p, row in enumerate(new):
                if old is None:
                    self._send(p, 0, row)
                    continue
                for first, last in spans(old[p], row, gap):
                    self._send(p, first, row[first : last + 1])
        except OSError:
            self._shown = None  # the panel's state is unknown now: resend all next time
            raise
        self._shown = new

    def _send(self, page: int, column: int, data: bytes) -> None:
        command: tuple[int, ...]
        if self.controller == "sh1106":
            col = column + SH1106_COLUMN_OFFSET
            command = (0xB0 + page, col & 0x0F, 0x10 | (col >> 4))
        else:
            command = (0x21, column, column + len(data) - 1, 0x22, page, page)
        self.device.command(*command)
        self.device.data(list(data))
        self.bytes_sent += len(command) + len(data)

    def cleanup(self) -> None:
        self.device.cleanup()


def make_device(settings: Display, serial: object = None) -> Device:
    """The display from the config's [display] table; `serial` replaces the bus (tests)."""
    from luma.core.device import dummy
    from luma.oled.device import sh1106, ssd1306, ssd1309

    if settings.type == "dummy":
        device: Device = dummy(width=128, height=64, mode="1", rotate=settings.rotate)
        return device
    if serial is None:
        if settings.bus == "i2c":
            from luma.core.interface.serial import i2c

            serial = i2c(port=settings.i2c_port, address=settings.i2c_address)
        else:
            from luma.core.interface.serial import spi

            serial = spi(
                port=settings.spi_port,
                device=settings.spi_device,
                gpio_DC=settings.gpio_dc,
                gpio_RST=settings.gpio_rst,
            )
    kind = {"ssd1306": ssd1306, "ssd1309": ssd1309, "sh1106": sh1106}[settings.type]
    device = kind(serial, width=128, height=64, rotate=settings.rotate)
    return PagedOled(device, settings.type)
