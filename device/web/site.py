"""What every page of the web page and its event stream share: the page's language (asked for,
else the browser's, else the box's), the templates rendered in it, a page answered with its
Content-Security-Policy, and a saved game read for its page (or the HTTP error that says why
it cannot be)."""

from __future__ import annotations

from jinja2 import Environment
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse

from device.ui.catalog import text
from device.web.feed import Feed, GamePage
from device.web.guard import policy
from device.web.problems import Unreadable
from engine.core import DataError, TabletopError


def language(request: Request, box: str) -> str:
    """`?lang=`, else the browser's choice of German or English by its weights (`q`; the
    first named among equal ones), else the box's."""
    asked = request.query_params.get("lang", "")
    if asked in ("de", "en"):
        return asked
    return preferred(request.headers.get("accept-language", ""), box)


def preferred(header: str, box: str) -> str:
    """German or English as an `Accept-Language` header weighs them; `q=0` refuses one; a
    malformed weight counts as 1 (what the header meant is never an error)."""
    best: tuple[float, int, str] | None = None
    for i, part in enumerate(header[:500].split(",")):
        code, _, params = part.partition(";")
        code = code.strip().lower()[:2]
        if code not in ("de", "en"):
            continue
        weight = 1.0
        name, _, value = params.strip().partition("=")
        if name.strip() == "q":
            try:
                weight = min(1.0, max(0.0, float(value)))
            except ValueError:
                weight = 1.0
        if weight > 0 and (best is None or (weight, -i) > (best[0], best[1])):
            best = (weight, -i, code)
    return best[2] if best else box


class Site:
    """The saved games (`feed`), the templates (`env`) and the box's language (`box_lang`),
    as each page and stream uses them."""

    def __init__(self, feed: Feed, env: Environment, box_lang: str) -> None:
        self.feed = feed
        self.env = env
        self.box_lang = box_lang

    def lang(self, request: Request) -> str:
        """The language the page is in (`language`)."""
        return language(request, self.box_lang)

    def render(self, request: Request, template: str, **values: object) -> str:
        """A template in the page's language (`t`: a text of the catalog in it)."""
        lang = self.lang(request)
        return self.env.get_template(template).render(
            t=lambda k, **kw: text(k, lang, **kw), lang=lang, **values
        )

    def page(
        self, request: Request, template: str, status: int = 200, **values: object
    ) -> HTMLResponse:
        """A page: the template rendered, with the policy its inline script and style need."""
        body = self.render(request, template, **values)
        headers = {"Content-Security-Policy": policy(body)}
        return HTMLResponse(body, status_code=status, headers=headers)

    def load(self, request: Request, game_id: int) -> GamePage:
        """The game replayed for its page; a 404 where there is no such game, a 409 where it
        cannot be read, a 503 where the saved games cannot be read at all."""
        lang = self.lang(request)
        try:
            found = self.feed.game(game_id, lang)
        except Unreadable as error:
            raise HTTPException(409, text("web.unreadable", lang, why=error.said(lang))) from None
        except DataError as error:
            raise HTTPException(409, text("web.unreadable", lang, why=str(error))) from None
        except TabletopError as error:  # the state directory cannot be read at all
            raise HTTPException(503, text("web.unreadable_all", lang, why=str(error))) from None
        if found is None:
            raise HTTPException(404, text("web.no_game", lang, id=game_id))
        return found

    def absent(self, request: Request, title: str, detail: str, ident: str = "") -> str:
        """The part of a page that shows a game, when there is none to show: why."""
        return self.render(request, "absent.html", title=title, detail=detail, ident=ident)
