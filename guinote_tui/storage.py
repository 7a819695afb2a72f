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
    guinote_tui.storage.Damaged: b.json could not be read (not valid JSON: ...); it was moved to b.json.corrupt-...
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import stat
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from .i18n import _

APP_NAME = "guinote-tui"

#: The largest file the game reads (a match history, the match in progress, settings, lessons):
#: a long real match is a few hundred kilobytes.
MAX_FILE_BYTES = 10 * 1024 * 1024
#: The most characters of a file's content echoed back in a message.
ECHO_CHARS = 60


class Unreadable(Exception):
    """A path that is not a regular file, or a file larger than the game reads; ``str()`` is the line.

    :attr:`reason` is the line without the file's name (for a message that names the file its own way).
    """

    def __init__(self, line: str, reason: str) -> None:
        super().__init__(line)
        self.reason = reason


#: What a terminal would act on rather than show: C0 controls (ESC among them), DEL, C1 controls, the
#: bidirectional embeddings, overrides and isolates, and lone surrogates (a file name's undecodable bytes).
_HIDDEN = re.compile(r"[\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\ud800-\udfff]")


def _visible(found: re.Match[str]) -> str:
    code = ord(found.group())
    return f"\\x{code:02x}" if code <= 0xFF else f"\\u{code:04x}"


def printable(text: str) -> str:
    r"""``text`` with every character a terminal would act on written as a visible escape (``\x1b``).

    For a path, or any text taken from a file or the command line, echoed in a message: an escape sequence
    in a file name must not retitle, recolour or clear the player's terminal.

    >>> print(printable("/tmp/x\x1b]0;PWN\x07.json"), printable("a\u202ecod.json"), printable("plain é"))
    /tmp/x\x1b]0;PWN\x07.json a\u202ecod.json plain é
    >>> printable("line\nnext\u202etxt.exe"), printable("señor ¿sí?")
    ('line\\x0anext\\u202etxt.exe', 'señor ¿sí?')
    """
    return _HIDDEN.sub(_visible, text)


def shown(value: object, limit: int = ECHO_CHARS) -> str:
    """``repr(value)`` cut to ``limit`` characters, to echo a file's content in a one-line message.

    >>> len(shown("x" * 100)), shown("x" * 100)[-2:]
    (61, 'x…')
    >>> shown(10**5000)[:4]
    '<a n'
    """
    try:
        text = repr(value)
    except ValueError:  # an int too long to print
        return "<a number too long to show>"
    return text if len(text) <= limit else text[:limit] + "…"


