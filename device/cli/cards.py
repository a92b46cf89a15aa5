"""`tabletop cards list|teach|forget|export|import`."""

from __future__ import annotations

import argparse
import queue
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from device.cards import example_card
from device.cli import Commands

if TYPE_CHECKING:
    from device.storage.store import Store as StoreClass

EXIT_USAGE = 2


def add_parser(commands: Commands) -> None:
    cards = commands.add_parser("cards", help="which card tag is which card")
    actions = cards.add_subparsers(
        dest="cards_command", metavar="ACTION", parser_class=commands._parser_class
    )
    actions.required = True
    listing = actions.add_parser("list", help="the taught cards: UID and card")
    listing.add_argument(
        "--known", action="store_true", help="the cards the box knows (what a tag can be taught)"
    )
    teach = actions.add_parser("teach", help="teach a tag: by UID, or by tapping it")
    teach.add_argument("card", help=f"the card, game:card (e.g. {example_card()})")
    how = teach.add_mutually_exclusive_group(required=True)
    how.add_argument("--uid", help="the tag's UID in hex")
    how.add_argument("--reader", choices=["pn532", "rdm6300"], help="read the tag: tap it")
    teach.add_argument("--port", help="the reader's serial port (with --reader)")
    teach.add_argument("--timeout", type=float, default=30.0, help="seconds to wait for a tap")
    forget = actions.add_parser("forget", help="forget a tag")
    forget.add_argument("uid")
    export = actions.add_parser("export", help="write the registry to a JSON file")
    export.add_argument("file")
    load = actions.add_parser("import", help="add the cards of a JSON file (all or nothing)")
    load.add_argument("file")
    for p in (listing, teach, forget, export, load):
        p.add_argument("--state-dir", metavar="DIR", help="where saved games live")
    for p in (listing, teach, load):
        p.add_argument("--config", metavar="FILE", help="the config (its decks name cards)")


def run(args: argparse.Namespace) -> int:
    from device.errors import CardError
    from device.storage.store import Store

    try:
        return _run(args, Store)
    except CardError as error:
        from device.errors import one_line

        print(one_line(f"tabletop cards {args.cards_command}: {error}"), file=sys.stderr)
        return EXIT_USAGE


def _run(args: argparse.Namespace, Store: type[StoreClass]) -> int:
    from device.cards.registry import checked, read_file, write_file
    from device.errors import CardError
    from device.settings import state_directory

    action = args.cards_command
    pairs = []
    if action == "teach":
        args.card = _by_name(args, args.card.strip())  # a printed name: the card it names
        checked(args.uid or "04000000", args.card)  # a well-formed name first, then a known
        _check_known(args, [args.card])  # one, before waiting for a tap
        uid = args.uid
        if uid is None:
            if not args.port:
                raise CardError("--reader needs --port")
            uid = _one_tap(args.reader, args.port, args.timeout)
            if uid is None:
                print(f"tabletop cards teach: no tap within {args.timeout:g} s", file=sys.stderr)
                return 1
        taught = checked(uid, args.card)
        pairs = [(taught.uid, taught.card)]
    elif action == "import":
        pairs = [(c.uid, c.card) for c in read_file(Path(args.file))]
    if action == "list" and args.known:
        for name in _known(args):
            print(name)
        return 0
    if action == "import":
        _check_known(args, [card for _, card in pairs])
    elif action == "forget":
        uid = checked(args.uid, example_card()).uid  # only the UID is checked
    state_dir = state_directory(args.state_dir)
    store = Store(state_dir, read_only=action in ("list", "export"))
    try:
        if action == "list":
            listed = store.cards()
            if not listed:
                print(f"no cards taught in {state_dir}", file=sys.stderr)
            for uid, card in listed:
                print(f"{uid}\t{card}")
        elif action in ("teach", "import"):
            store.teach(pairs)
            for uid, card in pairs:
                print(f"{uid}\t{card}")
        elif action == "forget":
            if not store.forget(uid):
                raise CardError(f"no card with UID {uid}")
        elif action == "export":
            good = []
            for uid, card in store.cards():
                try:
                    good.append(checked(uid, card))
                except CardError as error:  # one bad entry does not stop the export
                    print(f"tabletop cards export: left out {uid!r}: {error}", file=sys.stderr)
            write_file(Path(args.file), good)
    finally:
        store.close()
    return 0


def _check_known(args: argparse.Namespace, cards: list[str]) -> None:
    from device.errors import CardError

    known = set(_known(args))
    unknown = next((card for card in cards if card not in known), None)
    if unknown is not None:
        raise CardError(
            f"{unknown} is not a card the box knows (`tabletop cards list --known` lists"
            " them: each game's players and the cards of its deck files)"
        )


def _by_name(args: argparse.Namespace, name: str) -> str:
    """The card a name stands for: itself where it is one (`game:card`), else the one card
    whose printed name it is (`Morgensonne`, `day-and-night:Sunrise`); unchanged where none
    is (the check that follows says so); several: one line naming them."""
    from device.cards.names import by_printed_name
    from device.errors import CardError

    found = by_printed_name(name, _known(args))
    if len(found) > 1:
        raise CardError(f"{name} is the name of {', '.join(found)}: give one of them")
    return found[0] if found else name


def _known(args: argparse.Namespace) -> list[str]:
    """The card names a tag can stand for, with the config's deck files (as the box has)."""
    from device.cards.names import card_names
    from device.errors import CardError
    from device.games.setup import set_up
    from device.settings import ConfigError, load

    try:
        settings = load(Path(args.config) if args.config else None)
        set_up(settings.decks, deck_rules=settings.deck_rules)  # the games as the box has them
        return card_names(settings.decks)
    except ConfigError as error:
        raise CardError(str(error)) from None


def _one_tap(kind: str, port: str, timeout: float) -> str | None:
    from device.hw.nfc.reader import CardReader

    taps: queue.Queue[str] = queue.Queue()
    reader = CardReader(
        kind,
        port,
        taps.put,
        lambda ok, detail: (
            None
            if ok
            else print(f"tabletop cards teach: reader not answering: {detail}", file=sys.stderr)
        ),
    )
    reader.start()
    print("tap the tag on the reader ...", file=sys.stderr, flush=True)
    try:
        return taps.get(timeout=timeout)
    except queue.Empty:
        return None
    finally:
        reader.stop()
