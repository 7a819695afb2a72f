"""The statistics file itself: opened safely, migrated, set aside when damaged, read and written in steps.

One SQLite file, ``statistics.sqlite3`` in the user's data directory
(:func:`guinote_tui.storage.data_dir`). :class:`Store` owns the connection;
recording (:mod:`.recording`), the queries (:mod:`.queries`) and the export
(:mod:`.export`) run their SQL through :meth:`Store._write` and
:meth:`Store._read`.

How it stays safe:

* WAL journal, a busy timeout and short ``BEGIN IMMEDIATE`` transactions, one
  per hand recorded, so two programs recording at once wait for each other
  instead of failing, and a crash loses at most the hand being written.
* The schema version is ``PRAGMA user_version``; missing migrations
  (:mod:`.schema`) are applied at opening. A file from a newer program is
  refused and left untouched.
* Nothing in the file's place is opened before it is known to be a regular
  file: a FIFO or a device is never waited on (:meth:`Store._inspect`).
* A damaged file (a folder, a FIFO or a device in its place, not SQLite,
  failing ``PRAGMA quick_check`` but for values against a NOT NULL or a
  CHECK (damaged records), a trigger or a view (SQL of the file's own that
  the game's reads and writes would run), a schema that lacks what this version
  needs, or most of its records damaged) is renamed to
  ``statistics.sqlite3.corrupt-<timestamp>`` (with its ``-wal`` and ``-shm``
  files) and a new one is started.
* A record (a row) holding a value of the wrong type or out of range is left
  out of every figure and counted (:mod:`.columns`); text from the file is
  decoded leniently, never failing a query.
* A file (or data folder) the player may not open is one problem, and nothing
  is shown or saved.
* When the file cannot be written (a read-only directory, a full disk), the
  object goes on working for the game: recording does nothing, and what was
  recorded is read through a read-only connection (``immutable=1`` when a
  WAL file cannot be opened without creating its ``-shm``).

In every case the problem to show is :attr:`Store.problem` (a
:class:`~.problems.Problem`, worded where it is shown), and
:meth:`Store.take_problem` hands each problem over once. No method raises
for a database problem.

    >>> import tempfile
    >>> with Store(Path(tempfile.mkdtemp()) / "statistics.sqlite3") as store:
    ...     store.saving, store.problem
    (True, None)
"""

from __future__ import annotations

import contextlib
import logging
import os
import sqlite3
import stat
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Self, TypeVar
from urllib.parse import quote

from .. import storage
from .columns import find_damaged, sample_damaged
from .problems import Cause, Problem, ProblemKind
from .schema import MIGRATIONS, TABLES, Migration

logger = logging.getLogger(__name__)

T = TypeVar("T")

FILE_NAME = "statistics.sqlite3"
#: The latest rows of each table checked when the file is opened, to refuse a file mostly damaged.
RECORDS_CHECKED = 500
#: How long a writer waits for another program's transaction before giving up, in milliseconds.
BUSY_TIMEOUT_MS = 10_000

#: SQLite's primary result codes that mean the file itself is damaged.
_SQLITE_CORRUPT = 11
_SQLITE_NOTADB = 26
_SQLITE_BUSY = 5
_SQLITE_LOCKED = 6
#: What ``PRAGMA quick_check`` says of a value against its column's NOT NULL or CHECK: a damaged record, left
#: out of the figures like any value out of range (:mod:`.columns`), not a damaged file.
_ROW_LEVEL = ("NULL value in ", "CHECK constraint failed in ")
#: The first bytes of every SQLite 3 database file.
_SQLITE_HEADER = b"SQLite format 3\x00"


def default_path() -> Path:
    """Where the statistics live: ``statistics.sqlite3`` in the user's data directory."""
    return storage.data_dir() / FILE_NAME


def utc_now() -> datetime:
    return datetime.now(UTC)


def iso(moment: datetime) -> str:
    """A moment as the file keeps it: UTC, to the second, in ISO 8601.

    >>> iso(datetime(2025, 3, 1, 12, 0, 30, 999, tzinfo=UTC))
    '2025-03-01T12:00:30+00:00'
    """
    return moment.astimezone(UTC).isoformat(timespec="seconds")


