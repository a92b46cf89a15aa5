"""The lab folders `tabletop web --lab DIR` is given (docs/lab.md): listed at `/lab` (each
run's game, agents, games finished and how it stopped), and each one's report at `/lab/N`
as `tabletop lab report` wrote it into the folder (the page never writes: a folder without a
report says which command makes it). Read-only, as everything the page shows."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from pathlib import Path

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response
from starlette.routing import Route

from device.ui.catalog import text
from device.web.guard import policy
from device.web.site import Site
from engine.core import TabletopError

REPORT = "report.html"  # German, as the box; in English report.en.html
REPORTS = {"de": REPORT, "en": "report.en.html"}


@dataclass(frozen=True)
class Run:
    """A lab folder as the list shows it."""

    number: int
    folder: Path
    game: str = ""
    agents: str = ""
    games: int = 0
    asked: int = 0
    stopped: str = ""
    report: bool = False
    problem: str = ""


def look(number: int, folder: Path) -> Run:
    """What a lab folder holds (its problem in one line where it cannot be read)."""
    from device.lab.results import LabFolder
    from device.lab.until import said

    try:
        lab = LabFolder.open(folder)
    except (TabletopError, OSError) as error:
        return Run(number, folder, problem=str(error))
    try:
        spec, games = lab.spec, len(lab.finished())
    except TabletopError as error:
        return Run(number, folder, problem=str(error))
    finally:
        lab.close()
    stopped = said(lab.stopped, lab.games, lab.until) if lab.stopped is not None else ""
    agents = " vs ".join(spec.agents)
    found = (folder / REPORT).is_file()
    return Run(number, folder, spec.game, agents, games, lab.games, stopped, found)


def routes(labs: tuple[Path, ...], site: Site) -> list[Route]:
    """`/lab` and `/lab/N` (none without lab folders: a 404 as any unknown address)."""
    if not labs:
        return []

    async def listing(request: Request) -> Response:
        runs = [await asyncio.to_thread(look, i, f) for i, f in enumerate(labs, start=1)]
        return site.page(request, "lab.html", runs=runs)

    async def report(request: Request) -> Response:
        number: int = request.path_params["number"]  # (the route's `id` convertor)
        if not 1 <= number <= len(labs):
            raise HTTPException(404, text("web.lab.none", site.lang(request), n=number))
        path = labs[number - 1] / REPORTS.get(site.lang(request), REPORT)
        if not path.is_file():
            path = labs[number - 1] / REPORT  # (a report written before the English page)
        try:
            body = await asyncio.to_thread(path.read_text, encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            why = text("web.lab.no_report", site.lang(request), folder=str(labs[number - 1]))
            raise HTTPException(404, why) from None
        return HTMLResponse(body, headers={"Content-Security-Policy": policy(body)})

    return [Route("/lab", listing), Route("/lab/{number:id}", report)]
