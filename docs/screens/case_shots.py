"""Screenshots of docs/screens for cases a game played from its start reaches only by chance
(shots.py adds them): each a position built from the rules' notation and drawn as the box
draws it (the real renderer, the game's real screens, the box's real search)."""

from __future__ import annotations

import random
from dataclasses import replace

from device import games
from device.app.frame import render
from device.app.session import Session
from device.app.solo import seat as solo
from device.app.state import BoxState, Proposal
from engine.hands import Held


def _box(game: str, state, lang: str, **kwargs) -> BoxState:
    session = Session(1, game, state.options, state, 1, **kwargs)
    view = games.GAMES[game].screens.initial_view(state)
    return BoxState(lang=lang, mode="game", session=session, view=view)


def dan_hint_spell(lang: str):
    """Day and Night: a hint that casts a spell of two targets, both marked on the board."""
    from engine.day_and_night.game import GAME

    entry = games.GAMES[GAME.id]
    state = GAME.initial(GAME.parse_options({}))
    action = GAME.parse_action("cast twin-suns 0,1 1,1")
    assert GAME.is_legal(state, action)
    box = _box(GAME.id, state, lang)
    view = entry.screens.show_action(state, box.view, action)
    return render(replace(box, view=view, proposal=Proposal(1, action, True)))


def dan_hint_temple(lang: str):
    """Day and Night: a hint for a temple of 8 of an area of 10 tiles shows the temple it
    builds (the tiles it leaves out marked, as the temple choice does); `ok` builds it."""
    from engine.day_and_night import parse_board
    from engine.day_and_night.areas import bit
    from engine.day_and_night.choices import temple_options
    from engine.day_and_night.game import GAME
    from engine.day_and_night.state import Pending, Temple

    state = GAME.initial(GAME.parse_options({}))
    board = parse_board("......../.ddddd../.ddddd../......../......../........")
    area = sum(bit(r, c) for r in (1, 2) for c in range(1, 6))
    state = replace(state, board=board, pending=Pending("day", area))
    out = temple_options(state)[-1]
    fields = tuple(sorted(f for f in fields_of_area(area) if f not in out))
    action = Temple(fields)
    assert GAME.is_legal(state, action)
    entry = games.GAMES[GAME.id]
    box = _box(GAME.id, state, lang)
    view = entry.screens.show_action(state, box.view, action)
    return render(replace(box, view=view, proposal=Proposal(1, action, True)))


def fields_of_area(area: int) -> list[tuple[int, int]]:
    from engine.day_and_night.areas import fields_of

    return list(fields_of(area))


def dan_cursor_temple(lang: str):
    """Day and Night: the cursor on Night's temple, beside Day's (it shows on every field)."""
    from engine.day_and_night import parse_board
    from engine.day_and_night.game import GAME

    state = GAME.initial(GAME.parse_options({}))
    board = parse_board("DDDDDDDD/dd....../......../......../......nn/NNNNNNNN")
    state = replace(state, board=board)
    box = _box(GAME.id, state, lang)
    return render(replace(box, view=replace(box.view, cursor=(5, 3))))


def wd_box_attacks(lang: str):
    """Druiden against the box: the box decides to attack; the player assigns the blockers
    on the game's clash screen, told so in the band ("Box: Angriff")."""
    from engine.search import choices
    from engine.wandernde_druiden.game import GAME

    rng = random.Random(3)
    state = GAME.initial(GAME.parse_options({}))
    while True:
        while not state.clash_due:
            state = GAME.apply(state, rng.choice(choices(GAME, state)))
        seat = state.turn
        n = GAME.hand_count(state, seat)
        held = Held((GAME.deck_cards(state, seat)[0][0],) * n, n)
        box = _box(GAME.id, state, lang, box_seat=seat, box_held=held)
        after = solo.think(box)
        if after.proposal is not None and after.proposal.handover:
            return render(after)
        state = GAME.apply(state, after.proposal.action)


def wd_box_defends(lang: str):
    """Druiden against the box, the player attacking: the clash screen shows the box's
    blockers ("Box"), offers only `ok`, and an arrow is refused: the box decides that."""
    from device.app.turns import game_button
    from engine.wandernde_druiden.game import GAME
    from engine.wandernde_druiden.state import OTHER
    from tests.boxdriver import druiden_clash

    state = druiden_clash(5)
    n = GAME.hand_count(state, OTHER[state.turn])
    held = Held((GAME.deck_cards(state, OTHER[state.turn])[0][0],) * n, n)
    box = _box(GAME.id, state, lang, box_seat=OTHER[state.turn], box_held=held)
    box, _ = game_button(box, "ok")  # the clash opens on the box's blockers
    box, _ = game_button(box, "right")  # ... which are the box's to choose
    return render(box)


