"""What the game remembers of the player: every finished hand, juego, coto and match, and a rating.

No interface here: the statistics screen, the ``guinote stats`` command and
the table's hooks use this API.

* :class:`Statistics` (:mod:`.database`): the SQLite file, recording
  (:meth:`~Statistics.record_hand`, :meth:`~Statistics.record_match_end`),
  queries returning plain dataclasses (:mod:`.results`), CSV export, reset.
* :class:`TableInfo` and :func:`hand_facts` (:mod:`.facts`): what a hand is
  worth to the statistics, computed from the engine's match.
* :mod:`.rating`: the Glicko-1 rating against the bots' measured strengths.
* :mod:`.schema`: the schema and its migrations.

docs/statistics.md describes what is kept and how the rating works.
"""

from .database import RatingChange, Recorded, Statistics, default_path, new_match_key
from .facts import HandFacts, TableInfo, hand_facts
from .rating import Game, Rating, age, expected, juego_game, update
from .results import CanteCounts, LevelResult, PointsSample, RatingPoint, RatingState, Summary, Totals, wilson
from .schema import MIGRATIONS, SCHEMA_VERSION, Migration

__all__ = [
    "MIGRATIONS",
    "SCHEMA_VERSION",
    "CanteCounts",
    "Game",
    "HandFacts",
    "LevelResult",
    "Migration",
    "PointsSample",
    "Rating",
    "RatingChange",
    "RatingPoint",
    "RatingState",
    "Recorded",
    "Statistics",
    "Summary",
    "TableInfo",
    "Totals",
    "age",
    "default_path",
    "expected",
    "hand_facts",
    "juego_game",
    "new_match_key",
    "update",
    "wilson",
]
