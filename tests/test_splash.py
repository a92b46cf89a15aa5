"""The first frame comes before the heavy imports (pydantic) on a Pi."""

import subprocess
import sys

from device.ui import splash


class Recorder:
    def __init__(self):
        self.images = []

    def display(self, image):
        self.images.append(image)


def test_raw_settings_take_the_display_table_and_fall_back_to_defaults(tmp_path):
    config = tmp_path / "c.toml"
    config.write_text(
        'language = "en"\n[display]\ntype = "sh1106"\ni2c_address = 0x3D\nrotate = "upside"\n'
    )
    display, language = splash.raw_settings(config)
    assert (display.type, display.i2c_address, display.rotate, language) == (
        "sh1106",
        0x3D,
        0,
        "en",
    )
    config.write_text("this is = = not toml")
    display, language = splash.raw_settings(config)
    assert (display.type, language) == ("ssd1306", "de")
    assert splash.raw_settings(None)[0].bus == "i2c"


def test_splash_draws_the_starting_frame():
    recorder = Recorder()
    assert splash.show(None, make=lambda display: recorder)
    assert len(recorder.images) == 1 and recorder.images[0].getbbox() is not None


def test_no_display_no_splash():
    def missing(display):
        raise OSError(2, "no /dev/i2c-1")

    assert splash.show(None, make=missing) is False


def test_the_command_line_does_not_import_pydantic_before_the_splash():
    code = (
        "import sys\n"
        "from device.cli.main import build_parser, normalise\n"
        "build_parser().parse_args(normalise(['run']))\n"
        "import device.ui.splash, device.hw.oled\n"
        "print('pydantic' in sys.modules)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "False"