def wd_crowded(lang: str):
    """Druiden: a side with eight creatures and places of three kinds (the columns hold)."""
    from engine.wandernde_druiden.game import GAME
    from engine.wandernde_druiden.state import Creature, Place

    state = GAME.initial(GAME.parse_options({}))
    cards = {c.id: c for c in state.options.cards.cards}
    names = ["salamander", "drache", "einhorn", "hirsch", "otter", "otter", "fuchs", "wolf"]
    creatures = tuple(Creature(n, cards[n].strength) for n in names)
    places = (Place("hain", "hain"), Place("quelle", "quelle", used=True), Place("fels", "fels"))
    a = replace(state.sides[0], creatures=creatures, places=places)
    state = replace(state, sides=(a, state.sides[1]))
    return render(_box(GAME.id, state, lang))


def _dan_small(day: list, night: list):
    """Day and Night with decks of these spells (data), `deck_rules=free`."""
    import json

    from engine.day_and_night.game import GAME

    data = {f"deck_{side}": json.dumps(spells) for side, spells in (("day", day), ("night", night))}
    return GAME, GAME.initial(GAME.parse_options({"deck_rules": "free", **data}))


def _spell(id_: str, *effects: dict, copies: int = 1, prerequisite: str = "") -> dict:
    return {"id": id_, "name": id_, "cost": 2, "prerequisite": prerequisite, "copies": copies,
            "effects": list(effects)}  # fmt: skip


def dan_no_tiles(lang: str):
    """Day and Night drawn for too few tiles: decks of 5 tiles a side, the first laid."""
    game, state = _dan_small(
        [_spell("sun", {"kind": "place"}, copies=5)], [_spell("moon", {"kind": "place"}, copies=5)]
    )
    state = game.apply(state, game.parse_action("cast sun 2,3"))
    assert game.summary(state)["ended_by"] == "no_tiles"
    return render(_box(game.id, state, lang))


def dan_no_change(lang: str):
    """Day and Night drawn for a board that can no longer change: Day's last spells need its
    pawn on a Day tile (there is none), Night's only crystallizes."""
    near = {"kind": "place", "count": 8, "adjacent": True}
    game, state = _dan_small(
        [
            _spell("veil", {"kind": "mystify"}, prerequisite="pawn_on_own"),
            _spell("big", near, near),
        ],
        [_spell("ice", {"kind": "crystallize"})],
    )
    state = game.apply(state, game.parse_action("end"))
    assert game.summary(state)["ended_by"] == "no_change"
    return render(_box(game.id, state, lang))


def _zweimal_played(actions: list, lang: str, **kwargs) -> BoxState:
    """Zweimal's game 1 with these actions played, each state kept (as the box keeps them)."""
    from engine.zweimal.game import GAME

    state = GAME.initial(GAME.parse_options(GAME.option_defaults))
    before = []
    for action in actions:
        before.append(state)
        state = GAME.apply(state, action)
    return _box(GAME.id, state, lang, history=tuple(actions), before=tuple(before), **kwargs)


def zw_undo_stacked(lang: str):
    """Zweimal against the box (it plays B): A and then the box laid a card on one field; A's
    undo takes both cards off it, said by how many."""
    from device.app.turns import undo_turn
    from engine.zweimal.game import Deal, Lay, Place

    deal = Deal(("-|-|", "|-|-", "--||", "||--"))
    played = [deal, Place((2, 0)), Lay((0, 3)), Place((3, 3)), Lay((0, 3))]
    box, _ = undo_turn(_zweimal_played(played, lang, box_seat="B"))
    return render(box)


def zw_undo_round(lang: str):
    """Zweimal: the round's end taken back (asked first, undo-round-question): the grid as it
    was scored, then its last step taken back."""
    from device.app.turns import confirm_button

    box, _ = confirm_button(undo_round_question(lang, render_it=False), "ok")
    return render(box)


