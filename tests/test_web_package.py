"""Issue 48: the web page right on an installed box. install.sh installs the box's wheel (not
an editable checkout): the rules pages ship inside it (package data: device/web/rules, a link
to docs/rules), and every link on them leads somewhere the page serves."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

from device import games
from tests.webserver import ROOT, answering, free_port, get, serving

RULES = ROOT / "docs" / "rules"
GERMAN = "Diese Seite übersetzt die englische Fassung"
ONLY_ENGLISH = "Diese Regeln gibt es nur auf Englisch."


def _shape(page: str) -> tuple[list[str], list[str], list[str]]:
    """What a translation keeps one for one: the headings' levels, the code spans, the
    code blocks' lines."""
    from device.web.markdown import to_html

    levels = [line.split(" ")[0] for line in page.splitlines() if line.startswith("#")]
    spans = re.findall(r"`([^`]+)`", page)
    blocks = re.findall(r"<pre><code>(.*?)</code></pre>", to_html(page), re.S)
    return levels, sorted(spans), blocks


def test_each_game_s_rules_page_is_in_german_too_kept_to_the_english_one(tmp_path):
    """Issue 48: the rules pages were English on German pages. docs/rules/de/ holds each in
    German, with the English page's headings, notation and examples one for one (a change
    to one that the other lacks fails here); the page serves it in German, the English one
    in English, and a game without a German page says so above the English one."""
    for game in games.playable():
        english = (RULES / f"{game}.md").read_text(encoding="utf-8")
        german = (RULES / "de" / f"{game}.md").read_text(encoding="utf-8")
        assert GERMAN in german, game
        e_levels, e_spans, e_blocks = _shape(english)
        g_levels, g_spans, g_blocks = _shape(german)
        assert g_levels == e_levels, game
        assert g_spans == e_spans, (game, set(e_spans) ^ set(g_spans))
        assert g_blocks == e_blocks, game
    rules = tmp_path / "rules"
    shutil.copytree(RULES, rules)
    (rules / "de" / "zweimal.md").unlink()  # a game whose page is not translated as yet
    with serving(tmp_path, rules_dir=rules) as url:
        german = get(f"{url}/rules/day-and-night?lang=de")[1]
        english = get(f"{url}/rules/day-and-night?lang=en")[1]
        untranslated = get(f"{url}/rules/zweimal?lang=de")[1]
    assert GERMAN in german and ONLY_ENGLISH not in german and '<html lang="de">' in german
    assert GERMAN not in english and "These rules are in English only." not in english
    assert ONLY_ENGLISH in untranslated and '<article lang="en">' in untranslated


def test_every_link_on_every_rules_page_answers(tmp_path):
    """The rules pages linked to docs the page does not serve (`../box.md`), with a
    literal backslash-quote in the address; now a link is to the web or another rules page,
    else its words only."""
    with serving(tmp_path) as url:
        for game, lang in ((g, lang) for g in games.playable() for lang in ("de", "en")):
            status, body, _ = get(f"{url}/rules/{game}?lang={lang}")
            assert status == 200, game
            for href in re.findall(r'<a [^>]*href="([^"]*)"', body):
                assert "\\" not in href, (game, href)
                if href.startswith(("http://", "https://")):
                    continue  # (the web: not fetched offline)
                target = href.split("#")[0] if href.startswith("/") else f"/rules/{href}"
                status, _, _ = get(url + target.split("?")[0])
                assert status == 200, (game, href)


def test_the_installed_wheel_serves_each_rules_page(tmp_path):
    """The wheel built as pip builds it for install.sh, unpacked into a fresh environment
    (its dependencies from this one), `tabletop web` run from it outside the checkout: each
    game's rules page answers (it looked for site-packages/docs/rules and answered 404)."""
    built = tmp_path / "wheel"
    done = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation",
         "--disable-pip-version-check", "-w", str(built), str(ROOT)],
        capture_output=True, text=True, timeout=300, cwd=tmp_path,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    (wheel,) = built.glob("*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    for game in games.playable():
        assert f"device/web/rules/{game}.md" in names
        assert f"device/web/rules/de/{game}.md" in names
    env_dir = tmp_path / "env"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(env_dir)], check=True)
    python = env_dir / "bin" / "python"
    site = Path(
        subprocess.run(
            [python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
            capture_output=True, text=True, check=True,
        ).stdout.strip()
    )  # fmt: skip
    zipfile.ZipFile(wheel).extractall(site)  # what pip's install of a pure wheel writes
    ours = Path(sysconfig.get_paths()["purelib"])  # the dependencies, after the wheel's own
    (site / "dependencies.pth").write_text(f"{ours}\n")
    where = subprocess.run(
        [python, "-c", "import device.web.app as a; print(a.__file__, a.RULES.is_dir())"],
        capture_output=True, text=True, cwd=tmp_path,
        env={k: v for k, v in os.environ.items() if k != "PYTHONPATH"},
    )  # fmt: skip
    assert where.stdout.startswith(str(site)) and where.stdout.split()[1] == "True", where
    port = free_port()
    state = tmp_path / "state"
    state.mkdir()
    web = subprocess.Popen(
        [python, "-m", "device.cli.main", "web", "--bind", f"127.0.0.1:{port}",
         "--state-dir", str(state)],
        cwd=tmp_path, env={k: v for k, v in os.environ.items() if k != "PYTHONPATH"},
    )  # fmt: skip
    try:
        url = f"http://127.0.0.1:{port}"
        answering(url)
        for game in games.playable():
            status, body, _ = get(f"{url}/rules/{game}?lang=en")
            assert status == 200 and "<article" in body and "<h2" in body, (game, status)
            status, body, _ = get(f"{url}/rules/{game}?lang=de")
            assert status == 200 and GERMAN in body and ONLY_ENGLISH not in body, game
    finally:
        web.terminate()
        web.wait(10)
        shutil.rmtree(built, ignore_errors=True)
