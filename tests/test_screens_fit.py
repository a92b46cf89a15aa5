"""Every screen fits: the shared fitting helper (device/ui/fit.py), and every game played at random
on the box (the real loop and store, all the box's modes, against a person and against the
box: its moves, hints and the undo pages) in both languages with the strict
text mode on: a text that does not fit its box, a word broken inside, a character the fonts
lack, or a game drawing over the status or hint line fails.

CI plays 4,000 events per game and language (32,000 frames); the soak:

    TABLETOP_FIT_EVENTS=20000 ./dev test tests/test_screens_fit.py
"""

from __future__ import annotations

import os
import random
import re

import pytest
from PIL import Image, ImageDraw

from device import games
from device.app.loop import Loop
from device.app.menu import SOLO, menu_items, menu_question
from device.app.solo import hand as solo_hand
from device.app.state import notice_text
from device.cards.names import card_names
from device.events import Hold, Press, Tap
from device.hw.display import Screen, dummy_device
from device.storage.store import Store
from device.ui import fit, fonts as font_files

EVENTS = int(os.environ.get("TABLETOP_FIT_EVENTS", "4000"))
PLAYABLE = sorted(g for g, e in games.GAMES.items() if e.playable and e.id != "stapel")
BUTTONS = ("ok", "ok", "up", "down", "left", "right", "back")


def canvas():
    image = Image.new("1", (128, 64), 0)
    return image, ImageDraw.Draw(image)


# --- the helper -------------------------------------------------------------------------------


def test_a_line_that_fits_is_drawn_as_it_is():
    font = font_files.load().status
    _, draw = canvas()
    with fit.strict():
        assert fit.line(draw, (0, 0), "Spielstand", font) == 50


def test_a_line_too_long_takes_the_shorter_form_then_an_ellipsis_at_a_word():
    font = font_files.load().status
    assert fit.choose("Schritt zurücknehmen", font, 60, ("Zurücknehmen",)) == (
        "Zurücknehmen",
        False,
    )
    shown, cut = fit.choose("Spiel wirklich abbrechen?", font, 80)
    assert cut and shown == "Spiel wirklich"  # never inside a word
    image, draw = canvas()
    fit.line(draw, (0, 0), "Spiel wirklich abbrechen?", font, width=80)
    assert image.getbbox()[2] <= 80  # nothing outside its box
    with fit.strict(), pytest.raises(fit.TextOverflow):
        fit.line(draw, (0, 0), "Spiel wirklich abbrechen?", font, width=80)


def test_a_block_wraps_at_words_and_never_breaks_one():
    font = font_files.load().status
    assert fit.wrap("Schritt zurücknehmen?", font, 60) == ["Schritt", "zurücknehmen?"]
    _, draw = canvas()
    with fit.strict():
        assert fit.block(draw, (0, 0, 127, 20), "Schritt zurücknehmen?", font) == 1
    with fit.strict(), pytest.raises(fit.TextOverflow):  # three lines into a box of two
        fit.block(draw, (0, 0, 40, 17), "eins zwei drei vier fünf sechs", font, spacing=9)


def test_a_character_the_fonts_lack_is_a_failure_in_strict_mode():
    with fit.strict(), pytest.raises(fit.TextOverflow):
        fit.drawable("Karte unbekannt \u2014 anlernen")
    assert fit.drawable("Größe: ä ö ü ß") == "Größe: ä ö ü ß"


def test_the_guard_refuses_drawing_over_the_hint_line():
    _, draw = canvas()
    guard = fit.Guard(draw, (0, 10, 127, 54))
    with fit.strict(), pytest.raises(fit.TextOverflow):
        guard.rectangle((0, 50, 10, 58), fill=1)
    with fit.strict():
        guard.rectangle((0, 50, 10, 54), fill=1)


# --- every game on the box, at random -----------------------------------------------------------


def _screen_kind(box) -> tuple:
    view = box.view
    return (
        box.mode,
        box.menu[-1][0].record()[:2],
        getattr(view, "mode", None),
        bool(notice_text(box)),
    )


