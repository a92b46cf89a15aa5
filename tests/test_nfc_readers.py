"""The card reader drivers against simulators that speak the wire protocol on a pty."""

import threading
import time

import pytest
from hypothesis import given, strategies as st

from device.hw.nfc import rdm6300
from device.hw.nfc.frames import ACK, NACK, Parser, build
from device.hw.nfc.pn532 import PN532, ReaderTimeout
from device.hw.nfc.reader import CardReader, open_port
from device.hw.nfc.taps import TapDetector
from tests.readersim import PN532Sim, RDM6300Sim

UID = bytes.fromhex("04A2B3C4")
UID7 = bytes.fromhex("04112233445566")
EM = bytes.fromhex("0A1B2C3D4E")


# --- PN532 frames ---------------------------------------------------------------------------


def test_frame_layout_and_checksums():
    frame = build(0xD4, b"\x02")
    assert frame == bytes.fromhex("0000ff02fed4022a00")
    (parsed,) = Parser().feed(frame)
    assert (parsed.kind, parsed.tfi, parsed.data) == ("info", 0xD4, b"\x02")


def test_extended_frame_round_trip():
    data = bytes(range(256)) + b"\x01\x02"
    frame = build(0xD5, data)
    assert frame[3:5] == b"\xff\xff"
    (parsed,) = Parser().feed(frame)
    assert parsed.data == data


def test_ack_nack_and_error_frames():
    frames = Parser().feed(ACK + NACK + bytes.fromhex("0000ff01ff7f8100"))
    assert [f.kind for f in frames] == ["ack", "nack", "error"]


def test_garbage_torn_frames_and_bad_checksums_are_skipped():
    good = build(0xD5, b"\x03\x32\x01\x06\x07")
    bad_dcs = bytearray(good)
    bad_dcs[-2] ^= 1
    bad_lcs = bytearray(good)
    bad_lcs[4] ^= 1
    stream = b"\x13\x37" + good[:6] + b"\x99" + bytes(bad_dcs) + bytes(bad_lcs) + good
    parser = Parser()
    frames = parser.feed(stream)
    assert [f.data for f in frames] == [good[6:-2]]
    assert parser.bad >= 2


@given(st.lists(st.binary(min_size=1, max_size=40), min_size=1, max_size=5), st.data())
def test_frames_survive_noise_fed_in_pieces(payloads, data):
    noise = st.binary(max_size=8).filter(lambda b: b"\x00\xff" not in b and not b.endswith(b"\x00"))
    stream = b"".join(data.draw(noise) + build(0xD5, p) for p in payloads)
    cuts = sorted(data.draw(st.lists(st.integers(0, len(stream)), max_size=6)))
    parser, got = Parser(), []
    for a, b in zip([0, *cuts], [*cuts, len(stream)], strict=True):
        got += parser.feed(stream[a:b])
    assert [f.data for f in got] == payloads


# --- PN532 driver -----------------------------------------------------------------------------


@pytest.fixture
def pn532(tmp_path):
    sim = PN532Sim(tmp_path / "ttyPN532")
    sim.start()
    yield sim
    sim.unplug()


def test_begin_wakes_configures_and_the_search_waits_for_a_card(pn532):
    with open_port(str(pn532.link), "pn532") as port:
        chip = PN532(port)
        assert chip.begin() == (0x32, 0x01, 0x06, 0x07)
        assert pn532.commands[:3] == [0x14, 0x02, 0x32]  # SAM first, then firmware, MaxRetries
        assert pn532.max_retries == 0xFF  # the chip searches until a card comes
        started = time.monotonic()
        assert chip.poll(wait=0.2) is None  # no card: the search is aborted after the wait
        assert 0.2 <= time.monotonic() - started < 0.5
        time.sleep(0.05)
        assert pn532.aborts == 1
        # a card that comes during the search is answered at once, not at the next poll
        threading.Timer(0.1, lambda: setattr(pn532, "card", UID)).start()
        started = time.monotonic()
        assert chip.poll(wait=2.0) == UID
        assert time.monotonic() - started < 0.5


@pytest.mark.parametrize("uid", [UID, UID7])
def test_poll_reads_four_and_seven_byte_uids(pn532, uid):
    pn532.card = uid
    with open_port(str(pn532.link), "pn532") as port:
        chip = PN532(port)
        chip.begin()
        assert chip.poll() == uid


@pytest.mark.parametrize("fault", ["noise", "torn", "bad_checksum"])
def test_poll_survives_line_faults(pn532, fault):
    pn532.card = UID
    with open_port(str(pn532.link), "pn532") as port:
        chip = PN532(port)
        chip.begin()
        setattr(pn532, fault, True if fault == "noise" else 2)
        assert chip.poll() == UID
        assert chip.poll() == UID
        if fault != "noise":
            assert chip.parser.bad >= 1


def _target(uid_length: int, uid: bytes) -> bytes:
    """An InListPassiveTarget answer (after the answer code) claiming `uid_length` bytes."""
    return bytes([0x01, 0x01, 0x00, 0x44, 0x00, uid_length]) + uid


