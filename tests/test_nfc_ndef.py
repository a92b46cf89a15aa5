"""Pre-programmed tags: an NDEF text record on an NTAG21x names the card, no teaching needed."""

import threading

import pytest

from device.hw.nfc import ndef
from device.hw.nfc.pn532 import PN532
from device.hw.nfc.reader import CardReader, open_port
from tests.readersim import PN532Sim

NTAG = bytes.fromhex("04112233445566")


def test_text_record_round_trip_and_padding():
    memory = ndef.text_record("zweimal:player-A")
    assert ndef.first_text(memory) == "zweimal:player-A"
    assert ndef.first_text(b"\x00\x00" + memory) == "zweimal:player-A"  # NULL TLVs first
    assert ndef.first_text(b"\x01\x03\xa0\x0c\x34" + memory) == "zweimal:player-A"  # lock TLV


@pytest.mark.parametrize(
    "memory",
    [
        b"",
        b"\xfe",
        b"\x03\x00\xfe",
        bytes([0x03, 0x07, 0xD1, 0x01, 0x03]) + b"U\x00ab\xfe",
        bytes([0x03, 0x30]) + b"\x00" * 4,
    ],
)
def test_no_text_record(memory):
    assert ndef.first_text(memory) is None


def test_utf16_text():
    payload = bytes([0x80 | 2]) + b"de" + "Größe".encode("utf-16")
    record = bytes([0xD1, 0x01, len(payload)]) + b"T" + payload
    assert ndef.first_text(bytes([0x03, len(record)]) + record) == "Größe"


def test_pn532_reads_the_text_of_a_selected_tag(tmp_path):
    sim = PN532Sim(tmp_path / "tty")
    sim.start()
    sim.card, sim.memory = NTAG, ndef.text_record("feuer-und-wasser:R07")
    try:
        with open_port(str(sim.link), "pn532") as port:
            chip = PN532(port)
            chip.begin()
            assert chip.poll(lambda uid: True) == NTAG
            assert chip.last_text == "feuer-und-wasser:R07"
            assert chip.poll() == NTAG and chip.last_text is None  # not asked: not read
    finally:
        sim.unplug()


def test_reader_thread_hands_the_text_over_once_per_tap(tmp_path):
    sim = PN532Sim(tmp_path / "tty")
    sim.start()
    sim.card, sim.memory = NTAG, ndef.text_record("zweimal:player-B")
    texts, taps = [], []
    tapped = threading.Event()
    reader = CardReader(
        "pn532",
        str(sim.link),
        lambda uid: (taps.append(uid), tapped.set()),
        lambda ok, detail: None,
        on_text=lambda uid, t: texts.append((uid, t)),
    )
    reader.start()
    try:
        assert tapped.wait(5)
        threading.Event().wait(0.5)  # the card stays: no more reads of its text
        assert texts == [(NTAG.hex().upper(), "zweimal:player-B")]
        assert taps == [NTAG.hex().upper()]
    finally:
        reader.stop()
        sim.unplug()


def test_the_box_knows_a_pre_programmed_card_without_teaching(tmp_path):
    from device.app.loop import Loop
    from device.hw.display import Screen, dummy_device
    from device.storage.store import Store

    store = Store(tmp_path)
    try:
        loop = Loop(store, Screen(dummy_device()))
        loop.tag_texts["04112233445566"] = "zweimal:player-A"
        loop.tag_texts["04AABBCCDDEEFF"] = "hello world"
        assert loop.known_card("04112233445566") == "zweimal:player-A"
        assert loop.known_card("04AABBCCDDEEFF") is None  # text, but no card name
        store.teach([("04112233445566", "zweimal:player-B")])
        assert loop.known_card("04112233445566") == "zweimal:player-B"  # taught wins
    finally:
        store.close()
