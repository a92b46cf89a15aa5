"""The screenshots in docs/screens: games of all four games on the
simulated box (the real loop, MockFactory pins, luma's dummy display), in German and English
(`-en.png`), with the dealing seeded so every run shows the same boards.

    .venv/bin/python docs/screens/shots.py          # rewrite the PNGs
    (tests/test_golden_screens.py checks that they match what the box shows now)
"""

from __future__ import annotations

import sys
import tempfile
from dataclasses import replace
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent))
sys.path.insert(0, str(HERE))

import case_shots  # noqa: E402 - positions built for the cases play reaches by chance
import solo_shots  # noqa: E402 - the solo screens: the box's moves, undos and hints

from device import games  # noqa: E402
from device.app.menu import menu_items  # noqa: E402
from device.settings import Buttons, Settings, Web  # noqa: E402
from device.sim.simulator import Simulator  # noqa: E402
from tests.boxdriver import Player  # noqa: E402
from tests.test_box_zweimal import play_round  # noqa: E402


def scenario(p: Player, shot) -> None:
    """Zweimal through the box's screens: a new game's page, the set-up, laying, a game to
    its result, the menu in a game (it ends on the top menu)."""
    new_game_page(p, shot)
    setup_and_lay(p, shot)
    played_through(p, shot)
    menu_in_game(p, shot)


def new_game_page(p: Player, shot) -> None:
    """The menu, the list of games, Zweimal's new-game page with each question, the deal."""
    shot("menu")
    p.press("ok")
    shot("choose-game")
    p.press("ok")  # Zweimal: its new-game page, every question on it (as last started)
    shot("opponent")  # the box's own question first: a person, or the box in a seat
    p.press("left", "down", "right")  # the box in the second seat: a rematch swaps it
    shot("opponent-swap")
    p.press("left", "up", "right")  # two people again
    p.press("down")
    shot("new-game")
    p.press("right")  # game 2: its supply comes in
    p.press("down", "down")
    shot("supply")  # game 2's supply: the arrows change it
    p.press("ok")  # ok starts the game from any line
    shot("deal")  # the box deals: one press to start


def setup_and_lay(p: Player, shot) -> None:
    """The set-up in the editor, figures placed and cards laid, both figures under the
    cursor, a figure picked up and a move refused."""
    sim = p.sim
    p.press("back")
    p.goto((1, 1))
    p.press("ok")
    shot("setup")  # as on the table: the editor
    p.press("back")
    shot("setup-done")
    p.press("ok")
    p.place((2, 2))
    shot("lay")
    p.lay((0, 4))
    p.place((2, 3))
    p.lay((4, 0))
    shot("place")
    # both figures under the cursor: A's and B's
    sim.loop.box = replace(p.box, view=replace(p.box.view, cursor=(2, 2)))
    p.press("right")
    p.goto((2, 2))
    shot("cursor-a")
    sim.loop.box = replace(p.box, view=replace(p.box.view, cursor=(2, 3)))
    sim.loop.draw()
    shot("cursor-b")
    sim.loop.box = replace(p.box, view=replace(p.box.view, cursor=(2, 2)))
    p.press("ok")  # A picks up the figure on (2, 2) ...
    shot("figure-picked")  # "Figur ziehen", the A figure drawn filled where it is
    sim.loop.box = replace(p.box, view=replace(p.box.view, cursor=(2, 3)))
    p.press("ok")  # ... and puts it on B's: refused, the board stays in sight
    shot("refusal")


def played_through(p: Player, shot) -> None:
    """The game abandoned; a game 1 played through: the scoring board, the score, the
    result."""
    p.sim.hold("ok")
    items = menu_items(p.box)
    p.press(*["down"] * items.index("abandon"), "ok", "ok")
    p.new_game(variant=1)
    p.deal()
    play_round(p)
    shot("scoring-board")
    p.press("right")
    shot("scoring-board-2")
    p.press("ok")
    shot("round-scored")
    p.press("ok")
    p.deal()
    play_round(p)
    p.press("ok")  # the scoring board, then the game's result: shown once
    shot("game-over")  # ok: a rematch


