"""Checks on a wired Raspberry Pi (run with -s to see the prompts):

    TABLETOP_HARDWARE=1 .venv/bin/python -m pytest -s hardware_tests

The config is TABLETOP_CONFIG, else /etc/tabletop/config.toml, else the defaults.
"""

import os
import time
from pathlib import Path

import pytest

from device.settings import load


@pytest.fixture(scope="module")
def settings():
    path = os.environ.get("TABLETOP_CONFIG")
    return load(Path(path) if path else None)


def ask(question: str) -> bool:
    answer = input(f"\n{question} [y/n] ").strip().lower()
    return answer.startswith(("y", "j"))


def test_display_shows_a_test_pattern(settings):
    from PIL import Image, ImageDraw

    from device.hw.oled import make_device
    from device.ui import fonts

    device = make_device(settings.display)
    image = Image.new("1", (128, 64))
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, 127, 63), outline=1)
    for x in range(0, 128, 8):
        draw.line((x, 56, x, 63), fill=1)
    draw.text((4, 4), "Größe Übung ärgern ß", font=fonts.load().body, fill=1)
    draw.text((4, 20), "frame, ticks, umlauts", font=fonts.load().status, fill=1)
    device.display(image)
    assert ask("Does the display show a frame, ticks along the bottom and 'Größe Übung'?")


def test_each_button_is_pressed_when_asked(settings):
    from device.cli.doctor import check_buttons

    checks = check_buttons(settings, 10.0, lambda line: print(line, flush=True))
    failed = [(part, detail) for part, ok, detail in checks if not ok]
    assert not failed


def test_a_card_tap_is_read(settings):
    import queue

    from device.hw.nfc.reader import CardReader

    if settings.reader.type == "none":
        pytest.skip("no card reader configured ([reader] type = 'none')")
    taps: queue.Queue = queue.Queue()
    reader = CardReader(settings.reader.type, settings.reader.port, taps.put, lambda *a: None)
    reader.start()
    try:
        print("\nTap a card on the reader (20 s) ...", flush=True)
        uid = taps.get(timeout=20)
        print(f"read {uid}")
        assert len(uid) in (8, 10, 14)
        time.sleep(0.1)
    finally:
        reader.stop()
