"""Issue 49: `tabletop web --lab DIR` lists the lab folders it is given and shows each one's
report as `tabletop lab report` wrote it, read-only, under the page's Content-Security-Policy
(the report's own style by its hash, its plots as data: images)."""

from __future__ import annotations

import re
import subprocess

import pytest

from device import games
from device.lab.play import Spec, play_one
from device.lab.results import LabFolder
from tests.webserver import free_port, get, serving, web_command

pytest.importorskip("matplotlib", reason="the lab's extra is not installed: ./dev test does")


def _run(folder, n: int = 6, report: bool = True) -> None:
    spec = Spec("feuer-und-wasser", (), ("greedy", "random"), 3)
    lab = LabFolder.create(folder, spec, n, resume=False)
    lab.add(*(play_one(spec, i) for i in range(n)))
    lab.close()
    if report:
        from device.lab import report as write_report

        finished = LabFolder.open(folder).finished()
        write_report.write(folder, folder, games.GAMES["feuer-und-wasser"].game, spec, finished)


def test_the_page_lists_the_lab_folders_and_shows_their_reports(tmp_path):
    reported, bare, damaged = tmp_path / "a", tmp_path / "b", tmp_path / "c"
    _run(reported)
    _run(bare, 4, report=False)
    damaged.mkdir()
    (damaged / "lab.sqlite3").write_bytes(b"no database" * 50)
    before = {p: p.read_bytes() for p in tmp_path.rglob("*") if p.is_file()}
    state = tmp_path / "state"
    state.mkdir()
    with serving(state, "en", labs=(reported, bare, damaged)) as url:
        status, listing, _ = get(url + "/?lang=en")
        assert status == 200 and 'href="/lab?lang=en"' in listing
        status, page, _ = get(url + "/lab?lang=en")
        assert status == 200
        rows = dict(re.findall(r'<tr data-lab="(\d)">(.*?)</tr>', page, re.S))
        assert '<a href="/lab/1">feuer-und-wasser</a>' in rows["1"] and "6 / 6" in rows["1"]
        assert "greedy vs random" in rows["1"]
        assert "No report yet: tabletop lab report" in rows["2"] and "4 / 4" in rows["2"]
        assert "not a lab&#39;s results" in rows["3"] or "not a lab's results" in rows["3"]
        status, report, headers = get(url + "/lab/1")
        policy = {k.lower(): v for k, v in headers.items()}["content-security-policy"]
        assert status == 200 and report == (reported / "report.en.html").read_text()
        status, german, _ = get(url + "/lab/1?lang=de")
        assert status == 200 and german == (reported / "report.html").read_text()
        assert '<html lang="de">' in german and "Entschieden (Partien mit Sieger)" in german
        assert "img-src 'self' data:" in policy and "style-src 'sha256-" in policy
        assert report.count("data:image/png;base64,") == 4  # (Feuer und Wasser's cards too)
        status, missing, _ = get(url + "/lab/2?lang=en")
        assert status == 404 and "tabletop lab report" in missing
        assert get(url + "/lab/9")[0] == 404
    assert {p: p.read_bytes() for p in tmp_path.rglob("*") if p.is_file()} == before
    with serving(state, "en") as url:  # no lab folders given: no lab pages
        assert get(url + "/lab")[0] == 404
        assert 'href="/lab' not in get(url + "/?lang=en")[1]


def test_a_lab_folder_that_is_not_there_is_one_line(tmp_path):
    command, env = web_command(tmp_path)
    port = free_port()
    given = ["--bind", f"127.0.0.1:{port}", "--lab", str(tmp_path / "nope")]
    done = subprocess.run([*command, *given], capture_output=True, text=True, env=env, timeout=30)
    assert done.returncode == 2 and "--lab" in done.stderr and "no such folder" in done.stderr
