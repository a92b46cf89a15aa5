"""The documentation's links hold: every relative link in the README and the docs names a file
that exists, and a link to a heading names one the page has (as GitHub makes its anchors).
The README is split into pages under docs/ (issue 31); a moved section must not leave a link
to nowhere."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LINK = re.compile(r"\]\(([^)\s]+)\)|src=\"([^\"]+)\"")


def pages() -> list[Path]:
    return [
        ROOT / "README.md",
        ROOT / "tests" / "README.md",
        *sorted((ROOT / "docs").rglob("*.md")),
    ]


def anchors(page: Path) -> set[str]:
    """GitHub's anchors: the heading lowercased, punctuation dropped, spaces as hyphens."""
    found = set()
    for line in page.read_text(encoding="utf-8").splitlines():
        if line.startswith("#"):
            title = line.lstrip("#").strip().lower()
            found.add(re.sub(r"[^\w\- ]", "", title).replace(" ", "-"))
    return found


def broken(page: Path) -> list[str]:
    out = []
    for match in LINK.finditer(page.read_text(encoding="utf-8")):
        target = match.group(1) or match.group(2)
        if re.match(r"[a-z]+:", target):
            continue  # a web address
        path, _, anchor = target.partition("#")
        file = (page.parent / path).resolve() if path else page
        if not file.exists() or anchor and file.suffix == ".md" and anchor not in anchors(file):
            out.append(target)
    return out


def test_every_link_in_the_docs_leads_somewhere():
    found = {str(p.relative_to(ROOT)): broken(p) for p in pages()}
    assert {k: v for k, v in found.items() if v} == {}
    assert len(pages()) >= 10


def test_the_link_check_finds_a_missing_page_and_heading(tmp_path):
    page = tmp_path / "a.md"
    page.write_text("# Top part\n[ok](#top-part) [no](#nowhere) [gone](b.md) [web](https://x)\n")
    assert broken(page) == ["#nowhere", "b.md"]
