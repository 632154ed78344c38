"""Tell systemd how the app is doing: ready, alive (watchdog), and a status line.

The unit (`systemd/speicherstadt-companion.service`) is `Type=notify` with
`WatchdogSec=`. systemd waits for `READY=1` before it calls the unit started,
and kills and restarts the app when `WATCHDOG=1` stops arriving. So the UI:

- calls `ready()` once, after the first frame is on the screen;
- calls `watchdog()` from its main loop, once per frame: it is cheap, because
  it only sends a datagram when half of the watchdog interval has passed.
  Never call it from a helper thread (the card reader, gpiozero callbacks):
  the point is to prove that the *main loop* still turns;
- may call `status("...")` with a short line that `systemctl status` shows.

A screen that shows a fatal error instead of the game (a broken
configuration) is a frame too: it calls `ready()` and keeps calling
`watchdog()`, or systemd kills it after `TimeoutStartSec=` and the reason
vanishes from the screen before anyone reads it.

Outside systemd ($NOTIFY_SOCKET unset) every function is a no-op, so the same
code runs on a desktop, in tests and in `--simulate`. Standard library only;
a failure to send is never an error for the app (systemd may be restarting).
"""

from __future__ import annotations

import os
import time

__all__ = ["notify", "ready", "status", "stopping", "watchdog", "watchdog_interval"]

_last_watchdog: float | None = None


def _address() -> str | None:
    """The notification socket's address; `@name` is an abstract socket (a leading NUL)."""
    address = os.environ.get("NOTIFY_SOCKET")
    if not address:
        return None
    if address.startswith("@"):
        return "\0" + address[1:]
    if address.startswith("/"):
        return address
    return None  # vsock and other kinds: not for a local app


def notify(state: str) -> bool:
    """Send `state` (e.g. "READY=1", newline-separated assignments) to systemd.

    Returns True if it was sent, False when not under systemd or on failure.
    """
    address = _address()
    if address is None:
        return False
    import socket  # only under systemd, and after the first frame: not on the way to it

    try:
        with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM | socket.SOCK_CLOEXEC) as sock:
            sock.connect(address)
            sock.sendall(state.encode("utf-8", "replace"))
    except OSError:
        return False
    return True


def ready() -> bool:
    """The app is up: call once, after the first frame has been drawn."""
    return notify("READY=1")


def stopping() -> bool:
    """The app is shutting down on purpose (optional; systemd then stops waiting for pings)."""
    return notify("STOPPING=1")


def status(text: str) -> bool:
    """A one-line status that `systemctl status speicherstadt-companion` shows."""
    return notify("STATUS=" + " ".join(text.splitlines()))


def watchdog_interval() -> float | None:
    """Seconds between pings systemd expects ($WATCHDOG_USEC), or None without a watchdog.

    $WATCHDOG_PID, when set, must be our PID: otherwise the watchdog is meant for
    another process (a parent that passed its environment on).
    """
    usec = os.environ.get("WATCHDOG_USEC")
    pid = os.environ.get("WATCHDOG_PID")
    if not usec:
        return None
    if pid and pid != str(os.getpid()):
        return None
    try:
        value = int(usec)
    except ValueError:
        return None
    return value / 1_000_000 if value > 0 else None


def watchdog(*, now: float | None = None) -> bool:
    """Ping the watchdog; call from the main loop every frame.

    Sends at most once per half of $WATCHDOG_USEC (the interval systemd
    recommends), so calling it 60 times a second costs almost nothing. Returns
    True when a ping was sent.
    """
    global _last_watchdog
    interval = watchdog_interval()
    if interval is None:
        return False
    current = time.monotonic() if now is None else now
    if _last_watchdog is not None and current - _last_watchdog < interval / 2:
        return False
    if notify("WATCHDOG=1"):
        _last_watchdog = current
        return True
    return False


def _reset() -> None:
    """Forget the last ping (for tests)."""
    global _last_watchdog
    _last_watchdog = None
