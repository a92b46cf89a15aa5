"""The rules pages (docs/rules/*.md) as HTML: the little Markdown they use (headings,
paragraphs, lists, tables, `code`, indented code blocks, **bold**, links), escaped; nothing
else is needed."""

from __future__ import annotations

import re
from html import escape


def inline(text: str) -> str:
    out = escape(text)
    out = re.sub(r"`([^`]+)`", r"<code>\1</code>", out)
    out = re.sub(r"\*\*([^*]+)\*\*", r"<strong>\1</strong>", out)
    return re.sub(r"\[([^\]]+)\]\(([^)\s]+)\)", _link, out)


RULES_PAGE = re.compile(r"(?:\./)?([a-z][a-z-]*)\.md(#[\w-]*)?")


def _link(found: re.Match[str]) -> str:
    """A link as the page can follow it: to the web, as it is; to another rules page, to
    its page here (`/rules/GAME`); to the rest of the docs, which the page does not serve,
    its words only (a link that would answer 404 is no link)."""
    words, target = found.group(1), found.group(2)
    if target.startswith(("https://", "http://")):
        return f'<a href="{target}">{words}</a>'
    page = RULES_PAGE.fullmatch(target)
    if page is not None:
        return f'<a href="/rules/{page.group(1)}{page.group(2) or ""}">{words}</a>'
    return words


def to_html(markdown: str) -> str:
    out: list[str] = []
    para: list[str] = []
    items: list[str] = []
    table: list[list[str]] = []
    code: list[str] = []

    def flush() -> None:
        if code:
            out.append(f"<pre><code>{escape(chr(10).join(code))}</code></pre>")
            code.clear()
        if para:
            out.append(f"<p>{inline(' '.join(para))}</p>")
            para.clear()
        if items:
            out.append("<ul>" + "".join(f"<li>{inline(i)}</li>" for i in items) + "</ul>")
            items.clear()
        if table:
            head, *rows = table
            cells = "".join(f"<th>{inline(c)}</th>" for c in head)
            body = "".join(
                "<tr>" + "".join(f"<td>{inline(c)}</td>" for c in r) + "</tr>" for r in rows
            )
            out.append(f"<table><tr>{cells}</tr>{body}</table>")
            table.clear()

    for line in markdown.splitlines():
        stripped = line.strip()
        if line.startswith("    ") and stripped and (code or not (para or items or table)):
            if not code:
                flush()
            code.append(line[4:])
            continue
        heading = re.match(r"(#{1,6})\s+(.*)", stripped)
        if heading:
            flush()
            level = min(len(heading.group(1)) + 1, 6)
            out.append(f"<h{level}>{inline(heading.group(2))}</h{level}>")
        elif stripped.startswith("|"):
            if para or items:
                flush()
            cells = [c.strip() for c in stripped.strip("|").split("|")]
            if not all(re.fullmatch(r":?-+:?", c) for c in cells):
                table.append(cells)
        elif re.match(r"[-*]\s+", stripped):
            if para or table:
                flush()
            items.append(re.sub(r"^[-*]\s+", "", stripped))
        elif not stripped:
            flush()
        elif items and line.startswith("  "):
            items[-1] += " " + stripped
        else:
            if items or table:
                flush()
            para.append(stripped)
    flush()
    return "\n".join(out)
