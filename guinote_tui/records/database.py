"""The statistics database: every finished hand, juego, coto and match of the player, and the rating.

One SQLite file, ``statistics.sqlite3`` in the user's data directory
(:func:`guinote_tui.storage.data_dir`), opened by :class:`Statistics`:

    >>> import tempfile
    >>> from pathlib import Path
    >>> from guinote_tui.engine import Match
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

How it stays safe:

* WAL journal, a busy timeout and short ``BEGIN IMMEDIATE`` transactions, one
  per hand recorded, so two programs recording at once wait for each other
  instead of failing, and a crash loses at most the hand being written.
* Each hand has a unique key (the match's key, the hand's number), so
  recording a hand again (after a resume) changes nothing.
* The schema version is ``PRAGMA user_version``; missing migrations
  (:mod:`.schema`) are applied at opening. A file from a newer program is
  refused and left untouched.
* A damaged file (not SQLite, failing ``PRAGMA quick_check``, or a schema
  that lacks what this version needs) is renamed to
  ``statistics.sqlite3.corrupt-<timestamp>`` (with its ``-wal`` and ``-shm``
  files) and a new one is started.
* When the file cannot be written (a read-only directory, a full disk), the
  object goes on working for the game: recording does nothing, and what was
  recorded is read through a read-only connection (``immutable=1`` when a
  WAL file cannot be opened without creating its ``-shm``).

In every case the one line to show is :attr:`Statistics.problem`, and
:meth:`Statistics.take_problem` hands each such line over once. No method
raises for a database problem.
"""

from __future__ import annotations

import contextlib
import csv
import io
import logging
import os
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import quote

from .. import storage
from ..engine import Match, Termination
from ..i18n import _
from .facts import HandFacts, TableInfo, hand_facts
from .rating import Rating, age, expected, is_rated_level, juego_game, update
from .results import CanteCounts, LevelResult, PointsSample, RatingPoint, RatingState, Summary, Totals
from .schema import MIGRATIONS, TABLES, Migration

logger = logging.getLogger(__name__)

T = TypeVar("T")

FILE_NAME = "statistics.sqlite3"
#: How long a writer waits for another program's transaction before giving up, in milliseconds.
BUSY_TIMEOUT_MS = 10_000

#: SQLite's primary result codes that mean the file itself is damaged.
_SQLITE_CORRUPT = 11
_SQLITE_NOTADB = 26
_SQLITE_BUSY = 5
_SQLITE_LOCKED = 6
#: The first bytes of every SQLite 3 database file.
_SQLITE_HEADER = b"SQLite format 3\x00"


def default_path() -> Path:
    """Where the statistics live: ``statistics.sqlite3`` in the user's data directory."""
    return storage.data_dir() / FILE_NAME


def new_match_key() -> str:
    """A fresh key naming a match in the statistics (kept with the match, so a resumed match keeps it)."""
    import uuid

    return uuid.uuid4().hex


def utc_now() -> datetime:
    return datetime.now(UTC)


def _iso(moment: datetime) -> str:
    return moment.astimezone(UTC).isoformat(timespec="seconds")


def _days_between(earlier: str, later: datetime) -> float:
    try:
        start = datetime.fromisoformat(earlier)
    except ValueError:
        return 0.0
    return (later - start).total_seconds() / 86_400


@dataclass(frozen=True)
class RatingChange:
    """How a rated juego moved the rating at a table size."""

    players: int
    before: Rating
    after: Rating

    @property
    def delta(self) -> float:
        return self.after.rating - self.before.rating


@dataclass(frozen=True)
class Recorded:
    """What recording a hand did.

    ``new``: the hand was added now (False when it was already there or could
    not be saved); ``saved``: the database holds the hand; ``juego_won``: the
    hand decided its juego for (True) or against (False) the player's side;
    ``rating``: the rating change when that juego was rated.
    """

    new: bool
    saved: bool
    juego_won: bool | None = None
    rating: RatingChange | None = None


NOT_SAVED = Recorded(new=False, saved=False)


class _Damaged(Exception):
    """The file is not a usable statistics database (internal: it is then set aside)."""


class _Newer(Exception):
    """The file was written by a newer schema (internal: it is then left alone)."""


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


