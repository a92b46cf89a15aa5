"""The save file's log check (device/storage/savefile.py): the WAL checksum in closed form is
SQLite's, pair of words by pair of words, for any data and any start."""

import random

from hypothesis import given, settings, strategies as st

from device.storage.savefile import _checksum, _checksum_loop


@settings(max_examples=200, deadline=None)
@given(
    st.integers(0, 40).flatmap(lambda n: st.binary(min_size=8 * n, max_size=8 * n)),
    st.booleans(),
    st.integers(0, 2**32 - 1),
    st.integers(0, 2**32 - 1),
)
def test_the_closed_form_is_the_loop(data, big, s0, s1):
    assert _checksum(data, big, s0, s1) == _checksum_loop(data, big, s0, s1)


def test_a_frame_s_checksum_is_the_loop_s():
    rng = random.Random(7)
    frame = bytes(rng.randrange(256) for _ in range(4104))  # a header's 8 bytes and a page
    for big in (False, True):
        assert _checksum(frame, big, 123, 456) == _checksum_loop(frame, big, 123, 456)


def test_a_reader_s_memory_of_good_frames_reads_the_log_the_same(tmp_path):
    """The web page's snapshots remember the frames they checked (`good`): the log reads the
    same with or without that memory, also once it has grown; the box passes none."""
    from device.storage.savefile import check_wal
    from device.storage.store import Store

    store = Store(tmp_path)
    game = store.new_game("zweimal", 1, {"variant": "1"}, {"mode": "game"})
    wal = tmp_path / "tabletop.sqlite3-wal"
    good: set[tuple[int, ...]] = set()
    try:
        for _look in range(3):
            for _ in range(5):
                store.record(game, {"mode": "game"}, append={"kind": "action", "action": "x"})
            store.flush()
            data = wal.read_bytes()
            plain = check_wal(data)
            assert plain.frames > 0
            assert check_wal(data, good) == plain and good
            assert check_wal(data, good) == plain  # the second look: from memory
    finally:
        store.close()
