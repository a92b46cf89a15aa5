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
