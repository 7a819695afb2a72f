"""Which lessons the player has finished, kept in ``lessons.json`` in the user's data directory.

The file is ``{"version": 1, "done": ["cards", ...]}``, written atomically
(:func:`guinote_tui.storage.write_atomic`). A file that cannot be read is set
aside by :func:`guinote_tui.storage.read_json` and progress starts empty,
with the one line to show in :attr:`Progress.problem`. A directory that
cannot be written (read-only, a full disk) never stops a lesson: the lesson
is still finished, and :meth:`Progress.finish` returns the line to show,
once.

    >>> import tempfile
    >>> from pathlib import Path
    >>> path = Path(tempfile.mkdtemp()) / "lessons.json"
    >>> progress = Progress.load(path)
    >>> progress.finish("cards") is None, sorted(Progress.load(path).done)
    (True, ['cards'])
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from .. import storage
from ..i18n import _

FILE_NAME = "lessons.json"
VERSION = 1


def default_path() -> Path:
    return storage.data_dir() / FILE_NAME


@dataclass
class Progress:
    """The finished lessons' ids, where they are kept, and what went wrong with the file."""

    path: Path
    done: set[str] = field(default_factory=set)
    #: The one line to show about the file (damaged and set aside, unreadable), or None.
    problem: str | None = None
    #: A save failed and the player was told (they are told once).
    save_failed: bool = False

    @classmethod
    def load(cls, path: Path | None = None) -> Progress:
        """The progress kept in ``path`` (the data directory's ``lessons.json`` by default)."""
        path = path or default_path()
        try:
            data = storage.read_json(path)
            if data is None:
                return cls(path)
            done = data.get("done") if isinstance(data, dict) else None
            if not isinstance(done, list) or not all(isinstance(item, str) for item in done):
                raise storage.damaged(path, 'expected {"done": [lesson ids]}')
        except storage.Damaged as exc:
            return cls(path, problem=_("{problem}; your lessons start afresh").format(problem=exc))
        except OSError as exc:
            problem = _("{file} could not be read ({error}); your lessons start afresh").format(
                file=storage.printable(path.name), error=exc.strerror or exc
            )
            return cls(path, problem=problem)
        return cls(path, set(done))

    def finish(self, lesson_id: str) -> str | None:
        """Mark a lesson done and save; the line to show if saving failed for the first time, else None."""
        self.done.add(lesson_id)
        text = json.dumps({"version": VERSION, "done": sorted(self.done)}, indent=1) + "\n"
        try:
            storage.write_atomic(self.path, text)
        except OSError as exc:
            if self.save_failed:
                return None
            self.save_failed = True
            return _("Your progress could not be saved in {folder} ({error}).").format(
                folder=storage.printable(str(self.path.parent)), error=exc.strerror or exc
            )
        return None
