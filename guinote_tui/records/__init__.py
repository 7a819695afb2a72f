"""The game's records of the player: every finished hand, juego, coto and match, and a rating.

No interface here, and no sentences: the statistics screen, the ``guinote
stats`` command and the table's hooks use this API, and word what it
reports in the player's language (:func:`guinote_tui.present.statsreport.problem_line`).

* :class:`Statistics` (:mod:`.statistics`): the whole store in one object,
  made of

  * :mod:`.store`: the SQLite file, opened safely (WAL, busy waits), migrated,
    set aside when damaged, read-only when it cannot be written; reset;
  * :mod:`.recording`: :meth:`~Statistics.record_hand`,
    :meth:`~Statistics.record_match_end`, the rating updates;
  * :mod:`.queries`: the read queries, returning plain dataclasses (:mod:`.results`);
  * :mod:`.practice`: the graded decisions of reviewed hands
    (:meth:`~Statistics.record_mistakes`), practice's schedule and answers,
    the learning curve (types and figures in :mod:`.learning`);
  * :mod:`.export`: the CSV export.

* :class:`Problem` and :class:`ProblemKind` (:mod:`.problems`): what went
  wrong with the file, as a code with its facts; :class:`ExportRefused`.
* :class:`TableInfo` and :func:`hand_facts` (:mod:`.facts`): what a hand is
  worth to the statistics, computed from the engine's match;
  :func:`seen_hand_facts` (:mod:`.seen`) the same from what one seat saw of
  it (a table of people, :meth:`~Statistics.record_seen_hand`).
* :mod:`.rating`: the Glicko-1 rating against the bots' measured strengths.
* :mod:`.schema`: the schema and its migrations.

docs/statistics.md describes what is kept and how the rating works. Each
name here is imported from its module the first time it is used
(:func:`__getattr__`): reading the statistics loads nothing of recording a hand.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the names as a type checker reads them; at run time each is imported on first use
    from .columns import GRADED
    from .facts import HandFacts, TableInfo, hand_facts
    from .learning import (
        CURVE_BLOCK,
        KINDS,
        LAST_BOX,
        CurvePoint,
        DueProblem,
        GradedDecision,
        Mean,
        Mistake,
        MistakeCurve,
        MistakesKept,
        PracticeAnswer,
        PracticeCounts,
        PracticeState,
        Rate,
        ThemeAccuracy,
        rules_of,
    )
    from .problems import Cause, ExportRefused, Problem, ProblemKind
    from .rating import Game, Rating, age, expected, juego_game, update
    from .recording import RatingChange, Recorded, new_match_key, seat_match_key
    from .results import CanteCounts, LevelResult, PointsSample, RatingPoint, RatingState, Summary, Totals, wilson
    from .schema import MIGRATIONS, SCHEMA_VERSION, Migration
    from .seen import JuegoPlace, seen_hand_facts
    from .statistics import Statistics
    from .store import FILE_NAME, default_path

#: Where each name is defined: the module imported the first time the name is used (:func:`__getattr__`).
_HOMES: dict[str, str] = {
    "columns": "GRADED",
    "facts": "HandFacts TableInfo hand_facts",
    "learning": "CURVE_BLOCK KINDS LAST_BOX CurvePoint DueProblem GradedDecision Mean Mistake MistakeCurve MistakesKept"
    " PracticeAnswer PracticeCounts PracticeState Rate ThemeAccuracy rules_of",
    "problems": "Cause ExportRefused Problem ProblemKind",
    "rating": "Game Rating age expected juego_game update",
    "recording": "RatingChange Recorded new_match_key seat_match_key",
    "results": "CanteCounts LevelResult PointsSample RatingPoint RatingState Summary Totals wilson",
    "schema": "MIGRATIONS SCHEMA_VERSION Migration",
    "seen": "JuegoPlace seen_hand_facts",
    "statistics": "Statistics",
    "store": "FILE_NAME default_path",
}
_HOME = {name: module for module, names in _HOMES.items() for name in names.split()}

__all__ = [
    "CURVE_BLOCK",
    "FILE_NAME",
    "GRADED",
    "KINDS",
    "LAST_BOX",
    "MIGRATIONS",
    "SCHEMA_VERSION",
    "CanteCounts",
    "Cause",
    "CurvePoint",
    "DueProblem",
    "ExportRefused",
    "Game",
    "GradedDecision",
    "HandFacts",
    "JuegoPlace",
    "LevelResult",
    "Mean",
    "Migration",
    "Mistake",
    "MistakeCurve",
    "MistakesKept",
    "PointsSample",
    "PracticeAnswer",
    "PracticeCounts",
    "PracticeState",
    "Problem",
    "ProblemKind",
    "Rate",
    "Rating",
    "RatingChange",
    "RatingPoint",
    "RatingState",
    "Recorded",
    "Statistics",
    "Summary",
    "TableInfo",
    "ThemeAccuracy",
    "Totals",
    "age",
    "default_path",
    "expected",
    "hand_facts",
    "juego_game",
    "new_match_key",
    "rules_of",
    "seat_match_key",
    "seen_hand_facts",
    "update",
    "wilson",
]


def __getattr__(name: str) -> Any:
    """The name ``name`` of the records, its module imported now: reading the statistics (``guinote stats``)
    loads neither what a hand is worth to them (:mod:`.facts`) nor anything else it does not use."""
    module = _HOME.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(__import__(module, globals(), None, (name,), 1), name)  # from .module import name
    globals()[name] = value  # (found directly from now on)
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
