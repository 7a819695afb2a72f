"""Recording: each finished hand once, the juegos and cotos it closes, the rating they move, the match's end.

Each hand has a unique key (the match's key, the hand's number), so
recording a hand again (after a resume) changes nothing. One transaction
per hand (:meth:`~.store.Store._write`): a crash loses at most the hand
being written.

A hand is recorded from the engine's match (:meth:`Recorder.record_hand`)
or, at a table of people where the player's program holds no match, from
what the player's seat saw of it (:meth:`Recorder.record_seen_hand`).
"""

from __future__ import annotations

import logging
import sqlite3
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING

from .columns import checked
from .queries import current_rating
from .rating import Rating, expected, is_rated_level, juego_game, update
from .schema import HAND_COLUMNS
from .store import Store, iso

if TYPE_CHECKING:
    from ..engine import Match, SeatView
    from .facts import HandFacts, TableInfo
    from .seen import JuegoPlace, ScoreLike

logger = logging.getLogger(__name__)


def new_match_key() -> str:
    """A fresh key naming a match in the statistics (kept with the match, so a resumed match keeps it)."""
    import uuid

    return uuid.uuid4().hex


def seat_match_key(code: str) -> str:
    """The key naming in the statistics the match played in a hosted table's seat, from the seat's code.

    The code opens one seat of one table: joining again with it (after a lost
    connection, or at a table its host continues) records under the same key,
    so no hand is counted twice. The code itself is not kept (a digest of it).

        >>> seat_match_key("Xq3a") == seat_match_key("Xq3a") != seat_match_key("Xq3b")
        True
        >>> len(seat_match_key("Xq3a"))
        32
    """
    import hashlib

    return hashlib.sha256(b"guinote-tui seat\0" + code.encode("utf-8", "replace")).hexdigest()[:32]


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


