"""`tabletop nfc read` against simulated readers on a pseudo-terminal."""

import threading
import time

import pytest

from device.cli.main import main
from tests.readersim import PN532Sim, RDM6300Sim


def present_twice(sim, card, gap=0.6):
    """Lay the card on the reader, take it away, lay it on again."""

    def run():
        time.sleep(0.4)
        sim.card = card
        time.sleep(0.5)
        sim.card = None
        time.sleep(gap)
        sim.card = card

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return thread


@pytest.mark.parametrize(
    ("kind", "sim_class", "card", "printed"),
    [
        ("pn532", PN532Sim, bytes.fromhex("04a2b3c4"), "04A2B3C4"),
        ("rdm6300", RDM6300Sim, bytes.fromhex("0a1b2c3d4e"), "0A1B2C3D4E"),
    ],
)
def test_nfc_read_prints_each_tap(tmp_path, capsys, kind, sim_class, card, printed):
    sim = sim_class(tmp_path / "tty")
    sim.start()
    try:
        present_twice(sim, card)
        code = main(
            [
                "nfc",
                "read",
                "--reader",
                kind,
                "--port",
                str(sim.link),
                "--count",
                "2",
                "--timeout",
                "10",
            ]
        )
        out, err = capsys.readouterr()
        assert code == 0, err
        assert out == f"{printed}\n{printed}\n"
    finally:
        sim.unplug()


def test_nfc_read_times_out_with_status_1(tmp_path, capsys):
    sim = PN532Sim(tmp_path / "tty")
    sim.start()
    try:
        code = main(
            [
                "nfc",
                "read",
                "--reader",
                "pn532",
                "--port",
                str(sim.link),
                "--count",
                "1",
                "--timeout",
                "0.8",
            ]
        )
        out, err = capsys.readouterr()
        assert code == 1 and out == ""
        assert "timed out after 0 taps" in err
    finally:
        sim.unplug()


def test_nfc_read_missing_port_says_so_then_times_out(tmp_path, capsys):
    code = main(
        ["nfc", "read", "--reader", "rdm6300", "--port", str(tmp_path / "nope"), "--timeout", "0.5"]
    )
    _, err = capsys.readouterr()
    assert code == 1
    assert "reader not answering" in err and "nope" in err


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--reader", "acr122"], "invalid choice: 'acr122'"),
        (["--reader", "pn532", "--port", "x", "--count", "0"], "--count must be 1 or more"),
        (["--reader", "pn532", "--port", "x", "--timeout", "-1"], "--timeout must be more than"),
    ],
)
def test_nfc_read_bad_arguments(capsys, argv, message):
    if "--port" not in argv:
        argv = [*argv, "--port", "x"]
    assert main(["nfc", "read", *argv]) == 2
    assert message in capsys.readouterr().err
