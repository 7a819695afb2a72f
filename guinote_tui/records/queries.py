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

    def totals(self, players: int | None = None, assisted: bool | None = None, people: bool | None = None) -> Totals:
        """Matches, hands, juegos, cotos and points (at one table size, assisted or not, with people or not, or all)."""

        def step(connection: sqlite3.Connection) -> Totals:
            where, args = _filter(players, assisted, people)
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
        """Juegos won and lost at each table (size, levels, the people at it), assisted ones apart."""

        def step(connection: sqlite3.Connection) -> list[LevelResult]:
            where, args = _filter(players, None)
            table = "players, rival_level, partner_level, assisted, rival_people, partner_person"
            juegos = {
                _group(row): (row[6], row[7])
                for row in connection.execute(
                    f"SELECT {table}, COUNT(*), SUM(won) FROM {rows('juegos')} {where} GROUP BY {table}", args
                )
            }
            hands = {
                _group(row): (row[6], row[7])
                for row in connection.execute(
                    f"SELECT {table}, COUNT(*), AVG(points_player - points_rivals) FROM {rows('hands')} {where}"
                    f" GROUP BY {table}",
                    args,
                )
            }
            out = []
            for group in sorted(set(juegos) | set(hands), key=_group_order):
                count, wins = juegos.get(group, (0, 0))
                hand_count, mean = hands.get(group, (0, None))
                players_, rival, partner, assisted, rival_people, partner_person = group
                out.append(
                    LevelResult(
                        players_, rival, partner, assisted, count, wins, hand_count, mean, rival_people, partner_person
                    )
                )
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
                people=self.totals(players, people=True),
            )


def _filter(players: int | None, assisted: bool | None, people: bool | None = None) -> tuple[str, tuple[Any, ...]]:
    """The ``WHERE`` clause and its arguments for a table size, an assisted flag and people at the table (None: any).

    >>> _filter(None, None), _filter(4, False)
    (('', ()), ('WHERE players = ? AND assisted = ?', (4, 0)))
    >>> _filter(2, None, people=True)[0]
    'WHERE players = ? AND (rival_people > 0 OR partner_person = 1)'
    """
    conditions: list[str] = []
    args: list[Any] = []
    if players is not None:
        conditions.append("players = ?")
        args.append(players)
    if assisted is not None:
        conditions.append("assisted = ?")
        args.append(int(assisted))
    if people is not None:
        conditions.append(WITH_PEOPLE if people else f"NOT {WITH_PEOPLE}")
    return ("WHERE " + " AND ".join(conditions) if conditions else ""), tuple(args)


#: A row of a game with people (a rival or the partner was a person).
WITH_PEOPLE = "(rival_people > 0 OR partner_person = 1)"

_LEVEL_ORDER = {name: index for index, name in enumerate(("random", "easy", "normal", "hard", "expert"))}

#: A table's group in the results: size, rival level, partner level, assisted, rivals who were people, partner one.
Group = tuple[int, str, str | None, bool, int, bool]


def _group(row: tuple[Any, ...]) -> Group:
    return (row[0], row[1], row[2], bool(row[3]), row[4], bool(row[5]))


def _group_order(group: Group) -> tuple[Any, ...]:
    players, rival, partner, assisted, rival_people, partner_person = group
    return (
        players,
        rival_people > 0 or partner_person,
        assisted,
        rival_people,
        partner_person,
        _LEVEL_ORDER.get(rival, 99),
        rival,
        _LEVEL_ORDER.get(partner or "", 99),
        partner or "",
    )
