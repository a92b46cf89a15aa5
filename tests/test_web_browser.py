"""The web page in a real browser (issue 34): headless Chromium (Debian's `chromium` and
`chromium-driver`, installed by .ci/run) through Selenium, on the page served for a game in
play on the simulated box: the table drawn as the engine has it, compared field by field
through the drawing's data attributes; a press on the box reaching the open page within a
second; the chart; the record that replays to the same state."""

from __future__ import annotations

import shutil
import time

import pytest

from device import games
from device.games.svg import encode
from device.sim.simulator import Simulator
from tests.boxdriver import Player, settings, zweimal_begun
from tests.webserver import get, replayed, serving

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
pytestmark = pytest.mark.skipif(
    not (CHROMIUM and DRIVER),
    reason="no headless Chromium here: install Debian's chromium and chromium-driver "
    "(.ci/run does) to run the browser tests",
)


@pytest.fixture
def browser():
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=360,1400"):
        options.add_argument(arg)
    options.add_experimental_option("prefs", {"intl.accept_languages": "de-DE,de"})
    driver = webdriver.Chrome(service=Service(DRIVER), options=options)
    driver.set_page_load_timeout(20)
    try:
        yield driver
    finally:
        driver.quit()


def on_page(driver) -> dict[str, str]:
    found = driver.execute_script(
        "return Array.from(document.querySelectorAll('[data-place]'))"
        ".map(e => [e.getAttribute('data-place'), e.getAttribute('data-value')]);"
    )
    return dict(found)


def revision(driver) -> str:
    return driver.execute_script(
        "var e = document.querySelector('[data-revision]');"
        "return e ? e.getAttribute('data-revision') : '';"
    )


def test_the_page_follows_a_game_played_on_the_box(tmp_path, browser):
    sim = Simulator(settings(suggest=False), tmp_path)  # (steps by the game's own cursor)
    sim.start()
    try:
        p = Player(sim)
        p.start("day-and-night")
        p.press("right", "ok")  # a step
        game_id = p.box.session.db_id
        engine = games.GAMES["day-and-night"].game
        with serving(tmp_path) as url:
            browser.get(f"{url}/games/{game_id}")
            table = {k: encode(v) for k, v in engine.table(p.state).items()}
            assert on_page(browser) == table
            assert browser.find_element("css selector", "svg.plot")
            assert "Am Zug" in browser.find_element("css selector", ".status").text
            time.sleep(0.5)  # the page's event stream is open
            before = revision(browser)
            p.press("down", "ok")  # a second step
            pressed = time.monotonic()
            while revision(browser) == before and time.monotonic() - pressed < 3:
                time.sleep(0.02)
            took = time.monotonic() - pressed
            assert revision(browser) != before, "the page did not update"
            assert took < 1.0, f"the update took {took:.2f} s"
            table = {k: encode(v) for k, v in engine.table(p.state).items()}
            assert on_page(browser) == table
            status, record, _ = get(f"{url}/games/{game_id}/record")
            assert status == 200 and replayed(record) == p.state
    finally:
        sim.stop()


def test_an_undo_on_the_box_shows_the_action_taken_back(tmp_path, browser):
    with zweimal_begun(tmp_path) as p:
        p.place((1, 1))
        with serving(tmp_path, "en") as url:
            browser.get(f"{url}/games/{p.box.session.db_id}?lang=en")
            time.sleep(0.5)
            p.sim.hold("back")  # taken back on the box
            deadline = time.monotonic() + 3
            while time.monotonic() < deadline:
                undone = browser.find_elements("css selector", "#record li.undone")
                if undone:
                    break
                time.sleep(0.05)
            assert undone and "taken back" in undone[0].text
            assert "place 1,1" in undone[0].text


def test_a_page_refused_a_stream_opens_it_again_once_there_is_room(tmp_path, browser):
    """A stream refused (too many open from one address: 503) is closed for good by the
    browser: the page said "no connection" and stayed behind. Its script now opens it
    again after 5 s, from what the page shows, and the page catches up."""
    import socket
    import urllib.request

    from device.web.streams import STREAMS_PER_CLIENT

    with zweimal_begun(tmp_path) as p:
        game_id = p.box.session.db_id
        with serving(tmp_path, "en") as url:
            held = []
            for _ in range(STREAMS_PER_CLIENT):  # every stream this address may have
                held.append(urllib.request.urlopen(f"{url}/events", timeout=10))
                assert held[-1].readline().startswith(b"retry:")
            browser.get(f"{url}/games/{game_id}?lang=en")
            offline = browser.find_element("css selector", "#offline")
            deadline = time.monotonic() + 3
            while not offline.is_displayed() and time.monotonic() < deadline:
                time.sleep(0.05)
            assert offline.is_displayed(), "the refused stream was not said"
            before = revision(browser)
            p.place((1, 1))  # the page is behind now
            time.sleep(0.5)
            assert revision(browser) == before
            for stream in held:  # room again
                stream.fp.raw._sock.shutdown(socket.SHUT_RDWR)
                stream.close()
            deadline = time.monotonic() + 10
            while revision(browser) == before and time.monotonic() < deadline:
                time.sleep(0.1)
            assert revision(browser) != before, "the page did not open its stream again"
            assert not offline.is_displayed()
            engine = games.GAMES["zweimal"].game
            table = {k: encode(v) for k, v in engine.table(p.state).items()}
            assert on_page(browser) == table


def test_the_phone_screenshots_in_the_docs_are_what_the_page_draws(tmp_path):
    """docs/screens/web-*.png, as docs/screens/web_shots.py takes them: the same size, and
    the same but for a few pixels (the list's times, a font's hinting between versions)."""
    import importlib.util
    from pathlib import Path

    from PIL import Image, ImageChops

    docs = Path(__file__).resolve().parent.parent / "docs" / "screens"
    spec = importlib.util.spec_from_file_location("web_shots", docs / "web_shots.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    for made in module.shots(tmp_path):
        stored = Image.open(docs / made.name).convert("L")
        taken = Image.open(made).convert("L")
        assert stored.size == taken.size == (360, 1100), made.name
        diff = ImageChops.difference(stored, taken).point(lambda v: 255 if v > 40 else 0)
        changed = diff.histogram()[255] / (360 * 1100)
        assert changed < 0.03, f"{made.name}: {changed:.1%} of the pixels differ"
