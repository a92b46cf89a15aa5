"""The headless service: the unit file (systemd-analyze), sd_notify messages against a fake
notify socket, the watchdog restarting a hung loop, and the SIGTERM path."""

import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from device.app.frame import render_stopped
from device.hw.systemd import Notifier

ROOT = Path(__file__).resolve().parent.parent
UNIT = ROOT / "systemd" / "tabletop.service"
ANALYZE = shutil.which("systemd-analyze")
needs_analyze = pytest.mark.skipif(ANALYZE is None, reason="systemd-analyze is not installed")


# --- the unit file -----------------------------------------------------------------------------


def unit_copy(tmp_path: Path) -> Path:
    """The unit with ExecStart pointing at an executable that exists here (verify checks it)."""
    text = UNIT.read_text()
    text = text.replace("ExecStart=/opt/tabletop/venv/bin/tabletop", "ExecStart=/bin/true")
    path = tmp_path / "tabletop.service"
    path.write_text(text)
    return path


@needs_analyze
def test_unit_verifies_without_warnings(tmp_path):
    done = subprocess.run(
        [ANALYZE, "verify", str(unit_copy(tmp_path))], capture_output=True, text=True, cwd=tmp_path
    )
    assert done.returncode == 0 and done.stdout == "" and done.stderr == "", done.stderr


@needs_analyze
def test_unit_security_exposure_is_at_most_2(tmp_path):
    done = subprocess.run(
        [ANALYZE, "security", "--offline=true", str(unit_copy(tmp_path))],
        capture_output=True,
        text=True,
        cwd=tmp_path,
    )
    found = re.search(r"Overall exposure level for \S+: (\d+\.\d+)", done.stdout)
    assert found, done.stdout[-500:] + done.stderr
    assert float(found.group(1)) <= 2.0


def test_unit_reaches_its_devices_and_nothing_else():
    text = UNIT.read_text()
    assert "Type=notify" in text and "WatchdogSec=" in text and "Restart=on-failure" in text
    assert "DevicePolicy=closed" in text and "\nPrivateDevices=" not in text
    for device in ("gpiochip", "i2c", "spi"):
        assert f"DeviceAllow=char-{device} rw" in text
    # serial ports by path only: char-ttyS would also open the virtual consoles (same major)
    allowed = re.findall(r"^DeviceAllow=(\S+)", text, re.M)
    assert not [a for a in allowed if a.startswith("char-tty")], allowed
    assert {"/dev/serial0", "/dev/ttyAMA0", "/dev/ttyS0"} <= set(allowed)
    assert "SupplementaryGroups=gpio i2c spi dialout" in text
    assert "IPAddressDeny=any" in text and "RestrictAddressFamilies=AF_UNIX" in text


def test_lock_pins_every_runtime_dependency_with_hashes():
    """Every package the box imports at run time (but Pillow and lgpio, from Debian) is in
    the lock at one exact version, each with at least one sha256 hash."""
    lock = (ROOT / "systemd" / "requirements.lock").read_text()
    entries = re.findall(
        r"^([A-Za-z0-9_.-]+)==(\S+)((?:\s*\\\n\s+--hash=sha256:[0-9a-f]{64})+)", lock, re.M
    )
    pinned = {name.lower().replace("_", "-") for name, _, _ in entries}
    assert len(entries) == lock.count("==")
    for needed in ("pydantic", "pydantic-core", "gpiozero", "luma.oled", "luma.core", "pyserial"):
        assert needed in pinned
    for needed in ("starlette", "anyio", "uvicorn", "h11", "click", "jinja2", "markupsafe"):
        assert needed in pinned  # the web page's (tabletop web), and segno for its QR code
    assert "segno" in pinned


def test_install_scripts_dry_run(tmp_path):
    from tests.test_install import RPI_OS, system

    env = system(tmp_path, RPI_OS)  # (what install.sh decides per system: test_install.py)
    done = subprocess.run(
        ["bash", str(ROOT / "systemd" / "install.sh"), "--enable-interfaces"],
        capture_output=True,
        text=True,
        env=env,
    )
    assert done.returncode == 0, done.stderr
    steps = done.stdout
    for expected in (
        "useradd --system",
        "venv --system-site-packages /opt/tabletop/venv",
        "install --quiet --require-hashes --no-deps -r /opt/tabletop/src/systemd/requirements.lock",
        "--no-deps --no-build-isolation --no-index --upgrade /opt/tabletop/src",
        "chown -R root:root /opt/tabletop/src",
        "systemctl enable tabletop.service",
    ):
        assert expected in steps
    # nothing is installed from an open version range
    assert "pip install --quiet --upgrade" not in steps
    done = subprocess.run(
        ["bash", str(ROOT / "systemd" / "install.sh"), "--bogus"],
        capture_output=True,
        text=True,
        env=env,
    )
    assert done.returncode == 2 and "unknown option" in done.stderr
    done = subprocess.run(
        ["bash", str(ROOT / "systemd" / "uninstall.sh"), "--purge"],
        capture_output=True,
        text=True,
        env=env,
    )
    assert done.returncode == 0 and "rm -rf /opt/tabletop" in done.stdout


# --- sd_notify ---------------------------------------------------------------------------------


