"""`tabletop web`: the table's view on a phone. A read-only page (Starlette and Jinja2, served
by uvicorn) of the saved games: the list, each game's table drawn large (its package's
`web.py`), its record in notation and words, each round's score and a chart of the score,
the record to download and the rules as the box plays them; `/live`, the game on the box. The
pages update by themselves (device/web/streams.py: the part of the page that changed, sent
when the save file changes; a page is never fetched again whole).

Here the app is put together: the pages (device/web/pages.py) and their streams
(device/web/events.py) show the parts that update (device/web/parts.py: a game's table as
device/web/table.py has it, `/live`'s, the list's), through what they share
(device/web/site.py: the page's language, its templates, a game read for its page).

Nothing here writes: the saved games are read as `tabletop games` reads them (device/web/feed.py),
and the service runs as its own user that may only read the state directory
(systemd/tabletop-web.service).
"""

from __future__ import annotations

import threading
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, select_autoescape
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.routing import Route

from device import games
from device.web import texts  # noqa: F401 - the page's texts join the catalog
from device.web.events import Events
from device.web.feed import Feed
from device.web.guard import Guard
from device.web.labs import routes as lab_routes
from device.web.pages import Pages
from device.web.site import Site, preferred as preferred  # (named here by the tests)
from device.web.table import shown as shown  # (named here by the tests)
from engine.core import TabletopError

TEMPLATES = Path(__file__).resolve().parent / "templates"
RULES = Path(__file__).resolve().parent / "rules"  # (package data: a link to docs/rules)
TEMPLATE_NAMES = (
    "lab.html",
    "index.html",
    "list.html",
    "game.html",
    "live.html",
    "absent.html",
    "rules.html",
    "error.html",
)


def preload(feed: Feed | None = None, env: Environment | None = None) -> None:
    """Each game's words and drawing imported, the templates compiled, and the game on the
    box read and replayed, before the first page asks (it would wait for them)."""
    if env is not None:
        for name in TEMPLATE_NAMES:
            env.get_template(name)
    for entry in games.playable().values():
        entry.words  # noqa: B018 - imported now, once
        entry.web  # noqa: B018
    if feed is None:
        return
    try:
        shown = [g for g in feed.games() if g.on_show]
        if shown:
            feed.game(shown[0].id, feed.lang)
    except (TabletopError, OSError):
        pass  # the page that asks says what is wrong


def make_app(
    state_dir: Path, box_lang: str = "de", rules_dir: Path = RULES, labs: tuple[Path, ...] = ()
) -> Starlette:
    """The web page as an ASGI app: its routes, its error pages, its headers (`Guard`); the
    games' modules and the game on the box read meanwhile in a thread (`preload`)."""
    feed = Feed(state_dir, box_lang)
    env = Environment(loader=FileSystemLoader(TEMPLATES), autoescape=select_autoescape())
    threading.Thread(target=preload, args=(feed, env), name="web-preload", daemon=True).start()
    site = Site(feed, env, box_lang)
    pages, events = Pages(site, rules_dir, labs), Events(site)
    routes = [
        Route("/", pages.index),
        Route("/events", events.index),
        Route("/live", pages.follow),
        Route("/live/events", events.follow),
        Route("/games/{game_id:id}", pages.game),
        Route("/games/{game_id:id}/events", events.game),
        Route("/games/{game_id:id}/record", pages.record),
        Route("/rules/{game}", pages.rules),
        *lab_routes(labs, site),
    ]
    app = Starlette(
        routes=routes,
        exception_handlers={HTTPException: pages.error, 500: pages.error},
        middleware=[Middleware(Guard)],
    )
    app.state.feed = feed
    return app
