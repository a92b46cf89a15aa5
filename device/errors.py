"""What every command and start-up check says when input is bad: one line, and the errors
that carry it (light: imported before anything heavy)."""

from __future__ import annotations

from engine.core import InputError


def one_line(message: object) -> str:
    """An error for stderr as exactly one line: line breaks in it (from the input it quotes)
    are shown escaped."""
    text = str(message)
    for raw, shown in (("\r", "\\r"), ("\n", "\\n"), ("\x0b", "\\v"), ("\x0c", "\\f")):
        text = text.replace(raw, shown)
    return "".join(c if c.isprintable() or c == "\t" else repr(c)[1:-1] for c in text)


class CardError(InputError):
    """Bad card input (a card file, a deck, a tag's card name): one line."""
