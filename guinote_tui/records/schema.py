"""The statistics database's schema and its migrations.

The schema version is kept in ``PRAGMA user_version``: 0 for a new file,
then the number of migrations applied. :data:`MIGRATIONS` lists them in
order; opening a database applies, in one transaction, those it lacks. A
database whose version is higher than :data:`SCHEMA_VERSION` was written by
a newer program and is left untouched.

To change the schema, append a migration and never edit one that was
released. A version 5 that kept the length of each juego in minutes would be::

    Migration(5, "juegos keep their length in minutes", (
        "ALTER TABLE juegos ADD COLUMN minutes REAL",
    ))

and :data:`SCHEMA_VERSION` becomes 5 by itself. Sides are named from the
player's point of view: ``_player`` is the player's side (side 0),
``_rivals`` the other.

Version 2 keeps what practice needs: the graded decisions of each reviewed
hand (``mistakes``, with the whole hand's position before the decision, so
that the same deal can be played again), the repetition state of each
problem practised (``practice``) and every answer given in practice
(``practice_answers``); ``hands.review_graded`` counts the graded decisions
a review kept (NULL: the hand's decisions were not kept, as for a hand
reviewed before version 2).

Version 3 keeps games with people apart: ``rival_people`` counts the rivals
who were people (0 to 2) and ``partner_person`` is 1 when the partner was
one, in ``matches``, ``hands``, ``juegos`` and ``cotos``; every row recorded
before is a game against the bots (0).

Version 4 keeps with each graded decision the coach's analysis the review
judged it by (``mistakes.analysis``, JSON: every card's figures), so that
practice shows the review's verdict instead of judging afresh; a decision
kept before has none (NULL) and is analysed again when practised.

    >>> SCHEMA_VERSION
    4
    >>> [m.version for m in MIGRATIONS]
    [1, 2, 3, 4]
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Migration:
    """The statements that take a database from ``version - 1`` to ``version``."""

    version: int
    description: str
    statements: tuple[str, ...]


_FIRST = (
    """CREATE TABLE matches (
        id INTEGER PRIMARY KEY,
        key TEXT NOT NULL UNIQUE,
        started_at TEXT NOT NULL,
        ended_at TEXT,
        players INTEGER NOT NULL CHECK (players IN (2, 4)),
        rival_level TEXT NOT NULL,
        partner_level TEXT,
        rules_preset TEXT NOT NULL,
        rule_flags TEXT NOT NULL DEFAULT '',
        assisted INTEGER NOT NULL DEFAULT 0,
        seed INTEGER,
        winner_side INTEGER CHECK (winner_side IN (0, 1))
    )""",
    """CREATE TABLE hands (
        id INTEGER PRIMARY KEY,
        match_id INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
        number INTEGER NOT NULL,
        played_at TEXT NOT NULL,
        players INTEGER NOT NULL,
        rival_level TEXT NOT NULL,
        partner_level TEXT,
        rules_preset TEXT NOT NULL,
        rule_flags TEXT NOT NULL DEFAULT '',
        assisted INTEGER NOT NULL,
        coto_number INTEGER NOT NULL,
        juego_number INTEGER NOT NULL,
        first_of_juego INTEGER NOT NULL,
        termination TEXT NOT NULL,
        card_points_player INTEGER NOT NULL,
        card_points_rivals INTEGER NOT NULL,
        last_ten_player INTEGER NOT NULL,
        last_ten_rivals INTEGER NOT NULL,
        cante_points_player INTEGER NOT NULL,
        cante_points_rivals INTEGER NOT NULL,
        capote_side INTEGER,
        capote_bonus INTEGER NOT NULL,
        points_player INTEGER NOT NULL,
        points_rivals INTEGER NOT NULL,
        totals_player INTEGER NOT NULL,
        totals_rivals INTEGER NOT NULL,
        cantes_player INTEGER NOT NULL,
        cantes_rivals INTEGER NOT NULL,
        tute_seat INTEGER,
        tute_side INTEGER,
        juego_won INTEGER,
        review_cost REAL,
        UNIQUE (match_id, number)
    )""",
    "CREATE INDEX hands_by_time ON hands (played_at)",
    """CREATE TABLE juegos (
        id INTEGER PRIMARY KEY,
        match_id INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
        number INTEGER NOT NULL,
        coto_number INTEGER NOT NULL,
        ended_at TEXT NOT NULL,
        players INTEGER NOT NULL,
        rival_level TEXT NOT NULL,
        partner_level TEXT,
        rules_preset TEXT NOT NULL,
        assisted INTEGER NOT NULL,
        hands INTEGER NOT NULL,
        won INTEGER NOT NULL,
        termination TEXT NOT NULL,
        UNIQUE (match_id, number)
    )""",
    """CREATE TABLE cotos (
        id INTEGER PRIMARY KEY,
        match_id INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
        number INTEGER NOT NULL,
        ended_at TEXT NOT NULL,
        players INTEGER NOT NULL,
        assisted INTEGER NOT NULL,
        won INTEGER NOT NULL,
        UNIQUE (match_id, number)
    )""",
    """CREATE TABLE ratings (
        id INTEGER PRIMARY KEY,
        juego_id INTEGER NOT NULL UNIQUE REFERENCES juegos (id) ON DELETE CASCADE,
        players INTEGER NOT NULL,
        rated_at TEXT NOT NULL,
        opponent REAL NOT NULL,
        weight REAL NOT NULL,
        score REAL NOT NULL,
        expected REAL NOT NULL,
        rating_before REAL NOT NULL,
        rd_before REAL NOT NULL,
        rating REAL NOT NULL,
        rd REAL NOT NULL
    )""",
    "CREATE INDEX ratings_by_table ON ratings (players, id)",
)

_PRACTICE = (
    "ALTER TABLE hands ADD COLUMN review_graded INTEGER",
    # One row per graded decision of a reviewed hand (an inaccuracy or worse, decided: never a close call).
    """CREATE TABLE mistakes (
        id INTEGER PRIMARY KEY,
        hand_id INTEGER NOT NULL REFERENCES hands (id) ON DELETE CASCADE,
        decision INTEGER NOT NULL,
        recorded_at TEXT NOT NULL,
        players INTEGER NOT NULL,
        rules_preset TEXT NOT NULL,
        rule_flags TEXT NOT NULL DEFAULT '',
        position TEXT NOT NULL,
        seat INTEGER NOT NULL,
        trick INTEGER NOT NULL,
        played TEXT NOT NULL,
        best TEXT NOT NULL,
        grade TEXT NOT NULL,
        cost REAL NOT NULL,
        cost_se REAL NOT NULL,
        reason TEXT NOT NULL,
        reason_params TEXT,
        juego TEXT,
        UNIQUE (hand_id, decision)
    )""",
    # The repetition state of each problem: a mistake (ref: its id) or a puzzle (ref: the puzzle's id).
    """CREATE TABLE practice (
        id INTEGER PRIMARY KEY,
        kind TEXT NOT NULL,
        ref TEXT NOT NULL,
        box INTEGER NOT NULL DEFAULT 0,
        due TEXT NOT NULL,
        last_seen TEXT,
        right INTEGER NOT NULL DEFAULT 0,
        wrong INTEGER NOT NULL DEFAULT 0,
        UNIQUE (kind, ref)
    )""",
    "CREATE INDEX practice_by_due ON practice (due)",
    # Every answer given in practice.
    """CREATE TABLE practice_answers (
        id INTEGER PRIMARY KEY,
        answered_at TEXT NOT NULL,
        kind TEXT NOT NULL,
        ref TEXT NOT NULL,
        theme TEXT,
        players INTEGER NOT NULL,
        correct INTEGER NOT NULL,
        grade TEXT NOT NULL,
        assisted INTEGER NOT NULL DEFAULT 0
    )""",
)

#: Who the other seats were: how many rivals were people, and whether the partner was one (0: bots only).
_PEOPLE = tuple(
    f"ALTER TABLE {table} ADD COLUMN {column} INTEGER NOT NULL DEFAULT 0"
    for table in ("matches", "hands", "juegos", "cotos")
    for column in ("rival_people", "partner_person")
)

#: The coach's analysis that the review judged a graded decision by (JSON; NULL: not kept, as before version 4).
_ANALYSIS = ("ALTER TABLE mistakes ADD COLUMN analysis TEXT",)

#: Every migration, in order; migration ``n`` takes a database to version ``n``.
MIGRATIONS: tuple[Migration, ...] = (
    Migration(1, "the first schema", _FIRST),
    Migration(2, "the graded decisions of reviewed hands, and practice", _PRACTICE),
    Migration(3, "games with people kept apart", _PEOPLE),
    Migration(4, "the review's analysis kept with each graded decision", _ANALYSIS),
)

#: The version this program writes.
SCHEMA_VERSION = len(MIGRATIONS)

#: The tables emptied by a reset, children before parents.
TABLES = ("practice_answers", "practice", "mistakes", "ratings", "cotos", "juegos", "hands", "matches")

#: The columns of ``hands`` a recorded hand fills, in the order recording writes them.
HAND_COLUMNS = (
    "match_id",
    "number",
    "played_at",
    "players",
    "rival_level",
    "partner_level",
    "rival_people",
    "partner_person",
    "rules_preset",
    "rule_flags",
    "assisted",
    "coto_number",
    "juego_number",
    "first_of_juego",
    "termination",
    "card_points_player",
    "card_points_rivals",
    "last_ten_player",
    "last_ten_rivals",
    "cante_points_player",
    "cante_points_rivals",
    "capote_side",
    "capote_bonus",
    "points_player",
    "points_rivals",
    "totals_player",
    "totals_rivals",
    "cantes_player",
    "cantes_rivals",
    "tute_seat",
    "tute_side",
    "juego_won",
)
