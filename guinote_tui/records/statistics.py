"""The player's statistics in one object: the file (:mod:`.store`), recording, the queries and the export.

    >>> import tempfile
    >>> from pathlib import Path
    >>> from guinote_tui.engine import Match
    >>> from guinote_tui.records import TableInfo
    >>> stats = Statistics(Path(tempfile.mkdtemp()) / "statistics.sqlite3")
    >>> match = Match(players=2, seed=7)
    >>> match.table = {"seats": {"1": "normal"}}
    >>> while not match.hand.is_over:
    ...     match.apply(match.legal_actions()[0])
    >>> stats.record_hand("m1", match, TableInfo.of_match(match)).new
    True
    >>> stats.record_hand("m1", match, TableInfo.of_match(match)).new  # the same hand again: not counted twice
    False
    >>> stats.totals().hands
    1
    >>> stats.close()
"""

from __future__ import annotations

from .export import Exporter
from .practice_store import Practice
from .queries import Queries
from .recording import Recorder

__all__ = ["Statistics"]


class Statistics(Recorder, Queries, Practice, Exporter):
    """The player's statistics in one SQLite file; every method is safe to call whatever happened to the file.

    ``path`` defaults to :func:`~.store.default_path`. ``clock`` gives the
    current time (UTC), for tests. ``migrations`` replaces the schema's
    migrations (for tests of the migration itself). The object may be used
    from several threads (calls are serialised); call :meth:`close` when
    done, or use it in a ``with`` block. What went wrong with the file is
    :attr:`problem` (a :class:`~.problems.Problem`, a code with its facts).
    The graded decisions of reviewed hands and practice are :class:`~.practice_store.Practice`'s.
    """
