"""Stopping an analysis that runs in a thread of the game (a hint, a review on the spot) when the game quits.

A thread cannot be killed, and the program's exit waits for it: a deep
analysis left running kept a quitting game alive for many seconds. So an
analysis run inside :func:`stoppable` checks, between two deals, whether it
was asked to stop, and then raises :class:`Stopped` at once. It is asked to
stop by :func:`stop_analyses` (every analysis running in this process: the
game quitting) or by the event given to :func:`stoppable` (a worker
cancelled: the screen that asked is gone). An analysis outside such a block
(the worker processes, ``guinote review``, the plain mode) runs to its end.

    >>> import threading
    >>> asked = threading.Event()
    >>> with stoppable(asked):
    ...     check()  # not asked: goes on
    ...     asked.set()
    ...     check()
    Traceback (most recent call last):
    ...
    guinote_tui.coach.stopping.Stopped: the analysis was stopped
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

__all__ = ["Stopped", "check", "stop_analyses", "stoppable"]


class Stopped(Exception):
    """An analysis stopped on request before its end (nobody will read it)."""

    def __init__(self) -> None:
        super().__init__("the analysis was stopped")


class _Flag:
    """One stoppable block: stopped by :func:`stop_analyses` or by the event it watches."""

    def __init__(self, watched: threading.Event | None) -> None:
        self.stopped = threading.Event()
        self.watched = watched

    def is_set(self) -> bool:
        return self.stopped.is_set() or (self.watched is not None and self.watched.is_set())


#: The block the current thread runs in (each thread has its own).
_current: ContextVar[_Flag | None] = ContextVar("guinote_coach_stop", default=None)
#: Every block running now, in any thread.
_running: set[_Flag] = set()
_lock = threading.Lock()


@contextmanager
def stoppable(watched: threading.Event | None = None) -> Iterator[None]:
    """Within the block, the coach's analyses in this thread stop (:class:`Stopped`) once asked to.

    ``watched``: an event that asks too once set (a Textual worker's ``cancelled_event``).
    """
    flag = _Flag(watched)
    with _lock:
        _running.add(flag)
    token = _current.set(flag)
    try:
        yield
    finally:
        _current.reset(token)
        with _lock:
            _running.discard(flag)


def check() -> None:
    """Raise :class:`Stopped` if the analysis running in this thread was asked to stop (called between deals)."""
    flag = _current.get()
    if flag is not None and flag.is_set():
        raise Stopped


def stop_analyses() -> None:
    """Ask every analysis running now in a :func:`stoppable` block, in any thread, to stop (the game quits).

    Analyses started afterwards run as usual.
    """
    with _lock:
        for flag in _running:
            flag.stopped.set()
