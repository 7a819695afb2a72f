"""The match in progress, kept in the user's data directory so that a closed game can go on.

After every trick (and at every deal) the table writes the match's history
(:mod:`guinote_tui.engine.history`, with the table's settings and whether
it is assisted) to ``current-match.json`` in the data directory, through a
temporary file and a rename: a game killed at any moment loses at most the
trick being played. A finished match removes the file. The start screen
offers **Continue** while the file exists, and ``guinote play --continue``
resumes it.

A file that cannot be read or replayed is set aside
(``current-match.json.corrupt-<timestamp>``) and reported in one line; a
directory that cannot be written to is reported once, and the game goes on
without saving.

One instance of the game keeps the match at a time: the first to open a
table (or to continue the kept match) takes an advisory lock on
``current-match.lock`` beside the file and holds it until it closes. Another
instance started meanwhile plays on without keeping its match (it says so in
one line; Ctrl+S still saves a history), and its Continue leaves the kept
match to the instance playing it. The lock is ``flock``: the system drops it
when the process ends, however it ends, so a crashed game never blocks the
next one.
"""

from __future__ import annotations

import contextlib
import errno
import os
from pathlib import Path
from typing import Any

from .. import storage
from ..engine import ErrorCode, HistoryError, Match, dumps, load_history
from ..i18n import _
from ..present.refusals import refusal_text

FILE_NAME = "current-match.json"


def path(name: str = FILE_NAME) -> Path:
    """Where the match in progress is kept (``name``: another match kept in the data folder, a table's)."""
    return storage.data_dir() / name


def exists() -> bool:
    return path().is_file()


#: The lock files this process holds (their path -> the open descriptor).
_claims: dict[Path, int] = {}


def _lock_path(target: Path) -> Path:
    return target.with_suffix(".lock")


def claim(target: Path | None = None) -> bool:
    """Whether this process keeps the match in progress at ``target``: False when another instance does.

    The first call takes a non-blocking ``flock`` on the lock file beside
    ``target`` and holds it until :func:`release` (or the process ends). When
    no lock can be taken at all (a folder that cannot be written, no
    ``fcntl``), this says True: saving then reports its own problem.
    """
    lock = _lock_path(target or path())
    if lock in _claims:
        return True
    try:
        import fcntl
    except ImportError:  # pragma: no cover - not on POSIX
        return True
    handle = None
    for flags in (os.O_RDWR | os.O_CREAT, os.O_RDONLY):
        try:
            lock.parent.mkdir(parents=True, exist_ok=True)
            handle = os.open(lock, flags | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_NOFOLLOW", 0), 0o644)
            break
        except OSError:
            continue
    if handle is None:
        return True
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError as exc:
        os.close(handle)
        return exc.errno not in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES)
    _claims[lock] = handle
    return True


def release(target: Path | None = None) -> None:
    """Let another instance keep the match (the lock is dropped; the lock file stays)."""
    handle = _claims.pop(_lock_path(target or path()), None)
    if handle is not None:
        with contextlib.suppress(OSError):
            os.close(handle)


class KeptElsewhere(Exception):
    """The kept match is being played by another instance of the game; ``str()`` is the line to show."""

    def __init__(self) -> None:
        super().__init__(_("The match in progress is being played in another window of the game and stays there"))


class Keeper:
    """Writes one session's match after each trick; says once when it cannot."""

    def __init__(self, target: Path | None = None, mode: int | None = None) -> None:
        self.path = target or path()
        #: The kept file's permissions (``0o600`` when it holds secrets), or the default of a new file.
        self.mode = mode
        #: The one line to show when saving failed (set once; None while all is well).
        self.problem: str | None = None
        self.told = False
        #: Another instance keeps the match in progress: this one keeps nothing (and never overwrites it).
        self.elsewhere = not claim(self.path)
        if self.elsewhere:
            self.problem = _(
                "Another window of the game is playing the match kept for Continue: this match is not kept "
                "(Ctrl+S saves it)."
            )
        #: Set once the match is given up: it is no longer written (nor offered for Continue).
        self.discarded = False

    def discard(self) -> None:
        """Give the match up: remove the kept file (unless another window keeps it), and write nothing more for it."""
        self.discarded = True
        if not self.elsewhere:
            with contextlib.suppress(OSError):
                self.path.unlink()

    def save(self, match: Match, names: list[str], table: dict[str, Any]) -> bool:
        """Write ``match`` (or remove the file once it is over); False when it could not be saved."""
        if self.elsewhere:
            return False
        if self.discarded:
            return True
        try:
            if match.is_over:
                with contextlib.suppress(FileNotFoundError):
                    self.path.unlink()
            else:
                storage.write_atomic(self.path, dumps(match, names, table) + "\n", self.mode)
        except OSError as exc:
            self.problem = _("The game cannot be saved in {folder} ({problem}); playing on.").format(
                folder=storage.printable(str(self.path.parent)), problem=exc.strerror or exc
            )
            return False
        return True

    def problem_to_tell(self) -> str | None:
        """The problem, the first time it is asked for (a player is told once)."""
        if self.problem is None or self.told:
            return None
        self.told = True
        return self.problem


def load(target: Path | None = None) -> Match | None:
    """The saved match in progress; None when there is none.

    A damaged file (not JSON, JSON that is not a history such as ``null``, a history
    that does not replay) is set aside and :class:`~guinote_tui.storage.Damaged`
    raised with the line to show. A finished match is not continued: its file is removed.
    """
    where = target or path()
    data = storage.read_json(where)
    if data is None:
        if not where.exists():
            return None
        # The file holds ``null``: no match, refused like any other value that is not one.
        raise storage.damaged(where, refusal_text(HistoryError(ErrorCode.HISTORY_NOT_OBJECT)))
    try:
        match = load_history(data)
    except HistoryError as exc:
        raise storage.damaged(where, refusal_text(exc)) from None
    if match.is_over:  # (a finished match is not continued)
        with contextlib.suppress(OSError):
            where.unlink()
        return None
    return match
