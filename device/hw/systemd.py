"""The sd_notify protocol, written out (it is one datagram): READY=1 once the first frame is
shown, WATCHDOG=1 from the event loop, STOPPING=1 on the way out. Without $NOTIFY_SOCKET
(not under systemd) every call does nothing."""

from __future__ import annotations

import logging
import os
import socket

log = logging.getLogger("tabletop.systemd")


class Notifier:
    def __init__(self, environ: dict[str, str] | None = None) -> None:
        env = os.environ if environ is None else environ
        address = env.get("NOTIFY_SOCKET", "")
        if address.startswith("@"):
            address = "\0" + address[1:]  # abstract socket
        self.address = address or None
        self.watchdog_s: float | None = None
        usec = env.get("WATCHDOG_USEC", "")
        pid = env.get("WATCHDOG_PID", "")
        if usec.isdigit() and int(usec) > 0 and (not pid or pid == str(os.getpid())):
            self.watchdog_s = int(usec) / 1_000_000
        self._socket: socket.socket | None = None

    def notify(self, message: str) -> bool:
        if self.address is None:
            return False
        try:
            if self._socket is None:
                self._socket = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
            self._socket.sendto(message.encode(), self.address)
            return True
        except OSError as error:
            log.warning("sd_notify %r failed: %s", message, error)
            return False

    def ready(self) -> None:
        self.notify("READY=1\nSTATUS=showing the box")

    def watchdog(self) -> None:
        self.notify("WATCHDOG=1")

    def stopping(self) -> None:
        self.notify("STOPPING=1")
