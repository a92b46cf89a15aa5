"""The web page's own service (issue 34): its unit verifies, its exposure is at most 2.0, it
reads the state directory and writes nothing, it answers on the local network only; the
box's own unit keeps no network and keeps the saved games readable by its group."""

import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "systemd" / "tabletop-web.service"
BOX = ROOT / "systemd" / "tabletop.service"
ANALYZE = shutil.which("systemd-analyze")
needs_analyze = pytest.mark.skipif(ANALYZE is None, reason="systemd-analyze is not installed")


def runnable(tmp_path: Path, unit: Path) -> Path:
    text = unit.read_text().replace(
        "ExecStart=/opt/tabletop/venv/bin/tabletop", "ExecStart=/bin/true"
    )
    path = tmp_path / unit.name
    path.write_text(text)
    return path


@needs_analyze
def test_the_web_unit_verifies_and_its_exposure_is_at_most_2(tmp_path):
    unit = runnable(tmp_path, WEB)
    done = subprocess.run([ANALYZE, "verify", str(unit)], capture_output=True, text=True)
    assert done.returncode == 0 and done.stderr == "", done.stderr
    done = subprocess.run(
        [ANALYZE, "security", "--offline=true", str(unit)], capture_output=True, text=True
    )
    found = re.search(r"Overall exposure level for \S+: (\d+\.\d+)", done.stdout)
    assert found and float(found.group(1)) <= 2.0, done.stdout[-400:]


def settings(unit: Path) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for line in unit.read_text().splitlines():
        if "=" in line and not line.startswith("#"):
            key, _, value = line.partition("=")
            out.setdefault(key, []).append(value)
    return out


def test_the_web_unit_reads_the_saved_games_and_writes_nothing():
    web = settings(WEB)
    assert web["User"] == ["tabletop-web"] and web["SupplementaryGroups"] == ["tabletop"]
    assert web["ReadOnlyPaths"] == ["/var/lib/tabletop"] and web["ProtectSystem"] == ["strict"]
    assert "StateDirectory" not in web and "ReadWritePaths" not in web
    assert web["CapabilityBoundingSet"] == [""] and web["PrivateDevices"] == ["yes"]
    assert "--state-dir /var/lib/tabletop" in web["ExecStart"][0]
    assert web["IPAddressDeny"] == ["any"]
    allowed = web["IPAddressAllow"][0].split()
    assert "any" not in allowed and "192.168.0.0/16" in allowed and "localhost" in allowed
    assert set(web["RestrictAddressFamilies"][0].split()) == {"AF_INET", "AF_INET6", "AF_UNIX"}


def test_the_box_unit_keeps_no_network_and_its_games_readable_by_its_group():
    box = settings(BOX)
    assert box["PrivateNetwork"] == ["yes"] and box["RestrictAddressFamilies"] == ["AF_UNIX"]
    assert box["StateDirectoryMode"] == ["0750"] and box["UMask"] == ["0027"]


def test_install_turns_the_web_page_on_and_off(tmp_path):
    from tests.test_install import RPI_OS, system

    script = ROOT / "systemd" / "install.sh"
    env = system(tmp_path, RPI_OS)  # a dry run on a stand-in Raspberry Pi OS
    on = subprocess.run(
        ["bash", str(script), "--web"],
        capture_output=True,
        text=True,
        env=env,
    )
    assert on.returncode == 0, on.stderr
    assert "+ systemctl enable tabletop-web.service" in on.stdout
    assert "+ usermod -a -G tabletop tabletop-web" in on.stdout
    plain = subprocess.run(
        ["bash", str(script)],
        capture_output=True,
        text=True,
        env=env,
    )
    assert "tabletop-web" not in plain.stdout
    bad = subprocess.run(
        ["bash", str(script), "--webb"],
        capture_output=True,
        text=True,
        env=env,
    )
    assert bad.returncode == 2 and "unknown option --webb" in bad.stderr