def menu_in_game(p: Player, shot) -> None:
    """The menu over a game's result: a hint, teaching a card, the web page's address."""
    p.sim.hold("ok")
    shot("menu-in-game")
    items = menu_items(p.box)
    p.press(*["down"] * items.index("hint"), "ok")
    shot("game-over-hint")  # said in the menu, never over the result
    p.press(*["down"] * (items.index("teach") - items.index("hint")), "ok")
    shot("teach-wait")
    p.sim.tap("04A2B3C4")
    shot("teach-pick")
    p.press("back")  # game first, then the card: the list of games
    shot("teach-games")
    p.press("back", "back")  # the tag, then the teach screen: the menu
    items = menu_items(p.box)
    p.press(*["down"] * ((items.index("web") - p.box.menu[-1][1]) % len(items)), "ok")
    shot("web-address")  # the web page's address as a QR code
    p.press("back")


def fuw_scenario(p: Player, shot) -> None:
    """Feuer und Wasser with the example decks: laying, the best placement, a scored row, a
    scored group, a round's end."""

    def new_game(mode: int) -> None:
        p.start("feuer-und-wasser", mode=("rows", "groups")[mode], tactician="no", starter="R")

    def best_turn() -> None:
        p.press("ok", "ok")  # draw the chosen card, lay it where it starts: the tip

    new_game(0)
    shot("fuw-draw")
    p.press("ok")
    shot("fuw-best")  # the card starts on the tip
    p.press("right")
    shot("fuw-lay")  # another place: what it gives
    p.press("left", "ok")
    while not (p.state.last and p.state.last.length >= 2 and p.state.drawn is None):
        best_turn()
    shot("fuw-row")
    new_game(1)
    best_turn()
    while not (p.state.last and p.state.last.length >= 3 and p.state.drawn is None):
        best_turn()
    shot("fuw-group")
    while p.box.view.review is None:
        best_turn()
    shot("fuw-round")
    p.press("ok")
    shot("fuw-round-score")
    p.press("ok")
    shot("fuw-round-2")  # round 2's start card: nothing of round 1 marked on it


def dan_scenario(p: Player, shot) -> None:
    """Day and Night with the example decks: the spell list, a spell's target, a refusal, the
    end-of-turn question, the upkeep."""
    from tests.test_box_day_and_night import Table

    t = Table(p.sim)
    if t.box.mode != "menu":
        t.sim.hold("ok")
    t.new_game()
    shot("dan-board")
    t.sim.tap("04E0E0E0")  # a tag never taught: "this card?"
    shot("teach-offer")
    t.press("back")
    t.cursor_to((0, 0))
    t.press("ok")  # the spells that can be cast now
    shot("dan-spells")
    t.press("ok")  # the first: its target, on the most likely field
    shot("dan-target")
    t.press("ok")
    t.cast("veil")  # the pawn stands on an empty field: refused
    shot("dan-refusal")
    t.cast("mist", (0, 1))  # spells first, then the step
    t.step((0, 1))
    shot("dan-step")  # the card this step draws
    t.press("back")
    shot("dan-end-turn")
    t.press("ok")
    t.end_turn()
    shot("dan-upkeep")


def dan_temple(state_dir: Path, settings, shot) -> None:
    from tests.test_box_day_and_night import Table, saved_before_a_temple

    saved_before_a_temple(state_dir)
    sim = Simulator(settings, state_dir, seed=0)
    sim.start()
    try:
        t = Table(sim)
        t.cast("dawn", (3, 0))
        shot(sim, "dan-temple")  # the proposal: 8 tiles, one left out
        t.press("ok")
        shot(sim, "dan-temple-built")
    finally:
        sim.stop()


def dan_verdict(lang: str):
    """The result screen of a game Day won by a second temple (rendered as the box does)."""
    from dataclasses import replace

    from device.app.frame import render
    from device.app.session import Session
    from device.app.state import BoxState
    from engine.day_and_night import parse_board
    from engine.day_and_night.game import GAME

    state = GAME.initial(GAME.parse_options({}))
    board = parse_board("DDDDDDDD/......../ddddddd./n.n...../......n./nn......")
    state = GAME.apply(replace(state, board=board), GAME.parse_action("cast dawn 2,7"))
    session = Session(1, GAME.id, state.options, state, 1)
    return render(BoxState(lang=lang, mode="game", session=session))


