"""`tabletop doctor` against stand-ins for each part."""

import importlib.util
import os
import shutil
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

import pytest
from gpiozero import Device
from gpiozero.pins.mock import MockFactory
from luma.oled.device import ssd1306

from device.cli import doctor
from device.cli.main import main
from device.hw.oled import PagedOled
from device.settings import Reader, Settings
from tests.readersim import PN532Sim
from tests.test_oled_pages import RecordingSerial

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.filterwarnings("ignore:Image.Image.getdata is deprecated")


def test_display_check_draws_a_test_pattern():
    serial = RecordingSerial()
    ok = doctor.check_display(Settings(), make=lambda d: PagedOled(ssd1306(serial), d.type))
    assert ok[:2] == ("display", True) and "0x3c" in ok[2]
    assert sum(len(d) for d in serial.data_bytes) >= 1024


def test_display_check_reports_a_missing_display():
    def missing(_):
        raise OSError(2, "No such file or directory: '/dev/i2c-1'")

    part, ok, detail = doctor.check_display(Settings(), make=missing)
    assert not ok and "/dev/i2c-1" in detail and "install.sh --enable-interfaces" in detail


def test_reader_check_reports_the_firmware(tmp_path):
    sim = PN532Sim(tmp_path / "tty")
    sim.start()
    try:
        part, ok, detail = doctor.check_reader(Settings(reader=Reader(port=str(sim.link))))
        assert ok and "PN532 firmware 1.6" in detail
    finally:
        sim.unplug()


def test_reader_check_reports_a_missing_port(tmp_path):
    part, ok, detail = doctor.check_reader(Settings(reader=Reader(port=str(tmp_path / "no"))))
    assert not ok and "turn on the UART" in detail and "--enable-interfaces" in detail


def test_buttons_at_rest_and_a_stuck_one():
    from gpiozero import Button

    Device.pin_factory = MockFactory()

    def wired(pin, **kwargs):
        button = Button(pin, **kwargs)
        if pin == 13:
            Device.pin_factory.pin(13).drive_low()  # "left" shorted to ground
        return button

    checks = doctor.check_buttons(Settings(), 0, print, make_button=wired)
    by_part = {part: ok for part, ok, _ in checks}
    assert by_part["button left"] is False
    assert all(ok for part, ok in by_part.items() if part != "button left")


def test_buttons_pressed_when_asked():
    Device.pin_factory = MockFactory()
    pins = Settings().buttons.pins()
    asked = []

    def say_hold(line):  # the player presses each one asked for (for 50 ms), but forgets back
        asked.append(line)
        name = line.split()[1]
        if name != "back":
            pin = Device.pin_factory.pin(pins[name])
            pin.drive_low()
            threading.Timer(0.05, pin.drive_high).start()

    checks = doctor.check_buttons(Settings(), 0.2, say_hold)
    assert [ok for _, ok, _ in checks] == [True] * 5 + [False]
    assert asked[0] == "press up (GPIO5) ..."


def test_doctor_command_reports_each_part_and_fails(tmp_path, capsys):
    config = tmp_path / "c.toml"
    config.write_text(f'[reader]\ntype = "pn532"\nport = "{tmp_path / "none"}"\n')
    code = main(["doctor", "--config", str(config)])
    out, err = capsys.readouterr()
    assert code == 1
    assert out.splitlines()[0].startswith("config") and "OK" in out.splitlines()[0]
    assert "reader" in out and "FAIL" in out
    assert "check(s) failed" in err


def test_doctor_with_a_bad_config(tmp_path, capsys):
    config = tmp_path / "c.toml"
    config.write_text("language = 'fr'\n")
    assert main(["doctor", "--config", str(config)]) == 1
    out, _ = capsys.readouterr()
    assert "FAIL" in out and "language" in out


# --- lgpio (the Pi 5's pin library) from a folder the user cannot write ----------------------

LGPIO = importlib.util.find_spec("lgpio") is not None
needs_lgpio = pytest.mark.skipif(
    not LGPIO, reason="lgpio has no wheel for this machine (./dev test installs it where one is)"
)


# root in a mount namespace of its own, the folder bound read-only onto itself: root cannot
# write there either (where nobody cannot read the checkout, a clone under a private folder)
READ_ONLY_AS_ROOT = ["unshare", "--mount", "sh", "-c",
                     'mount --bind -o ro "$0" "$0" && cd "$0" && exec "$@"']  # fmt: skip


def as_a_user_who_cannot_write_here(code: str, *args: str) -> subprocess.CompletedProcess:
    """Python running `code` in a folder it may read but not write, as `sudo -u tabletop`
    runs `doctor` in the clone: as nobody when this runs as root (root writes anywhere), or
    as root in a read-only bind of the folder where nobody cannot read this checkout."""
    folder = Path(tempfile.mkdtemp(prefix="tabletop-read-only-"))
    try:
        folder.chmod(0o555)
        drop: list[str] = []
        env = {k: v for k, v in os.environ.items() if k != "LG_WD"}
        env["PYTHONPATH"] = str(ROOT)
        if os.geteuid() == 0:
            drop = ["setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups"]
            seen = subprocess.run([*drop, sys.executable, "-c", "import device"], env=env, cwd="/")
            if seen.returncode != 0:
                drop = [*READ_ONLY_AS_ROOT, str(folder)]
                if subprocess.run([*drop, "true"], capture_output=True).returncode != 0:
                    pytest.skip("as root, this needs a checkout nobody can read, or unshare")
        return subprocess.run(
            [*drop, sys.executable, "-c", code, *args],
            cwd=folder,
            capture_output=True,
            text=True,
            env=env,
            timeout=60,
        )
    finally:
        folder.chmod(0o755)
        shutil.rmtree(folder)


@needs_lgpio
def test_lgpio_fails_to_load_from_a_folder_it_cannot_write():
    """What the box meets: lgpio's own import, left alone, fails there."""
    done = as_a_user_who_cannot_write_here("import lgpio")
    assert done.returncode == 1 and "lgd-nfy0" in done.stderr


@needs_lgpio
def test_the_box_loads_lgpio_from_a_folder_it_cannot_write_and_stays_there():
    done = as_a_user_who_cannot_write_here(
        "import os; from device.hw.gpio import prepare_pin_library; prepare_pin_library(); "
        "import lgpio; print(os.getcwd()); print(os.environ['LG_WD'])"
    )
    assert done.returncode == 0, done.stderr
    here, private = done.stdout.split()
    assert Path(here).name.startswith("tabletop-read-only-")  # back where it was
    assert Path(private).name.startswith("tabletop-lgpio-")
    assert not Path(private).exists()  # removed when the process ended
    assert "set permissions" not in done.stderr


def test_doctor_from_a_folder_it_cannot_write_says_in_a_line_why_there_is_no_gpio():
    """No pins here (not a Pi): the buttons' line names each pin library's reason, and
    lgpio's is that this is no Pi, not that it could not make its pipe (lgpio loaded)."""
    done = as_a_user_who_cannot_write_here(
        "import sys; from device.cli.main import main; sys.exit(main(sys.argv[1:]))",
        "doctor",
        "--config",
        str(ROOT / "config.example.toml"),
    )
    assert done.returncode == 1
    (buttons,) = [line for line in done.stdout.splitlines() if line.startswith("buttons")]
    assert "FAIL  no GPIO: BadPinFactory" in buttons and "(lgpio: " in buttons
    if LGPIO:
        assert "lgd-nfy" not in buttons and "No module named 'lgpio'" not in buttons
    assert "Traceback" not in done.stderr and "lgd-nfy" not in done.stderr