class _Damaged(Exception):
    """The file is not a usable statistics database (internal: it is then set aside).

    The message is what SQLite said; ``cause`` a reason of the program's own instead (with the counts).
    """

    def __init__(self, message: str = "", cause: Cause | None = None, damaged: int = 0, records: int = 0) -> None:
        super().__init__(message)
        self.cause = cause
        self.damaged = damaged
        self.records = records

    def problem(self, kind: ProblemKind, file: str, moved: str = "") -> Problem:
        return Problem(
            kind,
            detail=str(self),
            file=file,
            moved=moved,
            cause=self.cause,
            damaged=self.damaged,
            records=self.records,
        )


class _Unreadable(Exception):
    """The file, or its folder, cannot be opened at all (internal: no permission); the message is the system's."""


class _Newer(Exception):
    """The file was written by a newer schema (internal: it is then left alone)."""

    def __init__(self, version: int) -> None:
        super().__init__(version)
        self.version = version


def _is_damage(exc: sqlite3.Error) -> bool:
    code = getattr(exc, "sqlite_errorcode", None)
    if code is not None:
        return code & 0xFF in (_SQLITE_CORRUPT, _SQLITE_NOTADB)
    text = str(exc)
    return "not a database" in text or "malformed" in text


def _is_busy(exc: sqlite3.Error) -> bool:
    code = getattr(exc, "sqlite_errorcode", None)
    if code is not None:
        return code & 0xFF in (_SQLITE_BUSY, _SQLITE_LOCKED)
    return "locked" in str(exc)


def _said(exc: BaseException) -> str:
    """What an exception says, or its type's name when it says nothing."""
    return str(exc) or type(exc).__name__


def _lenient_text(data: bytes) -> str:
    """Text from the file as a string whatever its bytes (SQLite does not check that text is UTF-8)."""
    return data.decode("utf-8", "replace")


#: How a file in the statistics' place is opened to read its header: never waiting (a FIFO), never a terminal.
_OPEN_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)


