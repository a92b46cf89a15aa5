"""Checks that only make sense on a wired Raspberry Pi (see hardware_tests/README.md).

Every test here is marked `hardware` and skipped unless the machine is a Raspberry Pi and
TABLETOP_HARDWARE=1 is set (so a Pi used for development does not block on button prompts).
"""

import os
from pathlib import Path

import pytest


def on_raspberry_pi() -> bool:
    model = Path("/proc/device-tree/model")
    try:
        return "Raspberry Pi" in model.read_text(errors="replace")
    except OSError:
        return False


def pytest_collection_modifyitems(config, items):
    here = Path(__file__).parent
    enabled = on_raspberry_pi() and os.environ.get("TABLETOP_HARDWARE") == "1"
    skip = pytest.mark.skip(
        reason="hardware check: runs only on a Raspberry Pi with TABLETOP_HARDWARE=1"
    )
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.hardware)
            if not enabled:
                item.add_marker(skip)
