"""The CSV export: one row per hand, with a header, written where the player asks and nowhere else.

A text cell that a spreadsheet would read as a formula (from ``=``, ``+``,
``-`` or ``@``, or a tab or a carriage return) is written with a ``'`` in
front, so that it is read as the text it is (OWASP, "CSV injection"); a
number stays a number, negative or not.
"""

from __future__ import annotations

import csv
import io
import os
import sqlite3
from pathlib import Path
from typing import Any

from .. import storage
from .columns import columns, rows
from .problems import ExportRefused, Problem, ProblemKind
from .schema import HAND_COLUMNS
from .store import Store

#: The columns of the CSV export after the match key (``number`` is written as ``hand``).
CSV_HAND_COLUMNS = (*HAND_COLUMNS[1:], "review_cost")
#: The export's header row.
CSV_HEADER = ("match", *(c if c != "number" else "hand" for c in CSV_HAND_COLUMNS))
#: Which of the export's columns hold text (the match's key, then the hands' columns), by :mod:`.columns`.
CSV_TEXT = (True, *(columns()["hands"][c].kind == "text" for c in CSV_HAND_COLUMNS))
#: How a cell starts that a spreadsheet reads as a formula.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def as_text(cell: Any) -> Any:
    """A text cell as a spreadsheet should read it: a ``'`` before what it would take for a formula.

    >>> as_text("=HYPERLINK(1)"), as_text("-5"), as_text("tute=off")
    ("'=HYPERLINK(1)", "'-5", 'tute=off')
    """
    if isinstance(cell, str) and cell.startswith(FORMULA_STARTS):
        return "'" + cell
    return cell


def csv_text(rows: list[tuple[Any, ...]]) -> str:
    """The export's text: the header, then ``rows`` (lines end with ``\\n``); text cells made safe (:func:`as_text`).

    >>> csv_text([("k", 1, "x,y")]).splitlines()[1]
    'k,1,"x,y"'
    >>> csv_text([("=1+1", -5, "@x")]).splitlines()[1]
    "'=1+1,-5,'@x"
    """
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(CSV_HEADER)
    writer.writerows(
        [as_text(cell) if text else cell for cell, text in zip(row, CSV_TEXT, strict=False)] for row in rows
    )
    return buffer.getvalue()


class Exporter(Store):
    """Every hand recorded, written out as CSV."""

    def export_csv(self, path: Path | str, force: bool = False) -> int:
        """Write one row per hand (with a header) to ``path``; the number of hands written.

        Raises ``OSError`` when ``path`` cannot be written (the caller names the file),
        :class:`~.problems.ExportRefused` for the statistics file itself (under any name), and
        :class:`~guinote_tui.storage.Refused` for another place it will not write: an existing file
        (unless ``force``), a link, a device, the game's own files (:func:`~guinote_tui.storage.write_export`).
        """

        def step(connection: sqlite3.Connection) -> list[tuple[Any, ...]]:
            return connection.execute(
                f"SELECT matches.key, {', '.join('hands.' + c for c in CSV_HAND_COLUMNS)}"
                f" FROM {rows('hands')} JOIN {rows('matches')} ON matches.id = hands.match_id"
                " ORDER BY hands.played_at, hands.id"
            ).fetchall()

        empty: list[tuple[Any, ...]] = []
        found = self._read(step, empty)
        text = csv_text(found)
        target = Path(path)
        if _same_file(target, self.path):  # the database under another name (a link elsewhere)
            raise ExportRefused(Problem(ProblemKind.EXPORT_IS_DATABASE, file=str(path)))
        storage.write_export(target, text, force=force)
        return len(found)


def _same_file(path: Path, other: Path) -> bool:
    try:
        return os.path.samefile(path, other)
    except (OSError, ValueError):
        return False
