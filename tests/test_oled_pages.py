"""Only what changed goes over the bus: counted through a recording serial interface under
luma's real SSD1306 / SH1106 drivers."""

import pytest
from luma.oled.device import sh1106, ssd1306
from PIL import Image, ImageDraw

from device.hw.oled import PagedOled, pages

pytestmark = pytest.mark.filterwarnings("ignore:Image.Image.getdata is deprecated")


class RecordingSerial:
    """A luma serial interface that records every command and data transfer."""

    def __init__(self):
        self.commands: list[tuple[int, ...]] = []
        self.data_bytes: list[list[int]] = []

    def command(self, *cmd):
        self.commands.append(cmd)

    def data(self, data):
        self.data_bytes.append(list(data))

    def cleanup(self):
        pass

    @property
    def total(self):
        return sum(len(c) for c in self.commands) + sum(len(d) for d in self.data_bytes)

    def reset(self):
        self.commands.clear()
        self.data_bytes.clear()


class FlakySerial(RecordingSerial):
    """Fails every data transfer while `fail` is set, like a display that lost its bus."""

    fail = False

    def data(self, data):
        if self.fail:
            raise OSError(121, "Remote I/O error")
        super().data(data)


def frame(cursor=(0, 0), score=0):
    image = Image.new("1", (128, 64))
    draw = ImageDraw.Draw(image)
    draw.text((1, 0), f"Zweimal 1 R1 A {score}", fill=1)
    for r in range(4):
        for c in range(4):
            x, y = 2 + c * 10, 12 + r * 10
            if (r, c) == cursor:
                draw.rectangle((x, y, x + 9, y + 9), fill=1)
            draw.line((x, y + 5, x + 9, y + 5), fill=0 if (r, c) == cursor else 1)
    return image


@pytest.mark.parametrize("driver", [ssd1306, sh1106])
def test_pages_match_lumas_own_bit_layout(driver):
    serial = RecordingSerial()
    device = driver(serial)
    serial.reset()
    image = frame((1, 2), 7)
    device.display(image)  # luma's own full-frame path
    sent = b"".join(bytes(d) for d in serial.data_bytes)
    assert sent == b"".join(pages(image))


@pytest.mark.parametrize("controller", ["ssd1306", "sh1106"])
def test_unchanged_frame_sends_nothing_and_a_cursor_move_little(controller):
    serial = RecordingSerial()
    luma = ssd1306(serial) if controller == "ssd1306" else sh1106(serial)
    oled = PagedOled(luma, controller)
    serial.reset()
    oled.display(frame())
    full = serial.total
    assert full >= 1024
    serial.reset()
    oled.display(frame())
    assert serial.total == 0
    oled.display(frame(cursor=(0, 1)))
    assert 0 < serial.total < full / 10


def test_sh1106_addresses_pages_with_its_column_offset():
    serial = RecordingSerial()
    oled = PagedOled(sh1106(serial), "sh1106")
    serial.reset()
    oled.display(frame())
    assert serial.commands[0] == (0xB0, 0x02, 0x10)  # page 0, column 0 + 2


def test_ssd1306_window_is_the_changed_columns_of_the_changed_page():
    serial = RecordingSerial()
    oled = PagedOled(ssd1306(serial), "ssd1306")
    oled.display(Image.new("1", (128, 64)))
    serial.reset()
    dot = Image.new("1", (128, 64))
    dot.putpixel((40, 20), 1)
    oled.display(dot)
    assert serial.commands == [(0x21, 40, 40, 0x22, 2, 2)]
    assert serial.data_bytes == [[1 << (20 % 8)]]


def test_after_a_bus_error_everything_is_sent_again():
    serial = FlakySerial()
    oled = PagedOled(ssd1306(serial), "ssd1306")
    oled.display(frame())
    serial.fail = True
    with pytest.raises(OSError):
        oled.display(frame(cursor=(2, 2)))
    serial.fail = False
    serial.reset()
    oled.display(frame(cursor=(2, 2)))
    assert sum(len(d) for d in serial.data_bytes) == 1024


def test_upside_down_display_sends_the_turned_picture():
    from device.hw.oled import make_device
    from device.settings import Display

    serial = RecordingSerial()
    oled = make_device(Display(rotate=2), serial=serial)
    dot = Image.new("1", (128, 64))
    dot.putpixel((0, 0), 1)  # top left ...
    serial.reset()
    oled.display(dot)
    column_bytes = b"".join(bytes(d) for d in serial.data_bytes)
    assert column_bytes[7 * 128 + 127] == 0x80  # ... lands bottom right on the panel


def test_two_changes_far_apart_on_one_page_go_as_two_runs():
    """A card moved on the board and a line changed on the side panel: two short runs of one
    page, not one run across the page; runs closer than an address command are one."""
    from device.hw.oled import spans

    old = bytes(128)
    new = bytearray(old)
    new[10:14] = b"\xff" * 4
    new[100:103] = b"\x0f" * 3
    assert spans(old, bytes(new), 6) == [(10, 13), (100, 102)]
    new[16] = 0x01  # two unchanged columns after the first run: one run
    assert spans(old, bytes(new), 6) == [(10, 16), (100, 102)]
    assert spans(old, old, 6) == []
    serial = RecordingSerial()
    oled = PagedOled(ssd1306(serial), "ssd1306")
    first = Image.new("1", (128, 64))
    oled.display(first)
    serial.reset()
    second = first.copy()
    draw = ImageDraw.Draw(second)
    draw.rectangle((10, 0, 13, 7), fill=1)
    draw.rectangle((100, 0, 102, 7), fill=1)
    oled.display(second)
    assert serial.data_bytes == [[0xFF] * 4, [0xFF] * 3]
    assert serial.total == 2 * 6 + 4 + 3


def test_the_display_benchmark_runs_and_every_update_costs_less_than_a_frame():
    from device.app.frame import render
    from tests.bench_scripts import load

    bench = load("display")

    for before, after in bench.boxes().values():
        serial = RecordingSerial()
        oled = PagedOled(ssd1306(serial), "ssd1306")
        oled.display(render(before))
        serial.reset()
        oled.display(render(after))
        assert 0 < serial.total < 1072 / 2
