"""Saving the match's history (``Ctrl+S`` at the table, ``save`` in plain text): where, and the line that tells."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from .. import storage
from ..engine import save_history
from ..i18n import _
from .session import GameSession

__all__ = ["default_history_path", "save_session_history"]


def default_history_path() -> Path:
    """A new file in the data directory, named by the time (``guinote-20261207-041500.json``)."""
    return storage.data_dir() / f"guinote-{datetime.now():%Y%m%d-%H%M%S}.json"


def save_session_history(session: GameSession, target: Path) -> tuple[bool, str]:
    """Write the match's history to ``target`` (the data directory made if it is the one); whether it was saved,
    and the one line to tell the player."""
    try:
        if target.parent == storage.data_dir():
            target.parent.mkdir(parents=True, exist_ok=True)
        save_history(session.match, target, names=list(session.names), table=session.table_record())
    except OSError as exc:
        problem = exc.strerror or exc
        return False, _("Could not save {path}: {problem}").format(path=storage.printable(str(target)), problem=problem)
    return True, _("Match saved to {path}").format(path=storage.printable(str(target)))