def _not_regular(mode: int, name: str) -> _Damaged | None:
    """The damage of a path of that mode in the statistics' place (None for a regular file)."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return _Damaged(f"{name}: a folder", Cause.FOLDER)
    return _Damaged(f"{name}: not a regular file", Cause.NOT_REGULAR)


class Store:
    """The statistics file; every method is safe to call whatever happened to the file.

    ``path`` defaults to :func:`default_path`. ``clock`` gives the current time
    (UTC), for tests. ``migrations`` replaces the schema's migrations (for
    tests of the migration itself). The object may be used from several
    threads (calls are serialised); call :meth:`close` when done, or use it in
    a ``with`` block.
    """

    def __init__(
        self,
        path: Path | str | None = None,
        *,
        clock: Callable[[], datetime] = utc_now,
        migrations: Sequence[Migration] = MIGRATIONS,
    ) -> None:
        self.path = Path(path) if path is not None else default_path()
        self.clock = clock
        self.migrations = tuple(migrations)
        #: The schema version this object writes.
        self.version = self.migrations[-1].version if self.migrations else 0
        #: The last problem met (None: all is well).
        self.problem: Problem | None = None
        #: The file this object set aside as damaged, if it did.
        self.set_aside_to: Path | None = None
        self._untold: Problem | None = None
        #: The last problem told is "statistics cannot be saved" (it is then not told again).
        self._told_cannot_save = False
        self._lock = threading.RLock()
        self._connection: sqlite3.Connection | None = None
        self._writable = False
        #: ``PRAGMA data_version`` when the damaged rows were last listed (None: to list before the next read).
        self._listed_at: int | None = None
        #: The damaged rows found then.
        self._damaged = 0
        self._open()

    # -- the state the caller may show ---------------------------------------------

    @property
    def saving(self) -> bool:
        """Whether hands recorded now are kept."""
        return self._connection is not None and self._writable

    @property
    def readable(self) -> bool:
        """Whether what the file holds can be read (False: a file refused, or one that cannot be opened)."""
        return self._connection is not None

    def take_problem(self) -> Problem | None:
        """The problem not yet handed over, once (then None until a new problem)."""
        with self._lock:
            problem, self._untold = self._untold, None
            return problem

    def _tell(self, problem: Problem) -> None:
        logger.warning("statistics file %s: %s (%s)", self.path, problem.kind.value, problem.detail)
        self.problem = problem
        self._untold = problem
        self._told_cannot_save = False

    def _cannot_save(self, detail: str, kind: ProblemKind = ProblemKind.NOT_SAVED) -> None:
        """Recording stops for this session, said once."""
        self._writable = False
        if not self._told_cannot_save:
            self._tell(Problem(kind, detail=detail))
            self._told_cannot_save = True

    # -- opening -----------------------------------------------------------------------

    def _open(self) -> None:
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            self._cannot_save(exc.strerror or _said(exc))
            return
        for attempt in range(2):
            try:
                self._connection = self._connect()
                self._writable = True
                return
            except _Newer as exc:
                self._close_quietly()
                self._tell(Problem(ProblemKind.NEWER, file=self.path.name, version=exc.version, known=self.version))
                return
            except _Unreadable as exc:
                self._close_quietly()
                self._tell(Problem(ProblemKind.UNREADABLE, detail=str(exc), file=str(self.path)))
                self._told_cannot_save = True
                return
            except _Damaged as exc:
                self._close_quietly()
                if attempt == 1:
                    self._cannot_save(str(exc))
                    return
                name, moved = self._set_aside()
                if moved is None:
                    self._tell(exc.problem(ProblemKind.NOT_SET_ASIDE, name))
                    self._writable = False
                    return
                self._tell(exc.problem(ProblemKind.SET_ASIDE, name, moved.name))
                self.set_aside_to = moved
            except (sqlite3.Error, OSError) as exc:
                self._close_quietly()
                if self._open_read_only():
                    self._tell(Problem(ProblemKind.READ_ONLY, detail=_said(exc)))
                    self._told_cannot_save = True
                else:
                    self._cannot_save(_said(exc))
                return

    def _companions(self) -> tuple[Path, Path]:
        return (self.path.with_name(self.path.name + "-wal"), self.path.with_name(self.path.name + "-shm"))

    def _inspect(self) -> None:
        """Check what is in the file's place before SQLite opens it, never waiting on it.

        Raises :class:`_Damaged` for a folder, a FIFO or a device in the place of
        the file or of its ``-wal`` or ``-shm`` file (SQLite would wait on a FIFO
        for ever), and for a file that is not SQLite (SQLite may discard the
        ``-wal`` file of a file it cannot read); :class:`_Unreadable` when the file
        or its folder cannot be opened (no permission). Links are followed.
        """
        for companion in self._companions():
            try:
                damage = _not_regular(os.stat(companion).st_mode, companion.name)
            except FileNotFoundError:
                continue
            except OSError as exc:
                raise _Unreadable(exc.strerror or _said(exc)) from None
            if damage is not None:
                raise damage
        try:
            damage = _not_regular(os.stat(self.path).st_mode, self.path.name)
            if damage is not None:
                raise damage
            handle = os.open(self.path, _OPEN_FLAGS)
        except FileNotFoundError:
            return
        except PermissionError as exc:
            raise _Unreadable(exc.strerror or _said(exc)) from None
        try:
            damage = _not_regular(os.fstat(handle).st_mode, self.path.name)  # (replaced since: no waiting either)
            if damage is not None:
                raise damage
            header = os.read(handle, len(_SQLITE_HEADER))
        finally:
            os.close(handle)
        if header and header != _SQLITE_HEADER:
            raise _Damaged("file is not a database")

    def _connect(self) -> sqlite3.Connection:
        self._inspect()
        connection = sqlite3.connect(
            self.path, timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None, check_same_thread=False
        )
        connection.text_factory = _lenient_text
        self._connection = connection
        try:
            connection.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            self._retry_busy(lambda: connection.execute("PRAGMA journal_mode = WAL").fetchone())
            connection.execute("PRAGMA synchronous = NORMAL")
            connection.execute("PRAGMA foreign_keys = ON")
            connection.execute("PRAGMA trusted_schema = OFF")  # (the schema is the file's: no functions of its own)
            found = [str(row[0]) for row in connection.execute("PRAGMA quick_check")]
            damage = [line for line in found if line != "ok" and not line.startswith(_ROW_LEVEL)]
            if damage:
                raise _Damaged(f"quick_check: {damage[0]}")
            self._migrate(connection)
            self._check_schema(connection)
            self._check_records(connection)
        except sqlite3.Error as exc:
            if _is_damage(exc):
                raise _Damaged(str(exc)) from None
            raise
        return connection

    def _open_read_only(self) -> bool:
        """After a failed open, read what there is without writing (a read-only directory, a full disk).

        ``mode=ro`` first. A WAL database cannot be opened so without its
        ``-shm`` file when that file cannot be created (a read-only folder):
        it is then opened ``immutable=1``, which reads the file as it is and
        takes no lock. True when the figures can be read.
        """
        try:
            if not stat.S_ISREG(os.stat(self.path).st_mode):
                return False
        except OSError:
            return False
        for parameters in ("mode=ro", "mode=ro&immutable=1"):
            connection: sqlite3.Connection | None = None
            try:
                uri = f"file:{quote(str(self.path))}?{parameters}"
                connection = sqlite3.connect(uri, uri=True, isolation_level=None, check_same_thread=False)
                connection.text_factory = _lenient_text
                version = connection.execute("PRAGMA user_version").fetchone()[0]
                if version != self.version:
                    connection.close()
                    return False
                self._check_schema(connection)
                connection.execute("SELECT COUNT(*) FROM hands").fetchone()
            except (sqlite3.Error, _Damaged):
                if connection is not None:
                    with contextlib.suppress(sqlite3.Error):
                        connection.close()
                continue
            self._connection = connection
            self._writable = False
            return True
        return False

    @staticmethod
    def _retry_busy(step: Callable[[], T], tries: int = 50) -> T:
        """Run a step that SQLite may refuse at once with 'database is locked' (no busy handler)."""
        for attempt in range(tries):
            try:
                return step()
            except sqlite3.OperationalError as exc:
                if not _is_busy(exc) or attempt == tries - 1:
                    raise
                time.sleep(0.02 * (attempt + 1))
        raise AssertionError("unreachable")

    def _migrate(self, connection: sqlite3.Connection) -> None:
        version = connection.execute("PRAGMA user_version").fetchone()[0]
        if version > self.version:
            raise _Newer(version)
        if version == self.version:
            return
        connection.execute("BEGIN IMMEDIATE")
        try:
            version = connection.execute("PRAGMA user_version").fetchone()[0]  # another program may have done it
            for migration in self.migrations:
                if migration.version <= version:
                    continue
                for statement in migration.statements:
                    connection.execute(statement)
                connection.execute(f"PRAGMA user_version = {int(migration.version)}")
            connection.execute("COMMIT")
        except BaseException:
            connection.execute("ROLLBACK")
            raise

    @staticmethod
    def _check_records(connection: sqlite3.Connection) -> None:
        """Refuse a file whose records are mostly damaged (:mod:`.columns`); a few are left out of the figures.

        The latest :data:`RECORDS_CHECKED` rows of each table are checked (all of
        them in a file of that size), so that opening a large file stays quick;
        every row is checked before the first figure is read (:meth:`_list_damaged`).
        """
        damaged, records = sample_damaged(connection, RECORDS_CHECKED)
        if damaged and damaged * 2 > records:
            raise _Damaged(
                f"{damaged} of {records} records damaged", Cause.MOSTLY_DAMAGED, damaged=damaged, records=records
            )

    def _list_damaged(self, connection: sqlite3.Connection) -> tuple[int, int]:
        """List the damaged rows (:func:`.columns.find_damaged`) unless they are listed and the file is unchanged since.

        Another program's writes change ``PRAGMA data_version``; this object's
        own clear the list (:meth:`_write`: a row deleted lets its rowid be used
        again). The damaged rows, and all the rows (-1 when they were not counted now).
        """
        version = int(connection.execute("PRAGMA data_version").fetchone()[0])
        if version != self._listed_at:
            self._listed_at = None
            self._damaged, records = find_damaged(connection)
            self._listed_at = version
            return self._damaged, records
        return self._damaged, -1

    def _check_schema(self, connection: sqlite3.Connection) -> None:
        """Refuse a schema that lacks a table or a column this version needs, or that holds code.

        A trigger or a view is SQL of the file's that would run on the game's
        own reads and writes (a loop without end, an error message of any
        text); the game makes none, so a file holding one is not its own.
        """
        kinds = dict(
            connection.execute("SELECT name, type FROM sqlite_master WHERE type IN ('table', 'view', 'trigger')")
        )
        code = sorted(name for name, kind in kinds.items() if kind != "table")
        if code:
            raise _Damaged(f"{kinds[code[0]]} {code[0]}", Cause.CODE)
        for table, wanted in _expected_columns(self.migrations).items():
            have = {row[1] for row in connection.execute(f"PRAGMA table_info({table})")}
            missing = wanted - have
            if missing:
                raise _Damaged(f"table {table} lacks {', '.join(sorted(missing))}")

    def _set_aside(self) -> tuple[str, Path | None]:
        """Rename the file and its companions aside: the name of what was moved, and where (None: it could not be)."""
        if not os.path.lexists(self.path):  # a -wal or -shm file alone in the way (a FIFO): set aside by its name
            found = [companion for companion in self._companions() if os.path.lexists(companion)]
            aside = [storage.set_aside(companion) for companion in found]
            return (found[0].name, aside[0]) if found else (self.path.name, None)
        moved = storage.set_aside(self.path)
        if moved is None:
            return self.path.name, None
        for companion in self._companions():
            with contextlib.suppress(OSError):  # (FileNotFoundError: there is none)
                os.replace(companion, moved.with_name(moved.name + companion.name.removeprefix(self.path.name)))
        return self.path.name, moved

    def _close_quietly(self) -> None:
        if self._connection is not None:
            with contextlib.suppress(sqlite3.Error):
                self._connection.close()
        self._connection = None
        self._writable = False

    def close(self) -> None:
        """Close the file (further recording does nothing, queries return nothing)."""
        with self._lock:
            self._close_quietly()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- reading and writing safely ------------------------------------------------------

    @contextlib.contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        connection = self._connection
        assert connection is not None
        self._retry_busy(lambda: connection.execute("BEGIN IMMEDIATE"))
        try:
            yield connection
        except BaseException:
            with contextlib.suppress(sqlite3.Error):
                connection.execute("ROLLBACK")
            raise
        connection.execute("COMMIT")

    def _write(self, step: Callable[[sqlite3.Connection], T], default: T) -> T:
        """Run ``step`` in one transaction; ``default`` when nothing can be saved (the problem is kept)."""
        with self._lock:
            if not self.saving:
                return default
            try:
                with self._transaction() as connection:
                    try:
                        return step(connection)
                    finally:
                        self._listed_at = None  # (listed again before the next read)
            except sqlite3.Error as exc:
                if _is_busy(exc):
                    self._tell(Problem(ProblemKind.HAND_NOT_SAVED, detail=str(exc)))
                elif _is_damage(exc):
                    self._cannot_save(str(exc), ProblemKind.DAMAGED_WHILE_SAVING)
                else:
                    self._cannot_save(_said(exc))
                return default
            except OSError as exc:
                self._cannot_save(_said(exc))
                return default

    def _read(self, step: Callable[[sqlite3.Connection], T], default: T) -> T:
        """Run ``step`` on the connection; ``default`` when there is none or it fails (the problem is kept)."""
        with self._lock:
            if self._connection is None:
                return default
            try:
                self._list_damaged(self._connection)
                return step(self._connection)
            except sqlite3.Error as exc:
                self._tell(Problem(ProblemKind.NOT_READ, detail=str(exc)))
                return default

    # -- forgetting ----------------------------------------------------------------------------

    def reset(self) -> bool:
        """Forget everything recorded (the caller asks the player first). False when it could not be done."""

        def step(connection: sqlite3.Connection) -> bool:
            for table in TABLES:
                connection.execute(f"DELETE FROM {table}")
            return True

        return self._write(step, False)


_EXPECTED: dict[tuple[Migration, ...], dict[str, set[str]]] = {}


def _expected_columns(migrations: tuple[Migration, ...]) -> dict[str, set[str]]:
    """The tables and columns the migrations make, read from a database built in memory."""
    if migrations not in _EXPECTED:
        memory = sqlite3.connect(":memory:")
        try:
            for migration in migrations:
                for statement in migration.statements:
                    memory.execute(statement)
            tables = [row[0] for row in memory.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
            _EXPECTED[migrations] = {t: {row[1] for row in memory.execute(f"PRAGMA table_info({t})")} for t in tables}
        finally:
            memory.close()
    return _EXPECTED[migrations]
