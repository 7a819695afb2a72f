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
"""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Any

from .. import storage
from ..engine import HistoryError, Match, dumps, load_history
from ..i18n import _

FILE_NAME = "current-match.json"


def path() -> Path:
    """Where the match in progress is kept."""
    return storage.data_dir() / FILE_NAME


def exists() -> bool:
    return path().is_file()


class Keeper:
    """Writes one session's match after each trick; says once when it cannot."""

    def __init__(self, target: Path | None = None) -> None:
        self.path = target or path()
        #: The one line to show when saving failed (set once; None while all is well).
        self.problem: str | None = None
        self.told = False
        #: Set once the match is given up: it is no longer written (nor offered for Continue).
        self.discarded = False

    def discard(self) -> None:
        """Give the match up: remove the kept file, and write nothing more for it."""
        self.discarded = True
        with contextlib.suppress(OSError):
            self.path.unlink()

    def save(self, match: Match, names: list[str], table: dict[str, Any]) -> bool:
        """Write ``match`` (or remove the file once it is over); False when it could not be saved."""
        if self.discarded:
            return True
        try:
            if match.is_over:
                with contextlib.suppress(FileNotFoundError):
                    self.path.unlink()
            else:
                storage.write_atomic(self.path, dumps(match, names, table) + "\n")
        except OSError as exc:
            self.problem = _("The game cannot be saved in {folder} ({problem}); playing on.").format(
                folder=self.path.parent, problem=exc.strerror or exc
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

    A damaged file (not JSON, not a history, a history that does not replay)
    is set aside and :class:`~guinote_tui.storage.Damaged` raised with the line to show.
    """
    where = target or path()
    data = storage.read_json(where)
    if data is None:
        return None
    try:
        match = load_history(data)
    except HistoryError as exc:
        raise storage.damaged(where, str(exc)) from None
    if match.is_over:  # (a finished match is not continued)
        with contextlib.suppress(OSError):
            where.unlink()
        return None
    return match
