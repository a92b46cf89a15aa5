"""`tabletop hint FILE|- [--seed S] [--budget N] [--hand IDS]`: the action the box would play
for the player to move after a game record (read as `tabletop replay` reads it: a refused
action leaves the state as it was), as one JSON object `{"action", "seat", "simulations",
"ms"}` in the game's notation. How the box's strength is checked from outside: the same
record, seed and budget give the same action. `--hand` names the cards the player to move
holds (Day and Night, Wandernde Druiden: as the box knows its own hand in solo play); the
action then plays none or one of them. Without `--hand`, a solo record that told every card
of the box's hand gives it for the box's seat. A record whose next step is the table's (a
draw), a finished game, a malformed record or a hand that does not fit is exit 2 with one
line."""

from __future__ import annotations

import argparse
import json
import random
import sys
import time

from device.cli import Commands
from device.cli.replay import EXIT_USAGE, RecordError, read_text, record_of
from engine.contract import AnyGame
from engine.core import NotationError
from engine.replay import replay_record


def add_hint_parser(commands: Commands) -> None:
    hint = commands.add_parser(
        "hint", help="the action the box would play for the player to move after a record"
    )
    hint.add_argument("file", help="the record (UTF-8 text), or - for standard input")
    hint.add_argument("--seed", type=int, default=0, help="the search's seed (default 0)")
    hint.add_argument(
        "--budget", type=int, default=None, help="simulations (default: the box's for the game)"
    )
    hint.add_argument(
        "--hand",
        default=None,
        help="the cards the player to move holds, ids separated by commas (games with hands)",
    )


def run_hint(args: argparse.Namespace) -> int:
    from device.errors import one_line

    try:
        answer = hint(read_text(args.file), args.seed, args.budget, args.hand)
        print(json.dumps(answer, ensure_ascii=False))
    except RecordError as error:
        print(one_line(f"tabletop hint: {error}"), file=sys.stderr)
        return EXIT_USAGE
    return 0


def hint(text: str, seed: int, budget: int | None, hand: str | None = None) -> dict[str, object]:
    from engine.hands import playable
    from engine.search import choices, choose

    if budget is not None and not 1 <= budget <= 100_000:
        raise RecordError(f"--budget: 1 to 100000 simulations, not {budget}")
    game, record = record_of(text)
    known = None  # a solo record's: the box's hand as told
    try:
        _, state, steps = replay_record(game, record)
        for step in steps:
            state, known = step.state, step.box_hand
    except NotationError as error:
        raise RecordError(str(error)) from None
    if game.is_over(state):
        raise RecordError("the game is over: nobody is to move")
    if game.chance_outcomes(state) is not None:
        raise RecordError("the next step is the table's (a draw), not a player's: add the draw")
    seat = game.to_move(state)
    if seat is None:
        raise RecordError("nobody is to move (the set-up is the table's)")
    told_all = known is not None and len(known) == game.hand_count(state, seat)
    if hand is None and known is not None and told_all and seat == record.solo:
        hand = ",".join(known)  # the box's hand, every card of it told
    among = None if hand is None else playable(game, state, held(game, state, seat, hand))
    deciders = {game.decided_by(state, action) for action in choices(game, state)}
    if len(deciders) == 1 and None not in deciders and seat not in deciders:
        seat = deciders.pop()  # every step now is another seat's (Druiden's clash: the defence)
    simulations, depth = game.search_budget
    started = time.perf_counter()
    rng = random.Random(seed)
    answer = choose(game, state, rng, budget or simulations, depth, among=among, seat=seat)
    ms = (time.perf_counter() - started) * 1000
    return {
        "action": game.format_action(answer.action),
        "seat": seat,
        "simulations": answer.simulations,
        "ms": round(ms, 1),
    }


def held(game: AnyGame, state: object, seat: str, hand: str) -> list[str]:
    """The cards `--hand` names, checked against the game: its hand's count, its deck."""
    count = game.hand_count(state, seat)
    if count is None:
        raise RecordError(f"--hand: {game.id} has no hidden hands")
    cards = [card.strip() for card in hand.split(",") if card.strip()]
    deck = dict(game.deck_cards(state, seat))
    for card in cards:
        if card not in deck:
            raise RecordError(f"--hand: {card!r} is not a card of {seat}'s deck")
    for card in dict.fromkeys(cards):  # a hand the deck cannot give: more copies than it has
        if cards.count(card) > deck[card]:
            most = deck[card]
            named = cards.count(card)
            raise RecordError(f"--hand: {seat}'s deck holds {most} {card}, --hand names {named}")
    if len(cards) != count:
        raise RecordError(f"--hand: {seat}'s hand holds {count} cards, --hand names {len(cards)}")
    return cards