def _solo_kinds(box) -> set[str]:
    """What of solo play is on show: a solo game, the box's own move, a hint, the cards drawn
    for the box being told, an undo's pages (in a solo game or not)."""
    session, seen = box.session, set()
    solo = session is not None and bool(session.box_seat)
    if box.mode == "game" and solo:
        seen.add("solo")
        if box.proposal is not None:
            seen.add("hint" if box.proposal.hint else "box_move")
        if solo_hand.cards_to_tell(box):
            seen.add("told")
    if box.mode == "game" and box.undone:
        seen.add("solo_undo" if solo else "undo")
    return seen


# Issue 30's phrases, as drawn on any screen of any game (the texts are composed: a catalog
# scan cannot see "St. R16"): a sign on a zero, a label meaning something else, a name cut
# without a mark, Fire and Water as R and B, an English creature called a beast.
FLAGGED = re.compile(
    r"\d:[-+]\d|(?<![\w±])[-+]0\b|Mk-|fix0|ok:gezogen|ok:moved"
    r"|Schritt zurücknehmen|Take back a step|Tipp: nichts|Hint: nothing|Welches geht"
    r"|Which goes|\bv:|beast|^\d\. |Salaman\b(?!\.)"
)
FLAGGED_FUW = re.compile(  # (a card's own name, "R01", is what the card says)
    r"\b[RB] \d|\b[RB] (Reihe|Grp|Row|Group)|\d - [RB]\b|(St\.|Pkt\.|Pile|Pts) [RB]\d"
)
THINKING = ("Box denkt", "Box thinks")
NO_HINT = ("kein Tipp", "No hint", "no hint")


def _flagged(game: str, drawn: list[str], box) -> list[str]:
    """The drawn texts of one frame that say what testers flagged: the phrases above; the
    box thinking in a game of two people; "no hint" over a finished game."""
    found = [t for t in drawn if FLAGGED.search(t)]
    if game == "feuer-und-wasser" and box.mode == "game":
        found += [t for t in drawn if FLAGGED_FUW.search(t)]
    session = box.session
    if box.mode == "game" and session is not None:
        if not session.box_seat:
            found += [t for t in drawn if t.startswith(THINKING)]
        if games.GAMES[game].engine.is_over(session.state):
            found += [t for t in drawn if any(n in t for n in NO_HINT)]
    return found


def test_the_scan_finds_each_flagged_phrase_and_passes_what_is_meant():
    from types import SimpleNamespace

    box = SimpleNamespace(mode="game", session=None)
    bad = ["Reihe 0:-0", "R Reihe 5:-0", "Mk-1 fix0", "ok:gezogen", "Schritt zurücknehmen?",
           "Tipp: nichts", "Welches geht?", "v:Kraftort", "1. Otter", "a beast back",
           "Salaman 3", "MP B -0", "St. R16 B16", "Runde 1: R 1 - B 0", "Pkt. R3 B2"]  # fmt: skip
    assert [t for t in bad if _flagged("feuer-und-wasser", [t], box)] == bad
    good = ["R01 auf Start: 1 links", "St. F14 W16", "MP B ±0", "back:-1 Karte",
            "Kampf: A-1 B-0, MP B -1", "Salam. 3", "4,0: Nacht legen",
            "Runde 1: F 1 - W 0"]  # fmt: skip
    assert [t for t in good if _flagged("feuer-und-wasser", [t], box)] == []


