"""Issue 48: the page readable on a phone 360 pixels wide, every game, in German and English.
Headless Chromium (as tests/test_web_browser.py) with the phone's screen emulated (a window
alone is not made narrower than about 485 pixels here): nothing is wider than the screen, no
text runs out of its box (a table's cell, the drawing, a card), the legend open; on pages of
games a little played on the simulated box, the list, `/live` and each rules page."""

from __future__ import annotations

import pytest

from device import games
from tests.test_web_browser import CHROMIUM, DRIVER, browser  # noqa: F401 - the fixture
from tests.webserver import serving

pytestmark = pytest.mark.skipif(
    not (CHROMIUM and DRIVER),
    reason="no headless Chromium here: install Debian's chromium and chromium-driver "
    "(.ci/run does) to run the browser tests",
)
WIDTH = 360

# every element and every drawn text inside the screen; a card's text inside its card; an
# element whose content is wider than it (a cell, a line of the record) named
OVERFLOWS = """
var W = document.documentElement.clientWidth, out = [];
document.querySelectorAll('details').forEach(function (d) { d.open = true; });
if (document.documentElement.scrollWidth > W)
  out.push('document ' + document.documentElement.scrollWidth + ' > ' + W);
function named(e) { return e.tagName + (e.id ? '#' + e.id : '') + ' ' +
  (e.textContent || '').trim().slice(0, 30); }
document.body.querySelectorAll('*').forEach(function (e) {
  var r = e.getBoundingClientRect();
  if (r.width && (r.left < -0.5 || r.right > W + 0.5) && !e.parentElement.closest('pre, table'))
    out.push(named(e) + ' at ' + Math.round(r.left) + '..' + Math.round(r.right));
  var style = getComputedStyle(e);
  if (!(e instanceof SVGElement) && e.scrollWidth > e.clientWidth + 1 &&
      style.display !== 'inline' && style.overflowX === 'visible')
    out.push(named(e) + ' holds ' + e.scrollWidth + ' in ' + e.clientWidth);
});
document.querySelectorAll('svg text').forEach(function (t) {
  if (!t.textContent) return;
  var r = t.getBoundingClientRect(), s = t.ownerSVGElement.getBoundingClientRect();
  if (r.left < s.left - 0.5 || r.right > s.right + 0.5) out.push('drawn ' + named(t));
  var card = t.previousElementSibling;
  while (card && card.tagName.toLowerCase() !== 'rect') card = card.previousElementSibling;
  if (t.classList.contains('card') && card) {
    var c = card.getBoundingClientRect();
    if (r.left < c.left - 0.5 || r.right > c.right + 0.5) out.push('off its card ' + named(t));
  }
});
return out;
"""


def _phone(driver) -> None:
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": WIDTH, "height": 800, "deviceScaleFactor": 2, "mobile": True},
    )


def test_every_page_fits_a_phone_360_pixels_wide_in_german_and_english(tmp_path, browser):  # noqa: F811
    import importlib.util
    from pathlib import Path

    docs = Path(__file__).resolve().parent.parent / "docs" / "screens"
    spec = importlib.util.spec_from_file_location("web_shots", docs / "web_shots.py")
    shots = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(shots)
    ids = shots.play(tmp_path)  # each game a little played, as the docs' pictures show it
    assert set(ids) == set(games.playable())
    _phone(browser)
    found = {}
    with serving(tmp_path) as url:
        pages = ["/", "/live", *(f"/games/{i}" for i in ids.values())]
        pages += [f"/rules/{game}" for game in ids]
        game_of = {f"/games/{i}": game for game, i in ids.items()}
        for lang in ("de", "en"):
            for page in pages:
                browser.get(f"{url}{page}?lang={lang}")
                width = browser.execute_script("return document.documentElement.clientWidth")
                assert width == WIDTH  # the phone's screen, not the window's
                problems = browser.execute_script(OVERFLOWS)
                if problems:
                    found[f"{page}?lang={lang}"] = problems
                if page.startswith("/games/"):  # the legend's lines, each a mark and words:
                    web = games.GAMES[game_of[page]].web  # the game's own, and the last action
                    own = len(web.legend(lang)) if web is not None else 0
                    lines = browser.find_elements("css selector", "#legend li")
                    assert len(lines) == own + 1 and all(li.text.strip() for li in lines), page
    assert not found, "\n".join(f"{page}: {problems}" for page, problems in found.items())