def wd_scenario(p: Player, shot) -> None:
    """Wandernde Druiden with the example set: the turn, a refusal, the clash offered with the
    best assignment, changed by the defender, a tie picked, the outcome, after it; the deck
    check."""
    from tests.test_box_wandernde_druiden import Table

    t = Table(p.sim)
    if t.box.mode != "menu":
        t.sim.hold("ok")
    t.new_game()
    t.tap("hain")
    t.tap("wolf")  # refused: two Hain
    shot("wd-refusal")
    t.tap("fuchs")
    t.end_turn()
    shot("wd-turn")
    t.tap("quelle")
    t.end_turn()
    t.tap("hain", 1)
    t.clash()
    t.tap("wolf")
    t.end_turn()
    t.tap("quelle", 1)
    t.tap("otter")
    t.tap("otter", 1)
    t.end_turn()
    t.tap("hain", 2)
    t.press("ok")
    shot("wd-clash-offer")
    t.assign((1, 1))
    shot("wd-clash-changed")
    t.press("ok")
    shot("wd-pick")
    t.press("down", "ok")
    shot("wd-outcome")
    t.press("ok")
    shot("wd-after-clash")
    t.press("ok", "down")  # the picker in the table's last row: the second card
    shot("wd-picker")
    t.press("back")
    t.sim.hold("ok")
    t.press(*["down"] * menu_items(t.box).index("check"), "ok")
    for i in range(9):
        t.tap("wolf", 10 + i)
    shot("wd-check")
    t.press("ok")
    shot("wd-check-report")
    t.press("ok")


def wd_end(lang: str):
    """The end of a game B lost by MP (rendered as the box does)."""
    from dataclasses import replace

    from device.app.frame import render
    from device.app.session import Session
    from device.app.state import BoxState
    from engine.wandernde_druiden.game import GAME

    state = GAME.initial(GAME.parse_options({}))
    for text in ("place hain", "creature fuchs", "end", "end", "place hain"):
        state = GAME.apply(state, GAME.parse_action(text))
    state = replace(state, sides=(state.sides[0], replace(state.sides[1], mp=1)))
    state = GAME.apply(state, GAME.parse_action("clash -"))
    session = Session(1, GAME.id, state.options, state, 1)
    return render(BoxState(lang=lang, mode="game", session=session))


LEGEND_TILES = [(".", 0, False), ("d", 0, False), ("d", 1, False), ("d", 2, False),
                ("d", 3, False), ("d", 4, False), ("f", 0, False), ("n", 0, False),
                ("n", 0, True), ("D", 0, False), ("N", 0, False)]  # fmt: skip


def dan_legend(scale: int):
    """Day and Night's field glyphs (device/games/day_and_night/screen.py `cell_pixels`): the tiles
    across (empty, Day, Day with 1-4 markers, fixed, Night, crystallized, Day's temple,
    Night's temple); down: no pawn, Day's, Night's, both, then the same chosen (inverted);
    the last row with the cursor. 12 pixels a field, `scale` times."""
    from PIL import Image, ImageDraw

    from device.games.day_and_night.glyphs import cell_pixels

    rows = [(p, False) for p in ((), ("day",), ("night",), ("day", "night"))]
    rows += [(p, True) for p, _ in rows] + [((), False)]
    image = Image.new("1", (12 * len(LEGEND_TILES), 12 * len(rows)), 0)
    draw = ImageDraw.Draw(image)
    for j, (pawns, chosen) in enumerate(rows):
        for i, (symbol, markers, crystal) in enumerate(LEGEND_TILES):
            x, y = 12 * i + 2, 12 * j + 2
            for r, c in cell_pixels(symbol, markers, crystal, pawns, chosen):
                draw.point((x + c, y + r), fill=1)
            if j == len(rows) - 1:  # the cursor: a frame just outside the field
                draw.rectangle((x - 1, y - 1, x + 8, y + 8), outline=1)
    return image.resize((image.width * scale, image.height * scale), Image.NEAREST)


def solo_scenario(p: Player, shot) -> None:
    """Solo play: Zweimal against the box (it plays B): its move in words over the board, then
    a hint for A from the menu."""
    from device.app.solo import seat as solo

    sim = p.sim
    p.start("zweimal", "B", variant="1", starter="A")  # the box plays B
    p.deal()
    p.place((1, 1))  # A's figure, then A's card where the cursor starts: the box's turn
    searching = sim.loop.think

    def think_and_shoot() -> None:  # the frame on show while the box searches
        if solo.wants_thinking(sim.loop.box):
            shot("box-thinking")
        searching()

    sim.loop.think = think_and_shoot
    p.press("ok")
    sim.loop.think = searching
    shot("box-move")
    p.press("ok")  # its figure stands where it said; then its card
    shot("box-move-card")  # the card said, and drawn on the board as it will lie
    p.press("ok")  # A's turn again
    sim.hold("ok")
    p.press(*["down"] * menu_items(p.box).index("hint"), "ok")
    shot("hint")


