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
  * :mod:`.practice_store`: the graded decisions of reviewed hands
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
(:mod:`guinote_tui.engine.lazy`): reading the statistics loads nothing of recording a hand.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine.lazy import lazy_exports

if TYPE_CHECKING:  # the names as a type checker reads them; at run time each is imported on first use
    from .columns import GRADED as GRADED
    from .facts import HandFacts as HandFacts
    from .facts import TableInfo as TableInfo
    from .facts import hand_facts as hand_facts
    from .learning import (
        CURVE_BLOCK as CURVE_BLOCK,
    )
    from .learning import (
        KINDS as KINDS,
    )
    from .learning import (
        LAST_BOX as LAST_BOX,
    )
    from .learning import (
        CurvePoint as CurvePoint,
    )
    from .learning import (
        DueProblem as DueProblem,
    )
    from .learning import (
        GradedDecision as GradedDecision,
    )
    from .learning import (
        Mean as Mean,
    )
    from .learning import (
        Mistake as Mistake,
    )
    from .learning import (
        MistakeCurve as MistakeCurve,
    )
    from .learning import (
        MistakesKept as MistakesKept,
    )
    from .learning import (
        PracticeAnswer as PracticeAnswer,
    )
    from .learning import (
        PracticeCounts as PracticeCounts,
    )
    from .learning import (
        PracticeState as PracticeState,
    )
    from .learning import (
        Rate as Rate,
    )
    from .learning import (
        ThemeAccuracy as ThemeAccuracy,
    )
    from .learning import (
        rules_of as rules_of,
    )
    from .problems import (
        Cause as Cause,
    )
    from .problems import (
        ExportRefused as ExportRefused,
    )
    from .problems import (
        Problem as Problem,
    )
    from .problems import (
        ProblemKind as ProblemKind,
    )
    from .rating import (
        Game as Game,
    )
    from .rating import (
        Rating as Rating,
    )
    from .rating import (
        age as age,
    )
    from .rating import (
        expected as expected,
    )
    from .rating import (
        juego_game as juego_game,
    )
    from .rating import (
        update as update,
    )
    from .recording import (
        RatingChange as RatingChange,
    )
    from .recording import (
        Recorded as Recorded,
    )
    from .recording import (
        new_match_key as new_match_key,
    )
    from .recording import (
        seat_match_key as seat_match_key,
    )
    from .results import (
        CanteCounts as CanteCounts,
    )
    from .results import (
        LevelResult as LevelResult,
    )
    from .results import (
        PointsSample as PointsSample,
    )
    from .results import (
        RatingPoint as RatingPoint,
    )
    from .results import (
        RatingState as RatingState,
    )
    from .results import (
        Summary as Summary,
    )
    from .results import (
        Totals as Totals,
    )
    from .results import (
        wilson as wilson,
    )
    from .schema import MIGRATIONS as MIGRATIONS
    from .schema import SCHEMA_VERSION as SCHEMA_VERSION
    from .schema import Migration as Migration
    from .seen import JuegoPlace as JuegoPlace
    from .seen import seen_hand_facts as seen_hand_facts
    from .statistics import Statistics as Statistics
    from .store import FILE_NAME as FILE_NAME
    from .store import default_path as default_path

#: Each name of the ``TYPE_CHECKING`` imports above is imported the first time it is used
#: (:mod:`guinote_tui.engine.lazy`).
__getattr__, __dir__, __all__ = lazy_exports(__name__, __file__, globals())
