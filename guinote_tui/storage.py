"""Where the game keeps what it remembers, and how it writes it without losing it.

Files live in the user's data and config directories (``platformdirs``:
``~/.local/share/guinote-tui`` and ``~/.config/guinote-tui`` on Linux, or
wherever ``XDG_DATA_HOME`` / ``XDG_CONFIG_HOME`` point). Every write goes to
a temporary file in the same directory that is then renamed over the old one,
so a crash leaves either the old file or the new one, never half of each. A
file that cannot be read is never overwritten: :func:`set_aside` renames it
to ``<name>.corrupt-<timestamp>`` and the caller starts afresh, telling the
player in one line.

    >>> import json, tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> write_atomic(folder / "a.json", json.dumps({"x": 1}))
    >>> read_json(folder / "a.json")
    {'x': 1}
    >>> _ = (folder / "b.json").write_text("{not json")
    >>> read_json(folder / "b.json")
    Traceback (most recent call last):
    ...
    guinote_tui.storage.Damaged: b.json could not be read (Expecting ...); it was moved to b.json.corrupt-...
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
import time
from pathlib import Path
from typing import Any

from .i18n import _

APP_NAME = "guinote-tui"


class Damaged(Exception):
    """A file could not be read and was set aside; ``str()`` is the one line to show (in the current language)."""

    def __init__(self, path: Path, problem: str, moved_to: Path | None) -> None:
        if moved_to:
            line = _("{file} could not be read ({problem}); it was moved to {moved}").format(
                file=path.name, problem=problem, moved=moved_to.name
            )
        else:
            line = _("{file} could not be read ({problem}); it could not be moved aside and was left as it is").format(
                file=path.name, problem=problem
            )
        super().__init__(line)
        self.path = path
        self.moved_to = moved_to


def data_dir() -> Path:
    """The user's data directory for the game (not created here)."""
    from platformdirs import user_data_dir

    return Path(user_data_dir(APP_NAME, appauthor=False))


def config_dir() -> Path:
    """The user's config directory for the game (not created here)."""
    from platformdirs import user_config_dir

    return Path(user_config_dir(APP_NAME, appauthor=False))


def write_atomic(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` through a temporary file and a rename (creating the directory).

    Raises ``OSError`` (a full disk, a read-only directory); the old file is then untouched.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(text)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


def set_aside(path: Path) -> Path | None:
    """Rename a damaged file to ``<name>.corrupt-<timestamp>``; the new path, or None if it could not be moved."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.corrupt-{stamp}")
    number = 1
    while target.exists():
        number += 1
        target = path.with_name(f"{path.name}.corrupt-{stamp}-{number}")
    try:
        os.replace(path, target)
    except OSError:
        return None
    return target


def read_json(path: Path) -> Any | None:
    """The JSON in ``path``; None when there is no such file.

    A file that is not valid JSON (or not UTF-8) is set aside and
    :class:`Damaged` is raised with the line to show.
    """
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None
    except UnicodeDecodeError as exc:
        raise Damaged(path, _("not UTF-8 text: {reason}").format(reason=exc.reason), set_aside(path)) from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise Damaged(path, str(exc), set_aside(path)) from None


def damaged(path: Path, problem: str) -> Damaged:
    """Set aside a file whose content is valid but unusable, and the error to raise for it."""
    return Damaged(path, problem, set_aside(path))