def fuw_undo_round(lang: str):
    """Feuer und Wasser: the round's end taken back (asked first): the landscape as it was
    scored, the piles as they were then, the last card back into the hand."""
    from device.app.turns import confirm_button
    from device.games.contract import UNDO
    from engine.feuer_und_wasser.game import GAME

    rng = random.Random(4)
    state = GAME.initial(GAME.parse_options({**GAME.option_defaults, "mode": "rows"}))
    history, before = [], []
    while state.round == 1:
        action = rng.choice(GAME.sample_actions(state))
        before.append(state)
        history.append(action)
        state = GAME.apply(state, action)
    box = _box(GAME.id, state, lang, history=tuple(history), before=tuple(before))
    box, _ = confirm_button(replace(box, mode="confirm", confirm=UNDO), "ok")
    return render(box)


def _solo_undone(game_id: str, seed: int, wanted, lang: str):
    """A solo game (the box plays the second seat) played at random, the box's hand told in
    a shuffled deck's order, until the undo at that point says lines `wanted` accepts: the
    first of its pages `wanted` accepts."""
    from device.app import turns
    from engine import hands
    from engine.search import choices

    entry = games.GAMES[game_id]
    game = entry.engine
    rng = random.Random(seed)
    state = game.initial(game.parse_options(game.option_defaults))
    seat = game.players[-1]
    told = [card for card, copies in game.deck_cards(state, seat) for _ in range(copies)]
    rng.shuffle(told)
    held = hands.start(game, state, seat, told)
    history: list = []
    before: list = []
    for _ in range(400):
        if game.is_over(state):
            break
        offered = choices(game, state)
        if game.to_move(state) == seat:
            offered = [a for a in offered if hands.playable(game, state, held.cards)(a)]
        action = rng.choice(offered)
        after = game.apply(state, action)
        held = hands.follow(game, state, action, after, seat, held, told)
        before.append(state)
        history.append(action)
        state = after
        if game.to_move(state) == seat or not history:
            continue
        box = _box(game_id, state, lang, history=tuple(history), before=tuple(before))
        box = replace(
            box,
            session=replace(
                box.session, box_seat=seat, box_told=tuple(told[: held.used]), box_held=held
            ),
        )
        undone, _ = turns.undo_turn(box)
        lines = [line for page in undone.undone for line in page[1:]]
        if lines and wanted(lines):
            page = next(i for i, p in enumerate(undone.undone) if wanted(list(p[1:])))
            return render(replace(undone, undone_page=page))
    raise AssertionError(f"{game_id}: no such undo in seed {seed}")


def dan_box_upkeep(lang: str):
    """Day and Night against the box (it plays Night): its turn begins with its upkeep taking
    a crystal away, said first on its move's pages (its start is hidden while it thinks)."""
    from engine import hands
    from engine.day_and_night.game import GAME
    from engine.search import choices

    rng = random.Random(8)
    state = GAME.initial(GAME.parse_options(GAME.option_defaults))
    told = [card for card, copies in GAME.deck_cards(state, "night") for _ in range(copies)]
    rng.shuffle(told)
    held = hands.start(GAME, state, "night", told)
    history: list = []
    before: list = []
    while not (state.upkeep.crystals and GAME.to_move(state) == "night"):
        offered = choices(GAME, state)
        if GAME.to_move(state) == "night":
            offered = [a for a in offered if hands.playable(GAME, state, held.cards)(a)]
            crystal = [a for a in offered if "crystal" in GAME.format_action(a)]
            offered = crystal or offered  # Night crystallizes where it can
        action = rng.choice(offered)
        after = GAME.apply(state, action)
        held = hands.follow(GAME, state, action, after, "night", held, told)
        before.append(state)
        history.append(action)
        state = after
    kept = dict(history=tuple(history), before=tuple(before), box_seat="night")
    box = _box(GAME.id, state, lang, box_told=tuple(told[: held.used]), box_held=held, **kept)
    return render(solo.think(box))


def dan_undo_named(lang: str):
    """Day and Night against the box: an undo that puts several of the box's cards back on
    its deck names each (two to a line)."""
    words = ("auf den Stapel", "on the deck")
    return _solo_undone(
        "day-and-night", 3, lambda lines: any(x.endswith(words) and "," in x for x in lines), lang
    )


def wd_undo_mp(lang: str):
    """Druiden against the box: an undo gives the MP back, said after the cards."""

    def wanted(lines: list[str]) -> bool:
        return len(lines) > 1 and lines[-1].startswith("Box: ") and "MP" in lines[-1]

    return _solo_undone("wandernde-druiden", 3, wanted, lang)


