"""The conformance suite: every game with an engine (and the test stub) must pass it to be "in".

- seeded random play-outs through `legal_actions` to the end; a finished game has no legal
  action; every state hashes (equal states, equal hashes); the result is over exactly
  where `is_over` says so;
- the notation: `parse(format(a)) == a` for every legal action seen; random and mutated text
  raises nothing but `NotationError`;
- the record: `replay(export(game))` gives the live state; `tabletop replay` agrees;
- refusals: every code a game raises is one it declares, and each has German and English text;
- the screens: every state reached renders inside 128x64 with no text cut off, in both
  languages; a game saved and the box restarted shows the same screen.
"""

from __future__ import annotations

import functools
import json
import random

import pytest
from hypothesis import given, settings, strategies as st
from PIL import ImageChops, ImageDraw

from device import games
from device.app.frame import HEIGHT, WIDTH, render
from device.app.session import Session
from device.app.solo import seat as solo_seat
from device.app.state import BoxState
from device.cli.main import main
from device.games.contract import Layout
from device.games.entry import Plain
from engine.core import IllegalMove, NotationError
from engine.replay import format_record, options_of, parse_record, replay, replay_record
from tests import stubgame

GAME_IDS = sorted(g for g in games.with_engine() if g != stubgame.ENTRY.id)  # the shipped ones
PLAYABLE_IDS = [g for g in GAME_IDS if games.GAMES[g].playable]
PLAYOUTS = 6
MAX_STEPS = 3000


@pytest.fixture(autouse=True, scope="module")
def _stub_registered():
    stubgame.register_stub()
    yield
    stubgame.unregister_stub()


def entry(game_id: str) -> games.Entry:
    return games.GAMES[game_id]


def playout(game_id: str, seed: int, options=None) -> tuple[object, list, list]:
    """A random legal game to its end: (options, actions, states)."""
    engine = entry(game_id).engine
    rng = random.Random(seed)
    if options is None:
        options = options_of(engine, {})
    state = engine.initial(options)
    actions, states = [], [state]
    for _ in range(MAX_STEPS):
        legal = engine.sample_actions(state)
        if engine.is_over(state):
            assert legal == [], "a finished game has no legal action"
            break
        assert legal, f"{game_id}: no legal action in a game that is not over"
        action = rng.choice(legal)
        state = engine.apply(state, action)
        actions.append(action)
        states.append(state)
    else:  # pragma: no cover
        pytest.fail(f"{game_id}: not over after {MAX_STEPS} actions")
    return options, actions, states


def option_sets(game_id: str) -> list:
    """The defaults, and each new-game question's every answer."""
    engine = entry(game_id).engine
    sets = [options_of(engine, {})]
    if entry(game_id).playable:
        for question in entry(game_id).screens.questions({}):
            for value, _ in question.choices:
                sets.append(options_of(engine, {question.key: value}))
    return sets


@pytest.mark.parametrize("game_id", GAME_IDS + ["stapel"])
def test_random_playouts_end_and_states_hash(game_id):
    engine = entry(game_id).engine
    for seed, options in enumerate(option_sets(game_id) * 2):
        _, actions, states = playout(game_id, seed, options)
        result = engine.result(states[-1])
        assert result.over and set(result.totals) == set(engine.players)
        assert result.winner in (*engine.players, None)
        for state in states:
            assert hash(state) == hash(engine.initial(options) if state is states[0] else state)
            # the search's evaluation asks `is_over` and the result only at the end
            assert engine.result(state).over == engine.is_over(state)
        # the same actions again: equal states, equal hashes
        again = replay(engine, options, actions)
        assert again == states[-1] and hash(again) == hash(states[-1])


# Options at their edges (the smallest decks a game takes), where the play-outs from the
# defaults never go: a state there that is not over must still have a legal action.
EDGE_OPTIONS: dict[str, list[dict[str, str]]] = {
    "feuer-und-wasser": [
        {"deck_R": "1:RRB/BBR", "deck_B": "1:BBR/RRB"},
        {"deck_R": "1:RRB/BBR", "deck_B": "1:BBR/RRB,2:BBB/RRR", "tactician": "yes"},
    ],
    "day-and-night": [
        {
            "deck_rules": "free",
            "deck_day": '[{"id":"w","name":"w","cost":0,"effects":[{"kind":"draw"}]}]',
            "deck_night": '[{"id":"p","name":"p","cost":13,"effects":[{"kind":"place"}]}]'.replace(
                "13", "12"
            ),
        }
    ],
    "wandernde-druiden": [{"deck_rules": "free", "rule": "per-unblocked", "starter": "B"}],
}


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_state_not_over_has_a_legal_action_at_the_options_edges(game_id):
    engine = entry(game_id).engine
    for seed, values in enumerate(EDGE_OPTIONS.get(game_id, [{}])):
        _, _, states = playout(game_id, 700 + seed, options_of(engine, values))
        assert engine.is_over(states[-1])


