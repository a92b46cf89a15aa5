"""`tabletop web` (issue 34): the read-only page of the saved games over plain HTTP: the list,
each game's table drawn as the engine has it (field by field, through the drawing's data
attributes), the record that replays to the same state, the rules, updates as Server-Sent
Events, bad requests answered with a page, and nothing in the state directory written."""

from __future__ import annotations

import html
import re
import threading
import time
import urllib.request
from pathlib import Path

import pytest

from device import games
from device.games.svg import encode
from device.sim.simulator import Simulator
from tests.boxdriver import Player, settings, zweimal_begun
from tests.webserver import get, replayed, serving

PLACE = re.compile(r'data-place="([^"]*)" data-value="([^"]*)"')


def played(state_dir: Path) -> dict[int, object]:
    """A game of each kind played a little on the simulated box; their states by id."""
    sim = Simulator(settings(), state_dir)
    sim.start()
    try:
        p = Player(sim)
        states = {}
        p.new_game()
        p.set_up([])
        p.place((0, 0))
        p.lay((3, 3))
        states[p.box.session.db_id] = p.state
        p.start("feuer-und-wasser")
        p.press("ok", "ok")  # a card drawn and laid on the tip
        states[p.box.session.db_id] = p.state
        p.start("wandernde-druiden")
        states[p.box.session.db_id] = p.state
        p.start("day-and-night")
        p.press("right", "ok")  # a step
        states[p.box.session.db_id] = p.state
        return states
    finally:
        sim.stop()


@pytest.fixture(scope="module")
def box(tmp_path_factory):
    state_dir = tmp_path_factory.mktemp("web")
    states = played(state_dir)
    with serving(state_dir) as url:
        yield url, state_dir, states


def shown(body: str) -> dict[str, str]:
    return {html.unescape(k): html.unescape(v) for k, v in PLACE.findall(body)}


def test_the_list_has_every_game_the_one_on_the_box_first(box):
    url, _, states = box
    status, body, _ = get(url + "/", {"Accept-Language": "de-DE,de;q=0.9"})
    assert status == 200 and "Gespeicherte Spiele" in body
    ids = [int(i) for i in re.findall(r'<tr data-game="(\d+)"', body)]
    newest_first = sorted(states, reverse=True)
    assert ids == newest_first  # Day and Night, on the box, is also the newest
    assert "(auf der Box)" in body.split("</tr>")[1]
    status, body, _ = get(url + "/?lang=en")
    assert "Saved games" in body and "two people" in body


def test_each_game_s_page_shows_the_table_as_the_engine_has_it(box):
    url, _, states = box
    for game_id, state in states.items():
        status, body, _ = get(f"{url}/games/{game_id}?lang=en")
        assert status == 200, body[:300]
        engine = games.GAMES[_game(body)].game
        table = {place: encode(value) for place, value in engine.table(state).items()}
        assert shown(body) == table  # every place, drawn or listed, and nothing else
        assert "<svg" in body and 'class="plot"' in body


def test_the_record_downloads_and_replays_to_the_same_state(box):
    url, _, states = box
    for game_id, state in states.items():
        status, body, headers = get(f"{url}/games/{game_id}/record")
        assert status == 200 and "attachment" in headers["content-disposition"]
        assert replayed(body) == state


def test_the_rules_page_is_the_box_s_rules_page(box):
    url, _, _ = box
    status, body, _ = get(f"{url}/rules/zweimal?lang=en")
    text = (Path(__file__).parent.parent / "docs/rules/zweimal.md").read_text()
    first = next(line for line in text.splitlines() if line.startswith("#"))
    assert status == 200 and html.escape(first.lstrip("# ")) in body


@pytest.mark.parametrize(
    "path", ["/games/999", "/games/abc", "/nowhere", "/rules/chess", "/games/1/../../etc"]
)
def test_a_bad_request_gets_a_page_and_the_service_goes_on(box, path):
    url, _, _ = box
    status, body, _ = get(url + path)
    assert 400 <= status < 500 and "<h1>" in body and "Traceback" not in body
    assert get(url + "/")[0] == 200


def test_a_huge_header_is_refused_and_the_service_goes_on(box):
    url, _, _ = box
    try:
        status = get(url + "/", {"X-Huge": "x" * 200_000})[0]
    except ConnectionError:  # refused before it was read whole: the server closed it
        status = 400
    assert 400 <= status < 500
    assert get(url + "/")[0] == 200


def test_the_page_changes_nothing_in_the_state_directory(box):
    url, state_dir, states = box
    before = {p.name: (p.stat().st_size, p.stat().st_mtime_ns) for p in state_dir.iterdir()}
    for game_id in states:
        get(f"{url}/games/{game_id}")
        get(f"{url}/games/{game_id}/record")
    get(url + "/")
    after = {p.name: (p.stat().st_size, p.stat().st_mtime_ns) for p in state_dir.iterdir()}
    assert after == before


