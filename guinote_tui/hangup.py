"""A closed terminal, SIGHUP or SIGTERM ends the game, whatever it is doing.

The game's app ends itself as Quit does on SIGHUP and SIGTERM
(:meth:`~guinote_tui.ui.app.GuinoteApp.end_on_signal`) when its loop is free
to. This is the backstop, for a loop that is not (a worker holding a lock,
an exit already under way): a thread notices the terminal hang up (``poll``
reports ``POLLHUP`` on standard input, which it never reads) or either
signal (:func:`chain`), asks the app to end as Quit does, and ends the
process :data:`GRACE` seconds later if it is still there. The kept match's
lock is an ``flock``: it goes with the process.
"""

from __future__ import annotations

import contextlib
import os
import select
import signal
import threading
from collections.abc import Callable, Iterator
from types import FrameType
from typing import Any

#: Seconds the game has to end as Quit does once the terminal hung up or a signal asked it to.
GRACE = 1.2
#: The exit status after a hang-up (128 + SIGHUP, as a shell reports a process the signal ended).
HUNG_UP = 128 + signal.SIGHUP

_bell: list[int] = []  # the write end of the running backstop's pipe


def chain(signum: int) -> None:
    """Have ``signum`` also ring the backstop, keeping the handler installed now (the app's loop's)."""
    previous = signal.getsignal(signum)

    def ring(number: int, frame: FrameType | None) -> None:
        for fd in _bell:
            with contextlib.suppress(OSError):
                os.write(fd, bytes([number]))
        if callable(previous):
            previous(number, frame)

    with contextlib.suppress(ValueError, OSError):  # (not the main thread, or no such signal here)
        signal.signal(signum, ring)


@contextlib.contextmanager
def backstop(end: Callable[[int], Any], terminal: int = 0, grace: float = GRACE) -> Iterator[None]:
    """While inside: on a hang-up of ``terminal`` or a :func:`chain`-ed signal, call ``end(signum)`` from another
    thread and end the process ``grace`` seconds later (exit status 128 + the signal) unless it ended first."""
    read, write = os.pipe()
    _bell.append(write)
    watcher = threading.Thread(target=_watch, args=(read, terminal, end, grace), daemon=True, name="hangup")
    watcher.start()
    try:
        yield
    finally:
        _bell.remove(write)
        os.close(write)  # (the watcher sees the pipe end and goes)
        watcher.join(1)


def _watch(read: int, terminal: int, end: Callable[[int], Any], grace: float) -> None:
    poller = select.poll()
    poller.register(read, select.POLLIN)
    with contextlib.suppress(OSError, ValueError):
        if os.isatty(terminal):
            poller.register(terminal, 0)  # only its hang-up: what it holds is the game's to read
    signum = 0
    while not signum:
        for fd, flags in poller.poll():
            if fd == read:
                data = os.read(read, 1)
                if not data:
                    os.close(read)
                    return  # the game ended on its own
                signum = data[0]
            elif flags & (select.POLLHUP | select.POLLERR | select.POLLNVAL):
                signum = signal.SIGHUP
                poller.unregister(fd)
    threading.Thread(target=end, args=(signum,), daemon=True, name="hangup-end").start()
    threading.Event().wait(grace)
    os._exit(128 + signum)
