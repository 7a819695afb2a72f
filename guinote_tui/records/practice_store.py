"""Practice from the player's own mistakes: the graded decisions of reviewed hands, their repetition, the answers.

The review of a hand hands its graded decisions to
:meth:`Practice.record_mistakes`, which keeps each with the whole hand's
position before it (so that the same deal can be played again) and
schedules it for practice the same day: a mistake reviewed today is asked in
today's session once, then by the schedule (:mod:`guinote_tui.practice.schedule`). Reviewing the hand again replaces
what was kept of it: a decision graded again keeps its row (and its
practice), one no longer graded goes with its practice. The practice
screens then read the problems due on a day (:meth:`Practice.due`), keep
each problem's repetition state (:meth:`Practice.set_practice_state`) and
every answer (:meth:`Practice.record_answer`).

The learning curve (:meth:`Practice.mistake_curve`) follows the graded
decisions per reviewed hand and their cost. It counts the hands reviewed
with no graded decision too (``hands.review_graded`` is 0 for them), so the
rate per hand is honest; a hand reviewed before version 2 of the schema
kept no decisions (``review_graded`` is NULL) and is not counted. A point
sums a block of consecutive reviewed hands (20 by default) rather than a
calendar week: the player who reviews five hands one week and fifty the
next gets points equally sure, each dated by its first and last hand.

Like every query, these read only the valid rows (:mod:`.columns`); a
practice row whose mistake is no longer there (or is damaged) is not due.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from datetime import date, datetime
from typing import Any

from .columns import ANALYSIS_LONGEST, checked, rows
from .learning import (
    CURVE_BLOCK,
    DueProblem,
    GradedDecision,
    Mistake,
    MistakeCurve,
    MistakesKept,
    PracticeAnswer,
    PracticeCounts,
    PracticeState,
    ReviewedHand,
    ThemeAccuracy,
    curve,
    params_of,
    params_text,
)
from .store import Store, iso

#: The columns of a mistake read back, after its match's key, its hand's number and when the hand was played.
_MISTAKE_COLUMNS = (
    "id",
    "decision",
    "recorded_at",
    "players",
    "rules_preset",
    "rule_flags",
    "position",
    "seat",
    "trick",
    "played",
    "best",
    "grade",
    "cost",
    "cost_se",
    "reason",
    "reason_params",
    "juego",
    "analysis",
)
_MISTAKE_SELECT = "matches.key, hands.number, hands.played_at, " + ", ".join(f"mistakes.{c}" for c in _MISTAKE_COLUMNS)
_MISTAKES_FROM = (
    f"{rows('mistakes')} JOIN {rows('hands')} ON hands.id = mistakes.hand_id"
    f" JOIN {rows('matches')} ON matches.id = hands.match_id"
)
_STATE_COLUMNS = ", ".join(f"practice.{c}" for c in ("kind", "ref", "box", "due", "last_seen", "right", "wrong"))


def _mistake(row: Sequence[Any]) -> Mistake:
    key, number, played_at, mistake_id, *rest = row
    (decision, recorded_at, players, preset, flags, position, seat, trick, played, best, grade) = rest[:11]
    cost, cost_se, reason, params, juego, analysis = rest[11:]
    return Mistake(
        mistake_id,
        key,
        number,
        played_at,
        decision,
        recorded_at,
        players,
        preset,
        flags,
        position,
        seat,
        trick,
        played,
        best,
        grade,
        float(cost),
        float(cost_se),
        reason,
        params_of(params),
        juego,
        analysis,
    )


def _state(row: Sequence[Any]) -> PracticeState:
    kind, ref, box, due, last_seen, right, wrong = row
    seen = date.fromisoformat(last_seen) if last_seen is not None else None
    return PracticeState(kind, ref, box, date.fromisoformat(due), seen, right, wrong)


class Practice(Store):
    """The graded decisions kept, and practice: its schedule, its answers, the learning curve."""

    # -- writing -----------------------------------------------------------------------------------

    def record_mistakes(
        self, match_key: str, hand_number: int, decisions: Sequence[GradedDecision], today: date | None = None
    ) -> MistakesKept:
        """Keep the graded decisions of reviewed hand ``hand_number`` of the match ``match_key`` (all of them).

        Also sets the hand's review cost (the sum of their costs) and how many
        there are (``review_graded``: 0 for a hand reviewed without any).
        Idempotent: a decision already kept (by its place in the hand's log) is
        updated in place, keeping its id and its practice; one kept before but
        not among ``decisions`` now is dropped with its practice. A new one is
        due for practice on ``today`` itself (default: the clock's day where
        the player is), so today's session asks it; its answer then sets
        when it comes back. Nothing is kept for a hand not recorded (or
        damaged): ``saved`` is then False.
        """
        now = self.clock()
        day = today if today is not None else day_of(now)
        due = day.isoformat()
        moment = iso(now)
        ordered = sorted(decisions, key=lambda d: d.index)
        if len({d.index for d in ordered}) != len(ordered):
            raise ValueError("two decisions at the same place of the hand's log")

        def step(connection: sqlite3.Connection) -> MistakesKept:
            hand = connection.execute(
                f"SELECT hands.id FROM {checked('hands')} JOIN matches ON matches.id = hands.match_id"
                " WHERE matches.key = ? AND hands.number = ?",
                (match_key, hand_number),
            ).fetchone()
            if hand is None:
                return MistakesKept(False)
            hand_id = int(hand[0])
            kept = dict(connection.execute("SELECT decision, id FROM mistakes WHERE hand_id = ?", (hand_id,)))
            _drop_mistakes(connection, [kept[index] for index in kept if index not in {d.index for d in ordered}])
            ids = []
            new = 0
            for decision in ordered:
                mistake_id = _keep_mistake(connection, hand_id, decision, moment)
                ids.append(mistake_id)
                if decision.index not in kept:
                    new += 1
                    # (A practice row already naming a new id is a stray of a file the game did not write.)
                    connection.execute("DELETE FROM practice WHERE kind = 'mistake' AND ref = ?", (str(mistake_id),))
                connection.execute(
                    "INSERT OR IGNORE INTO practice (kind, ref, box, due, last_seen, right, wrong)"
                    " VALUES ('mistake', ?, 0, ?, NULL, 0, 0)",
                    (str(mistake_id), due),
                )
            cost = round(sum(float(d.cost) for d in ordered), 2)
            connection.execute(
                "UPDATE hands SET review_cost = ?, review_graded = ? WHERE id = ?", (cost, len(ordered), hand_id)
            )
            return MistakesKept(True, tuple(ids), new)

        return self._write(step, MistakesKept(False))

    def set_practice_state(self, state: PracticeState) -> bool:
        """Keep the repetition state of a problem (its row is made, or replaced). False when it could not be saved."""

        def step(connection: sqlite3.Connection) -> bool:
            self._put_state(connection, state)
            return True

        return self._write(step, False)

    def record_answer(self, answer: PracticeAnswer, state: PracticeState | None = None) -> bool:
        """Keep one answer given in practice, and with it (in the same transaction) the problem's new ``state``."""
        moment = iso(self.clock())

        def step(connection: sqlite3.Connection) -> bool:
            connection.execute(
                "INSERT INTO practice_answers (answered_at, kind, ref, theme, players, correct, grade, assisted)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    moment,
                    answer.kind,
                    answer.ref,
                    answer.theme,
                    answer.players,
                    int(answer.correct),
                    answer.grade,
                    int(answer.assisted),
                ),
            )
            if state is not None:
                self._put_state(connection, state)
            return True

        return self._write(step, False)

    @staticmethod
    def _put_state(connection: sqlite3.Connection, state: PracticeState) -> None:
        connection.execute(
            "INSERT INTO practice (kind, ref, box, due, last_seen, right, wrong) VALUES (?, ?, ?, ?, ?, ?, ?)"
            " ON CONFLICT (kind, ref) DO UPDATE SET box = excluded.box, due = excluded.due,"
            " last_seen = excluded.last_seen, right = excluded.right, wrong = excluded.wrong",
            (
                state.kind,
                state.ref,
                state.box,
                state.due.isoformat(),
                state.last_seen.isoformat() if state.last_seen is not None else None,
                state.right,
                state.wrong,
            ),
        )

    # -- reading -----------------------------------------------------------------------------------

    def mistakes(self, players: int | None = None, limit: int | None = None) -> list[Mistake]:
        """The graded decisions kept, newest hand first (its latest decision first), at one table size or all."""

        def step(connection: sqlite3.Connection) -> list[Mistake]:
            where, args = ("WHERE mistakes.players = ?", [players]) if players is not None else ("", [])
            tail = " LIMIT ?" if limit is not None else ""
            found = connection.execute(
                f"SELECT {_MISTAKE_SELECT} FROM {_MISTAKES_FROM} {where}"
                f" ORDER BY hands.played_at DESC, hands.id DESC, mistakes.decision DESC{tail}",
                (*args, *([limit] if limit is not None else [])),
            )
            return [_mistake(row) for row in found]

        return self._read(step, [])

    def mistake(self, mistake_id: int) -> Mistake | None:
        """One graded decision kept, by its id (None: none such, or a damaged record)."""

        def step(connection: sqlite3.Connection) -> Mistake | None:
            row = connection.execute(
                f"SELECT {_MISTAKE_SELECT} FROM {_MISTAKES_FROM} WHERE mistakes.id = ?", (mistake_id,)
            ).fetchone()
            return _mistake(row) if row is not None else None

        return self._read(step, None)

    def practice_state(self, kind: str, ref: str) -> PracticeState | None:
        """The repetition state of a problem (None: not scheduled, or a damaged record)."""

        def step(connection: sqlite3.Connection) -> PracticeState | None:
            row = connection.execute(
                f"SELECT {_STATE_COLUMNS} FROM {rows('practice')} WHERE kind = ? AND ref = ?", (kind, ref)
            ).fetchone()
            return _state(row) if row is not None else None

        return self._read(step, None)

    def practice_states(self, kind: str | None = None) -> list[PracticeState]:
        """The repetition state of every problem scheduled (of one ``kind``, or all), in the order they were made.

        Unlike :meth:`due`, a mistake's state is listed whether its mistake is readable or not.
        """

        def step(connection: sqlite3.Connection) -> list[PracticeState]:
            where, args = ("WHERE kind = ?", [kind]) if kind is not None else ("", [])
            query = f"SELECT {_STATE_COLUMNS} FROM {rows('practice')} {where} ORDER BY practice.id"
            return [_state(row) for row in connection.execute(query, args)]

        return self._read(step, [])

    def _due_query(self, columns: str, on: date, players: int | None, kind: str | None) -> tuple[str, list[Any]]:
        conditions = ["practice.due <= ?", "(practice.kind = 'puzzle' OR mistakes.id IS NOT NULL)"]
        args: list[Any] = [on.isoformat()]
        if players is not None:
            conditions.append("(practice.kind = 'puzzle' OR mistakes.players = ?)")
            args.append(players)
        if kind is not None:
            conditions.append("practice.kind = ?")
            args.append(kind)
        query = (
            f"SELECT {columns} FROM {rows('practice')} LEFT JOIN ({_MISTAKES_FROM})"
            " ON practice.kind = 'mistake' AND mistakes.id = CAST(practice.ref AS INTEGER)"
            " AND CAST(mistakes.id AS TEXT) = practice.ref"
            f" WHERE {' AND '.join(conditions)}"
        )
        return query, args

    def due(
        self, on: date, players: int | None = None, kind: str | None = None, limit: int | None = None
    ) -> list[DueProblem]:
        """The problems due on day ``on`` (due then or before), the longest due first, the least known first.

        ``players`` keeps the mistakes made at that table size (a puzzle is of
        no table in the file: puzzles are listed whatever it is); ``kind`` keeps
        one kind (``mistake`` or ``puzzle``).
        """

        def step(connection: sqlite3.Connection) -> list[DueProblem]:
            query, args = self._due_query(f"{_STATE_COLUMNS}, {_MISTAKE_SELECT}", on, players, kind)
            query += " ORDER BY practice.due, practice.box, practice.id"
            if limit is not None:
                query += " LIMIT ?"
                args.append(limit)
            out = []
            for row in connection.execute(query, args):
                state = _state(row[:7])
                out.append(DueProblem(state, _mistake(row[7:]) if state.kind == "mistake" else None))
            return out

        return self._read(step, [])

    def due_count(self, on: date, players: int | None = None, kind: str | None = None) -> int:
        """How many problems :meth:`due` lists."""

        def step(connection: sqlite3.Connection) -> int:
            query, args = self._due_query("COUNT(*)", on, players, kind)
            return int(connection.execute(query, args).fetchone()[0])

        return self._read(step, 0)

    def practice_counts(self) -> PracticeCounts:
        """The graded decisions kept, the problems scheduled and the answers given (valid records)."""

        def step(connection: sqlite3.Connection) -> PracticeCounts:
            counts = [
                connection.execute(f"SELECT COUNT(*) FROM {rows(table)}").fetchone()[0]
                for table in ("mistakes", "practice", "practice_answers")
            ]
            return PracticeCounts(*counts)

        return self._read(step, PracticeCounts())

    # -- the learning curve ------------------------------------------------------------------------

    def mistake_curve(self, players: int, block: int = CURVE_BLOCK) -> MistakeCurve:
        """Graded decisions per reviewed hand and their cost at a table size, a point per ``block`` reviewed hands.

        A reviewed hand counts once its graded decisions were kept (none is a
        count of 0); one whose decisions cannot all be read (a damaged record)
        is left out and counted (:attr:`~.learning.MistakeCurve.left_out`).
        """
        if block < 1:
            raise ValueError(f"a block holds at least one hand, not {block}")

        def step(connection: sqlite3.Connection) -> MistakeCurve:
            hands = connection.execute(
                f"SELECT id, played_at, review_graded FROM {rows('hands')}"
                " WHERE players = ? AND review_graded IS NOT NULL ORDER BY played_at, id",
                (players,),
            ).fetchall()
            graded: dict[int, list[tuple[str, float]]] = {}
            for hand_id, grade, cost in connection.execute(
                f"SELECT mistakes.hand_id, mistakes.grade, mistakes.cost FROM {rows('mistakes')}"
                f" JOIN {rows('hands')} ON hands.id = mistakes.hand_id"
                " WHERE hands.players = ? AND hands.review_graded IS NOT NULL ORDER BY mistakes.decision",
                (players,),
            ):
                graded.setdefault(hand_id, []).append((grade, float(cost)))
            whole = [
                ReviewedHand(played_at, tuple(graded.get(hand_id, ())))
                for hand_id, played_at, count in hands
                if len(graded.get(hand_id, ())) == count
            ]
            return curve(players, whole, block, left_out=len(hands) - len(whole))

        return self._read(step, MistakeCurve(players, block, ()))

    def practice_accuracy(
        self, players: int | None = None, kind: str | None = None, assisted: bool | None = False
    ) -> list[ThemeAccuracy]:
        """The answers given in practice by theme, the most answered first, with how many were right.

        ``assisted``: False (the default) counts the answers given unaided only,
        True the assisted ones only, None all of them.
        """

        def step(connection: sqlite3.Connection) -> list[ThemeAccuracy]:
            conditions: list[str] = []
            args: list[Any] = []
            for column, value in (("players", players), ("kind", kind)):
                if value is not None:
                    conditions.append(f"{column} = ?")
                    args.append(value)
            if assisted is not None:
                conditions.append("assisted = ?")
                args.append(int(assisted))
            where = "WHERE " + " AND ".join(conditions) if conditions else ""
            found = connection.execute(
                f"SELECT theme, COUNT(*), SUM(correct) FROM {rows('practice_answers')} {where}"
                " GROUP BY theme ORDER BY COUNT(*) DESC, theme",
                args,
            )
            return [ThemeAccuracy(theme, count, int(right)) for theme, count, right in found]

        return self._read(step, [])


