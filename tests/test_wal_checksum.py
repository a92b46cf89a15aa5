"""The save file's log check (device/storage/savefile.py): the WAL checksum in closed form is
SQLite's, pair of words by pair of words, for any data and any start; a reader's memory of
good frames and a log read a window at a time read the log the same."""

import functools
import random
from pathlib import Path

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


@functools.cache
def _full_log() -> bytes:
    """A log SQLite has filled and started anew (its end an older log's leftovers)."""
    import tempfile

    from device.storage.store import Store

    with tempfile.TemporaryDirectory() as tmp:
        store = Store(Path(tmp))
        try:
            game = store.new_game("zweimal", 1, {"variant": "1"}, {"mode": "game"})
            for _ in range(260):  # past SQLite's checkpoint at 1000 pages
                store.record(game, {"mode": "game"}, append={"kind": "action", "action": "x"})
            store.flush()
            return (Path(tmp) / "tabletop.sqlite3-wal").read_bytes()
        finally:
            store.close()


@settings(max_examples=40, deadline=None)
@given(
    cut=st.integers(min_value=0, max_value=1 << 23),
    flip=st.one_of(st.none(), st.integers(min_value=0, max_value=1 << 23)),
    window=st.sampled_from([4096, 5000, 64 * 1024]),
)
def test_a_log_read_a_window_at_a_time_reads_as_the_whole_bytes(
    tmp_path_factory, cut, flip, window
):
    """The read-only snapshot reads the log from its file a window at a time (`WalFile`, no
    copy of a 4 MiB log kept): the same check as of the whole bytes, cut or with a byte
    flipped anywhere, whatever the window."""
    from device.storage.savefile import WalFile, check_wal

    data = bytearray(_full_log())
    data = data[: cut % (len(data) + 1)]
    if flip is not None and data:
        data[flip % len(data)] ^= 0x41
    path = tmp_path_factory.mktemp("log") / "tabletop.sqlite3-wal"
    path.write_bytes(bytes(data))
    log = WalFile(path)
    try:
        log.WINDOW = window
        assert check_wal(log) == check_wal(bytes(data))
    finally:
        log.close()
