"""What went wrong with the statistics file, as codes with their facts: never as sentences.

The store says what happened (:class:`Problem`: a :class:`ProblemKind` and
the facts that go with it); whoever shows it to the player words it in the
player's language (:func:`guinote_tui.present.statsreport.problem_line`). The
``detail`` is what SQLite or the system said, kept as it said it but for the
control characters in it, shown as visible escapes (:func:`guinote_tui.storage.printable`):
an error message may quote a name from the file, and the file may be anybody's.
A reason of the program's own is a :class:`Cause`, worded where it is shown.

    >>> problem = Problem(ProblemKind.NEWER, file="statistics.sqlite3", version=7, known=1)
    >>> problem.kind.value, problem.detail
    ('newer', '')
    >>> ExportRefused(Problem(ProblemKind.EXPORT_IS_DATABASE, file="stats.csv")).problem.file
    'stats.csv'
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from ..storage import printable


class ProblemKind(Enum):
    """What kind of problem the statistics file met (the facts each needs are in :class:`Problem`)."""

    #: Recording stops for this session; ``detail`` says why. The game goes on.
    NOT_SAVED = "not-saved"
    #: Recording stops for this session: writing found the file damaged (``detail``).
    DAMAGED_WHILE_SAVING = "damaged-while-saving"
    #: The file cannot be written (``detail``); what it holds is read, not updated.
    READ_ONLY = "read-only"
    #: ``file`` could not be read (``detail``); it was renamed to ``moved`` and a new one started.
    SET_ASIDE = "set-aside"
    #: ``file`` could not be read (``detail``) and could not be renamed either.
    NOT_SET_ASIDE = "not-set-aside"
    #: ``file`` (its full path) cannot be opened at all (``detail``: no permission): nothing is shown or saved.
    UNREADABLE = "unreadable"
    #: ``file`` has schema ``version``, newer than the ``known`` one: it is left alone, nothing is saved.
    NEWER = "newer"
    #: One hand was not saved: another program held the file too long (``detail``).
    HAND_NOT_SAVED = "hand-not-saved"
    #: A query failed (``detail``); its figures are shown empty.
    NOT_READ = "not-read"
    #: The export was asked to write over the statistics file itself (``file``: the path given).
    EXPORT_IS_DATABASE = "export-is-database"


class Cause(Enum):
    """Why the file was set aside, when the reason is the program's own (not a message of SQLite or the system)."""

    #: A folder has the file's name.
    FOLDER = "folder"
    #: Something that is not a regular file has the file's name (or its ``-wal`` or ``-shm`` file's): a FIFO, a device.
    NOT_REGULAR = "not-regular"
    #: It holds a trigger or a view (``detail``: which), SQL the game never makes and would run.
    CODE = "code"
    #: Most of its records checked are damaged (``damaged`` of ``records``: values of the wrong type or out of
    #: range; the latest records of each table are checked when the file is opened).
    MOSTLY_DAMAGED = "mostly-damaged"


@dataclass(frozen=True)
class Problem:
    """One problem of the statistics file: its kind and the facts a sentence about it needs."""

    kind: ProblemKind
    #: What SQLite or the system said (English, as it said it).
    detail: str = ""
    #: The file's name (for an export: the path the player gave).
    file: str = ""
    #: The name a damaged file was given when it was set aside.
    moved: str = ""
    #: The schema version found in the file.
    version: int = 0
    #: The newest schema version this program knows.
    known: int = 0
    #: Why the file was set aside, when it is a reason of the program's own (``detail`` is then empty).
    cause: Cause | None = None
    #: With :attr:`Cause.MOSTLY_DAMAGED`: the damaged records, and all the records checked.
    damaged: int = 0
    records: int = 0

    def __post_init__(self) -> None:
        for name in ("detail", "file", "moved"):
            object.__setattr__(self, name, printable(getattr(self, name)))


class ExportRefused(Exception):
    """A place the export will not write to, for a reason of the statistics' own (:attr:`problem`)."""

    def __init__(self, problem: Problem) -> None:
        super().__init__(problem)
        self.problem = problem