class Statistics:
    """The player's statistics in one SQLite file; every method is safe to call whatever happened to the file.

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
        #: The last problem met, as one line to show the player (None: all is well).
        self.problem: str | None = None
        #: The file this object set aside as damaged, if it did.
        self.set_aside_to: Path | None = None
        self._untold: str | None = None
        #: The last problem told is "statistics cannot be saved" (it is then not told again).
        self._told_cannot_save = False
        self._lock = threading.RLock()
        self._connection: sqlite3.Connection | None = None
        self._writable = False
        self._open()

    # -- the state the caller may show ---------------------------------------------

    @property
    def saving(self) -> bool:
        """Whether hands recorded now are kept."""
        return self._connection is not None and self._writable

    def take_problem(self) -> str | None:
        """The problem line not yet handed over, once (then None until a new problem)."""
        with self._lock:
            line, self._untold = self._untold, None
            return line

    def _tell(self, line: str) -> None:
        logger.warning("%s", line)
        self.problem = line
        self._untold = line
        self._told_cannot_save = False

    def _cannot_save(self, exc: BaseException | str) -> None:
        """Recording stops for this session, with one line said once."""
        reason = exc if isinstance(exc, str) else (str(exc) or type(exc).__name__)
        self._writable = False
        if not self._told_cannot_save:
            self._tell(_("Statistics cannot be saved ({reason}); the game goes on without them.").format(reason=reason))
            self._told_cannot_save = True

    # -- opening -----------------------------------------------------------------------

    def _open(self) -> None:
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            self._cannot_save(exc.strerror or exc)
            return
        for attempt in range(2):
            try:
                self._connection = self._connect()
                self._writable = True
                return
            except _Newer as exc:
                self._close_quietly()
                self._tell(str(exc))
                return
            except _Damaged as exc:
                self._close_quietly()
                if attempt == 1:
                    self._cannot_save(str(exc))
                    return
                moved = self._set_aside()
                if moved:
                    line = _("{file} could not be read ({problem}); it was moved to {moved} and a new one was started.")
                    self._tell(line.format(file=self.path.name, problem=exc, moved=moved.name))
                else:
                    line = _(
                        "{file} could not be read ({problem}); it could not be moved aside and a new one was started."
                    )
                    self._tell(line.format(file=self.path.name, problem=exc))
                if moved is None:
                    self._writable = False
                    return
                self.set_aside_to = moved
            except (sqlite3.Error, OSError) as exc:
                self._close_quietly()
                if self._open_read_only():
                    reason = str(exc) or type(exc).__name__
                    line = _("Statistics cannot be saved ({reason}): those recorded so far are shown but not updated.")
                    self._tell(line.format(reason=reason))
                    self._told_cannot_save = True
                else:
                    self._cannot_save(exc)
                return

    def _connect(self) -> sqlite3.Connection:
        # Checked before SQLite opens it: SQLite may discard the -wal file of a file it cannot read.
        try:
            with self.path.open("rb") as stream:
                header = stream.read(len(_SQLITE_HEADER))
        except FileNotFoundError:
            header = b""
        if header and header != _SQLITE_HEADER:
            raise _Damaged("file is not a database")
        connection = sqlite3.connect(
            self.path, timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None, check_same_thread=False
        )
        self._connection = connection
        try:
            connection.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            self._retry_busy(lambda: connection.execute("PRAGMA journal_mode = WAL").fetchone())
            connection.execute("PRAGMA synchronous = NORMAL")
            connection.execute("PRAGMA foreign_keys = ON")
            check = connection.execute("PRAGMA quick_check").fetchall()
            if [tuple(row) for row in check] != [("ok",)]:
                raise _Damaged(f"quick_check: {check[0][0]}")
            self._migrate(connection)
            self._check_schema(connection)
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
        if not self.path.is_file():
            return False
        for parameters in ("mode=ro", "mode=ro&immutable=1"):
            connection: sqlite3.Connection | None = None
            try:
                uri = f"file:{quote(str(self.path))}?{parameters}"
                connection = sqlite3.connect(uri, uri=True, isolation_level=None, check_same_thread=False)
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
            line = _(
                "{file} was written by a newer guinote-tui (schema {version}, this one knows up to "
                "{known}); it is left as it is and statistics are not saved."
            )
            raise _Newer(line.format(file=self.path.name, version=version, known=self.version))
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

    def _check_schema(self, connection: sqlite3.Connection) -> None:
        for table, columns in _expected_columns(self.migrations).items():
            have = {row[1] for row in connection.execute(f"PRAGMA table_info({table})")}
            missing = columns - have
            if missing:
                raise _Damaged(f"table {table} lacks {', '.join(sorted(missing))}")

    def _set_aside(self) -> Path | None:
        moved = storage.set_aside(self.path)
        if moved is None:
            return None
        for suffix in ("-wal", "-shm"):
            companion = self.path.with_name(self.path.name + suffix)
            if companion.exists():
                with contextlib.suppress(OSError):
                    os.replace(companion, moved.with_name(moved.name + suffix))
        return moved

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

    def __enter__(self) -> Statistics:
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
        with self._lock:
            if not self.saving:
                return default
            try:
                with self._transaction() as connection:
                    return step(connection)
            except sqlite3.Error as exc:
                if _is_busy(exc):
                    self._tell(_("Statistics: this hand could not be saved ({error}).").format(error=exc))
                elif _is_damage(exc):
                    self._cannot_save(_("the file is damaged: {error}").format(error=exc))
                else:
                    self._cannot_save(exc)
                return default
            except OSError as exc:
                self._cannot_save(exc)
                return default

    def _read(self, step: Callable[[sqlite3.Connection], T], default: T) -> T:
        with self._lock:
            if self._connection is None:
                return default
            try:
                return step(self._connection)
            except sqlite3.Error as exc:
                self._tell(_("Statistics could not be read ({error}).").format(error=exc))
                return default

    # -- recording -----------------------------------------------------------------------------

    def record_hand(self, match_key: str, match: Match, table: TableInfo, number: int | None = None) -> Recorded:
        """Record finished hand ``number`` (default: the last finished) of ``match``, once.

        ``match_key`` names the match (:func:`new_match_key`; keep it with the
        match so that a resumed match records under the same key). If the hand
        decides a juego, the juego is recorded and, unless assisted or against
        a bot spec without a measured strength, rated; a coto it closes is
        recorded too. Recording a hand already recorded changes nothing.
        """
        if table.players != match.players:
            raise ValueError(f"the table has {table.players} players but the match {match.players}")
        if number is None:
            number = len(match.finished)
        facts = hand_facts(match, number)
        now = self.clock()
        return self._write(lambda c: self._insert_hand(c, match_key, match, table, facts, now), NOT_SAVED)

    def record_match(self, match_key: str, match: Match, table: TableInfo) -> list[Recorded]:
        """Record every finished hand of ``match`` not yet recorded (after a resume), in order."""
        return [self.record_hand(match_key, match, table, n) for n in range(1, len(match.finished) + 1)]

    def record_match_end(self, match_key: str, match: Match, table: TableInfo) -> bool:
        """Record the match as ended: its hands (those not yet recorded), then the winner and the time.

        A match left before its end keeps no winner and counts as unfinished.
        False when nothing could be saved.
        """
        self.record_match(match_key, match, table)
        now = _iso(self.clock())
        winner = match.winner

        def step(connection: sqlite3.Connection) -> bool:
            self._ensure_match(connection, match_key, match, table, now)
            connection.execute(
                "UPDATE matches SET ended_at = ?, winner_side = ? WHERE key = ?", (now, winner, match_key)
            )
            return True

        return self._write(step, False)

    def set_review_cost(self, match_key: str, number: int, cost: float) -> bool:
        """Keep the coach's total cost of the player's decisions in hand ``number`` (True if the hand is there)."""

        def step(connection: sqlite3.Connection) -> bool:
            cursor = connection.execute(
                "UPDATE hands SET review_cost = ? WHERE number = ?"
                " AND match_id = (SELECT id FROM matches WHERE key = ?)",
                (float(cost), number, match_key),
            )
            return cursor.rowcount > 0

        return self._write(step, False)

    def _ensure_match(self, connection: sqlite3.Connection, key: str, match: Match, table: TableInfo, now: str) -> int:
        connection.execute(
            "INSERT OR IGNORE INTO matches (key, started_at, players, rival_level, partner_level, rules_preset,"
            " rule_flags, assisted, seed) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                key,
                now,
                table.players,
                table.rival_level,
                table.partner_level,
                table.rules_preset,
                table.rule_flags,
                int(table.assisted),
                match.seed,
            ),
        )
        if table.assisted:
            connection.execute("UPDATE matches SET assisted = 1 WHERE key = ?", (key,))
        row = connection.execute("SELECT id FROM matches WHERE key = ?", (key,)).fetchone()
        return int(row[0])

    def _insert_hand(
        self,
        connection: sqlite3.Connection,
        key: str,
        match: Match,
        table: TableInfo,
        facts: HandFacts,
        moment: datetime,
    ) -> Recorded:
        now = _iso(moment)
        match_id = self._ensure_match(connection, key, match, table, now)
        juego_won = None if facts.juego_won is None else int(facts.juego_won)
        last_ten = facts.last_ten_side
        cursor = connection.execute(
            f"INSERT OR IGNORE INTO hands ({', '.join(_HAND_COLUMNS)}) VALUES ({', '.join('?' * len(_HAND_COLUMNS))})",
            (
                match_id,
                facts.number,
                now,
                table.players,
                table.rival_level,
                table.partner_level,
                table.rules_preset,
                table.rule_flags,
                int(table.assisted),
                facts.coto_number,
                facts.juego_number,
                int(facts.first_of_juego),
                facts.termination.value,
                facts.card_points[0],
                facts.card_points[1],
                10 if last_ten == 0 else 0,
                10 if last_ten == 1 else 0,
                facts.cante_points[0],
                facts.cante_points[1],
                facts.capote_side,
                facts.capote_bonus,
                facts.points[0],
                facts.points[1],
                facts.totals[0],
                facts.totals[1],
                facts.cantes[0],
                facts.cantes[1],
                facts.tute_seat,
                facts.tute_side,
                juego_won,
            ),
        )
        if cursor.rowcount == 0:
            return Recorded(new=False, saved=True, juego_won=facts.juego_won)
        if facts.juego_won is None:
            return Recorded(new=True, saved=True)
        assisted = table.assisted or bool(
            connection.execute(
                "SELECT 1 FROM hands WHERE match_id = ? AND juego_number = ? AND assisted = 1 LIMIT 1",
                (match_id, facts.juego_number),
            ).fetchone()
        )
        cursor = connection.execute(
            "INSERT OR IGNORE INTO juegos (match_id, number, coto_number, ended_at, players, rival_level,"
            " partner_level, rules_preset, assisted, hands, won, termination)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                match_id,
                facts.juego_number,
                facts.coto_number,
                now,
                table.players,
                table.rival_level,
                table.partner_level,
                table.rules_preset,
                int(assisted),
                facts.juego_hands,
                juego_won,
                facts.termination.value,
            ),
        )
        change: RatingChange | None = None
        if cursor.rowcount and not assisted:
            change = self._rate(connection, int(cursor.lastrowid or 0), table, facts.juego_won, moment)
        if facts.coto_won is not None:
            connection.execute(
                "INSERT OR IGNORE INTO cotos (match_id, number, ended_at, players, assisted, won)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                (match_id, facts.coto_number, now, table.players, int(assisted), int(facts.coto_won)),
            )
        return Recorded(new=True, saved=True, juego_won=facts.juego_won, rating=change)

    def _rate(
        self, connection: sqlite3.Connection, juego_id: int, table: TableInfo, won: bool, moment: datetime
    ) -> RatingChange | None:
        partner = table.partner_level if table.players == 4 else None
        if not is_rated_level(table.rival_level, table.players):
            return None
        if partner is not None and not is_rated_level(partner, table.players):
            return None
        before = self._current(connection, table.players, moment)
        game = juego_game(table.players, table.rival_level, partner, won)
        after = update(before, [game])
        connection.execute(
            "INSERT INTO ratings (juego_id, players, rated_at, opponent, weight, score, expected, rating_before,"
            " rd_before, rating, rd) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                juego_id,
                table.players,
                _iso(moment),
                game.opponent,
                game.weight,
                game.score,
                expected(before.rating, game),
                before.rating,
                before.rd,
                after.rating,
                after.rd,
            ),
        )
        return RatingChange(table.players, before, after)

    @staticmethod
    def _current(connection: sqlite3.Connection, players: int, moment: datetime) -> Rating:
        row = connection.execute(
            "SELECT rating, rd, rated_at FROM ratings WHERE players = ? ORDER BY id DESC LIMIT 1", (players,)
        ).fetchone()
        if row is None:
            return Rating()
        return age(Rating(row[0], row[1]), _days_between(row[2], moment))

    # -- queries ----------------------------------------------------------------------------------

    def totals(self, players: int | None = None, assisted: bool | None = None) -> Totals:
        """Matches, hands, juegos, cotos and points (at one table size, assisted or not, or all)."""

        def step(connection: sqlite3.Connection) -> Totals:
            where, args = _filter(players, assisted)
            matches = connection.execute(
                "SELECT COUNT(*), COALESCE(SUM(winner_side = 0), 0), COALESCE(SUM(winner_side = 1), 0)"
                f" FROM matches {where}",
                args,
            ).fetchone()
            hands = connection.execute(
                "SELECT COUNT(*), COALESCE(SUM(points_player), 0), COALESCE(SUM(points_rivals), 0),"
                f" MIN(played_at), MAX(played_at) FROM hands {where}",
                args,
            ).fetchone()
            juegos = connection.execute(f"SELECT COUNT(*), COALESCE(SUM(won), 0) FROM juegos {where}", args).fetchone()
            cotos = connection.execute(f"SELECT COUNT(*), COALESCE(SUM(won), 0) FROM cotos {where}", args).fetchone()
            return Totals(
                matches=matches[0],
                matches_won=matches[1],
                matches_lost=matches[2],
                hands=hands[0],
                juegos=juegos[0],
                juegos_won=juegos[1],
                cotos=cotos[0],
                cotos_won=cotos[1],
                points_player=hands[1],
                points_rivals=hands[2],
                first_played=hands[3],
                last_played=hands[4],
            )

        return self._read(step, Totals())

    def results(self, players: int | None = None) -> list[LevelResult]:
        """Juegos won and lost at each table (size, rival level, partner level), assisted ones apart."""

        def step(connection: sqlite3.Connection) -> list[LevelResult]:
            where, args = _filter(players, None)
            juegos = {
                (row[0], row[1], row[2], bool(row[3])): (row[4], row[5])
                for row in connection.execute(
                    "SELECT players, rival_level, partner_level, assisted, COUNT(*), SUM(won) FROM juegos"
                    f" {where} GROUP BY players, rival_level, partner_level, assisted",
                    args,
                )
            }
            hands = {
                (row[0], row[1], row[2], bool(row[3])): (row[4], row[5])
                for row in connection.execute(
                    "SELECT players, rival_level, partner_level, assisted, COUNT(*),"
                    f" AVG(points_player - points_rivals) FROM hands {where}"
                    " GROUP BY players, rival_level, partner_level, assisted",
                    args,
                )
            }
            out = []
            for group in sorted(set(juegos) | set(hands), key=_group_order):
                count, wins = juegos.get(group, (0, 0))
                hand_count, mean = hands.get(group, (0, None))
                out.append(LevelResult(*group, count, wins, hand_count, mean))
            return out

        return self._read(step, [])

    def cantes(self, players: int | None = None, assisted: bool | None = None) -> CanteCounts:
        """Cantes, their points, tutes and capotes of each side."""

        def step(connection: sqlite3.Connection) -> CanteCounts:
            where, args = _filter(players, assisted)
            row = connection.execute(
                "SELECT COUNT(*), COALESCE(SUM(cantes_player), 0), COALESCE(SUM(cantes_rivals), 0),"
                " COALESCE(SUM(cante_points_player), 0), COALESCE(SUM(cante_points_rivals), 0),"
                " COALESCE(SUM(tute_side = 0), 0), COALESCE(SUM(tute_side = 1), 0),"
                f" COALESCE(SUM(capote_side = 0), 0), COALESCE(SUM(capote_side = 1), 0) FROM hands {where}",
                args,
            ).fetchone()
            return CanteCounts(*row)

        return self._read(step, CanteCounts())

    def endings(self, players: int | None = None, assisted: bool | None = None) -> dict[Termination, int]:
        """How many hands ended each way (the engine's :class:`Termination`), in the enum's order."""

        def step(connection: sqlite3.Connection) -> dict[Termination, int]:
            where, args = _filter(players, assisted)
            counts = dict(
                connection.execute(f"SELECT termination, COUNT(*) FROM hands {where} GROUP BY termination", args)
            )
            return {t: counts[t.value] for t in Termination if t.value in counts}

        return self._read(step, {})

    def points_series(self, players: int | None = None, assisted: bool | None = None) -> list[PointsSample]:
        """Each hand's points for both sides in playing order (a series for a chart)."""

        def step(connection: sqlite3.Connection) -> list[PointsSample]:
            where, args = _filter(players, assisted)
            rows = connection.execute(
                f"SELECT played_at, players, points_player, points_rivals, assisted FROM hands {where}"
                " ORDER BY played_at, id",
                args,
            )
            return [
                PointsSample(index, row[0], row[1], row[2], row[3], bool(row[4]))
                for index, row in enumerate(rows, start=1)
            ]

        return self._read(step, [])

    def rating(self, players: int) -> RatingState:
        """The player's rating at a table size now (1500 ± 350 before any rated juego)."""
        now = self.clock()

        def step(connection: sqlite3.Connection) -> RatingState:
            count, last = connection.execute(
                "SELECT COUNT(*), MAX(rated_at) FROM ratings WHERE players = ?", (players,)
            ).fetchone()
            return RatingState(players, self._current(connection, players, now), count, last)

        return self._read(step, RatingState(players, Rating(), 0, None))

    def rating_history(self, players: int) -> list[RatingPoint]:
        """The rating after each rated juego at a table size, oldest first."""

        def step(connection: sqlite3.Connection) -> list[RatingPoint]:
            rows = connection.execute(
                "SELECT rated_at, players, rating, rd, opponent, weight, score, expected FROM ratings"
                " WHERE players = ? ORDER BY id",
                (players,),
            )
            return [RatingPoint(*row) for row in rows]

        return self._read(step, [])

    def summary(self, players: int | None = None) -> Summary:
        """Totals, results by table, cantes, endings and the ratings, in one call."""
        with self._lock:
            sizes = (players,) if players is not None else (2, 4)
            return Summary(
                totals=self.totals(players),
                results=self.results(players),
                cantes=self.cantes(players),
                endings=self.endings(players),
                ratings={size: self.rating(size) for size in sizes},
            )

    # -- export and reset ------------------------------------------------------------------------

    def export_csv(self, path: Path | str, force: bool = False) -> int:
        """Write one row per hand (with a header) to ``path``; the number of hands written.

        Raises ``OSError`` when ``path`` cannot be written (the caller names the file), and
        :class:`~guinote_tui.storage.Refused` for a place it will not write: an existing file
        (unless ``force``), a link, a device, the game's own files (:func:`~guinote_tui.storage.write_export`).
        """

        def step(connection: sqlite3.Connection) -> list[tuple[Any, ...]]:
            return connection.execute(
                f"SELECT m.key, {', '.join('h.' + c for c in _CSV_HAND_COLUMNS)}"
                " FROM hands h JOIN matches m ON m.id = h.match_id ORDER BY h.played_at, h.id"
            ).fetchall()

        empty: list[tuple[Any, ...]] = []
        rows = self._read(step, empty)
        buffer = io.StringIO()
        writer = csv.writer(buffer, lineterminator="\n")
        writer.writerow(["match", *(c if c != "number" else "hand" for c in _CSV_HAND_COLUMNS)])
        writer.writerows(rows)
        target = Path(path)
        if _same_file(target, self.path):  # the database under another name (a link elsewhere)
            raise storage.Refused(_("{path} is the statistics file itself: choose another place").format(path=path))
        storage.write_export(target, buffer.getvalue(), force=force)
        return len(rows)

    def reset(self) -> bool:
        """Forget everything recorded (the caller asks the player first). False when it could not be done."""

        def step(connection: sqlite3.Connection) -> bool:
            for table in TABLES:
                connection.execute(f"DELETE FROM {table}")
            return True

        return self._write(step, False)


def _same_file(path: Path, other: Path) -> bool:
    try:
        return os.path.samefile(path, other)
    except (OSError, ValueError):
        return False


_HAND_COLUMNS = (
    "match_id",
    "number",
    "played_at",
    "players",
    "rival_level",
    "partner_level",
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

#: The columns of the CSV export after the match key (``number`` is written as ``hand``).
_CSV_HAND_COLUMNS = (*_HAND_COLUMNS[1:], "review_cost")


def _filter(players: int | None, assisted: bool | None) -> tuple[str, tuple[Any, ...]]:
    conditions: list[str] = []
    args: list[Any] = []
    if players is not None:
        conditions.append("players = ?")
        args.append(players)
    if assisted is not None:
        conditions.append("assisted = ?")
        args.append(int(assisted))
    return ("WHERE " + " AND ".join(conditions) if conditions else ""), tuple(args)


_LEVEL_ORDER = {name: index for index, name in enumerate(("random", "easy", "normal", "hard", "expert"))}


def _group_order(group: tuple[int, str, str | None, bool]) -> tuple[Any, ...]:
    players, rival, partner, assisted = group
    return (
        players,
        assisted,
        _LEVEL_ORDER.get(rival, 99),
        rival,
        _LEVEL_ORDER.get(partner or "", 99),
        partner or "",
    )


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