class NotifySocket:
    def __init__(self, path: Path):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        self.sock.bind(str(path))
        self.path = path
        self.messages: list[tuple[float, str]] = []

    def collect(self, until, timeout=20.0):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            self.sock.settimeout(0.05)
            try:
                data = self.sock.recv(4096).decode()
                self.messages.append((time.monotonic(), data))
            except TimeoutError:
                pass
            if until(self):
                return True
        return False

    def has(self, text):
        return any(text in m for _, m in self.messages)

    def close(self):
        self.sock.close()


def test_notifier_is_a_no_op_without_systemd():
    n = Notifier({})
    assert n.notify("READY=1") is False and n.watchdog_s is None


def test_notifier_watchdog_interval_and_pid():
    assert Notifier({"WATCHDOG_USEC": "3000000"}).watchdog_s == 3.0
    assert Notifier({"WATCHDOG_USEC": "3000000", "WATCHDOG_PID": "1"}).watchdog_s is None


def tabletop(*args):
    return [
        sys.executable,
        "-c",
        "from device.cli.main import main; raise SystemExit(main())",
        *args,
    ]


# The box with a fault put in by the test, not by the box: its loop hangs on one card's tap
# (the watchdog's test), the rest of the process runs on.
HANGING = """
import sys, threading
from device.app.loop import Loop
from device.events import Tap
from device.cli.main import main

handle = Loop.handle

def hanging(self, event):
    if isinstance(event, Tap) and event.uid == HANG_ON:
        threading.Event().wait()
    return handle(self, event)

HANG_ON = sys.argv.pop(1)
Loop.handle = hanging
raise SystemExit(main())
"""


def start(tmp_path, script_text, env_extra, state="state", frames="frames", hang_on=""):
    script = tmp_path / f"{frames}.txt"
    script.write_text(script_text)
    config = tmp_path / "config.toml"
    config.write_text("[buttons]\nhold_s = 0.2\n")
    env = {**os.environ, **env_extra}
    command = tabletop if not hang_on else lambda *a: [sys.executable, "-c", HANGING, hang_on, *a]
    return subprocess.Popen(
        command(
            "run",
            "--script",
            str(script),
            "--frames",
            str(tmp_path / frames),
            "--state-dir",
            str(tmp_path / state),
            "--config",
            str(config),
        ),
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )


def frames(directory: Path):
    return sorted(directory.glob("[0-9]*.png"))


def same(a, b) -> bool:
    return ImageChops.difference(a.convert("L"), b.convert("L")).getbbox() is None


def test_ready_watchdog_then_stopping_and_a_clean_exit_on_sigterm(tmp_path):
    notify = NotifySocket(tmp_path / "notify")
    try:
        proc = start(
            tmp_path,
            "press ok\npress ok\nwait 30000\n",
            {"NOTIFY_SOCKET": str(notify.path), "WATCHDOG_USEC": "300000"},
        )
        assert notify.collect(lambda n: n.has("READY=1"))
        assert notify.collect(lambda n: sum("WATCHDOG=1" in m for _, m in n.messages) >= 3)
        # READY only after the first frame is on the display
        assert frames(tmp_path / "frames")
        time.sleep(0.3)  # the two presses are handled
        shown_before = Image.open(frames(tmp_path / "frames")[-1])
        sent = time.monotonic()
        proc.send_signal(signal.SIGTERM)
        code = proc.wait(timeout=5)
        took = time.monotonic() - sent
        assert code == 0, proc.stderr.read()
        assert took < 1.0, f"stopping took {took:.2f} s"
        notify.collect(lambda n: n.has("STOPPING=1"), timeout=1)
        assert notify.has("STOPPING=1")
        last = Image.open(frames(tmp_path / "frames")[-1])
        assert same(last, render_stopped("de"))
    finally:
        notify.close()
    # the saved state is durable and complete: a restart shows the screen from before
    again = start(tmp_path, "", {}, frames="again")
    assert again.wait(timeout=30) == 0
    assert same(Image.open(frames(tmp_path / "again")[0]), shown_before)


def test_watchdog_restarts_a_hung_loop(tmp_path):
    """A harness does what systemd does: no WATCHDOG=1 within WatchdogSec, kill and start
    again. The loop hangs (fault injection) while the rest of the process runs on."""
    notify = NotifySocket(tmp_path / "notify")
    env = {
        "NOTIFY_SOCKET": str(notify.path),
        "WATCHDOG_USEC": "400000",
    }
    try:
        script = "press ok\npress down\ntap DEADBEEF\nwait 30000\n"
        proc = start(tmp_path, script, env, hang_on="DEADBEEF")
        assert notify.collect(lambda n: n.has("READY=1"))
        last_ping = time.monotonic()
        restarted = False
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            count = len(notify.messages)
            notify.collect(lambda n, c=count: len(n.messages) > c, timeout=0.05)
            if any("WATCHDOG=1" in m for _, m in notify.messages[count:]):
                last_ping = time.monotonic()
            if time.monotonic() - last_ping > 0.4:  # WatchdogSec passed without a ping
                proc.send_signal(signal.SIGKILL)
                proc.wait()
                restarted = True
                break
        assert restarted, "the hung loop kept pinging the watchdog"
        hung_screen = Image.open(frames(tmp_path / "frames")[-1])
        notify.messages.clear()
        again = start(tmp_path, "wait 500\n", env, frames="again")
        assert notify.collect(lambda n: n.has("READY=1") and n.has("WATCHDOG=1"))
        assert again.wait(timeout=30) == 0
        assert same(Image.open(frames(tmp_path / "again")[0]), hung_screen)
    finally:
        notify.close()
