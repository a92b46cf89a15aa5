"""`tabletop nfc read`: each new tap's UID on its own line."""

from __future__ import annotations

import argparse
import queue
import sys
import time

from device.hw.nfc.reader import CardReader

EXIT_TIMEOUT = 1


def read_taps(args: argparse.Namespace) -> int:
    if args.count is not None and args.count < 1:
        print("tabletop nfc read: --count must be 1 or more", file=sys.stderr)
        return 2
    if args.timeout is not None and args.timeout <= 0:
        print("tabletop nfc read: --timeout must be more than 0 seconds", file=sys.stderr)
        return 2
    taps: queue.Queue[str] = queue.Queue()
    said: set[str] = set()

    def status(ok: bool, detail: str) -> None:
        line = f"reader {'ready' if ok else 'not answering'}: {detail}"
        if line not in said:
            said.add(line)
            print(f"tabletop nfc read: {line}", file=sys.stderr, flush=True)

    reader = CardReader(args.reader, args.port, taps.put, status, retry_s=0.5)
    reader.start()
    deadline = None if args.timeout is None else time.monotonic() + args.timeout
    seen = 0
    try:
        while args.count is None or seen < args.count:
            wait = None if deadline is None else deadline - time.monotonic()
            if wait is not None and wait <= 0:
                raise queue.Empty
            uid = taps.get(timeout=wait)
            print(uid, flush=True)
            seen += 1
    except queue.Empty:
        print(f"tabletop nfc read: timed out after {seen} taps", file=sys.stderr)
        return EXIT_TIMEOUT
    finally:
        reader.stop()
    return 0
