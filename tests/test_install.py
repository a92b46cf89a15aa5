"""The install on a Pi, in the parts that can be checked here: what `systemd/install.sh`
decides on each system (a dry run against a stand-in of that system's files and tools: a
folder of its files as SYSROOT, its apt-cache, dpkg and raspi-config on PATH), both units
verified by systemd-analyze with the project's own paths, and the whole game the emulated
Pi plays. The install itself, for real on an emulated Debian arm64 root, is
`hardware_tests/emulated_pi.sh` (about 20 minutes; hardware_tests/README.md)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from device.cli.main import main

ROOT = Path(__file__).resolve().parent.parent
INSTALL = ROOT / "systemd" / "install.sh"
ANALYZE = shutil.which("systemd-analyze")

RPI_OS = "rpi-os"  # Raspberry Pi OS bookworm 64-bit: its archive, raspi-config, systemd
DEBIAN = "debian"  # plain Debian bookworm arm64 on a Pi: raspi-firmware, no Pi archive


def system(tmp_path: Path, kind: str, *, systemd: bool = True, python: str = "3.11") -> dict:
    """A stand-in of a system for a dry run: its files under SYSROOT, its tools on PATH."""
    root, tools = tmp_path / "sysroot", tmp_path / "bin"
    for folder in (root / "etc", tools):
        folder.mkdir(parents=True)
    name = "Raspbian" if kind == RPI_OS else "Debian"
    (root / "etc" / "os-release").write_text(
        f'PRETTY_NAME="{name} GNU/Linux 12 (bookworm)"\nID=debian\nVERSION_CODENAME=bookworm\n'
    )
    if systemd:
        (root / "run" / "systemd" / "system").mkdir(parents=True)
    scripts = {"dpkg": "echo arm64", "apt-get": "exit 0"}
    if kind == RPI_OS:
        (root / "etc" / "rpi-issue").write_text("Raspberry Pi reference 2024-11-19\n")
        (root / "etc" / "udev" / "rules.d").mkdir(parents=True)
        (root / "etc" / "udev" / "rules.d" / "99-com.rules").write_text("")
        scripts["apt-cache"] = "exit 0"  # python3-lgpio is there
        scripts["raspi-config"] = "exit 0"
    else:
        scripts["apt-cache"] = "exit 100"  # E: No packages found
    scripts["python3"] = f"echo {python}"  # the system's Python (not this machine's)
    for name, body in scripts.items():
        (tools / name).write_text(f"#!/bin/sh\n{body}\n")
        (tools / name).chmod(0o755)
    return {"DRY_RUN": "1", "SYSROOT": str(root), "PATH": f"{tools}:/usr/bin:/bin"}


def install(env: dict, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        ["bash", str(INSTALL), *args], capture_output=True, text=True, env=env, timeout=60
    )


def lines(done: subprocess.CompletedProcess, prefix: str) -> list[str]:
    return [line for line in done.stdout.splitlines() if line.startswith(prefix)]


def test_raspberry_pi_os_takes_lgpio_and_the_interfaces_from_the_system(tmp_path):
    done = install(system(tmp_path, RPI_OS), "--enable-interfaces")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "install.sh: on Raspberry Pi OS (arm64)" in out
    apt = lines(done, "+ apt-get") + lines(done, "+ env DEBIAN_FRONTEND")
    assert apt[0] == "+ apt-get update" and "python3-lgpio" in apt[1]  # update first
    assert "lgpio.lock" not in out and "60-tabletop.rules" not in out
    assert "+ raspi-config nonint do_i2c 0" in out and "do_serial_cons 1" in out
    # the interfaces need a reboot: the service is enabled, not started before it
    assert "+ systemctl enable tabletop.service" in out
    assert "systemctl restart tabletop.service" not in out
    assert "reboot now" in out and "the box starts then" in out


def test_raspberry_pi_os_without_the_interfaces_starts_the_box(tmp_path):
    done = install(system(tmp_path, RPI_OS))
    assert done.returncode == 0, done.stderr
    assert "+ systemctl daemon-reload" in done.stdout
    assert "+ systemctl restart tabletop.service" in done.stdout
    assert "the box is running" in done.stdout and "raspi-config" not in done.stdout


def test_plain_debian_brings_lgpio_the_groups_rules_and_debians_firmware_settings(tmp_path):
    env = system(tmp_path, DEBIAN)
    root = Path(env["SYSROOT"])
    hook = root / "etc" / "kernel" / "postinst.d" / "z50-raspi-firmware"
    hook.parent.mkdir(parents=True)
    hook.write_text("#!/bin/sh\n")
    hook.chmod(0o755)
    (root / "boot").mkdir()
    (root / "boot" / "vmlinuz-6.1.0-28-arm64").write_text("")
    done = install(env, "--enable-interfaces")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "install.sh: on Debian GNU/Linux 12 (bookworm) (arm64)" in out
    assert "python3-lgpio" not in out
    assert "-r /opt/tabletop/src/systemd/lgpio.lock" in out
    assert "(lgpio from systemd/lgpio.lock)" in out
    assert "+ cp " + str(ROOT / "systemd" / "60-tabletop.rules") in out
    assert (
        "+ append to /etc/default/raspi-firmware-custom: [all] dtparam=i2c_arm=on "
        "dtparam=spi=on enable_uart=1"
    ) in out
    # the serial console off, as Debian's firmware reads it (a shell file: no section)
    assert '+ append to /etc/default/raspi-firmware: CONSOLES="tty0"' in out
    assert "+ env DEB_MAINT_PARAMS=configure /etc/kernel/postinst.d/z50-raspi-firmware" in out
    assert "+ write /etc/modules-load.d/tabletop-i2c.conf: i2c-dev" in out


def test_a_config_txt_of_its_own_is_edited_where_there_is_no_raspi_config(tmp_path):
    env = system(tmp_path, DEBIAN)
    boot = Path(env["SYSROOT"]) / "boot" / "firmware"
    boot.mkdir(parents=True)
    (boot / "config.txt").write_text("enable_uart=1\n")
    (boot / "cmdline.txt").write_text("console=serial0,115200 console=tty1 root=/dev/mmcblk0p2\n")
    done = install(env, "--enable-interfaces")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    # under [all], the line it has already left out
    assert "+ append to /boot/firmware/config.txt: [all] dtparam=i2c_arm=on dtparam=spi=on\n" in out
    assert "/boot/firmware/cmdline.txt" in out and "console=(serial0" in out
    assert "reboot now" in out


def test_no_raspi_config_and_no_config_txt_says_what_is_left_to_do(tmp_path):
    done = install(system(tmp_path, DEBIAN), "--enable-interfaces")
    assert done.returncode == 0, done.stderr
    (left,) = lines(done, "install.sh: left to do:")
    assert "by hand" in left and "docs/install.md" in left
    assert "reboot now" not in done.stdout  # nothing was changed that a reboot would take


def test_without_a_running_systemd_the_units_are_enabled_and_start_at_the_next_boot(tmp_path):
    done = install(system(tmp_path, DEBIAN, systemd=False), "--web")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "systemd not running" in out.splitlines()[0]
    assert "+ systemctl enable tabletop.service" in out
    assert "+ systemctl enable tabletop-web.service" in out
    assert "daemon-reload" not in out and "restart" not in out and "udevadm" not in out
    assert "starts at the next boot" in out


def test_an_untried_system_is_said_and_the_install_goes_on(tmp_path):
    env = system(tmp_path, DEBIAN)
    Path(env["SYSROOT"], "etc", "os-release").write_text(
        'PRETTY_NAME="Ubuntu 24.04 LTS"\nID=ubuntu\nVERSION_CODENAME=noble\n'
    )
    done = install(env)
    assert done.returncode == 0, done.stderr
    assert "install.sh: on Ubuntu 24.04 LTS (arm64)" in done.stdout
    assert len(lines(done, "install.sh: note: made for Raspberry Pi OS or Debian bookworm")) == 1


def test_lgpio_from_the_lock_needs_python_3_11_else_one_line_says_what_to_do(tmp_path):
    done = install(system(tmp_path, DEBIAN, python="3.13"))
    assert done.returncode == 1
    assert done.stderr.count("\n") == 1 and done.stderr.startswith("install.sh: 1/6 lgpio")
    assert "Python 3.13" in done.stderr and "Raspberry Pi archive" in done.stderr


def test_a_bare_install_without_root_is_one_line():
    drop = ["setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups"]
    drop = drop if os.geteuid() == 0 else []
    if drop and subprocess.run([*drop, "test", "-r", str(INSTALL)]).returncode != 0:
        pytest.skip("as root, this needs a checkout that nobody can read")
    done = subprocess.run(
        [*drop, "bash", str(INSTALL), "--web"],
        capture_output=True,
        text=True,
        cwd="/",
    )
    assert done.returncode == 1 and done.stderr.count("\n") == 1, done.stderr
    assert done.stderr.startswith("install.sh: run it as root: sudo ") and done.stdout == ""


def test_every_lock_install_sh_and_run_sh_read_exists_with_hashes():
    locks = ("systemd/requirements.lock", "systemd/lgpio.lock", "hardware_tests/requirements.lock")
    for lock in locks:
        text = (ROOT / lock).read_text()
        pins = [line for line in text.splitlines() if "==" in line]
        assert pins and text.count("--hash=sha256:") >= len(pins), lock
    assert "lgpio==" in (ROOT / "systemd" / "lgpio.lock").read_text()
    assert "pytest==" in (ROOT / "hardware_tests" / "requirements.lock").read_text()


@pytest.mark.skipif(ANALYZE is None, reason="systemd-analyze is not installed")
def test_both_units_verify_with_the_projects_own_paths(tmp_path):
    """Both units as install.sh installs them, in a root where their ExecStart is this
    project's `tabletop` and systemd's own units are this machine's."""
    root = tmp_path / "root"
    units = root / "etc" / "systemd" / "system"
    units.mkdir(parents=True)
    for unit in ("tabletop.service", "tabletop-web.service"):
        shutil.copy(ROOT / "systemd" / unit, units / unit)
    command = root / "opt" / "tabletop" / "venv" / "bin" / "tabletop"
    command.parent.mkdir(parents=True)
    shutil.copy(Path(sys.executable).parent / "tabletop", command)
    shutil.copytree(
        "/usr/lib/systemd/system", root / "usr" / "lib" / "systemd" / "system", symlinks=True
    )
    done = subprocess.run(
        [ANALYZE, "verify", f"--root={root}", "tabletop.service", "tabletop-web.service"],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0 and done.stdout == "" and done.stderr == "", done.stderr


def test_the_emulated_pis_script_plays_a_whole_game(tmp_path, capsys):
    script = ROOT / "hardware_tests" / "whole_game.script"
    state = tmp_path / "state"
    code = main(["run", "--script", str(script), "--frames", str(tmp_path / "f"),
                 "--state-dir", str(state)])  # fmt: skip
    assert code == 0, capsys.readouterr().err
    capsys.readouterr()
    assert main(["games", "--state-dir", str(state)]) == 0
    listed = capsys.readouterr().out
    assert "zweimal\tfinished" in listed, f"{listed}: write the script anew (its header says how)"


def write_whole_game(path: Path) -> None:
    """Play the script's game on the simulated box as a player would (tests/boxdriver.py,
    the script's seed) and write the presses down."""
    import tempfile

    from device.settings import Settings
    from device.sim.simulator import Simulator
    from tests.boxdriver import Player
    from tests.test_box_zweimal import play_round

    pressed: list[str] = []

    class Recorded(Simulator):
        def press(self, button: str) -> None:
            pressed.append(f"press {button}")
            super().press(button)

        def hold(self, button: str) -> None:
            pressed.append(f"hold {button}")
            super().hold(button)

    with tempfile.TemporaryDirectory() as state:
        sim = Recorded(Settings(), Path(state), None, seed=0)  # as `tabletop run --script`
        sim.start()
        try:
            p = Player(sim)
            p.new_game(variant=1, starter="A")
            for _ in range(2):
                p.deal()
                play_round(p)
                p.through_scoring()
        finally:
            sim.stop()
    header = path.read_text().split("\npress", 1)[0] if path.exists() else ""
    path.write_text(header + "\n" + "\n".join(pressed) + "\n")


if __name__ == "__main__":  # python -m tests.test_install: write hardware_tests/whole_game.script
    write_whole_game(ROOT / "hardware_tests" / "whole_game.script")


def wheel(folder: Path, body: str) -> tuple[Path, str]:
    """A one-module wheel of tt-probe 1.0 whose module holds `body`: same name, other bytes."""
    import base64
    import hashlib
    import zipfile

    folder.mkdir(parents=True)
    path = folder / "tt_probe-1.0-py3-none-any.whl"
    info = "tt_probe-1.0.dist-info"
    files = {
        "tt_probe.py": f"FROM = {body!r}\n",
        f"{info}/METADATA": "Metadata-Version: 2.1\nName: tt-probe\nVersion: 1.0\n",
        f"{info}/WHEEL": "Wheel-Version: 1.0\nRoot-Is-Purelib: true\nTag: py3-none-any\n",
    }
    record = []
    for name, text in files.items():
        digest = base64.urlsafe_b64encode(hashlib.sha256(text.encode()).digest()).rstrip(b"=")
        record.append(f"{name},sha256={digest.decode()},{len(text.encode())}")
    files[f"{info}/RECORD"] = "\n".join([*record, f"{info}/RECORD,,"])
    with zipfile.ZipFile(path, "w") as archive:
        for name, text in files.items():
            archive.writestr(name, text)
    return path, hashlib.sha256(path.read_bytes()).hexdigest()


def simple_index(root: Path, built: tuple[Path, str]) -> str:
    """A package index of one file, listed with its hash as PyPI and piwheels list theirs."""
    path, digest = built
    page = root / "simple" / "tt-probe" / "index.html"
    page.parent.mkdir(parents=True)
    page.write_text(f'<a href="{path.as_uri()}#sha256={digest}">{path.name}</a>\n')
    return (root / "simple").as_uri()


@pytest.mark.parametrize("piwheels_first", [False, True])
def test_the_lock_takes_its_own_file_where_a_second_index_has_another_build(
    tmp_path, piwheels_first
):
    """32-bit Raspberry Pi OS asks piwheels beside PyPI (/etc/pip.conf), and piwheels builds
    each release itself (same file name, other bytes). With the lock's hashes pip passes over
    piwheels' file and installs the locked one, whichever index it asks first."""
    built = wheel(tmp_path / "pypi-files", "pypi")
    pypi, locked = simple_index(tmp_path / "pypi", built), built[1]
    piwheels = simple_index(tmp_path / "piwheels", wheel(tmp_path / "piwheels-files", "piwheels"))
    lock = tmp_path / "requirements.lock"
    lock.write_text(f"tt-probe==1.0 --hash=sha256:{locked}\n")
    first, second = (piwheels, pypi) if piwheels_first else (pypi, piwheels)
    env = {k: v for k, v in os.environ.items() if not k.startswith("PIP_")}
    env["PIP_CONFIG_FILE"] = os.devnull
    done = subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
         "--require-hashes", "--no-deps", "--target", str(tmp_path / "site"),
         "--index-url", first, "--extra-index-url", second, "-r", str(lock)],
        capture_output=True, text=True, env=env, timeout=120,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "site" / "tt_probe.py").read_text() == "FROM = 'pypi'\n"