class Recorder(Store):
    """Finished hands and matches, written to the file."""

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
        from .facts import hand_facts  # (with the engine's hands: reading the statistics needs neither)

        if number is None:
            number = len(match.finished)
        facts = hand_facts(match, number)
        now = self.clock()
        return self._write(lambda c: self._insert_hand(c, match_key, match.seed, table, facts, now), NOT_SAVED)

    def record_seen_hand(
        self, match_key: str, view: SeatView, number: int, before: ScoreLike, after: ScoreLike, table: TableInfo
    ) -> Recorded:
        """Record finished hand ``number`` as the player's seat saw it (a table of people: no match at hand), once.

        ``view`` is the seat's last view of the hand (with the hand's events
        the seat was told), ``before`` and ``after`` the match's score before
        the hand's end and after it, counted by the view's sides
        (:func:`.seen.seen_hand_facts`). Where the hand stands among the
        match's juegos is read from the hand before it, recorded under the
        same key. Recording a hand already recorded changes nothing; a view
        or a score that does not hold together records nothing (``saved``
        False, and a line in the log): the host's messages are not the
        engine's.
        """
        if table.players != view.players:
            raise ValueError(f"the table has {table.players} players but the view {view.players}")
        from .seen import seen_hand_facts  # (with the engine's hands: reading the statistics needs neither)

        now = self.clock()

        def step(connection: sqlite3.Connection) -> Recorded:
            place = self._juego_place(connection, match_key, view, number, before)
            facts = seen_hand_facts(view, number, before, after, place)
            return self._insert_hand(connection, match_key, None, table, facts, now)

        try:
            return self._write(step, NOT_SAVED)
        except ValueError as exc:
            logger.warning("hand %s of match %s not recorded: %s", number, match_key, exc)
            return NOT_SAVED

    def record_seen_match_end(self, match_key: str, winner_side: int | None, table: TableInfo) -> bool:
        """Record a match played at a table of people as ended: the side that won (0: the player's), and the time.

        ``winner_side`` None: the player left before the end (the match counts
        as unfinished). Its hands are recorded each as it ends
        (:meth:`record_seen_hand`). False when nothing could be saved.
        """
        if winner_side not in (0, 1, None):
            raise ValueError(f"a side is 0 or 1, not {winner_side}")
        return self._end_match(match_key, None, winner_side, table)

    def _juego_place(
        self, connection: sqlite3.Connection, key: str, view: SeatView, number: int, before: ScoreLike
    ) -> JuegoPlace:
        """Where hand ``number`` stands among its match's juegos, from the hand before it as the file keeps it.

        Without that hand (the seat joined the match later, or it was not
        saved), the least the score allows, after every juego recorded in the
        match: its juego is never taken for one recorded.
        """
        from .seen import JuegoPlace, least_place

        if number <= 1:
            return JuegoPlace()
        hands = f"{checked('hands')} JOIN {checked('matches')} ON matches.id = hands.match_id WHERE matches.key = ?"
        row = connection.execute(
            f"SELECT hands.juego_number, hands.juego_won FROM {hands} AND hands.number = ?", (key, number - 1)
        ).fetchone()
        if row is not None:
            juego, won = int(row[0]), row[1]
            if won is not None:
                return JuegoPlace(juego + 1, 0)
            count = connection.execute(
                f"SELECT COUNT(*) FROM {hands} AND hands.juego_number = ? AND hands.number < ?", (key, juego, number)
            ).fetchone()[0]
            return JuegoPlace(juego, int(count))
        least = least_place(view, number, before)
        latest = connection.execute(
            f"SELECT MAX(hands.juego_number) FROM {hands} AND hands.number < ?", (key, number)
        ).fetchone()[0]
        if latest is not None and latest >= least.number:
            return JuegoPlace(int(latest) + 1, least.hands_before)
        return least

    def record_match(self, match_key: str, match: Match, table: TableInfo, first: int = 1) -> list[Recorded]:
        """Record every finished hand of ``match`` not yet recorded (after a resume), in order, from hand ``first``."""
        return [self.record_hand(match_key, match, table, n) for n in range(first, len(match.finished) + 1)]

    def record_match_end(self, match_key: str, match: Match, table: TableInfo, first: int = 1) -> bool:
        """Record the match as ended: its hands from ``first`` (those not yet recorded), then the winner and the time.

        A match left before its end keeps no winner and counts as unfinished.
        False when nothing could be saved.
        """
        self.record_match(match_key, match, table, first)
        return self._end_match(match_key, match.seed, match.winner, table)

    def _end_match(self, match_key: str, seed: int | None, winner: int | None, table: TableInfo) -> bool:
        now = iso(self.clock())

        def step(connection: sqlite3.Connection) -> bool:
            self._ensure_match(connection, match_key, seed, table, now)
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

    def _ensure_match(
        self, connection: sqlite3.Connection, key: str, seed: int | None, table: TableInfo, now: str
    ) -> int:
        connection.execute(
            "INSERT OR IGNORE INTO matches (key, started_at, players, rival_level, partner_level, rules_preset,"
            " rule_flags, assisted, seed, rival_people, partner_person) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                key,
                now,
                table.players,
                table.rival_level,
                table.partner_level,
                table.rules_preset,
                table.rule_flags,
                int(table.assisted),
                seed,
                table.rival_people,
                int(table.partner_person),
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
        seed: int | None,
        table: TableInfo,
        facts: HandFacts,
        moment: datetime,
    ) -> Recorded:
        now = iso(moment)
        match_id = self._ensure_match(connection, key, seed, table, now)
        cursor = connection.execute(
            f"INSERT OR IGNORE INTO hands ({', '.join(HAND_COLUMNS)}) VALUES ({', '.join('?' * len(HAND_COLUMNS))})",
            _hand_row(match_id, now, table, facts),
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
        rated = _insert_juego(connection, match_id, now, table, facts, assisted)
        change: RatingChange | None = None
        if rated is not None and not assisted:
            change = self._rate(connection, rated, table, facts.juego_won, moment)
        if facts.coto_won is not None:
            _insert_coto(connection, match_id, now, table, facts, assisted)
        return Recorded(new=True, saved=True, juego_won=facts.juego_won, rating=change)

    def _rate(
        self, connection: sqlite3.Connection, juego_id: int, table: TableInfo, won: bool, moment: datetime
    ) -> RatingChange | None:
        partner = table.partner_level if table.players == 4 else None
        if table.with_people:  # (the rating is against the bots' measured strengths)
            return None
        if not is_rated_level(table.rival_level, table.players):
            return None
        if partner is not None and not is_rated_level(partner, table.players):
            return None
        before = current_rating(connection, table.players, moment)
        game = juego_game(table.players, table.rival_level, partner, won)
        after = update(before, [game])
        # (A rating already naming this juego, new as it is, is a stray row of a file the game did not write.)
        connection.execute(
            "INSERT OR REPLACE INTO ratings (juego_id, players, rated_at, opponent, weight, score, expected,"
            " rating_before, rd_before, rating, rd) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                juego_id,
                table.players,
                iso(moment),
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

def _hand_row(match_id: int, now: str, table: TableInfo, facts: HandFacts) -> tuple[object, ...]:
    """The hand's row of ``hands``, in the order of :data:`HAND_COLUMNS`."""
    juego_won = None if facts.juego_won is None else int(facts.juego_won)
    last_ten = facts.last_ten_side
    return (
        match_id,
        facts.number,
        now,
        table.players,
        table.rival_level,
        table.partner_level,
        table.rival_people,
        int(table.partner_person),
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
    )


def _insert_juego(
    connection: sqlite3.Connection, match_id: int, now: str, table: TableInfo, facts: HandFacts, assisted: bool
) -> int | None:
    """Keep the juego the hand ended; its row id when it is new (None when it was kept before)."""
    juego_won = None if facts.juego_won is None else int(facts.juego_won)
    cursor = connection.execute(
        "INSERT OR IGNORE INTO juegos (match_id, number, coto_number, ended_at, players, rival_level,"
        " partner_level, rules_preset, assisted, hands, won, termination, rival_people, partner_person)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
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
            table.rival_people,
            int(table.partner_person),
        ),
    )
    return int(cursor.lastrowid or 0) if cursor.rowcount else None


def _insert_coto(
    connection: sqlite3.Connection, match_id: int, now: str, table: TableInfo, facts: HandFacts, assisted: bool
) -> None:
    """Keep the coto the hand ended."""
    assert facts.coto_won is not None
    connection.execute(
        "INSERT OR IGNORE INTO cotos (match_id, number, ended_at, players, assisted, won, rival_people,"
        " partner_person) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        (
            match_id,
            facts.coto_number,
            now,
            table.players,
            int(assisted),
            int(facts.coto_won),
            table.rival_people,
            int(table.partner_person),
        ),
    )