@pytest.mark.parametrize(
    "answer",
    [
        _target(0, b""),
        _target(1, b"\x04"),
        _target(2, b"\x04\xa2"),
        _target(10, bytes(range(10))),
        _target(200, bytes(200)),
        _target(7, UID),  # claims 7 bytes, carries 4
        _target(4, UID + b"\x09\x09"),  # two stray bytes that are no ATS
        bytes([0x02]) + _target(4, UID)[1:],  # two targets reported for a search for one
    ],
    ids=["uid0", "uid1", "uid2", "uid10", "uid200", "short", "trailing", "two-targets"],
)
def test_malformed_target_answers_are_no_taps(pn532, answer):
    pn532.card = UID
    with open_port(str(pn532.link), "pn532") as port:
        chip = PN532(port)
        chip.begin()
        pn532.target_answer = answer
        assert chip.poll() is None
        pn532.target_answer = None  # the reader is fine afterwards: the next read is a tap
        assert chip.poll() == UID


def test_target_answer_with_an_ats_is_a_tap(pn532):
    ats = bytes([0x05, 0x78, 0x80, 0x70, 0x02])  # TL (counting itself), T0, TA, TB, TC
    pn532.card = UID7
    with open_port(str(pn532.link), "pn532") as port:
        chip = PN532(port)
        chip.begin()
        pn532.target_answer = _target(7, UID7) + ats
        assert chip.poll() == UID7


def test_a_frame_claiming_4096_bytes_does_not_swallow_the_answers(pn532):
    bogus = bytes([0x00, 0x00, 0xFF, 0xFF, 0xFF, 0x10, 0x00, 0xF0])  # extended, 4,096 bytes
    pn532.card = UID
    with open_port(str(pn532.link), "pn532") as port:
        chip = PN532(port)
        chip.begin()
        pn532.before_answer = bogus
        started = time.monotonic()
        for _ in range(5):
            assert chip.poll() == UID
        assert time.monotonic() - started < 1.0  # no wait for 4 KB that never come
        assert chip.parser.bad >= 5


def test_parser_drops_lengths_no_pn532_frame_has():
    parser = Parser()
    good = build(0xD5, b"\x4b\x00")
    frames = parser.feed(bytes([0, 0, 0xFF, 0xFF, 0xFF, 0x10, 0x00, 0xF0]) + good)
    assert [f.data for f in frames] == [b"\x4b\x00"] and parser.bad == 1


def test_unanswered_command_is_aborted_with_an_ack(pn532):
    with open_port(str(pn532.link), "pn532") as port:
        chip = PN532(port, answer_timeout=0.1)
        chip.wake()
        chip.command(0x14, b"\x01\x14\x01")
        # MaxRetries still 0xFF and no card: the PN532 would search forever
        with pytest.raises(ReaderTimeout, match="no answer"):
            chip.command(0x4A, b"\x01\x00")
        time.sleep(0.1)
        assert pn532.aborts == 1


def test_silent_reader_times_out(pn532):
    pn532.silent = True
    with open_port(str(pn532.link), "pn532") as port, pytest.raises(ReaderTimeout):
        PN532(port).begin()


# --- RDM6300 ----------------------------------------------------------------------------------


def test_rdm6300_needs_two_frames_in_a_row():
    parser = rdm6300.Parser()
    assert parser.feed(rdm6300.frame(EM)) == []
    assert parser.feed(rdm6300.frame(EM)) == [EM]


def test_rdm6300_drops_torn_and_bad_frames_and_ghosts():
    parser = rdm6300.Parser()
    good = rdm6300.frame(EM)
    bad = good[:11] + b"00" + good[13:]
    ghost = rdm6300.frame(bytes.fromhex("0102030405"))
    got = parser.feed(good[:6] + good + bad + good + ghost + b"\xff\x41" + good + good)
    assert got == [EM]
    assert parser.bad >= 2


# --- taps and the reader thread ---------------------------------------------------------------


def test_tap_detector_one_tap_while_present_new_tap_after_removal():
    taps = TapDetector(removal_s=0.3)
    assert taps.seen("A", 0.0)
    assert not taps.seen("A", 0.2)
    assert not taps.seen("A", 0.45)  # still there (seen 0.25 s ago)
    assert taps.seen("A", 0.9)  # gone for more than 0.3 s: a new tap


class Events:
    def __init__(self):
        self.taps, self.status = [], []
        self.changed = threading.Condition()

    def tap(self, uid):
        with self.changed:
            self.taps.append(uid)
            self.changed.notify_all()

    def state(self, ok, detail):
        with self.changed:
            self.status.append(ok)
            self.changed.notify_all()

    def wait(self, predicate, timeout=5.0):
        with self.changed:
            assert self.changed.wait_for(predicate, timeout), (self.taps, self.status)


@pytest.mark.parametrize("kind", ["pn532", "rdm6300"])
def test_reader_thread_taps_unplug_and_reconnect(tmp_path, kind):
    sim = (PN532Sim if kind == "pn532" else RDM6300Sim)(tmp_path / "tty")
    sim.start()
    events = Events()
    reader = CardReader(kind, str(sim.link), events.tap, events.state, retry_s=0.2)
    reader.start()
    card = UID if kind == "pn532" else EM
    try:
        events.wait(lambda: events.status == [True])
        sim.card = card
        events.wait(lambda: len(events.taps) == 1)
        time.sleep(0.8)  # the card stays on the reader: still one tap
        assert events.taps == [card.hex().upper()]
        sim.card = None
        time.sleep(0.6)
        sim.card = card  # presented again: a new tap
        events.wait(lambda: len(events.taps) == 2)
        sim.unplug()
        events.wait(lambda: events.status[-1] is False)
        sim.plug()
        events.wait(lambda: events.status[-1] is True)
        sim.card = None
        time.sleep(0.6)
        sim.card = card
        events.wait(lambda: len(events.taps) == 3)
    finally:
        reader.stop()
        sim.unplug()
