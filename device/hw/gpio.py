"""The Pi's pins through gpiozero, with its pin library on a Pi 5 (lgpio) made to work from
any folder.

lgpio, when imported, makes a named pipe for its notifications in its working directory and
moves the process there: the folder `LG_WD` names, else the current one. Run from a folder the
user cannot write (`sudo -u tabletop /opt/tabletop/venv/bin/tabletop doctor` in the clone),
the pipe cannot be made, the import fails, and gpiozero reports no GPIO on a Pi that is wired
right (and where it can be written, the pipe is left behind there). `prepare_pin_library`
points lgpio at a private folder of the box's (removed when the process ends), imports it,
and brings the process back to the folder it was in. The service, `doctor` and the hardware
checks all reach the pins through it; an `LG_WD` set by the user is left as it is.
"""

from __future__ import annotations

import atexit
import contextlib
import importlib.util
import os
import shutil
import sys
import tempfile
import warnings


def prepare_pin_library() -> None:
    """Import lgpio (where it is installed) with a working directory it can write."""
    if "lgpio" in sys.modules or importlib.util.find_spec("lgpio") is None:
        return
    try:
        here: str | None = os.getcwd()
    except OSError:  # the folder was removed under the process
        here = None
    if "LG_WD" not in os.environ:
        folder = tempfile.mkdtemp(prefix="tabletop-lgpio-")
        atexit.register(shutil.rmtree, folder, True)
        os.environ["LG_WD"] = folder
    try:
        import lgpio  # noqa: F401 - its import makes the pipe; gpiozero finds it imported
    except Exception:  # noqa: BLE001 - not installed, or no pipe: gpiozero says why below
        pass
    finally:
        if here is not None:
            with contextlib.suppress(OSError):  # a folder it may not enter (another's home)
                os.chdir(here)


def passed_over(caught: list[warnings.WarningMessage]) -> list[str]:
    """gpiozero's reason for passing over each pin library, from the warnings it gave while
    it looked for one ("lgpio: can not open gpiochip", ...)."""
    from gpiozero.exc import PinFactoryFallback

    return [
        " ".join(str(w.message).removeprefix("Falling back from ").split())
        for w in caught
        if isinstance(w.message, PinFactoryFallback)
    ]