def test_a_deck_of_no_card_is_refused_where_options_are_read():
    """The Feuer und Wasser case the check above would have caught: an empty deck left Red to
    move with every draw refused."""
    with pytest.raises(NotationError):
        options_of(entry("feuer-und-wasser").engine, {"deck_R": ""})


@pytest.mark.parametrize("game_id", GAME_IDS + ["stapel"])
def test_a_refused_action_leaves_the_state_exactly_as_it_was(game_id, capsys, tmp_path):
    """In the engine (the state compares equal, and hashes the same, as one rebuilt from the
    actions before it) and in the middle of a record: the action after a refused line acts on
    the state before it."""
    engine = entry(game_id).engine
    rng = random.Random(9)
    options, actions, states = playout(game_id, 900)
    pool = list(dict.fromkeys(actions))
    refused = None
    for i, state in list(enumerate(states))[:: max(1, len(states) // 20)]:
        before = replay(engine, options, actions[:i])
        for action in rng.sample(pool, min(len(pool), 8)):
            try:
                engine.apply(state, action)
            except IllegalMove:
                assert state == before and hash(state) == hash(before), (game_id, action)
                if refused is None and i < len(actions):
                    refused = (i, action)
    assert refused is not None, "no action was refused"
    i, bad = refused
    record = format_record(engine, options, [*actions[:i], bad, *actions[i:]])
    path = tmp_path / "record.txt"
    path.write_text(record)
    assert main(["replay", str(path)]) == 0
    lines = [json.loads(x) for x in capsys.readouterr()[0].splitlines()]
    assert lines[i]["ok"] is False
    assert lines[i + 1]["state"] == engine.summary(states[i + 1])  # as if never tried
    assert lines[-1]["over"] is True


@pytest.mark.parametrize("game_id", GAME_IDS + ["stapel"])
def test_notation_round_trips_for_every_legal_action(game_id):
    engine = entry(game_id).engine
    for seed in range(PLAYOUTS):
        _, _, states = playout(game_id, 100 + seed)
        for state in states[:: max(1, len(states) // 20)]:
            for action in engine.sample_actions(state):
                text = engine.format_action(action)
                assert "\n" not in text and text == text.strip()
                assert engine.parse_action(text) == action


@functools.cache
def _seen_actions(game_id: str) -> tuple[str, ...]:
    """The notation of the first actions of one play-out (the parser fuzz mutates them)."""
    _, actions, _ = playout(game_id, 7)
    return tuple(entry(game_id).engine.format_action(a) for a in actions[:50])


@pytest.mark.parametrize("game_id", GAME_IDS + ["stapel"])
@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_the_notation_parser_raises_only_notation_errors(game_id, data):
    engine = entry(game_id).engine
    seen = _seen_actions(game_id)
    text = data.draw(
        st.one_of(
            st.text(max_size=30),
            st.sampled_from(seen).flatmap(
                lambda s: st.tuples(st.just(s), st.integers(0, len(s)), st.text(max_size=3)).map(
                    lambda t: t[0][: t[1]] + t[2] + t[0][t[1] + 1 :]
                )
            ),
        )
    )
    try:
        engine.parse_action(text)
    except NotationError as error:
        assert "\n" not in str(error)


@pytest.mark.parametrize("game_id", GAME_IDS + ["stapel"])
def test_replaying_an_exported_record_gives_the_live_state(game_id, capsys, tmp_path):
    engine = entry(game_id).engine
    for seed in range(3):
        options, actions, states = playout(game_id, 200 + seed)
        cut = len(actions) * (seed + 1) // 4  # mid-game and at the end
        record = format_record(engine, options, actions[:cut])
        _, _, steps = replay_record(engine, parse_record(record))
        final = [s.state for s in steps][-1] if cut else engine.initial(options)
        assert final == states[cut]
        path = tmp_path / f"{seed}.txt"
        path.write_text(record)
        assert main(["replay", str(path)]) == 0
        lines = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
        assert all(line["ok"] for line in lines[:-1]) and len(lines) == cut + 1
        if cut:
            assert lines[-2]["state"] == json.loads(json.dumps(engine.summary(states[cut])))
        assert lines[-1]["over"] == engine.is_over(states[cut])


@pytest.mark.parametrize("game_id", GAME_IDS + ["stapel"])
def test_every_refusal_is_declared_and_has_both_texts(game_id):
    engine = entry(game_id).engine
    texts = entry(game_id).texts  # the game's own words, then the box's
    for code in engine.refusal_codes:
        assert texts.knows(f"refuse.{code}"), f"{game_id}: no text for refusal {code!r}"
        de, en = texts.forms(f"refuse.{code}")
        assert de and en
    seen: set[str] = set()
    rng = random.Random(5)
    for seed in range(PLAYOUTS):
        _, actions, states = playout(game_id, 300 + seed)
        pool = list(dict.fromkeys(actions))
        for state in states[:: max(1, len(states) // 25)]:
            for action in rng.sample(pool, min(len(pool), 12)):
                try:
                    engine.apply(state, action)
                except IllegalMove as error:
                    assert error.code in engine.refusal_codes, (game_id, error.code, str(error))
                    said = [texts.refusal(error.code, "", lang) for lang in ("de", "en")]
                    assert all(said), (game_id, error.code)
                    seen.add(error.code)
    assert seen, "random actions in random states were never refused"


class TextBounds:
    """Records every text drawn and checks it lies inside the screen."""

    def __init__(self, monkeypatch) -> None:
        self.problems: list[str] = []
        original = ImageDraw.ImageDraw.text

        def text(draw, xy, content, *args, **kwargs):
            font = kwargs.get("font")
            if font is not None and content:
                left, top, right, bottom = draw.textbbox(xy, content, font=font)
                if left < 0 or top < 0 or right > WIDTH or bottom > HEIGHT:
                    self.problems.append(f"{content!r} at {xy} reaches {right},{bottom}")
            return original(draw, xy, content, *args, **kwargs)

        monkeypatch.setattr(ImageDraw.ImageDraw, "text", text)


def test_the_text_bounds_check_catches_a_line_that_runs_off(monkeypatch):
    from PIL import Image

    from device.ui import fonts

    bounds = TextBounds(monkeypatch)
    draw = ImageDraw.Draw(Image.new("1", (WIDTH, HEIGHT)))
    draw.text((60, 0), "fifteen letters", font=fonts.load().status, fill=1)
    assert bounds.problems  # 60 + 15 x 5 px runs past 128


@pytest.mark.parametrize("game_id", PLAYABLE_IDS + ["stapel"])
def test_every_screen_reached_fits_the_display_in_both_languages(game_id, monkeypatch):
    bounds = TextBounds(monkeypatch)
    screens = entry(game_id).screens
    for seed, options in enumerate(option_sets(game_id)):
        _, actions, states = playout(game_id, 400 + seed, options)
        for i, state in enumerate(states[:: max(1, len(states) // 40)] + [states[-1]]):
            session = Session(1, game_id, options, state, i)
            view = screens.initial_view(state)
            for lang in ("de", "en"):
                for mode, extra in (("game", {}), ("message", {"message": ("x",)})):
                    image = render(
                        BoxState(lang=lang, mode=mode, session=session, view=view, **extra)
                    )
                    assert image.size == (WIDTH, HEIGHT)
                lines = screens.round_ended(states[0], state, lang) or []
                render(BoxState(lang=lang, mode="message", session=session, message=tuple(lines)))
    assert not bounds.problems, bounds.problems[:5]


@pytest.mark.parametrize("game_id", PLAYABLE_IDS + ["stapel"])
def test_a_saved_game_shows_the_same_screen_after_a_restart(game_id, tmp_path):
    from device.sim.simulator import Simulator
    from device.storage.store import Store
    from tests.boxdriver import settings

    engine, screens = entry(game_id).engine, entry(game_id).screens
    options, actions, states = playout(game_id, 500)
    cut = len(actions) // 2
    store = Store(tmp_path)
    view = screens.view_record(screens.initial_view(states[cut]))
    ui = {"mode": "game", "view": view}
    game = store.new_game(game_id, engine.rules_version, engine.format_options(options), ui)
    for action in actions[:cut]:
        store.record(game, ui, append={"kind": "action", "action": engine.format_action(action)})
    store.close()
    images = []
    for _ in range(2):
        sim = Simulator(settings(suggest=True), tmp_path)  # (opened after its first frame)
        sim.start()
        try:
            assert sim.loop.box.session.state == states[cut]
            assert sim.loop.box.session.actions == cut
            images.append(sim.screen.image.copy())
        finally:
            sim.stop()
    diff = ImageChops.difference(images[0].convert("L"), images[1].convert("L"))
    assert diff.getbbox() is None
    saved = Session(game, game_id, options, states[cut], cut)
    expected_box = BoxState(mode="game", session=saved, view=None, suggest=True)
    if solo_seat.wants_suggestion(expected_box):  # saved before it was opened on the box's choice
        expected_box = solo_seat.think(expected_box)
    expected = render(expected_box)
    assert ImageChops.difference(images[0].convert("L"), expected.convert("L")).getbbox() is None


# --- the registry ------------------------------------------------------------------------


def test_registry_knows_the_four_games():
    assert list(games.GAMES)[:4] == [
        "zweimal",
        "feuer-und-wasser",
        "day-and-night",
        "wandernde-druiden",
    ]
    assert games.game("zweimal").name == "Zweimal"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_registry_says_what_the_game_itself_says(game_id):
    """The registry names a game without importing it (a start that shows the menu imports
    no game): what it says must be what the engine and the screens say."""
    e = entry(game_id)
    assert (e.id, e.name, e.short) == (e.engine.id, e.engine.name, e.engine.short)
    if e.playable:
        from device.games import contract

        checks = type(e.screens).check_deck is not contract.Screens.check_deck
        assert e.checks_decks == checks  # a game with a deck check says so in its entry


def test_registry_names_known_games_for_an_unknown_id():
    try:
        games.game("chess")
    except KeyError as error:
        assert "zweimal" in str(error) and "chess" in str(error)
    else:  # pragma: no cover
        raise AssertionError("expected KeyError")


# --- the search (engine/search.py): what it needs of every game ------------------------------


def _states_on_the_way(game_id: str, seed: int, every: int) -> list:
    """Reachable states of a random game (every `every`-th), chance steps included."""
    _, _, states = playout(game_id, seed)
    return states[::every]


@pytest.mark.parametrize("game_id", GAME_IDS + ["stapel"])
def test_chance_outcomes_are_legal_and_their_probabilities_sum_to_one(game_id):
    engine = entry(game_id).engine
    seen = 0
    for state in _states_on_the_way(game_id, 1, 1):
        outcomes = engine.chance_outcomes(state)
        if outcomes is None:
            continue
        seen += 1
        assert abs(sum(p for _, p in outcomes) - 1) < 1e-9 and all(p > 0 for _, p in outcomes)
        assert all(engine.is_legal(state, action) for action, _ in outcomes[:5])
    if game_id == "feuer-und-wasser":  # the draw is the table's
        assert seen > 0


@pytest.mark.parametrize("game_id", GAME_IDS + ["stapel"])
def test_determinize_never_changes_what_the_seat_has_seen(game_id):
    """The engines keep hands and piles as counts: what a seat has seen (its side, the
    board, every count) is the whole summary, and a determinized state keeps all of it."""
    engine = entry(game_id).engine
    rng = random.Random(5)
    for state in _states_on_the_way(game_id, 2, 7):
        seat = engine.to_move(state)
        if seat is None:
            continue
        sampled = engine.determinize(state, seat, rng)
        assert engine.summary(sampled) == engine.summary(state)
        assert engine.to_move(sampled) == seat


@pytest.mark.parametrize("game_id", GAME_IDS + ["stapel"])
def test_the_search_returns_a_legal_action_from_reachable_states_and_repeats_itself(game_id):
    from engine.search import search

    engine = entry(game_id).engine
    asked = 0
    for state in _states_on_the_way(game_id, 3, 11)[:6]:
        if engine.to_move(state) is None or engine.chance_outcomes(state) is not None:
            with pytest.raises(ValueError):
                search(engine, state, random.Random(0), 4, 2)
            continue
        answer = search(engine, state, random.Random(9), 12, 3)
        assert engine.is_legal(state, answer.action)
        assert search(engine, state, random.Random(9), 12, 3) == answer  # pure, seeded
        asked += 1
    assert asked > 0


@pytest.mark.parametrize("game_id", GAME_IDS + ["stapel"])
def test_a_hand_known_card_by_card_follows_the_count_and_plays_only_what_it_holds(game_id):
    """The box's own hand in solo play (engine/hands.py): told each card drawn, the known hand
    is always as long as the engine's count, a seat choosing among `playable` plays only
    cards it holds, a cut discards the least worth, and replaying the actions with the same
    told cards gives the same hand. A game without hidden hands knows nothing to tell."""
    from engine import hands

    engine = entry(game_id).engine
    rng = random.Random(21)
    options = options_of(engine, {})
    state = engine.initial(options)
    seat = engine.players[1]
    if engine.hand_count(state, seat) is None:
        assert hands.missing(engine, state, seat, hands.Held()) == 0
        return
    deck = [card for card, copies in engine.deck_cards(state, seat) for _ in range(copies)]
    rng.shuffle(deck)
    told = deck  # the deck in the order the player draws it for the box
    held = hands.start(engine, state, seat, told)
    states, actions, used = [state], [], [held.used]
    for _ in range(MAX_STEPS):
        assert len(held.cards) == engine.hand_count(state, seat) or held.used == len(told)
        if engine.is_over(state):
            break
        legal = engine.sample_actions(state)
        if engine.to_move(state) == seat:
            legal = [a for a in legal if hands.playable(engine, state, held.cards)(a)]
            assert legal, "a seat always has an action that plays no card or one it holds"
        action = rng.choice(legal)
        after = engine.apply(state, action)
        if engine.to_move(state) == seat and engine.card_played(state, action) is not None:
            assert engine.card_played(state, action) in held.cards
        new = hands.follow(engine, state, action, after, seat, held, told)
        for card in new.cut:  # nothing kept is worth less than what was cut
            kept = [engine.card_worth(after, seat, c) for c in new.cards]
            assert all(engine.card_worth(after, seat, card) <= w for w in kept)
        state, held = after, new
        states.append(state)
        actions.append(action)
        used.append(held.used)
    again = hands.replay(engine, states, actions, seat, told)
    assert (again.cards, again.used) == (held.cards, held.used)
    assert all(
        hands.copies_left(engine, state, seat, told[: held.used], c) >= 0 for c in held.cards
    )
    # the same game as a solo record, each card told after the action that drew it: the
    # referee's replay gives the same hand at every step (engine/replay.py)
    said = [told[: used[0]]] + [told[a:b] for a, b in zip(used, used[1:], strict=False)]
    text = format_record(engine, options, actions, seat, said)
    steps = list(replay_record(engine, parse_record(text))[2])
    assert all(step.ok for step in steps)
    assert steps[-1].box_hand == held.cards


@pytest.mark.parametrize("game_id", GAME_IDS + ["stapel"])
def test_the_search_s_worlds_deal_only_cards_the_seat_has_not_seen(game_id):
    """Each simulation's world (engine/hands.py `deal`), along a game whose cards lie as at a
    table (engine/strength.py `Table`): the searching seat's known hand is kept as it is,
    every hand holds its count, every card dealt is one neither seat saw leave the deck
    (`cards_out`), and the hands as they really lie are among the worlds it could deal."""
    from collections import Counter

    from engine import hands
    from engine.strength import Table

    engine = entry(game_id).engine
    rng = random.Random(5)
    state = engine.initial(options_of(engine, {}))
    table = Table(engine, state, random.Random(6), True)
    seat = engine.players[1]
    for step in range(MAX_STEPS):
        if engine.is_over(state):
            break
        known = table.held[seat].cards if seat in table.held else None
        dealt = hands.deal(engine, state, seat, known, rng)
        assert set(dealt) == set(table.held)  # a game without hidden hands deals nothing
        for each, cards in dealt.items():
            deck = Counter(dict(engine.deck_cards(state, each)))
            out = Counter(engine.cards_out(state, each))
            assert out <= deck, f"{each} laid cards its deck does not hold"
            assert len(cards.hand) == engine.hand_count(state, each)
            assert Counter(cards.hand) + Counter(cards.pile) + out <= deck
            really = Counter(table.held[each].cards)
            assert really <= deck - out, "the hand as it lies is one the deal could give"
        if known is not None:
            assert tuple(dealt[seat].hand[: len(known)]) == known
        mover = engine.to_move(state)
        offered = engine.sample_actions(state)
        if mover is not None and mover in table.held:
            offered = [a for a in offered if table.among(state, mover)(a)]
        action = rng.choice(offered)
        after = engine.apply(state, action)
        table.follow(state, action, after)
        state = after
        if step > 400:
            break


@pytest.mark.parametrize("game_id", GAME_IDS + ["stapel"])
def test_a_known_best_is_a_legal_action_of_the_seat_it_is_asked_for(game_id):
    """`known_best` (taken instead of the search): None, or a legal action whose decision is
    the seat's (Feuer und Wasser's placement is the mover's, Druiden's defence the
    defender's)."""
    engine = entry(game_id).engine
    known = 0
    for state in _states_on_the_way(game_id, 4, 5):
        for seat in engine.players:
            action = engine.known_best(state, seat)
            if action is None:
                continue
            known += 1
            assert engine.is_legal(state, action)
            assert engine.decided_by(state, action) == seat
    if game_id in ("feuer-und-wasser", "wandernde-druiden"):
        assert known > 0


@pytest.mark.parametrize("game_id", GAME_IDS + ["stapel"])
def test_a_first_guess_is_a_legal_move_of_the_mover_with_a_card_it_holds(game_id):
    """`first_guess` (the search's head start): None, or one of the actions it is offered,
    or a fuller move of the mover's own that the sample missed: legal, and playing no card
    the mover does not hold (with and without the cards held; `actions` the caller gives
    hold only what it may play)."""
    from engine.search import choices

    engine = entry(game_id).engine
    guessed = beyond = 0
    rng = random.Random(5)
    for state in _states_on_the_way(game_id, 4, 5):
        seat = engine.to_move(state)
        if seat is None or engine.is_over(state):
            continue
        offered = choices(engine, state)
        for held in (None, []):
            guess = engine.first_guess(state, offered, rng, held)
            if guess is None:
                continue
            guessed += 1
            if guess not in offered:
                beyond += 1
                assert engine.is_legal(state, guess)
                assert (engine.decided_by(state, guess) or seat) == seat
                if held == []:
                    assert engine.card_played(state, guess) is None
    if game_id in ("wandernde-druiden", "day-and-night"):
        assert guessed > 0
    if game_id == "day-and-night":
        assert beyond > 0  # its aimed targets, which the sample does not list


# --- the table (engine/table.py): every change the players make is in the game's changes ------


def _spans(states: list, rng: random.Random, n: int) -> list[tuple]:
    """Pairs of states of one game: each action, and `n` spans of several (as an undo in
    solo play takes back the player's action with the box's replies), each both ways."""
    pairs = [(states[i], states[i + 1]) for i in range(len(states) - 1)]
    for _ in range(n):
        i, j = sorted(rng.sample(range(len(states)), 2))
        pairs.append((states[i], states[j]))
    return pairs + [(b, a) for a, b in pairs]


@pytest.mark.parametrize("game_id", GAME_IDS + ["stapel"])
def test_every_difference_on_the_table_is_in_the_changes(game_id):
    """Between any two states of a game (an action, several, an undo of them), the game's
    changes account for every place of the table that differs, each is one of the kinds the
    screens say, and none names a place that does not differ (but the last step of a round,
    said before the table is cleared for the next, and taken back after it is laid out
    again)."""
    from engine.table import KINDS, unaccounted

    engine = entry(game_id).engine
    rng = random.Random(30)
    checked = 0
    for seed in range(PLAYOUTS):
        _, _, states = playout(game_id, seed)
        for before, after in _spans(states, rng, 40):
            changes = engine.changes(before, after)
            missing, extra = unaccounted(engine.table(before), engine.table(after), changes)
            assert not missing, (game_id, sorted(missing), changes)
            assert all(c.kind in KINDS and c.places for c in changes), changes
            if extra:  # a round's end and its last step: said as the players do them
                ends = ("clear", "restore")
                assert any(c.kind in ends for c in changes), (sorted(extra), changes)
            checked += bool(changes)
    assert checked > 100


@pytest.mark.parametrize("game_id", GAME_IDS + ["stapel"])
def test_the_table_holds_the_public_state(game_id):
    """Two states with the same table agree on everything of `tabletop replay`'s summary but
    what the game says is not on the table (whose turn, the step, what the box keeps): the
    table misses nothing a player sees or counts."""
    engine = entry(game_id).engine
    seen: dict = {}
    for seed in range(PLAYOUTS):
        for state in playout(game_id, seed)[2]:
            table = engine.table(state)
            key = tuple(sorted((k, repr(v)) for k, v in table.items()))
            public = {k: v for k, v in engine.summary(state).items() if k not in engine.table_free}
            assert seen.setdefault(key, public) == public, (game_id, table)
    assert len(seen) > 5


@pytest.mark.parametrize("game_id", GAME_IDS + ["stapel"])
def test_every_change_is_said_in_a_line_that_fits_in_both_languages(game_id):
    """What the box says of a change on the table (the game's `say`): never nothing, one
    line a player carries out, in the fonts' characters, fitting under a page's title
    (three rows of the message screen at most), for a two-person game and a solo game alike
    (the box's seat said as "Box"), forward and as an undo takes it back."""
    from device.app import pieces
    from device.app.session import Session
    from device.ui import fit, fonts as font_files

    engine, screens = entry(game_id).engine, entry(game_id).screens
    font = font_files.load().status
    rng = random.Random(31)
    said = 0
    for seed in range(3):
        options, actions, states = playout(game_id, seed)
        for box_seat in ("", engine.players[-1]):
            session = Session(1, game_id, options, states[0], 0, box_seat=box_seat)
            for before, after in _spans(states, rng, 15)[:: 2 if box_seat else 1]:
                i, j = states.index(before), states.index(after)
                between = actions[min(i, j) : max(i, j)]
                changes = engine.changes(before, after)
                for lang in ("de", "en"):
                    lines = pieces.lines(session, before, after, between, lang, i <= j)
                    # a line a change at least (a change of many cards: a line for two)
                    assert len(lines) >= len(changes), (game_id, lang, changes, lines)
                    # under a page's title, where the box says its move and an undo's
                    # changes (the game's panel, the board in sight; else the main area)
                    view = screens.initial_view(after)
                    panel = screens.layout(after, view)
                    over = panel.said is not None and (j == i + 1 or panel.undo_said)
                    for layout in (panel, None)[0 if over else 1 :]:
                        x0, y0, x1, y1 = pieces.said_area(layout or Layout())
                        area = (x0, y0 + pieces.SPACING, x1, y1)
                        for line in lines:
                            with fit.strict():
                                fit.drawable(line)
                            assert fit.fits_block(line, font, area, pieces.SPACING), (
                                game_id,
                                lang,
                                line,
                                area,
                            )
                            said += 1
    assert said > 100


@pytest.mark.parametrize("game_id", GAME_IDS + ["stapel"])
def test_a_rematch_is_the_same_game_with_the_other_player_beginning(game_id):
    """A rematch (one press at a game's end): the same options, the other player beginning
    where the game names who begins; a second rematch gives the first options back."""
    engine = entry(game_id).engine
    for options in option_sets(game_id):
        again = engine.rematch(options)
        values, then = engine.format_options(options), engine.format_options(again)
        key = engine.starter_option
        if key is None:
            assert again == options
            continue
        assert {then[key], values[key]} == set(engine.players)
        assert {k: v for k, v in then.items() if k != key} == {
            k: v for k, v in values.items() if k != key
        }
        assert engine.rematch(again) == options
        assert engine.to_move(engine.initial(again)) in (then[key], None)  # (a set-up first)


@pytest.mark.parametrize("game_id", PLAYABLE_IDS)
def test_the_web_drawing_marks_each_place_with_what_the_engine_has_there(game_id):
    """Issue 34: each game's `web.py` draws its table, every element marked with a place of
    `Game.table` and what lies there (device/games/svg.py), so the page can be checked
    against the engine field by field."""
    import html
    import re

    from device.games.svg import Shown, encode

    engine, web = entry(game_id).game, entry(game_id).web
    if web is None:  # optional (a new game): the page lists every place of its table instead
        assert not entry(game_id).web_module
        return
    _, _, states = playout(game_id, 3)
    outlined = 0
    for before, state in list(zip(states, states[1:], strict=False))[::7]:
        table, was = engine.table(state), engine.table(before)
        last = frozenset(p for p, v in table.items() if was.get(p) != v)
        board = web.board(state, "de", Shown(last, before))
        drawn = {
            html.unescape(k): html.unescape(v)
            for k, v in re.findall(r'data-place="([^"]*)" data-value="([^"]*)"', board)
        }
        assert drawn  # the page lists the places the drawing leaves out
        for place, value in drawn.items():
            assert place in table and value == encode(table[place]), (place, value)
        # what the last action changed on the drawing is outlined, and nothing when none did
        if not last & set(drawn):
            assert 'class="last"' not in board, last
        elif any(not p.startswith("mp ") for p in last & set(drawn)):
            outlined += 1
            assert 'class="last"' in board, last
        assert 'class="last"' not in web.board(state, "de", Shown())
    assert outlined
    for lang in ("de", "en"):  # a legend line for each of its marks, in the catalog's words
        legend = web.legend(lang)
        assert legend and all(m.startswith('<svg class="swatch"') and w for m, w in legend)
        assert all("." not in w.split()[0] for _, w in legend), legend  # no catalog key


@pytest.mark.parametrize("game_id", PLAYABLE_IDS)
def test_the_web_page_says_what_scored_at_a_game_s_end(game_id):
    """Issue 34: the page says what scored (the roads, rows, groups, the end's verdict) in the
    box's words before the numbers; at a game's end there is something to say."""
    web = entry(game_id).web
    if web is None:  # optional (a new game): the page shows the scores alone
        return
    for seed in (1, 2):
        _, _, states = playout(game_id, seed)
        final = states[-1]
        lines = web.scored(final, "de")
        assert all(isinstance(line, str) and line for line in lines)
        assert lines or game_id == "zweimal"  # (a Zweimal game may have no majority anywhere)
        assert web.scored(states[0], "en") == []  # nothing scored before anything was played


@pytest.mark.parametrize("game_id", PLAYABLE_IDS + ["stapel"])
def test_a_game_s_words_are_what_its_screens_say(game_id):
    """A game's words (its entry's `words_module`: the status line, an action, a seat) are
    what its screens say, for the web page to say them without the screens. A game without
    a words module (the stub, a new game) is said plainly: its short name and the player to
    move, an action in its notation (`entry.Plain`)."""
    engine, words, screens = entry(game_id).game, entry(game_id).words, entry(game_id).screens
    if not entry(game_id).words_module:
        for state in _states_on_the_way(game_id, 2, 5):
            seat = engine.to_move(state)
            assert words.status(state, "de") == " · ".join(filter(None, [engine.short, seat]))
            for action in list(engine.legal_actions(state) or [])[:3]:
                assert words.describe(state, action, "en") == engine.format_action(action)
        assert [words.seat_name(seat, "de") for seat in engine.players] == list(engine.players)
        return
    for state in _states_on_the_way(game_id, 2, 5):
        for lang in ("de", "en"):
            assert words.status(state, lang) == screens.status(state, lang)
            for action in list(engine.legal_actions(state) or [])[:3]:
                said = words.describe(state, action, lang)
                assert said == screens.describe(state, action, lang)
    for seat in engine.players:
        for lang in ("de", "en"):
            assert words.seat_name(seat, lang) == screens.seat_name(seat, lang) != ""


@pytest.mark.parametrize("game_id", PLAYABLE_IDS)
def test_a_game_s_words_and_web_drawing_import_neither_pillow_nor_pydantic(game_id):
    """The web page's memory (issue 34): it says a game through its words and web modules,
    which import neither Pillow (the screens' drawing) nor pydantic (the edges' checks)."""
    import subprocess
    import sys

    modules = [m for m in (entry(game_id).words_module, entry(game_id).web_module) if m]
    if not entry(game_id).words_module:  # optional (a new game): said plainly, nothing drawn
        assert isinstance(entry(game_id).words, Plain)
        return
    check = (
        "import importlib, sys\n"
        f"for m in {modules!r}: importlib.import_module(m)\n"
        "print(sorted({n.split('.')[0] for n in sys.modules} & {'PIL', 'pydantic'}))\n"
    )
    done = subprocess.run([sys.executable, "-c", check], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


@pytest.mark.parametrize("game_id", PLAYABLE_IDS + ["stapel"])
def test_a_solo_undo_at_any_depth_says_every_change_with_the_box_s_cards(game_id):
    """Issue 47: a solo game, the box's hand told card by card as at the table; between the
    states of any two points of it (an undo at any depth, both ways: played again), every
    change of the table is said, in both languages, fitting where it is said; where the box's
    cards go back to its pile and the box knows which, each is named."""
    from collections import Counter

    from device.app import pieces
    from device.app.session import Session
    from device.ui import fit, fonts as font_files
    from engine import hands

    engine, screens = entry(game_id).engine, entry(game_id).screens
    font = font_files.load().status
    rng = random.Random(47)
    options = options_of(engine, {})
    seat = engine.players[-1]
    state = engine.initial(options)
    told: list = []
    if engine.hand_count(state, seat) is not None:
        told = [c for c, copies in engine.deck_cards(state, seat) for _ in range(copies)]
        rng.shuffle(told)
    held = hands.start(engine, state, seat, told)
    states, actions, helds = [state], [], [held]
    while not engine.is_over(state) and len(actions) < 400:
        offered = engine.sample_actions(state)
        if engine.to_move(state) == seat:
            offered = [a for a in offered if hands.playable(engine, state, held.cards)(a)]
        action = rng.choice(offered)
        after = engine.apply(state, action)
        held = hands.follow(engine, state, action, after, seat, held, told)
        state = after
        states.append(state)
        actions.append(action)
        helds.append(held)
    session = Session(1, game_id, options, states[0], 0, box_seat=seat)
    named = 0
    for n in range(120):  # an undo of 1 to 12 actions, and a few spans of any length
        i = rng.randrange(len(states) - 1)
        j = min(len(states) - 1, i + rng.randrange(1, 13)) if n % 10 else len(states) - 1
        for forward in (True, False):
            a, b = (i, j) if forward else (j, i)
            pair = (helds[a].cards, helds[b].cards)
            changes = engine.changes(states[a], states[b])
            for lang in ("de", "en"):
                lines = pieces.lines(
                    session, states[a], states[b], actions[i:j], lang, forward, pair
                )
                assert len(lines) >= len(changes), (game_id, changes, lines)
                view = screens.initial_view(states[b])
                panel = screens.layout(states[b], view)
                area = pieces.said_area(panel if panel.undo_said else Layout())
                area = (area[0], area[1] + pieces.SPACING, area[2], area[3])
                for line in lines:
                    assert fit.fits_block(line, font, area, pieces.SPACING), (game_id, line)
                box_cards = [c for c in changes if c.kind == "to_pile" and c.seat == seat]
                leaving = list((Counter(pair[0]) - Counter(pair[1])).elements())
                if lang == "de" and box_cards and len(leaving) == box_cards[0].count:
                    bare = pieces.lines(session, states[a], states[b], actions[i:j], lang, forward)
                    assert lines != bare, (game_id, leaving, lines)  # said by name
                    named += 1
    if engine.hand_count(states[0], seat) is not None and game_id != "stapel":
        assert named > 0  # the box's cards back on its pile, by name
