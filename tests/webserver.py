"""The web page served for tests: the real app under uvicorn on 127.0.0.1 at a free port, in
a thread, as `tabletop web` serves it."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from contextlib import contextmanager
from pathlib import Path

import uvicorn

from device.web.app import make_app


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextmanager
def serving(state_dir: Path, lang: str = "de", rules_dir: Path | None = None, labs: tuple = ()):
    port = free_port()
    extra = {"labs": labs} | ({"rules_dir": rules_dir} if rules_dir is not None else {})
    app = make_app(state_dir, lang, **extra)
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="error"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    for _ in range(200):
        if server.started:
            break
        time.sleep(0.02)
    assert server.started, "the web page did not start"
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(5)


def get(url: str, headers: dict[str, str] | None = None) -> tuple[int, str, dict[str, str]]:
    """Status, body and headers (an HTTP error's too)."""
    request = urllib.request.Request(url, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, response.read().decode(), dict(response.headers)
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode(), dict(error.headers)


def replayed(record: str):
    """The state a downloaded game record replays to (as `tabletop replay` reads it)."""
    from device import games
    from engine.replay import options_of, parse_record, replay

    parsed = parse_record(record)
    engine = games.GAMES[parsed.game].game
    actions = [engine.parse_action(text) for _, text in parsed.actions]
    return replay(engine, options_of(engine, dict(parsed.options)), actions)


def answering(url: str, tries: int = 200) -> None:
    """Wait until the page served at `url` (a process just started) answers."""
    for _ in range(tries):
        try:
            urllib.request.urlopen(url + "/", timeout=1).read()
            return
        except OSError:
            time.sleep(0.05)
    raise AssertionError(f"{url} did not answer")


ROOT = Path(__file__).resolve().parent.parent


def web_command(state_dir: Path) -> tuple[list[str], dict[str, str]]:
    """`tabletop web` on `state_dir` as a process runs it (add `--bind`), and its environment."""
    command = [sys.executable, "-m", "device.cli.main", "web", "--state-dir", str(state_dir)]
    return command, {**os.environ, "PYTHONPATH": str(ROOT)}


@contextmanager
def commanded(state_dir: Path):
    """The command as the service runs it: its own process on 127.0.0.1 at a free port,
    answering; (its url, the process). Stopped by SIGTERM: uvicorn shuts down, then ends by
    the signal it got (systemd counts that as a clean stop)."""
    command, env = web_command(state_dir)
    port = free_port()
    web = subprocess.Popen([*command, "--bind", f"127.0.0.1:{port}"], env=env, cwd=ROOT)
    try:
        answering(f"http://127.0.0.1:{port}")
        yield f"http://127.0.0.1:{port}", web
    finally:
        web.send_signal(signal.SIGTERM)
        assert web.wait(10) in (0, -signal.SIGTERM)