@pytest.fixture
def drawn_texts(monkeypatch) -> list[str]:
    """Every text the screens draw (fit.line and fit.block), as they ask for it."""
    texts: list[str] = []
    for name in ("line", "block"):
        original = getattr(fit, name)

        def recording(draw, where, text, *args, _original=original, **kwargs):
            texts.append(text)
            return _original(draw, where, text, *args, **kwargs)

        monkeypatch.setattr(fit, name, recording)
    return texts


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("game", PLAYABLE)
def test_random_play_on_the_box_fits_every_screen(tmp_path, game, lang, drawn_texts):
    rng = random.Random(f"{game}-{lang}")
    store = Store(tmp_path)
    names = card_names([])
    cards = [c for c in names if c.startswith(f"{game}:")]
    uids = [f"{0x04C00000 + i:08X}" for i in range(len(cards))]
    store.teach(list(zip(uids, cards, strict=True)))
    loop = Loop(store, Screen(dummy_device()), lang, tuple(names))
    kinds: set[tuple] = set()
    solo: set[str] = set()
    undos = 0
    try:
        with fit.strict():
            loop.draw()
            for n in range(EVENTS):
                box = loop.box
                question = menu_question(box) if box.mode == "menu" else None
                if box.mode == "menu" and box.menu[-1][0].kind == "game":
                    items = menu_items(box)
                    for _ in range((items.index(game) - box.menu[-1][1]) % len(items)):
                        loop.handle(Press("down"))
                    event = Press("ok")
                elif question is not None and rng.random() < 0.7:
                    # a game's new-game page: most games against the box (its moves, hints
                    # and undos are screens too), a random seat for it, then ok
                    items = menu_items(box)
                    for _ in range((items.index(SOLO) - box.menu[-1][1]) % len(items)):
                        loop.handle(Press("down"))
                    seats = len(menu_question(loop.box).choices) - 1
                    for _ in range(rng.randrange(seats) + (dict(loop.box.choice)[SOLO] == "")):
                        loop.handle(Press("right"))
                    event = Press("ok")
                elif box.mode in ("game", "message") and rng.random() < 0.04:
                    event = Hold("ok")
                elif box.mode == "game" and box.session is not None and rng.random() < 0.02:
                    # undos at a random depth: holds of `back` in a row (each asks first
                    # where it takes back an end; then `ok`), the last one's pages drawn
                    for _ in range(rng.randrange(1, 6)):
                        loop.handle(Hold("back"))
                        if loop.box.mode == "confirm":
                            loop.handle(Press("ok"))
                        while loop.box.undone and rng.random() < 0.8:
                            loop.handle(Press("ok"))
                        undos += 1
                    event = Hold("back")
                elif rng.random() < 0.1:
                    unknown = f"{0x04D00000 + rng.randrange(3):08X}"
                    event = Tap(rng.choice([*uids, unknown]) if uids else unknown)
                else:
                    event = Press(rng.choice(BUTTONS))
                drawn_texts.clear()
                try:
                    loop.handle(event)
                except fit.TextOverflow as error:
                    raise AssertionError(f"{game} {lang}, event {n} {event}: {error}") from None
                flagged = _flagged(game, drawn_texts, loop.box)
                assert not flagged, f"{game} {lang}, event {n} {event}: {flagged}"
                kinds.add(_screen_kind(loop.box))
                solo |= _solo_kinds(loop.box)
    finally:
        store.close()
    modes = {k[0] for k in kinds}
    assert {"menu", "game"} <= modes, kinds
    assert len(kinds) >= 8, kinds  # many kinds of screen reached
    # solo play was played, not just reachable: the box's moves and an undo against it
    assert {"solo", "box_move", "solo_undo"} <= solo, solo
    assert undos > 10  # undos at random depths, solo and not


def test_a_compound_breaks_only_after_its_hyphen():
    font = font_files.load().status
    assert fit.wrap("Kein Tag-Plättchen", font, 60) == ["Kein Tag-", "Plättchen"]
    assert fit.wrap("Kein Tag-Plättchen", font, 120) == ["Kein Tag-Plättchen"]


def test_every_refusal_and_notice_fits_the_narrowest_band():
    """The notice band beside a board is 60 pixels (12 characters) wide and 4 lines high:
    every refusal and box notice fits it, whole or in its catalog short form."""
    from tests.all_texts import every_text

    font = font_files.load().status
    _, draw = canvas()
    for texts, key, forms in every_text():
        if key.endswith(".short") or not key.startswith(("refuse.", "store.", "menu.")):
            continue
        if "{" in forms[0]:
            continue  # filled in: checked where it is drawn (the random play above)
        for lang, shown in zip(("de", "en"), forms, strict=True):
            with fit.strict():
                try:
                    fit.block(draw, (0, 0, 59, 35), shown, font, spacing=9,
                              shorter=texts.shorter(shown, lang))  # fmt: skip
                except fit.TextOverflow as error:
                    raise AssertionError(f"{key} ({lang}): {error}") from None