def solo_cards_scenario(p: Player, shot) -> None:
    """Solo play with a hidden hand: Druiden against the box (it plays B); the player draws
    the box's first hand and tells it card by card: two tapped, one picked."""
    p.start("wandernde-druiden", "B", starter="A", rule="once")  # the box plays B
    p.tap_card("wandernde-druiden:fels", 9)  # cards of B's deck
    p.tap_card("wandernde-druiden:quelle", 9)
    p.press("down", "down", "ok")  # the third card picked from the list
    shot("box-cards")


def rematch_shots(state_dir: Path, settings: Settings, shot) -> None:
    """A game of Zweimal to its end, and the rematch one press after its result (B
    begins)."""
    sim = Simulator(settings, state_dir, seed=0)
    sim.start()
    try:
        p = Player(sim)
        p.new_game(variant=1)
        for _ in range(2):
            p.deal()
            play_round(p)
            p.press("ok")  # the scoring board, then the score
            if p.state.phase != "over":
                p.press("ok")
        p.press("ok")
        shot("rematch", sim.screen.image.copy())
    finally:
        sim.stop()


SHOWN = ("zweimal", "feuer-und-wasser", "day-and-night", "wandernde-druiden")  # what they play


def shots(state_dir: Path) -> dict[str, object]:
    """Play the scenario in both languages; return {name: image}. The box lists the four
    games these screenshots play, whatever else is registered (a new game changes none of
    them: the chooser shows the same four)."""
    others = {k: e for k, e in games.GAMES.items() if k not in SHOWN}
    for game_id in others:
        games.unregister(game_id)
    try:
        return _shots(state_dir)
    finally:
        games.GAMES.update(others)


def _shots(state_dir: Path) -> dict[str, object]:
    taken: dict[str, object] = {"dan-legend": dan_legend(1), "dan-legend-4x": dan_legend(4)}
    for lang, suffix in (("de", ""), ("en", "-en")):
        web = Web(bind="192.168.1.20:8080")  # an address of its own: the same on any machine
        # each scene's presses follow the games' own cursor rules: a turn opened on the box's
        # choice (the setting `suggest`) has cases of its own (case_shots.py)
        settings = Settings(language=lang, buttons=Buttons(hold_s=0.2), web=web, suggest=False)
        sim = Simulator(settings, state_dir / lang, seed=0)
        sim.start()
        try:

            def shot(name: str, image=None, sim=sim, suffix=suffix) -> None:
                taken[name + suffix] = image if image is not None else sim.screen.image.copy()

            scenario(Player(sim), shot)  # (it ends on the top menu)
            fuw_scenario(Player(sim), shot)
            dan_scenario(Player(sim), shot)
            wd_scenario(Player(sim), shot)
            solo_scenario(Player(sim), shot)
            solo_shots.zweimal_undo(Player(sim), shot)
            solo_shots.fuw_solo(Player(sim), shot)
            solo_shots.dan_solo(Player(sim), shot)
            solo_shots.wd_solo(Player(sim), shot)
            solo_cards_scenario(Player(sim), shot)
        finally:
            sim.stop()
        dan_temple(
            state_dir / f"temple-{lang}",
            settings,
            lambda box_sim, name, suffix=suffix: taken.update(
                {name + suffix: box_sim.screen.image.copy()}
            ),
        )
        rematch_shots(
            state_dir / f"rematch-{lang}",
            settings,
            lambda name, image, suffix=suffix: taken.update({name + suffix: image}),
        )
        taken["dan-verdict" + suffix] = dan_verdict(lang)
        taken["wd-end" + suffix] = wd_end(lang)
        for name, case in case_shots.CASES.items():
            taken[name + suffix] = case(lang)
    return taken


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        for name, image in shots(Path(tmp)).items():
            image.save(HERE / f"{name}.png")
            print(f"wrote docs/screens/{name}.png")


if __name__ == "__main__":
    main()