def day_of(moment: datetime) -> date:
    """The player's day at ``moment`` (the local date)."""
    return moment.astimezone().date()


def _drop_mistakes(connection: sqlite3.Connection, mistake_ids: Sequence[int]) -> None:
    """Drop kept mistakes a hand's review no longer grades, with their practice."""
    for mistake_id in mistake_ids:
        connection.execute("DELETE FROM practice WHERE kind = 'mistake' AND ref = ?", (str(mistake_id),))
        connection.execute("DELETE FROM mistakes WHERE id = ?", (mistake_id,))


def _keep_mistake(connection: sqlite3.Connection, hand_id: int, decision: GradedDecision, moment: str) -> int:
    """Keep one graded decision of hand ``hand_id`` (updated in place where kept before, keeping its id): its id."""
    connection.execute(
        "INSERT INTO mistakes (hand_id, decision, recorded_at, players, rules_preset, rule_flags,"
        " position, seat, trick, played, best, grade, cost, cost_se, reason, reason_params, juego, analysis)"
        " SELECT id, ?, ?, players, rules_preset, rule_flags, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?"
        " FROM hands WHERE id = ?"
        " ON CONFLICT (hand_id, decision) DO UPDATE SET recorded_at = excluded.recorded_at,"
        " players = excluded.players, rules_preset = excluded.rules_preset,"
        " rule_flags = excluded.rule_flags, position = excluded.position, seat = excluded.seat,"
        " trick = excluded.trick, played = excluded.played, best = excluded.best,"
        " grade = excluded.grade, cost = excluded.cost, cost_se = excluded.cost_se,"
        " reason = excluded.reason, reason_params = excluded.reason_params, juego = excluded.juego,"
        " analysis = excluded.analysis",
        (
            decision.index,
            moment,
            decision.position,
            decision.seat,
            decision.trick,
            decision.played,
            decision.best,
            decision.grade,
            float(decision.cost),
            float(decision.cost_se),
            decision.reason,
            params_text(decision.reason_params),
            decision.juego,
            _analysis_kept(decision.analysis),
            hand_id,
        ),
    )
    row = connection.execute(
        "SELECT id FROM mistakes WHERE hand_id = ? AND decision = ?", (hand_id, decision.index)
    ).fetchone()
    return int(row[0])


def _analysis_kept(text: str | None) -> str | None:
    """The analysis as the file keeps it: printable ASCII, an object, not too long; None otherwise (not kept)."""
    if text is None or len(text) > ANALYSIS_LONGEST or not text.isascii() or not text.isprintable():
        return None
    return text if text.startswith("{") and text.endswith("}") else None