def test_a_press_on_the_box_reaches_an_open_page_within_a_second(tmp_path):
    with zweimal_begun(tmp_path) as p:
        game_id = p.box.session.db_id
        with serving(tmp_path, "en") as url:
            got: list[tuple[float, str]] = []
            stream = urllib.request.urlopen(f"{url}/games/{game_id}/events", timeout=10)

            def read() -> None:
                for raw in stream:
                    line = raw.decode()
                    if line.startswith("data: ") and "data-revision" in line:
                        got.append((time.monotonic(), line))
                        return

            reader = threading.Thread(target=read, daemon=True)
            reader.start()
            time.sleep(0.5)  # the stream is open
            pressed = time.monotonic()
            p.place((1, 1))
            reader.join(5)
            stream.close()
            assert got, "no update came"
            assert got[0][0] - pressed < 1.0
            assert 'data-revision="2"' in got[0][1]


def test_a_damaged_save_file_gives_a_clear_page(tmp_path):
    (tmp_path / "tabletop.sqlite3").write_bytes(b"this is no database" * 100)
    with serving(tmp_path) as url:
        status, body, _ = get(url + "/")
        assert status == 200 and "Traceback" not in body
        assert "Die Spielstand-Datei ist beschädigt." in body
        assert "Noch keine gespeicherten Spiele." in body
        assert get(url + "/games/1")[0] == 404


def _game(body: str) -> str:
    return re.search(r'href="/rules/([a-z-]+)', body).group(1)


def test_tabletop_web_serves_until_stopped_and_a_taken_port_is_one_line(tmp_path):
    """The command as the service runs it: a process serving the page until SIGTERM; a port
    already taken ends it with one line, exit 1."""
    import socket
    import subprocess

    from tests.webserver import ROOT, commanded, web_command

    with commanded(tmp_path) as (url, _):
        status, body, _ = get(f"{url}/?lang=en")
        assert status == 200 and "No saved games yet." in body
        with socket.socket() as taken:
            taken.bind(("127.0.0.1", 0))
            taken.listen()
            busy = taken.getsockname()[1]
            command, env = web_command(tmp_path)
            done = subprocess.run(
                [*command, "--bind", f"127.0.0.1:{busy}"], env=env, cwd=ROOT,
                capture_output=True, text=True, timeout=60,
            )  # fmt: skip
        assert done.returncode == 1 and done.stderr.count("\n") == 1, done.stderr
        assert "cannot listen on 127.0.0.1" in done.stderr
    assert list(tmp_path.iterdir()) == []  # it created nothing


def test_a_listed_place_reads_at_a_glance_and_keeps_its_exact_value():
    from device.web.app import shown

    assert shown(0) == "0" and shown(7) == "7" and shown("") == "–" and shown(()) == "–"
    laid = (("R01", ((-1, 1), (0, 1))), ("R07", ((1, 1), (1, 2))))  # a card, where it lies
    assert shown(laid) == "R01, R07"
    assert shown(((("hain", False), 2), (("quelle", True), 1))) == "hain ×2, quelle"
    assert shown((("eule", 1), ("wolf", 3))) == "eule, wolf ×3"


def test_the_listed_places_are_in_the_page_s_language(box):
    url, _, states = box
    pages = {}
    for game_id in states:
        body = get(f"{url}/games/{game_id}", {"Accept-Language": "de"})[1]
        pages[_game(body)] = body
    assert "<dt>Hand Spieler A</dt>" in pages["wandernde-druiden"]
    assert "<dt>Straßenkarten übrig</dt>" in pages["zweimal"]
    assert "<dt>Hand Tag</dt>" in pages["day-and-night"]
    english = get(f"{url}/games/{min(states)}?lang=en")[1]
    assert "<dt>Road cards left</dt>" in english


def test_a_finished_game_says_what_scored_before_the_numbers(tmp_path):
    """Nobody trusts a score they cannot check: the roads that scored come first, then the
    rounds and the totals."""
    from engine.zweimal import score_roads
    from tests.test_box_zweimal import play_round

    sim = Simulator(settings("en"), tmp_path, seed=0)
    sim.start()
    try:
        p = Player(sim)
        p.new_game()
        for _ in range(2):
            p.set_up([])
            play_round(p)
            p.through_scoring()
        state, game_id = p.state, p.box.session.db_id
    finally:
        sim.stop()
    with serving(tmp_path, "en") as url:
        body = get(f"{url}/games/{game_id}")[1]
    roads = [s for pos in state.round_positions for s in score_roads(pos) if s.winner]
    said = re.findall(r"<li>(Round \d: road [^<]*)</li>", body)
    assert len(said) == len(roads) > 0
    assert f"{roads[0].points} points" in said[0]
    assert body.index("What scored") < body.index("<h2>Rounds") < body.index("Total Player A")


