"""The screenshots in docs/screens: a script of presses with `# shot: NAME` markers, run on the
simulated box; after the step before each marker the screen is saved as NAME.png.

    .venv/bin/python docs/screens/shots.py          # rewrite the PNGs
    (tests/test_golden_screens.py checks that they match what the box shows now)
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent))

from device.config import Buttons, Settings  # noqa: E402
from device.script import parse  # noqa: E402
from device.simulator import Simulator  # noqa: E402

SCRIPT = HERE / "zweimal.script"


def shots(state_dir: Path) -> dict[str, object]:
    """Run the script; return {name: image} at each marker."""
    text = SCRIPT.read_text(encoding="utf-8")
    marks: dict[int, str] = {}
    for n, line in enumerate(text.splitlines(), start=1):
        if line.strip().startswith("# shot:"):
            marks[n] = line.split(":", 1)[1].strip()
    steps = parse(text, SCRIPT.name)
    sim = Simulator(Settings(buttons=Buttons(hold_s=0.2)), state_dir)
    sim.start()
    taken: dict[str, object] = {}
    try:
        done_line = 0
        for step in steps:
            for line in sorted(marks):
                if done_line < line < step.line:
                    taken[marks[line]] = sim.screen.image.copy()
            sim.run_steps([step])
            done_line = step.line
        for line in sorted(marks):
            if line > done_line:
                taken[marks[line]] = sim.screen.image.copy()
    finally:
        sim.stop()
    return taken


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        for name, image in shots(Path(tmp)).items():
            image.save(HERE / f"{name}.png")
            print(f"wrote docs/screens/{name}.png")


if __name__ == "__main__":
    main()
