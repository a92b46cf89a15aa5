"""Issue 48: the phone follows the table. The list updates by itself; `/live` shows the game
on the box and moves to a new game or a rematch by itself; a game's page whose game is gone
says so. The simulated box plays; the real app serves (tests/webserver.py)."""

from __future__ import annotations

import os
import re
import shutil
import socket
import threading
import time
import urllib.request

from device import games
from device.sim.simulator import Simulator
from device.storage.store import Store
from tests.boxdriver import Player, settings
from tests.webserver import get, serving


class Stream:
    """An event stream read in a thread: each event's name, id, data and when it came."""

    def __init__(self, url: str) -> None:
        self.events: list[tuple[str, str, str, float]] = []
        self._response = urllib.request.urlopen(url, timeout=10)
        self._thread = threading.Thread(target=self._read, daemon=True)
        self._thread.start()

    def _read(self) -> None:
        name, ident, data = "", "", []
        try:
            for raw in self._response:
                line = raw.decode().rstrip("\n")
                if line.startswith("event: "):
                    name = line[7:]
                elif line.startswith("id: "):
                    ident = line[4:]
                elif line.startswith("data: "):
                    data.append(line[6:])
                elif not line and name:
                    self.events.append((name, ident, "\n".join(data), time.monotonic()))
                    name, ident, data = "", "", []
        except (OSError, ValueError):
            pass  # closed by the test

    def wait(self, count: int = 1, seconds: float = 5) -> list[tuple[str, str, str, float]]:
        end = time.monotonic() + seconds
        while len(self.events) < count and time.monotonic() < end:
            time.sleep(0.02)
        return self.events

    def close(self) -> None:
        """The connection cut at once (closing the response alone waits for the reader,
        which waits for the next line: up to the stream's 15 s keep-alive)."""
        sock = getattr(getattr(self._response.fp, "raw", None), "_sock", None)
        if sock is not None:
            sock.shutdown(socket.SHUT_RDWR)
        self._thread.join(2)
        self._response.close()


def _events_of(body: str) -> str:
    """The stream the page opens: its address, from what the page shows (`since`)."""
    found = re.search(r'data-events="([^"]*)" data-since="([^"]*)"', body)
    assert found is not None, body
    return found.group(1).replace("&amp;", "&") + "&since=" + found.group(2)


def test_the_list_and_the_live_page_follow_the_box_to_a_new_game(tmp_path):
    sim = Simulator(settings("en"), tmp_path)
    sim.start()
    try:
        p = Player(sim)
        p.new_game()
        first = p.box.session.db_id
        with serving(tmp_path, "en") as url:
            status, listing, _ = get(url + "/?lang=en")
            assert status == 200 and "/live?lang=en" in listing
            status, live, _ = get(url + "/live?lang=en")
            assert status == 200 and f"#{first} Zweimal" in live
            assert "a new game or a rematch appears here by itself" in live
            on_list = Stream(url + _events_of(listing))
            on_live = Stream(url + _events_of(live))
            on_game = Stream(url + _events_of(get(f"{url}/games/{first}?lang=en")[1]))
            try:
                time.sleep(0.5)  # the streams are open and up to date: nothing is sent
                assert on_list.events == on_live.events == on_game.events == []
                sim.hold("ok")  # the box's menu: no game on the box
                (kind, _, data, _), *_ = on_live.wait()
                assert kind == "live" and "No game is on the box just now." in data
                p.start("day-and-night")
                started = time.monotonic()
                second = p.box.session.db_id
                assert second != first
                name = games.GAMES["day-and-night"].name
                on_live.wait(2)
                (kind, ident, data, came) = on_live.events[-1]
                assert kind == "live" and came - started < 1.0
                assert f"#{second} {name}" in data and "Zweimal" not in data
                assert 'data-place="pawn' in data  # the new game's table
                on_list.wait(2, seconds=2)
                (kind, _, data, came) = on_list.events[-1]
                assert came - started < 1.0
                rows = re.findall(r'<tr data-game="(\d+)">', data)
                assert rows[0] == str(second) and str(first) in rows  # the box's game first
                # the page of the first game stays on it (a game is its own page)
                assert all(f"#{first} Zweimal" in e[2] for e in on_game.wait(seconds=0.5))
                assert f"#{first} Zweimal" in get(f"{url}/games/{first}?lang=en")[1]
                status, live, _ = get(url + "/live?lang=en")
                assert f'data-since="{ident}"' in live  # a reload shows what the stream sent
            finally:
                for stream in (on_list, on_live, on_game):
                    stream.close()
    finally:
        sim.stop()


def test_the_live_page_without_a_game_on_the_box_says_so_and_waits_for_one(tmp_path):
    store = Store(tmp_path)
    store.close()
    with serving(tmp_path, "de") as url:
        status, live, _ = get(url + "/live")
        assert status == 200 and "Auf der Box läuft gerade kein Spiel." in live
        stream = Stream(url + _events_of(live))
        try:
            time.sleep(0.4)
            game = _one_game(tmp_path)
            (kind, _, data, _), *_ = stream.wait()
            assert kind == "live" and f"#{game} Zweimal" in data
        finally:
            stream.close()


def _one_game(state_dir) -> int:
    engine = games.GAMES["zweimal"].game
    options = engine.format_options(
        engine.parse_options({"variant": "1", "starter": "A", "supply": "16"})
    )
    store = Store(state_dir)
    game = store.new_game("zweimal", engine.rules_version, options, {"mode": "game"})
    store.close()
    return game


def test_a_game_gone_from_the_saved_games_says_so_on_its_page(tmp_path):
    """The save file replaced underneath (another card, a restore) by one without the game:
    the open page says the game is no longer saved, in the page's language; the list too
    updates; a game back again is shown again."""
    state, other = tmp_path / "state", tmp_path / "other"
    state.mkdir()
    other.mkdir()
    _one_game(state)
    second = _one_game(state)
    _one_game(other)
    with serving(state, "de") as url:
        _, body, _ = get(f"{url}/games/{second}")
        stream = Stream(url + _events_of(body))
        try:
            time.sleep(0.4)
            kept = tmp_path / "kept"
            shutil.copytree(state, kept)
            for name in os.listdir(state):
                os.remove(state / name)
            shutil.copy(other / "tabletop.sqlite3", state / "tabletop.sqlite3")
            (kind, _, data, _), *_ = stream.wait()
            assert kind == "live" and f"#{second}" in data
            assert "Dieses Spiel ist nicht mehr gespeichert." in data
            assert "data-place" not in data  # no table of a game that is not there
            status, _, _ = get(f"{url}/games/{second}")
            assert status == 404  # (a page asked for anew: not found)
            back = Stream(url + _events_of(body))  # a page's stream that comes back now
            try:
                (kind, _, data, _), *_ = back.wait()
                assert kind == "live" and "Dieses Spiel ist nicht mehr gespeichert." in data
            finally:
                back.close()
            for name in os.listdir(state):
                os.remove(state / name)
            for name in os.listdir(kept):
                shutil.copy(kept / name, state / name)
            events = stream.wait(2)
            assert len(events) == 2 and 'data-place="road 0,0"' in events[1][2]
        finally:
            stream.close()