def undo_round_question(lang: str, render_it: bool = True):
    """Zweimal: a hold of `back` on the round's scoring board asks before it takes the
    round's end back (the round played in reading order, each card on the last free field)."""
    from device.games.contract import UNDO
    from engine.zweimal.game import GAME, Deal, Lay, Place

    state = GAME.initial(GAME.parse_options(GAME.option_defaults))
    history, before = [], []
    actions = [Deal(("-|-|", "|-|-", "--||", "||--"))]
    n = 4
    while state.round == 1:
        action = actions.pop() if actions else None
        if action is None:
            free = [
                (r, c)
                for r in range(n)
                for c in range(n)
                if state.position.figure_at((r, c)) == "."
            ]
            action = Place(free[0]) if state.phase == "figure" else Lay(free[-1])
        before.append(state)
        history.append(action)
        state = GAME.apply(state, action)
    box = _box(GAME.id, state, lang, history=tuple(history), before=tuple(before))
    screens = games.GAMES[GAME.id].screens
    view = screens.after(before[-1], state, screens.initial_view(before[-1]))  # scoring board
    asked = replace(box, view=view, mode="confirm", confirm=UNDO)
    return render(asked) if render_it else asked


def _opened(box: BoxState, *buttons: str) -> BoxState:
    """A player's turn opened on the box's choice for them (the setting `suggest`: the real
    search), then the buttons pressed."""
    from device.app.transition import handle
    from device.events import Press

    box = replace(box, suggest=True)
    if solo.wants_suggestion(box):
        box = solo.think(box)
    for button in buttons:
        box, _ = handle(box, Press(button))
    return box


def dan_suggest_targets(lang: str):
    """Day and Night: the turn opened on the box's spell for the player: `ok` on the pawn
    (the cursor is there) opened the list on it, `ok` took it: its targets are marked up to
    the last, the cursor on that, and `ok` casts it."""
    from engine.day_and_night.game import GAME
    from engine.day_and_night.state import Cast

    state = GAME.initial(GAME.parse_options({}))
    box = _opened(_box(GAME.id, state, lang))
    action = solo.thinking.current(box).action
    assert isinstance(action, Cast) and len(action.targets) == 2, action
    return render(_opened(box, "ok", "ok"))


def dan_suggest_list(lang: str):
    """Day and Night: the list opened on the box's spell for the player (not on the spell
    the game would put first)."""
    from engine.day_and_night.game import GAME

    state = GAME.initial(GAME.parse_options({}))
    return render(_opened(_box(GAME.id, state, lang), "ok"))


def undo_game_question(lang: str, render_it: bool = True):
    """Zweimal: a hold of `back` on the game's final score page asks over its title, the
    four lines (the rounds, the total, the winner) in sight."""
    from device.games.contract import UNDO
    from device.games.zweimal.view import last_page
    from engine.replay import options_of
    from engine.zweimal.game import GAME
    from tests.test_conformance import playout

    options = options_of(GAME, {"variant": "1", "supply": "16", "starter": "A"})
    _, actions, states = playout(GAME.id, 1, options)
    state = states[-1]
    assert state.phase == "over"
    box = _box(GAME.id, state, lang, history=tuple(actions), before=tuple(states[:-1]))
    screens = games.GAMES[GAME.id].screens
    view = screens.after(states[-2], state, screens.initial_view(states[-2]))
    view = replace(view, review=(view.review[0], last_page(state, view.review[0])))
    asked = replace(box, view=view, mode="confirm", confirm=UNDO)
    return render(asked) if render_it else asked


CASES = {
    "undo-game-question": undo_game_question,
    "dan-suggest-list": dan_suggest_list,
    "dan-suggest-targets": dan_suggest_targets,
    "undo-round-question": undo_round_question,
    "zw-undo-stacked": zw_undo_stacked,
    "zw-undo-round": zw_undo_round,
    "fuw-undo-round": fuw_undo_round,
    "dan-undo-named": dan_undo_named,
    "dan-box-upkeep": dan_box_upkeep,
    "wd-undo-mp": wd_undo_mp,
    "dan-no-tiles": dan_no_tiles,
    "dan-no-change": dan_no_change,
    "dan-hint-spell": dan_hint_spell,
    "dan-hint-temple": dan_hint_temple,
    "dan-cursor-temple": dan_cursor_temple,
    "wd-box-attacks": wd_box_attacks,
    "wd-crowded": wd_crowded,
    "wd-box-defends": wd_box_defends,
}