def test_a_state_directory_that_cannot_be_read_gives_a_page_that_says_so(tmp_path):
    not_a_directory = tmp_path / "file"
    not_a_directory.write_text("x")
    with serving(not_a_directory, "en") as url:
        status, body, _ = get(url + "/")
        assert status == 503 and "The games cannot be read" in body and "Traceback" not in body
        assert get(url + "/games/1")[0] == 503
        status, body, _ = get(url + "/live")  # (it was a 500 with a traceback in the log)
        assert status == 503 and "The games cannot be read" in body
        for path in ("/live/events", "/events", "/games/1/events"):  # a page's stream back
            with urllib.request.urlopen(f"{url}{path}?lang=en&since=x", timeout=5) as stream:
                lines = [stream.readline() for _ in range(7)]
            said = b"".join(lines).decode()
            assert "event: live" in said and "The games cannot be read" in said, (path, said)
            assert "\nid: " in said  # (an id of its own: a page back from it is caught up)


@pytest.mark.skipif(not Path("/proc/self/maps").exists(), reason="needs Linux's /proc")
def test_the_serving_process_holds_neither_the_settings_checks_nor_pillow(box):
    """Issue 34's memory: `tabletop web` reads the config and binds, then the same process
    becomes the server (device/web/serve.py), which says the games in their words modules:
    having served every game's page, neither pydantic nor Pillow is loaded in it."""
    from tests.webserver import commanded

    _, state_dir, states = box
    with commanded(state_dir) as (url, web):
        for game_id in states:
            for lang in ("de", "en"):
                status, body, _ = get(f"{url}/games/{game_id}?lang={lang}")
                assert status == 200 and "data-place" in body
            assert get(f"{url}/games/{game_id}/record")[0] == 200
        running = Path(f"/proc/{web.pid}/cmdline").read_bytes().split(b"\0")
        assert b"device.web.serve" in running  # the same process, become the server
        mapped = Path(f"/proc/{web.pid}/maps").read_text()
        assert "pydantic_core" not in mapped and "PIL/_imaging" not in mapped


def test_a_rules_page_s_indented_example_is_code_kept_as_written():
    """docs/rules' examples are indented code (a board's notation of 50 letters): shown as
    code, line by line, escaped, never run into the text around it (issue 48: on a phone
    the example widened the whole page)."""
    from device.web.markdown import to_html

    page = to_html('Give it:\n\n    tabletop score x "a<b"\n    next  line\n\nAfter.\n- a\n    b\n')
    assert page == (
        "<p>Give it:</p>\n"
        "<pre><code>tabletop score x &quot;a&lt;b&quot;\nnext  line</code></pre>\n"
        "<p>After.</p>\n<ul><li>a b</li></ul>"
    )


def test_a_druiden_card_s_name_is_drawn_whole_a_long_one_narrowed_to_its_card():
    """Issue 48: names were cut to 8 characters and spilled over their cards."""
    from device.games.wandernde_druiden.web import NAME_W, _card

    short = _card(0, 0, "Salamander", "3", False)
    long = _card(0, 0, "Großer Steinkreis der Alten", "", True)
    assert ">Salamander<" in short and "textLength" not in short
    assert ">Großer Steinkreis der Alten<" in long
    assert f'textLength="{NAME_W}" lengthAdjust="spacingAndGlyphs"' in long


def test_zweimal_in_set_up_shows_the_dealt_grid_and_the_last_action_is_marked(tmp_path):
    """Issue 48: a Zweimal game in set-up drew an all-across grid, not the layout the box
    dealt (the players are laying it); and the last action was not marked on the board."""
    import re

    sim = Simulator(settings("en"), tmp_path)
    sim.start()
    try:
        p = Player(sim)
        p.new_game()
        offered = p.box.view.proposal
        game_id = p.box.session.db_id
        with serving(tmp_path, "en") as url:
            body = get(f"{url}/games/{game_id}")[1]
            board = body[: body.index("</svg>")]  # (the legend's roads after it)
            drawn = re.findall(r'<line class="road" x1="([\d.]+)" y1="[\d.]+" x2="([\d.]+)"', board)
            across = ["-" if float(x2) - float(x1) > 20 else "|" for x1, x2 in drawn]
            n = len(offered)
            assert "".join(across) == "".join(offered), (across, offered)  # as dealt, row by row
            assert body.count('class="road unset"') == n * n  # the engine's: none set as yet
            assert 'class="last"' not in board and 'id="last"' not in body  # nothing played
            p.deal()
            p.place((1, 2))
            body = get(f"{url}/games/{game_id}")[1]
            board = body[: body.index("</svg>")]
            assert "road unset" not in board and board.count('<rect class="last"') == 1
            assert '<rect class="last" x="82" y="42"' in board  # (the field 2,3, inset)
            assert "Last: figure on 2,3" in body
    finally:
        sim.stop()