def read_text(path: Path, limit: int = MAX_FILE_BYTES) -> str:
    """The UTF-8 text of the regular file ``path``, read only if it holds at most ``limit`` bytes.

    A FIFO, a device or a folder is never read from (opening does not block):
    :class:`Unreadable`. So is a larger file. ``FileNotFoundError`` and other
    ``OSError`` pass through; ``UnicodeDecodeError`` for text that is not UTF-8.
    """
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    handle = os.open(path, flags)
    try:
        info = os.fstat(handle)
        if not stat.S_ISREG(info.st_mode):
            kind = _("a folder") if stat.S_ISDIR(info.st_mode) else _("not a regular file")
            raise _unreadable(path, _("{file}: {kind}, not a file the game reads"), kind=kind)
        too_large = _unreadable(
            path, _("{file}: larger than {size} MB, more than any match the game writes"), size=limit // (1024 * 1024)
        )
        if info.st_size > limit:
            raise too_large
        chunks = []
        size = 0
        while size <= limit:
            chunk = os.read(handle, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > limit:  # it grew while being read
            raise too_large
    finally:
        os.close(handle)
    return b"".join(chunks).decode("utf-8")


def _unreadable(path: Path, template: str, **facts: object) -> Unreadable:
    """:class:`Unreadable` for ``path``: ``template`` (translated, with ``{file}: `` first) filled in."""
    file = printable(str(path))
    line = template.format(file=file, **facts)
    return Unreadable(line, line.removeprefix(f"{file}: "))


def parse_json(text: str) -> Any:
    """The JSON value in ``text``; ``ValueError`` with a short reason for anything the game cannot use.

    Besides malformed JSON: nesting too deep for the parser and numbers too long to convert.
    """
    import json  # (here: a command that reads no JSON, the help, does without it)

    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise ValueError(
            _("not valid JSON: {error} (line {line}, column {column})").format(
                error=exc.msg, line=exc.lineno, column=exc.colno
            )
        ) from None
    except RecursionError:
        raise ValueError(_("not valid JSON: nested too deeply")) from None
    except ValueError as exc:  # a number past Python's digit limit
        raise ValueError(_("not valid JSON: {error}").format(error=shown(str(exc), 120))) from None


class Damaged(Exception):
    """A file could not be read and was set aside; ``str()`` is the one line to show (in the current language)."""

    def __init__(self, path: Path, problem: str, moved_to: Path | None) -> None:
        if moved_to:
            line = _("{file} could not be read ({problem}); it was moved to {moved}").format(
                file=printable(path.name), problem=problem, moved=printable(moved_to.name)
            )
        else:
            line = _("{file} could not be read ({problem}); it could not be moved aside and was left as it is").format(
                file=printable(path.name), problem=problem
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


def state_dir() -> Path:
    """The user's state directory for the game, where crash logs go (not created here).

    ``~/.local/state/guinote-tui`` on Linux, or ``$XDG_STATE_HOME/guinote-tui``.
    """
    from platformdirs import user_state_dir

    return Path(user_state_dir(APP_NAME, appauthor=False))


def write_crash_log(report: str) -> Path:
    """Write ``report`` (a traceback) to a new ``crash-<timestamp>.log`` in :func:`state_dir`; its path.

    The file starts with the program's version, Python's, the platform and the
    command line; it never replaces another file. Raises ``OSError`` when it
    cannot be written.
    """
    import platform
    import sys

    from . import __version__

    folder = state_dir()
    folder.mkdir(parents=True, exist_ok=True)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    header = (
        f"guinote-tui {__version__}, Python {platform.python_version()}, {platform.platform()}\n"
        f"command: {' '.join(sys.argv)}\n"
        f"time: {time.strftime('%Y-%m-%d %H:%M:%S %z')}\n\n"
    )
    for number in range(1, 1000):
        target = folder / (f"crash-{stamp}.log" if number == 1 else f"crash-{stamp}-{number}.log")
        try:
            handle = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o600)
        except FileExistsError:
            continue
        with os.fdopen(handle, "w", encoding="utf-8", errors="backslashreplace") as stream:
            stream.write(header + report)
        return target
    raise FileExistsError(errno.EEXIST, os.strerror(errno.EEXIST), str(folder))


@contextlib.contextmanager
def _staged(path: Path, text: str, mode: int | None = None, prefix: str | None = None) -> Iterator[str]:
    """A temporary file beside ``path`` holding ``text``, on disk (and with ``mode`` if given).

    Named ``<prefix><random>.tmp`` (the prefix is ``.<name>.`` unless given). The block puts
    it in place (rename or link); whatever is left of it afterwards is removed.
    """
    prefix = f".{path.name}." if prefix is None else prefix
    handle, temporary = tempfile.mkstemp(prefix=prefix, suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(text)
            stream.flush()
            if mode is not None:
                os.fchmod(stream.fileno(), mode)
            os.fsync(stream.fileno())
        yield temporary
    finally:
        with contextlib.suppress(OSError):  # (gone already once renamed into place)
            os.unlink(temporary)


def write_atomic(path: Path, text: str, mode: int | None = None) -> None:
    """Write ``text`` to ``path`` through a temporary file and a rename (creating the directory).

    ``mode`` sets the file's permissions before it is renamed into place (``0o600`` for a secret).
    Raises ``OSError`` (a full disk, a read-only directory); the old file is then untouched.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    with _staged(path, text, mode) as temporary:
        os.replace(temporary, path)


class Refused(Exception):
    """A file the player named that the game will not write; ``str()`` is the one line to show."""


#: How an export's temporary file is named, ``.guinote-export-<8 random characters>.tmp``, in the folder written to.
EXPORT_TEMPORARY_PREFIX = ".guinote-export-"
_EXPORT_TEMPORARY = re.compile(re.escape(EXPORT_TEMPORARY_PREFIX) + r"[a-z0-9_]{8}\.tmp")
#: A temporary file of an export older than this (seconds) was left by an export that was killed: removed.
STALE_EXPORT_S = 3600


def remove_stale_exports(folder: Path, now: float | None = None) -> list[str]:
    """Remove what killed exports left in ``folder``: the names removed.

    An export's temporary file is removed when the process writing it is
    killed (``kill -9``, a power cut) and only then is it left behind. Such a
    file is removed by the next export into its folder: a regular file
    named as an export's temporary file (:data:`EXPORT_TEMPORARY_PREFIX`), the
    user's own, untouched for :data:`STALE_EXPORT_S` (no export writes that
    long). Nothing else is touched, and a folder that cannot be listed is left alone.
    """
    now = time.time() if now is None else now
    owner = os.geteuid() if hasattr(os, "geteuid") else None
    removed: list[str] = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return removed
    for entry in entries:
        if not _EXPORT_TEMPORARY.fullmatch(entry.name):
            continue
        try:
            info = entry.stat(follow_symlinks=False)
            if not stat.S_ISREG(info.st_mode) or (owner is not None and info.st_uid != owner):
                continue
            if now - info.st_mtime < STALE_EXPORT_S:
                continue
            os.unlink(entry.path)
        except OSError:
            continue
        removed.append(entry.name)
    return removed


def _in_folder(path: Path, folder: Path) -> bool:
    """Whether ``path`` names a file directly in ``folder`` (links followed), where the game keeps its own."""
    try:
        return path.resolve().parent == folder.resolve()
    except (OSError, RuntimeError):
        return False


def write_export(path: Path, text: str, force: bool = False) -> None:
    """Write a file the player asked for (an export), never replacing what was not meant.

    Refused (:class:`Refused`, one line): a file directly in the game's own
    data, config or state folder, where its files live; a link, a folder, a device or a FIFO; an existing file
    unless ``force``. A new file appears whole or not at all (a temporary file
    linked into place, which fails if another file took the name meanwhile);
    a file replaced on purpose keeps its permissions. The temporary file is
    named so that one left by a killed export is known and removed by the next
    export into the folder (:func:`remove_stale_exports`). The messages show the
    path with its control characters escaped (:func:`printable`). A folder that is not
    there is not created: ``FileNotFoundError``. Other ``OSError`` pass through.
    """
    shown_path = printable(str(path))
    for folder in (data_dir(), config_dir(), state_dir()):
        if _in_folder(path, folder):
            raise Refused(
                _("{path} is in the game's own folder {folder}: choose another place").format(
                    path=shown_path, folder=printable(str(folder))
                )
            )
    if not path.parent.is_dir():
        raise FileNotFoundError(errno.ENOENT, os.strerror(errno.ENOENT), str(path.parent))
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        info = None
    if info is not None:
        if not stat.S_ISREG(info.st_mode):
            kind = _("a link") if stat.S_ISLNK(info.st_mode) else _("not a regular file")
            raise Refused(_("{path} is {kind}: it is not replaced").format(path=shown_path, kind=kind))
        if not force:
            raise Refused(_("{path} already exists: add --force to replace it").format(path=shown_path))
    if info is not None:
        mode = stat.S_IMODE(info.st_mode)
    else:  # a new file gets the permissions any new file of the player's gets
        umask = os.umask(0)
        os.umask(umask)
        mode = 0o666 & ~umask
    remove_stale_exports(path.parent)
    with _staged(path, text, mode, prefix=EXPORT_TEMPORARY_PREFIX) as temporary:
        if info is None:
            try:
                os.link(temporary, path)  # fails if the name was taken meanwhile: nothing replaced
            except FileExistsError:
                raise Refused(_("{path} already exists: add --force to replace it").format(path=shown_path)) from None
        else:
            os.replace(temporary, path)


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

    A file that is not valid JSON (or not UTF-8, or not a regular file, or
    larger than :data:`MAX_FILE_BYTES`) is set aside and :class:`Damaged` is
    raised with the line to show. Other ``OSError`` (no permission) pass through.
    """
    try:
        text = read_text(path)
    except FileNotFoundError:
        return None
    except UnicodeDecodeError as exc:
        raise Damaged(path, _("not UTF-8 text: {reason}").format(reason=exc.reason), set_aside(path)) from None
    except Unreadable as exc:
        raise Damaged(path, exc.reason, set_aside(path)) from None
    try:
        return parse_json(text)
    except ValueError as exc:
        raise Damaged(path, str(exc), set_aside(path)) from None


def damaged(path: Path, problem: str) -> Damaged:
    """Set aside a file whose content is valid but unusable, and the error to raise for it."""
    return Damaged(path, problem, set_aside(path))
