"""The read queries: totals, results by table, cantes, endings, points over time and the rating.

Each returns plain dataclasses (:mod:`.results`), and what an empty file
would give when the file cannot be read (the problem is then kept by the
store, :attr:`~.store.Store.problem`). Every query reads the valid rows of
its tables only (:func:`.columns.rows`); :meth:`Queries.damaged` counts the
others.
"""

from __future__ import annotations

import sqlite3
from datetime import datetime
from typing import Any

from ..engine import Termination
from .columns import checked, rows
from .rating import Rating, age
from .results import CanteCounts, LevelResult, PointsSample, RatingPoint, RatingState, Summary, Totals
from .store import Store


def days_between(earlier: str, later: datetime) -> float:
    """Days from a moment as the file keeps it (ISO 8601) to ``later`` (0 for a moment that cannot be read).

    >>> from datetime import UTC
    >>> days_between("2025-03-01T00:00:00+00:00", datetime(2025, 3, 2, 12, tzinfo=UTC))
    1.5
    >>> days_between("yesterday", datetime(2025, 3, 2, tzinfo=UTC))
    0.0
    """
    try:
        start = datetime.fromisoformat(earlier)
    except ValueError:
        return 0.0
    return (later - start).total_seconds() / 86_400


def current_rating(connection: sqlite3.Connection, players: int, moment: datetime) -> Rating:
    """The rating at a table size at ``moment``: the last one recorded, aged since (1500 ± 350 before any)."""
    row = connection.execute(
        f"SELECT rating, rd, rated_at FROM {checked('ratings')} WHERE players = ? ORDER BY id DESC LIMIT 1", (players,)
    ).fetchone()
    if row is None:
        return Rating()
    return age(Rating(row[0], row[1]), days_between(row[2], moment))


class Queries(Store):
    """What the file holds, read back."""

    def totals(self, players: int | None = None, assisted: bool | None = None) -> Totals:
        """Matches, hands, juegos, cotos and points (at one table size, assisted or not, or all)."""

        def step(connection: sqlite3.Connection) -> Totals:
            where, args = _filter(players, assisted)
            matches = connection.execute(
                "SELECT COUNT(*), COALESCE(SUM(winner_side = 0), 0), COALESCE(SUM(winner_side = 1), 0)"
                f" FROM {rows('matches')} {where}",
                args,
            ).fetchone()
            hands = connection.execute(
                "SELECT COUNT(*), COALESCE(SUM(points_player), 0), COALESCE(SUM(points_rivals), 0),"
                f" MIN(played_at), MAX(played_at) FROM {rows('hands')} {where}",
                args,
            ).fetchone()
            juegos = connection.execute(
                f"SELECT COUNT(*), COALESCE(SUM(won), 0) FROM {rows('juegos')} {where}", args
            ).fetchone()
            cotos = connection.execute(
                f"SELECT COUNT(*), COALESCE(SUM(won), 0) FROM {rows('cotos')} {where}", args
            ).fetchone()
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
                    "SELECT players, rival_level, partner_level, assisted, COUNT(*), SUM(won) FROM"
                    f" {rows('juegos')} {where} GROUP BY players, rival_level, partner_level, assisted",
                    args,
                )
            }
            hands = {
                (row[0], row[1], row[2], bool(row[3])): (row[4], row[5])
                for row in connection.execute(
                    "SELECT players, rival_level, partner_level, assisted, COUNT(*),"
                    f" AVG(points_player - points_rivals) FROM {rows('hands')} {where}"
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
                " COALESCE(SUM(capote_side = 0), 0), COALESCE(SUM(capote_side = 1), 0)"
                f" FROM {rows('hands')} {where}",
                args,
            ).fetchone()
            return CanteCounts(*row)

        return self._read(step, CanteCounts())

    def endings(self, players: int | None = None, assisted: bool | None = None) -> dict[Termination, int]:
        """How many hands ended each way (the engine's :class:`Termination`), in the enum's order."""

        def step(connection: sqlite3.Connection) -> dict[Termination, int]:
            where, args = _filter(players, assisted)
            counts = dict(
                connection.execute(
                    f"SELECT termination, COUNT(*) FROM {rows('hands')} {where} GROUP BY termination", args
                )
            )
            return {t: counts[t.value] for t in Termination if t.value in counts}

        return self._read(step, {})

    def points_series(self, players: int | None = None, assisted: bool | None = None) -> list[PointsSample]:
        """Each hand's points for both sides in playing order (a series for a chart)."""

        def step(connection: sqlite3.Connection) -> list[PointsSample]:
            where, args = _filter(players, assisted)
            found = connection.execute(
                f"SELECT played_at, players, points_player, points_rivals, assisted FROM {rows('hands')} {where}"
                " ORDER BY played_at, id",
                args,
            )
            return [
                PointsSample(index, row[0], row[1], row[2], row[3], bool(row[4]))
                for index, row in enumerate(found, start=1)
            ]

        return self._read(step, [])

    def rating(self, players: int) -> RatingState:
        """The player's rating at a table size now (1500 ± 350 before any rated juego)."""
        now = self.clock()

        def step(connection: sqlite3.Connection) -> RatingState:
            count, last = connection.execute(
                f"SELECT COUNT(*), MAX(rated_at) FROM {rows('ratings')} WHERE players = ?", (players,)
            ).fetchone()
            return RatingState(players, current_rating(connection, players, now), count, last)

        return self._read(step, RatingState(players, Rating(), 0, None))

    def rating_history(self, players: int) -> list[RatingPoint]:
        """The rating after each rated juego at a table size, oldest first."""

        def step(connection: sqlite3.Connection) -> list[RatingPoint]:
            found = connection.execute(
                "SELECT rated_at, players, rating, rd, opponent, weight, score, expected FROM"
                f" {rows('ratings')} WHERE players = ? ORDER BY id",
                (players,),
            )
            return [RatingPoint(*row) for row in found]

        return self._read(step, [])

    def damaged(self) -> int:
        """The damaged records (rows holding a value of the wrong type or out of range), left out of every figure."""
        return self._read(lambda connection: self._list_damaged(connection)[0], 0)

    def summary(self, players: int | None = None) -> Summary:
        """Totals, results by table, cantes, endings, the ratings and the damaged records left out, in one call."""
        with self._lock:
            sizes = (players,) if players is not None else (2, 4)
            return Summary(
                totals=self.totals(players),
                results=self.results(players),
                cantes=self.cantes(players),
                endings=self.endings(players),
                ratings={size: self.rating(size) for size in sizes},
                damaged=self.damaged(),
            )


def _filter(players: int | None, assisted: bool | None) -> tuple[str, tuple[Any, ...]]:
    """The ``WHERE`` clause and its arguments for a table size and an assisted flag (None: any).

    >>> _filter(None, None), _filter(4, False)
    (('', ()), ('WHERE players = ? AND assisted = ?', (4, 0)))
    """
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
