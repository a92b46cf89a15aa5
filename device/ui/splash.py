"""The first frame, before the heavy imports: on a Pi Zero 2 W `import pydantic` alone can
take seconds. The display settings are read straight from the TOML (defaults for anything
missing or odd; the real validation comes right after), and "starting" is shown."""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from device.frames import Device

DEFAULTS = dict(
    type="ssd1306",
    bus="i2c",
    i2c_port=1,
    i2c_address=0x3C,
    spi_port=0,
    spi_device=0,
    gpio_dc=24,
    gpio_rst=25,
    rotate=0,
)
WORDS = {"de": "startet ...", "en": "starting ..."}


def raw_settings(path: Path | None) -> tuple[SimpleNamespace, str]:
    """The [display] table and the language, best effort, without pydantic."""
    data: dict[str, object] = {}
    try:
        if path is not None and path.exists():
            data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        data = {}
    found = data.get("display")
    table: dict[str, object] = found if isinstance(found, dict) else {}
    display = {
        key: table[key] if isinstance(table.get(key), type(default)) else default
        for key, default in DEFAULTS.items()
    }
    language = str(data["language"]) if data.get("language") in WORDS else "de"
    return SimpleNamespace(**display), language


# make: the display's maker; it takes the [display] table read without pydantic (a namespace
# with `Display`'s fields: Any)
def show(path: Path | None, make: Callable[[Any], Device]) -> bool:
    """Draw the starting frame on the display `make` opens from the [display] settings
    (device/hw/oled.py `make_device` on the box); False if there is none."""
    from PIL import Image, ImageDraw

    from device.ui import fonts

    display, language = raw_settings(path)
    try:
        device = make(display)
        image = Image.new("1", (128, 64))
        draw = ImageDraw.Draw(image)
        draw.text((31, 18), "Tabletop", font=fonts.load().body, fill=1)
        draw.text((31, 32), WORDS[language], font=fonts.load().status, fill=1)
        device.display(image)
        return True
    except Exception:  # noqa: BLE001 - no display yet: the real start-up reports it
        return False
