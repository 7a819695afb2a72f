"""The CSV export: one row per hand, with a header, written where the player asks and nowhere else."""

from __future__ import annotations

import csv
import io
import os
import sqlite3
from pathlib import Path
from typing import Any

from .. import storage
from .problems import ExportRefused, Problem, ProblemKind
from .schema import HAND_COLUMNS
from .store import Store

#: The columns of the CSV export after the match key (``number`` is written as ``hand``).
CSV_HAND_COLUMNS = (*HAND_COLUMNS[1:], "review_cost")
#: The export's header row.
CSV_HEADER = ("match", *(c if c != "number" else "hand" for c in CSV_HAND_COLUMNS))


def csv_text(rows: list[tuple[Any, ...]]) -> str:
    """The export's text: the header, then ``rows`` (lines end with ``\\n``).

    >>> csv_text([("k", 1, "x,y")]).splitlines()[1]
    'k,1,"x,y"'
    """
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(CSV_HEADER)
    writer.writerows(rows)
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
                f"SELECT m.key, {', '.join('h.' + c for c in CSV_HAND_COLUMNS)}"
                " FROM hands h JOIN matches m ON m.id = h.match_id ORDER BY h.played_at, h.id"
            ).fetchall()

        empty: list[tuple[Any, ...]] = []
        rows = self._read(step, empty)
        text = csv_text(rows)
        target = Path(path)
        if _same_file(target, self.path):  # the database under another name (a link elsewhere)
            raise ExportRefused(Problem(ProblemKind.EXPORT_IS_DATABASE, file=str(path)))
        storage.write_export(target, text, force=force)
        return len(rows)


def _same_file(path: Path, other: Path) -> bool:
    try:
        return os.path.samefile(path, other)
    except (OSError, ValueError):
        return False
