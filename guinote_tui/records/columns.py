"""What each column of the statistics may hold, and the SQL that reads only the rows that hold to it.

The file is the game's, but anybody may have written it: a value of the
wrong type (a blob, text where a number belongs), out of range (``9.9e307``
where a juego is won or lost) or text with escape sequences in it would crash
the figures or reach the terminal. :func:`columns` declares, for every
column of the schema (:mod:`.schema`), its type and its valid values: what the
game itself writes, with room to spare. A row is *valid* when every value in
it holds to its column (and, for a hand, its match is valid too: the export
names the hand by its match). The check is SQL made here from the
declarations (:func:`valid`), so the figures are still summed by SQLite.
:func:`find_damaged` checks every row once and lists the damaged ones in the
connection's temporary database; every query then reads a table through
:func:`rows`, which leaves them out (or through :func:`checked`, which checks
the few rows it reads), and the damaged are counted, shown as left out.

    >>> columns()["juegos"]["won"].check("won")
    "typeof(won) = 'integer' AND won IN (0, 1)"
    >>> import sqlite3
    >>> connection = sqlite3.connect(":memory:")
    >>> moment = columns()["hands"]["played_at"].check(":value")
    >>> [connection.execute(f"SELECT {moment}", {"value": text}).fetchone()[0] for text in
    ...  ("2025-03-01T10:00:00+00:00", "2025-02-30T10:00:00+00:00", "yesterday", b"2025")]
    [1, 0, 0, 0]
    >>> [connection.execute(f"SELECT {moment}", {"value": text}).fetchone()[0] for text in
    ...  ("2025-03-01T23:59:59+00:00", "2025-03-01T24:00:00+00:00", "2025-13-01T10:00:00+00:00")]
    [1, 0, 0]
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass, replace
from functools import cache

from ..engine import PRESETS, Termination
from .rating import RD_MAX


@dataclass(frozen=True)
class Column:
    """One column's type and its valid values.

    ``kind`` is ``integer``, ``real`` (an integer is read as a real too) or
    ``text``. A number lies from ``low`` to ``high``; ``choices`` lists the
    only values allowed; text is printable ASCII, from ``shortest`` to ``longest``
    characters, and matches the GLOB ``pattern`` and the SQL ``condition``
    (``{name}`` stands for the column) when there are some; ``usual`` lists
    the values the game writes, valid at once (the check is quicker). ``nullable``
    lets NULL in.
    """

    kind: str
    low: float | None = None
    high: float | None = None
    choices: tuple[int | str, ...] = ()
    shortest: int = 1
    longest: int = 0
    pattern: str = ""
    condition: str = ""
    usual: tuple[str, ...] = ()
    nullable: bool = False

    def or_null(self) -> Column:
        return replace(self, nullable=True)

    def check(self, name: str) -> str:
        """The SQL condition that a value (the column ``name``, qualified if need be) is valid: 0 or 1, never NULL."""
        parts = [f"typeof({name}) IN ('integer', 'real')" if self.kind == "real" else f"typeof({name}) = '{self.kind}'"]
        if self.low is not None and self.high is not None:
            parts.append(f"{name} BETWEEN {_literal(self.low)} AND {_literal(self.high)}")
        text = []
        if self.kind == "text" and not self.choices:
            text.append(f"length({name}) BETWEEN {self.shortest} AND {self.longest}")
            if self.pattern:
                text.append(f"{name} GLOB {_literal(self.pattern)}")
            text.append(f"{name} NOT GLOB '*[^ -~]*'")  # printable ASCII only
            text.append(f"instr(CAST({name} AS BLOB), x'00') = 0")  # (SQLite's text functions stop at a NUL)
        if self.condition:
            text.append(self.condition.format(name=name))
        if self.usual:  # the values the game writes, checked first (the others then in full)
            usual = f"{name} IN ({', '.join(_literal(c) for c in self.usual)})"
            text = [f"({usual} OR ({' AND '.join(text)}))"]
        if self.choices:
            parts.append(f"{name} IN ({', '.join(_literal(c) for c in self.choices)})")
        condition = " AND ".join(parts + text)
        return f"(typeof({name}) = 'null' OR ({condition}))" if self.nullable else condition


def _literal(value: object) -> str:
    """An SQL literal for a number or a text made here (never for a value read from the file)."""
    if isinstance(value, str):
        return "'" + value.replace("'", "''") + "'"
    return repr(value)


def whole(low: int, high: int) -> Column:
    """A whole number from ``low`` to ``high``."""
    return Column("integer", low, high)


def real(low: float, high: float) -> Column:
    """A finite number from ``low`` to ``high``."""
    return Column("real", low, high)


def one_of(*values: int | str) -> Column:
    """One of ``values`` (all whole numbers or all text)."""
    return Column("integer" if isinstance(values[0], int) else "text", choices=values)


def label(longest: int) -> Column:
    """Printable ASCII text, from 1 to ``longest`` characters."""
    return Column("text", longest=longest)


#: The largest SQLite integer, and the smallest.
BIG = 2**63 - 1
#: A moment as the file keeps it (:func:`.store.iso`): UTC, to the second, in the years 1000 to 2999, a day
#: its month has (a day past the 28th is checked by SQLite's calendar: ``2025-02-30`` is refused).
MOMENT = Column(
    "text",
    longest=25,
    pattern="[12][0-9][0-9][0-9]-[01][0-9]-[0-3][0-9]T[0-2][0-9]:[0-5][0-9]:[0-5][0-9]+00:00",
    condition=(
        "substr({name}, 6, 2) BETWEEN '01' AND '12' AND substr({name}, 9, 2) BETWEEN '01' AND '31'"
        " AND substr({name}, 12, 2) <= '23'"
        " AND (substr({name}, 9, 2) <= '28' OR date({name}, '+0 days') IS substr({name}, 1, 10))"
    ),
)
#: The longest bot spec kept (``hard:samples=12`` and the like).
LONGEST_SPEC = 200


#: A bot spec (:func:`guinote_tui.ai.parse_spec`): a bot's name, lowercase letters, digits and ``_`` from a letter
#: on, then its parameters if any after a ``:`` (``hard:samples=12``), in printable ASCII. The game records the
#: levels it offers; the statistics' API takes any bot (an unmeasured one is recorded, never rated).
LEVEL = Column(
    "text",
    longest=LONGEST_SPEC,
    pattern="[a-z]*",
    condition="substr({name}, 1, instr({name} || ':', ':') - 1) NOT GLOB '*[^a-z0-9_]*'",
    usual=("random", "easy", "normal", "hard", "expert"),
)


#: A day as practice keeps it (:meth:`datetime.date.isoformat`): ``2025-03-01``, in the years 1000 to 2999, a day
#: SQLite's calendar has.
DAY = Column(
    "text",
    shortest=10,
    longest=10,
    pattern="[12][0-9][0-9][0-9]-[01][0-9]-[0-3][0-9]",
    condition="date({name}, '+0 days') IS {name}",
)
#: A position in the engine's notation (:func:`guinote_tui.engine.format_position`): its words, cards, seats and
#: separators only.
POSITION = Column("text", longest=2_000, condition="{name} NOT GLOB '*[^a-zA-Z0-9 ;/:@-]*'")
#: An action in the engine's notation (``5C``, ``sing:O``, ``swap:7E``, ``tute:12``, ``pass``).
ACTION = Column("text", longest=16, condition="{name} NOT GLOB '*[^a-zA-Z0-9:]*'")
#: A code of the program's own: a coach's reason (``WIN_POINTS``), letters, digits and ``_``.
CODE = Column("text", longest=64, condition="{name} NOT GLOB '*[^a-zA-Z0-9_]*'")
#: What a practice answer is summed under: a coach's reason code, or a puzzle's theme (``juego-now``): letters,
#: digits, ``_`` and ``-``.
THEME = Column("text", longest=64, condition="{name} NOT GLOB '*[^a-zA-Z0-9_-]*'")
#: A practice problem's reference: a mistake's id or a puzzle's id, in printable ASCII without spaces.
REF = Column("text", longest=200, condition="{name} NOT GLOB '*[ ]*'")
#: The coach's tiers (:class:`guinote_tui.coach.evaluate.Grade`'s values), and those a review lists.
TIERS = ("same", "close", "inaccuracy", "mistake", "blunder")
GRADED = TIERS[2:]
#: The longest text of the coach's analysis kept with a graded decision (:mod:`guinote_tui.coach.stored`; a longer
#: one is not kept: practice then works the analysis out again).
ANALYSIS_LONGEST = 20_000
#: A number of points lost against the coach (a juego given up is worth many).
COST = real(-1_000_000.0, 1_000_000.0)

#: A side (0: the player's) or a yes/no flag.
SIDE = one_of(0, 1)
FLAG = one_of(0, 1)
PLAYERS = one_of(2, 4)
#: A hand's, a juego's or a coto's number in its match, and a juego's hands.
NUMBER = whole(1, 1_000_000)
#: Points in one hand: card points, cantes, a capote's bonus, the hand's result (the target is at most 1000).
POINTS = whole(0, 10_000)
#: A juego's running totals.
TOTALS = whole(0, 100_000)
#: A rating, or the strength of a rated juego's opposition.
RATING = real(-10_000.0, 10_000.0)
#: A rating's deviation: never 0 (the rating's update divides by it), never past a new player's.
DEVIATION = real(0.001, RD_MAX)
SHARE = real(0.0, 1.0)
#: How many of the rivals were people (0: bots only), and whether the partner was one.
RIVAL_PEOPLE = whole(0, 2)


@cache
def columns() -> dict[str, dict[str, Column]]:
    """Every column of every table of the schema, with its type and valid values."""
    levels = LEVEL
    termination = one_of(*(t.value for t in Termination))
    preset = replace(label(64), usual=tuple(PRESETS))
    flags = Column("text", shortest=0, longest=1_000, usual=("",))  # "" for the preset as it is
    row_id = whole(-BIG - 1, BIG)
    return {
        "matches": {
            "id": row_id,
            "key": label(200),
            "started_at": MOMENT,
            "ended_at": MOMENT.or_null(),
            "players": PLAYERS,
            "rival_level": levels,
            "partner_level": levels.or_null(),
            "rules_preset": preset,
            "rule_flags": flags,
            "assisted": FLAG,
            "seed": row_id.or_null(),
            "winner_side": SIDE.or_null(),
            "rival_people": RIVAL_PEOPLE,
            "partner_person": FLAG,
        },
        "hands": {
            "id": row_id,
            "match_id": row_id,
            "number": NUMBER,
            "played_at": MOMENT,
            "players": PLAYERS,
            "rival_level": levels,
            "partner_level": levels.or_null(),
            "rules_preset": preset,
            "rule_flags": flags,
            "assisted": FLAG,
            "coto_number": NUMBER,
            "juego_number": NUMBER,
            "first_of_juego": FLAG,
            "termination": termination,
            "card_points_player": POINTS,
            "card_points_rivals": POINTS,
            "last_ten_player": one_of(0, 10),
            "last_ten_rivals": one_of(0, 10),
            "cante_points_player": POINTS,
            "cante_points_rivals": POINTS,
            "capote_side": SIDE.or_null(),
            "capote_bonus": POINTS,
            "points_player": POINTS,
            "points_rivals": POINTS,
            "totals_player": TOTALS,
            "totals_rivals": TOTALS,
            "cantes_player": whole(0, 100),
            "cantes_rivals": whole(0, 100),
            "tute_seat": one_of(0, 1, 2, 3).or_null(),
            "tute_side": SIDE.or_null(),
            "juego_won": FLAG.or_null(),
            "review_cost": COST.or_null(),
            "review_graded": whole(0, 1_000).or_null(),
            "rival_people": RIVAL_PEOPLE,
            "partner_person": FLAG,
        },
        "juegos": {
            "id": row_id,
            "match_id": row_id,
            "number": NUMBER,
            "coto_number": NUMBER,
            "ended_at": MOMENT,
            "players": PLAYERS,
            "rival_level": levels,
            "partner_level": levels.or_null(),
            "rules_preset": preset,
            "assisted": FLAG,
            "hands": NUMBER,
            "won": FLAG,
            "termination": termination,
            "rival_people": RIVAL_PEOPLE,
            "partner_person": FLAG,
        },
        "cotos": {
            "id": row_id,
            "match_id": row_id,
            "number": NUMBER,
            "ended_at": MOMENT,
            "players": PLAYERS,
            "assisted": FLAG,
            "won": FLAG,
            "rival_people": RIVAL_PEOPLE,
            "partner_person": FLAG,
        },
        "ratings": {
            "id": row_id,
            "juego_id": row_id,
            "players": PLAYERS,
            "rated_at": MOMENT,
            "opponent": RATING,
            "weight": SHARE,
            "score": SHARE,
            "expected": SHARE,
            "rating_before": RATING,
            "rd_before": DEVIATION,
            "rating": RATING,
            "rd": DEVIATION,
        },
        "mistakes": {
            "id": row_id,
            "hand_id": row_id,
            "decision": whole(0, 10_000),
            "recorded_at": MOMENT,
            "players": PLAYERS,
            "rules_preset": preset,
            "rule_flags": flags,
            "position": POSITION,
            "seat": one_of(0, 1, 2, 3),
            "trick": whole(1, 20),
            "played": ACTION,
            "best": ACTION,
            "grade": one_of(*GRADED),
            "cost": COST,
            "cost_se": real(0.0, 1_000_000.0),
            "reason": CODE,
            # The reason's parameters as a JSON object of the program's own (ASCII), when they were small.
            "reason_params": Column("text", longest=1_000, pattern="{*}").or_null(),
            "juego": one_of("lost", "missed").or_null(),
            # The review's analysis of the decision: a JSON object of the program's own (ASCII), checked in full
            # where it is read back (guinote_tui.coach.stored).
            "analysis": Column("text", longest=ANALYSIS_LONGEST, pattern="{*}").or_null(),
        },
        "practice": {
            "id": row_id,
            "kind": one_of("mistake", "puzzle"),
            "ref": REF,
            "box": whole(0, 4),
            "due": DAY,
            "last_seen": DAY.or_null(),
            "right": whole(0, 1_000_000),
            "wrong": whole(0, 1_000_000),
        },
        "practice_answers": {
            "id": row_id,
            "answered_at": MOMENT,
            "kind": one_of("mistake", "puzzle"),
            "ref": REF,
            "theme": THEME.or_null(),
            "players": PLAYERS,
            "correct": FLAG,
            "grade": one_of(*TIERS),
            "assisted": FLAG,
        },
    }


#: A row of a child table is valid only with its parent row valid: (the column naming it, the parent table).
PARENTS = {"hands": ("match_id", "matches"), "mistakes": ("hand_id", "hands")}


@cache
def valid(table: str, alias: str = "", parent: bool = True) -> str:
    """The SQL condition that a row of ``table`` (named ``alias`` in the query, or by the table's name) is valid.

    Written for a ``WHERE`` clause, where SQLite stops at the first check that
    fails (a NULL counts as failed); as a value it is several times slower.
    Without ``parent``, the row's own values only.
    """
    name = alias or table
    checks = [column.check(f"{name}.{column_name}") for column_name, column in columns()[table].items()]
    if parent and table in PARENTS:  # (the valid parents are listed once for the whole query)
        link, above = PARENTS[table]
        inner = f"{above}_of_{table}"
        checks.append(f"{name}.{link} IN (SELECT {inner}.id FROM {above} AS {inner} WHERE {valid(above, inner)})")
    return " AND ".join(checks)


def damaged_table(table: str) -> str:
    """The temporary table listing the damaged rows of ``table`` by rowid (:func:`find_damaged` fills it)."""
    return f"temp.damaged_{table}"


def find_damaged(connection: sqlite3.Connection, tables: tuple[str, ...] = ()) -> tuple[int, int]:
    """Check every row of ``tables`` (default: all) once; list the damaged ones: how many, and all the rows.

    The list lives in the connection's temporary database (never in the file),
    and :func:`rows` reads through it; a connection lists again whenever the
    file may have changed (the store sees to it). A table that cannot be read
    gets no list, so that no query reads it unchecked (the query then says
    what is wrong); its rows are not counted.
    """
    damaged = total = 0
    for table in tables or tuple(columns()):
        listed = damaged_table(table)
        try:
            connection.execute(f"CREATE TABLE IF NOT EXISTS {listed} (id INTEGER PRIMARY KEY)")
            connection.execute(f"DELETE FROM {listed}")
            connection.execute(
                f"INSERT INTO {listed} SELECT rowid FROM {table}"
                f" WHERE rowid NOT IN (SELECT rowid FROM {table} WHERE {valid(table)})"
            )
            count = connection.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0]
        except sqlite3.Error:
            connection.execute(f"DROP TABLE IF EXISTS {listed}")
            continue
        damaged += connection.execute(f"SELECT COUNT(*) FROM {listed}").fetchone()[0]
        total += count
    return damaged, total


def sample_damaged(connection: sqlite3.Connection, latest: int) -> tuple[int, int]:
    """Check the ``latest`` rows of each table (by rowid, their own values): how many are damaged, how many checked."""
    damaged = total = 0
    for table in columns():
        recent = f"(SELECT * FROM {table} ORDER BY rowid DESC LIMIT {int(latest)}) AS {table}"
        count = connection.execute(f"SELECT COUNT(*) FROM {recent}").fetchone()[0]
        own = valid(table, parent=False)
        fine = connection.execute(f"SELECT COUNT(*) FROM {recent} WHERE {own}").fetchone()[0]
        damaged += count - fine
        total += count
    return damaged, total


@cache
def rows(table: str) -> str:
    """The valid rows of ``table``, for a query's ``FROM``, under the table's own name (:func:`find_damaged` first).

    >>> rows("cotos")
    '(SELECT * FROM cotos WHERE rowid NOT IN temp.damaged_cotos) AS cotos'
    """
    return f"(SELECT * FROM {table} WHERE rowid NOT IN {damaged_table(table)}) AS {table}"


@cache
def checked(table: str) -> str:
    """The valid rows of ``table`` checked as they are read, for a query that reads one or two of them (no list needed).

    >>> checked("cotos").startswith("(SELECT * FROM cotos WHERE typeof(cotos.id) = 'integer'")
    True
    """
    return f"(SELECT * FROM {table} WHERE {valid(table)}) AS {table}"
