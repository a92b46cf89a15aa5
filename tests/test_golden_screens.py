"""The screenshots in docs/screens are what the box shows now (golden screens).

If a change to the screens is intended, rewrite them with `.venv/bin/python
docs/screens/shots.py` and look at them before committing."""

import importlib.util
from pathlib import Path

from PIL import Image, ImageChops

SCREENS = Path(__file__).resolve().parent.parent / "docs" / "screens"


def load_shots():
    spec = importlib.util.spec_from_file_location("shots", SCREENS / "shots.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_docs_screenshots_match_the_box(tmp_path):
    taken = load_shots().shots(tmp_path)
    assert len(taken) >= 8
    for name, image in taken.items():
        stored = Image.open(SCREENS / f"{name}.png")
        diff = ImageChops.difference(stored.convert("L"), image.convert("L")).getbbox()
        assert diff is None, f"docs/screens/{name}.png differs from the box at {diff}"


def wandernde_druiden_limit(key: str) -> int:
    """Wandernde Druiden's texts by where they are drawn (device/games/wandernde_druiden/screen.py):
    table labels before the columns, menu labels and lines in the large font (21 at 6 px),
    lines in the 5 px font (25), the clash's last row (MP, free, suggested)."""
    if key in ("wd.mp", "wd.hand", "wd.places", "wd.creatures"):
        return 7
    if key == "wd.free":
        return 8
    if key == "wd.suggested":
        return 9
    if key.startswith(("wd.rule_", "wd.choose_")):
        return 20
    large = ("wd.out", "wd.mp_loss", "wd.mp_none", "wd.cut_clash", "wd.wins", "wd.why_")
    if key.startswith(large) or key.startswith(("wd.final", "wd.confirm", "check.")):
        return 21 if key != "check.title" else 25
    return 25


def test_every_shown_text_fits_its_line():
    """Hint texts fit the 25 characters of the hint line, refusals the notice band, Zweimal's
    panel lines its 13 characters."""
    from device.games import GAMES
    from tests.all_texts import every_text

    texts = list(every_text())
    assert "wd.status" in {key for _, key, _ in texts}  # the games' own texts too
    for _, key, (de, en) in texts:
        limit = 25 if key.startswith(("hint.", "refuse.", "store.", "menu.")) else 40
        if key == "hint.back_undo":
            continue  # appended to a short hint; checked through the hints below
        if key.startswith("ch."):
            continue  # a change on the table, said in pages: the conformance suite checks it
        if key.startswith("web.") or ".web_" in key:
            continue  # the web page's (device/web/texts.py, a game's `*.web_*`), not the OLED's
        for text in (de, en):
            values = dict(
                game="Wandernde Druiden",
                uid="04A2B3C4D5E6F7",
                n=99,
                player="A",
                round=2,
                card="R16",
                id=9999,
                action=999,
                variant=2,
                a=8,
                b=8,
                i=12,
                shape="Group",
                k=13,
                piles="R16 B16",
                points="R30 B29",
                side="Nacht",
                ap=12,
                hand=12,
                deck=65,
                m=12,
                f=9,
                day=1,
                night=1,
                mp=8,
                d="B",
                names="Drache",
                size=64,
                max=16,
                short="WD",
                what="Figur auf 2,3",
                out="2,4 2,5",
                seat="Spieler A",
                at="2,3",
                to="3,3",
                name="Salamander",
                s=9,
                i2=1,
            )
            panel = ("fuw.turn_short", "fuw.last_short", "fuw.last_tactician_short", "fuw.piles")
            panel += ("fuw.points", "fuw.card", "fuw.move_turn", "fuw.tip")
            panel += ("fuw.gives_cards", "fuw.gives_points", "fuw.gives_nothing", "fuw.round_over")
            if key in panel:
                limit = 12  # Feuer und Wasser's side panel
            if key.startswith("fuw.explain"):
                limit = 21  # a line of a round's score in the large font
            if key.startswith("dan.") and key not in (
                "dan.temples",
                "dan.why_draw",
                "dan.why_day",
                "dan.why_no_change",
                "dan.why_no_tiles",
                "dan.draw",
                "dan.day_wins",
                "dan.night_wins",
                "dan.confirm_end",
                "dan.confirm_end_cut",  # the question band: wrapped over three rows
                "dan.no_spells",  # the whole width, wrapped
                "dan.why_second",  # wrapped over the panel's rows
            ):
                limit = 12  # Day and Night's side panel
            if key.startswith("dan.fx_"):
                limit = 12  # a spell's effect: joined with the others in a line of 21
            if key in (
                "dan.temples",
                "dan.why_draw",
                "dan.why_day",
                "dan.why_no_change",
                "dan.why_no_tiles",
            ):
                limit = 21  # a result line in the large font
            if key.startswith("zweimal."):  # the side panel next to the 5x5 board: 13 wide
                limit = 13 if key not in ("zweimal.round_total", "zweimal.total") else 40
            if key.startswith(("wd.", "check.")):
                limit = wandernde_druiden_limit(key)
            assert len(text.format(**values)) <= limit, (
                key,
                text,
            )
    zweimal = GAMES["zweimal"].texts  # its hints with the undo hint appended
    for lang in (0, 1):
        for key in ("hint.place", "hint.place_or_move", "hint.lay"):
            hint = zweimal.forms(key)[lang] + zweimal.forms("hint.back_undo")[lang]
            assert len(hint) <= 25, key