PLURALS = {"Karten", "Tags", "Änderungen", "Figuren", "Felder", "Punkte", "Kopien", "Züge"}
PLURALS |= {"cards", "tags", "changes", "figures", "fields", "points", "copies", "moves"}
PLURALS |= {"Schritte", "steps", "Schritte)", "steps)"}


def test_counts_have_singular_and_plural_forms():
    """No "1 Karten": a count of one takes the key's singular form; no "Karte(n)" anywhere."""
    import re

    from tests.all_texts import every_text

    for texts, key, forms in every_text():
        for form in forms:
            assert not re.search(r"\((n|en|s|e)\)", form), f"{key}: {form!r}"
        if key.endswith(".one") or "{n}" not in forms[0]:
            continue
        names = set(re.findall(r"\{([a-z_]+)\}", forms[0] + forms[1]))
        for lang in ("de", "en"):
            shown = texts.text(key, lang, **{name: ("7" if name != "n" else 1) for name in names})
            words = shown.replace(":", " ").split()
            for i, word in enumerate(words[:-1]):
                if word.lstrip("+-") == "1":
                    assert words[i + 1] not in PLURALS, f"{key} ({lang}): {shown!r}"


def test_the_hint_lines_back_stands_against_the_right_edge_in_every_step():
    """What `back` does stays where it is when only what `ok` does changes (the display then
    sends only that); a hint too long for the two parts is one fitted line."""
    from device.app.frame import _hint

    font = font_files.load().small

    def drawn(hint):
        image, draw = canvas()
        _hint(draw, 57, hint, font)
        return image

    a, b = drawn("ok:gezogen back:zurück"), drawn("ok:Tipp legen back:zurück")
    right = (70, 57, 128, 64)
    assert a.crop(right).tobytes() == b.crop(right).tobytes()
    assert a.getbbox()[2] == 127  # the last column stays dark: one pixel from the edge
    assert drawn("ok:Menü").getbbox()[0] == 1


def test_the_phrases_testers_flagged_are_gone_from_both_languages():
    """Issue 20's list: texts that said the wrong thing ("ok:ziehen" on a card already drawn,
    "Runde 1 aus", "Bester: 1") or read wrong in English."""
    from tests.all_texts import every_text

    shown = {form for _, _, forms in every_text() for form in forms}
    flagged = ("ok:ziehen", "Runde {round} aus", "Bester:", "ok:laid so", "back:by hand",
               "lay them so", "no road won", "ok:take back:back", "Beings", "Hand/Pl",
               "D{deck}", "mk-{m}", "back:Tipp", "back:back")  # fmt: skip
    for phrase in flagged:
        assert not [form for form in shown if phrase in form], phrase


def test_a_question_over_the_final_score_page_leaves_every_score_line_in_sight():
    """Found by a new user (issue 47): the undo question's band over Zweimal's final score
    page hid the winner's line. It is asked over the page's title now: the four lines are
    drawn as without it, in both languages."""
    import importlib.util
    from dataclasses import replace
    from pathlib import Path

    from PIL import ImageChops

    from device.app.frame import render

    path = Path(__file__).resolve().parent.parent / "docs" / "screens" / "case_shots.py"
    spec = importlib.util.spec_from_file_location("case_shots", path)
    assert spec is not None and spec.loader is not None
    cases = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(cases)
    for lang in ("de", "en"):
        asked = cases.undo_game_question(lang, render_it=False)
        plain = replace(asked, mode="game", confirm=None)
        with fit.strict():
            diff = ImageChops.difference(render(asked).convert("L"), render(plain).convert("L"))
        changed = {y for y in range(64) if diff.crop((0, y, 128, y + 1)).getbbox()}
        assert changed and changed <= set(range(0, 11)) | set(range(55, 64)), sorted(changed)
