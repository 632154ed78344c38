"""Waking the UI loop on input instead of polling for it.

pygame cannot block on SDL's input and on the intent bus at once, so a loop
that only waits on the bus must pump SDL's queue now and then to see touches
and keys. On Linux the touchscreen and keyboards are evdev devices
(`/dev/input/event*`), and SDL reads them itself under KMS/DRM. `Waiter`
opens the same devices read-only (every open file of an evdev device gets its
own copy of each event, so SDL still gets all of them; nothing is grabbed) and
blocks in `poll` on them, on the intent bus's descriptor and on any other
descriptor it is given (the signal wake-up pipe): when nothing happens,
nothing wakes. A readable device means SDL has input to read: the loop pumps
it at once; what `Waiter` read is thrown away.

Devices come and go (a touchscreen replugged): `/dev/input` is looked at
again at every wake-up whose directory changed. Without readable devices
(SDL's dummy driver, a desktop session, no permission for the group `input`)
`Waiter.watching_input` is False and the loop keeps pumping SDL on a timer.
What it saves, measured: benchmarks/FINDINGS.md.
"""

from __future__ import annotations

import errno
import logging
import os
import select
from collections.abc import Iterable
from pathlib import Path

log = logging.getLogger("companion.inputs")

#: Where the kernel's evdev devices are.
INPUT_DIR = Path("/dev/input")


class InputDevices:
    """The evdev devices of `directory` open read-only, re-listed when the directory changes."""

    def __init__(self, directory: Path | None = None) -> None:
        self.directory = Path(INPUT_DIR if directory is None else directory)
        self.fds: dict[int, str] = {}
        self._stamp: tuple[int, int] | None = None
        self.refresh()

    def _dir_stamp(self) -> tuple[int, int] | None:
        try:
            st = os.stat(self.directory)
        except OSError:
            return None
        return (st.st_mtime_ns, st.st_ino)

    def refresh(self) -> bool:
        """Open new devices and drop vanished ones if the directory changed; True if it did."""
        stamp = self._dir_stamp()
        if stamp == self._stamp and stamp is not None:
            return False
        self._stamp = stamp
        try:
            names = sorted(n for n in os.listdir(self.directory) if n.startswith("event"))
        except OSError:
            names = []
        wanted = {str(self.directory / n) for n in names}
        for fd, path in list(self.fds.items()):
            if path not in wanted:
                self._close(fd)
        have = set(self.fds.values())
        for path in sorted(wanted - have):
            try:
                fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
            except OSError as exc:
                log.debug("cannot watch %s: %s", path, exc.strerror)
                continue
            self.fds[fd] = path
        return True

    def _close(self, fd: int) -> None:
        self.fds.pop(fd, None)
        try:
            os.close(fd)
        except OSError:
            pass

    def drain(self, fd: int) -> None:
        """Throw away what is readable on `fd` (SDL reads its own copy); drop it if it is gone."""
        try:
            while os.read(fd, 4096):
                pass
        except BlockingIOError:
            return
        except OSError as exc:
            if exc.errno in (errno.ENODEV, errno.EBADF, errno.EIO):
                log.info("input device %s went away", self.fds.get(fd, fd))
                self._close(fd)
                self._stamp = None  # look at the directory again next time

    def close(self) -> None:
        for fd in list(self.fds):
            self._close(fd)


class Waiter:
    """Blocks until one of its descriptors is readable or a timeout; wakes for nothing else.

    `always`: descriptors watched but never read here (the intent bus: its `drain`
    clears it). `drained`: descriptors read empty here on wake-up (a signal wake-up
    pipe). `devices`: the evdev devices, or None not to watch any.
    """

    def __init__(self, always: Iterable[int] = (), drained: Iterable[int] = (),
                 devices: InputDevices | None = None) -> None:
        self.always = list(always)
        self.drained = list(drained)
        self.devices = devices
        self.wakeups = 0
        self._poll = select.poll()
        self._registered: set[int] = set()
        self._sync()

    @property
    def watching_input(self) -> bool:
        """True when input devices are watched: a touch or a key wakes `wait` by itself."""
        return bool(self.devices is not None and self.devices.fds)

    def add(self, fd: int) -> None:
        """Watch one more descriptor that the caller clears (like `always`)."""
        if fd not in self.always:
            self.always.append(fd)
            self._sync()

    def _sync(self) -> None:
        wanted = set(self.always) | set(self.drained)
        if self.devices is not None:
            wanted |= set(self.devices.fds)
        for fd in self._registered - wanted:
            self._poll.unregister(fd)
        for fd in wanted - self._registered:
            self._poll.register(fd, select.POLLIN)
        self._registered = wanted

    def wait(self, timeout: float | None) -> list[int]:
        """Block up to `timeout` seconds (None: until woken); the descriptors that woke it
        (empty on a timeout)."""
        ready = self._poll.poll(None if timeout is None else max(0, int(timeout * 1000 + 0.999)))
        self.wakeups += 1
        devices = self.devices
        if devices is None:
            if not ready:
                return []  # the idle loop's pump: as little work as can be
        elif devices.refresh():
            self._sync()
        fds = [fd for fd, _mask in ready]
        for fd in fds:
            if fd in self.drained:
                try:
                    while os.read(fd, 4096):
                        pass
                except OSError:
                    pass
            elif devices is not None and fd in devices.fds:
                devices.drain(fd)
        if devices is not None and len(devices.fds) + len(self.always) + len(self.drained) \
                != len(self._registered):
            self._sync()  # a device that went away while drained
        return fds

    def close(self) -> None:
        if self.devices is not None:
            self.devices.close()
