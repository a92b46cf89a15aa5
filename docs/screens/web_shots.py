"""The web page on a phone (360 pixels wide), each game's page and the list, as headless
Chromium draws them: docs/screens/web-*.png (tests/test_web_browser.py compares them).

    .venv/bin/python docs/screens/web_shots.py
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
sys.path.insert(0, str(ROOT))

from device import games  # noqa: E402
from device.sim.simulator import Simulator  # noqa: E402
from tests.boxdriver import Player, settings  # noqa: E402
from tests.webserver import serving  # noqa: E402

HERE = Path(__file__).resolve().parent
PAGES = ("zweimal", "feuer-und-wasser", "day-and-night", "wandernde-druiden")


def play(state_dir: Path) -> dict[str, int]:
    """A little of each game on the simulated box (seeded): their ids."""
    sim = Simulator(settings("en"), state_dir, seed=0)
    sim.start()
    try:
        p = Player(sim)
        ids = {}
        p.new_game()
        p.set_up([])
        p.place((0, 0))
        p.lay((3, 3))
        p.place((1, 2))
        ids["zweimal"] = p.box.session.db_id
        p.start("feuer-und-wasser")
        p.press("ok", "ok", "ok", "ok")  # two cards laid where the box puts them
        ids["feuer-und-wasser"] = p.box.session.db_id
        p.start("wandernde-druiden")
        p.tap_card("wandernde-druiden:hain")
        p.press("ok", "ok")  # the Eule, laid
        ids["wandernde-druiden"] = p.box.session.db_id
        p.start("day-and-night")
        p.press("right", "ok")  # a step
        ids["day-and-night"] = p.box.session.db_id
        for game in games.playable():  # a game without a scene here: started, `ok` once
            if game not in ids:
                p.start(game)
                p.press("ok")
                ids[game] = p.box.session.db_id
        return ids
    finally:
        sim.stop()


def screenshot(url: str, out: Path) -> None:
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    assert browser, "no chromium"
    subprocess.run(
        [browser, "--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
         "--force-device-scale-factor=1", f"--screenshot={out}", "--window-size=360,1100",
         "--lang=en-US", url],
        capture_output=True, timeout=60, check=True,
    )  # fmt: skip


def shots(out_dir: Path) -> list[Path]:
    with tempfile.TemporaryDirectory() as tmp:
        ids = play(Path(tmp))
        made = []
        with serving(Path(tmp), "en") as url:
            screenshot(f"{url}/?lang=en", out_dir / "web-list.png")
            made.append(out_dir / "web-list.png")
            for game in PAGES:
                path = out_dir / f"web-{game}.png"
                screenshot(f"{url}/games/{ids[game]}?lang=en", path)
                made.append(path)
        return made


if __name__ == "__main__":
    for path in shots(HERE):
        print(f"wrote {path.relative_to(ROOT)}")
