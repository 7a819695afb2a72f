"""The graded decisions of reviewed hands and practice in the statistics: kept once, due on their day, the figures."""

from __future__ import annotations

import math
import os
import sqlite3
import subprocess
import sys
import textwrap
from dataclasses import replace
from datetime import date
from pathlib import Path

import pytest
from records_helpers import Clock, graded_decisions, play_match, record_as_the_game_does, replayed

from guinote_tui.engine import HandState, parse_position, seat_view
from guinote_tui.records import (
    MIGRATIONS,
    SCHEMA_VERSION,
    GradedDecision,
    PracticeAnswer,
    PracticeCounts,
    PracticeState,
    Statistics,
    TableInfo,
    wilson,
)

MARCH_1 = date(2025, 3, 1)


def recorded(path: Path | None = None, players: int = 2, seed: int = 81) -> tuple[Statistics, list[HandState]]:
    """An open statistics with one whole match recorded under the key ``k``, and the match's hands."""
    seats = {"1": "normal"} if players == 2 else {"1": "normal", "2": "easy", "3": "normal"}
    match, states = play_match(players, seed=seed, seats=seats)
    stats = Statistics(path, clock=Clock())
    record_as_the_game_does(stats, "k", match, TableInfo.of_match(match))
    return stats, states


def table_rows(path: Path, query: str) -> list[tuple[object, ...]]:
    connection = sqlite3.connect(path)
    try:
        return connection.execute(query).fetchall()
    finally:
        connection.close()


def version_1_file(path: Path, source: Path) -> None:
    """A statistics file of schema version 1 at ``path`` holding the version 1 columns of ``source``'s records."""
    connection = sqlite3.connect(path)
    try:
        for statement in MIGRATIONS[0].statements:
            connection.execute(statement)
        connection.execute("PRAGMA user_version = 1")
        connection.execute("ATTACH DATABASE ? AS source", (str(source),))
        for table in ("matches", "hands", "juegos", "cotos", "ratings"):
            names = ", ".join(row[1] for row in connection.execute(f"PRAGMA main.table_info({table})"))
            connection.execute(f"INSERT INTO main.{table} ({names}) SELECT {names} FROM source.{table}")
        connection.commit()
        connection.execute("DETACH DATABASE source")
    finally:
        connection.close()


def test_a_version_1_file_with_records_is_migrated_and_keeps_them(tmp_path: Path) -> None:
    path = tmp_path / "statistics.sqlite3"
    source = tmp_path / "source.sqlite3"
    match, states = play_match(2, seed=82, seats={"1": "hard"})
    with Statistics(source, clock=Clock()) as recording:
        record_as_the_game_does(recording, "k", match, TableInfo.of_match(match))
        assert recording.set_review_cost("k", 1, 7.5)
        before = (replace(recording.summary(), ratings={}), recording.rating_history(2))
    version_1_file(path, source)
    assert table_rows(path, "PRAGMA user_version") == [(1,)]
    assert "review_graded" not in {row[1] for row in table_rows(path, "PRAGMA table_info(hands)")}
    with Statistics(path, clock=Clock()) as stats:
        assert stats.problem is None and stats.saving
        assert (replace(stats.summary(), ratings={}), stats.rating_history(2)) == before
        # The hand reviewed before version 2 kept no decisions: it is not counted as a hand without any.
        assert stats.mistake_curve(2).points == ()
        kept = stats.record_mistakes("k", 2, graded_decisions(states[1], 2), today=MARCH_1)
        assert kept.saved and kept.new == 2
        assert [p.hands for p in stats.mistake_curve(2).points] == [1]
    assert table_rows(path, "PRAGMA user_version") == [(SCHEMA_VERSION,)] and SCHEMA_VERSION >= 2
    assert table_rows(path, "SELECT number, review_cost, review_graded FROM hands WHERE number <= 2") == [
        (1, 7.5, None),
        (2, 6.0, 2),
    ]


def test_the_graded_decisions_are_kept_with_positions_that_rebuild_the_seats_view(tmp_path: Path) -> None:
    stats, states = recorded(tmp_path / "statistics.sqlite3", players=4)
    with stats:
        decisions = graded_decisions(states[0], 4)
        kept = stats.record_mistakes("k", 1, decisions, today=MARCH_1)
        assert kept.saved and kept.new == 4 and len(kept.ids) == 4
        found = stats.mistakes()
        assert [m.decision for m in found] == sorted((d.index for d in decisions), reverse=True)
        for mistake in found:
            decision = next(d for d in decisions if d.index == mistake.decision)
            assert (mistake.match_key, mistake.hand_number, mistake.players) == ("k", 1, 4)
            assert (mistake.played, mistake.best, mistake.grade, mistake.reason) == (
                decision.played,
                decision.best,
                decision.grade,
                decision.reason,
            )
            assert mistake.reason_params == dict(decision.reason_params) and mistake.juego == decision.juego
            assert (mistake.rules_preset, mistake.rule_flags) == ("aragones", "")
            state = parse_position(mistake.position, mistake.rules())
            assert mistake.state().hands == state.hands
            rebuilt = seat_view(state, mistake.seat, events=False)
            before = seat_view(replayed(states[0], mistake.decision), mistake.seat, events=False)
            assert rebuilt == before
            assert (rebuilt.hand, len(rebuilt.tricks) + 1, rebuilt.legal) == (before.hand, mistake.trick, before.legal)
            # The hidden cards too: the same deal can be played on.
            assert state.hands == replayed(states[0], mistake.decision).hands
        assert stats.mistake(kept.ids[0]) == next(m for m in found if m.id == kept.ids[0])
        assert stats.mistake(10_000) is None


def test_recording_a_hands_decisions_again_keeps_them_once() -> None:
    stats, states = recorded()
    with stats:
        decisions = graded_decisions(states[0], 3)
        first = stats.record_mistakes("k", 1, decisions, today=MARCH_1)
        progress = PracticeState("mistake", str(first.ids[0]), 2, date(2025, 3, 9), date(2025, 3, 2), 2, 0)
        assert stats.set_practice_state(progress)
        again = stats.record_mistakes("k", 1, decisions, today=date(2025, 4, 1))
        assert again.saved and again.ids == first.ids and again.new == 0
        assert len(stats.mistakes()) == 3 and stats.practice_counts().problems == 3
        assert stats.practice_state("mistake", str(first.ids[0])) == progress  # its practice goes on
        # Reviewed again with another result: the decision no longer graded goes, with its practice.
        fewer = stats.record_mistakes("k", 1, decisions[:2])
        assert fewer.ids == first.ids[:2] and fewer.new == 0
        assert stats.practice_state("mistake", str(first.ids[2])) is None
        assert stats.practice_counts().mistakes == 2
        # No decision graded at all: the hand counts as reviewed without any.
        assert stats.record_mistakes("k", 1, []) == stats.record_mistakes("k", 1, [])
        assert stats.practice_counts().mistakes == 0
        curve = stats.mistake_curve(2)
        assert [(p.hands, p.mistakes.count) for p in curve.points] == [(1, 0)]
        # A hand not recorded keeps nothing.
        assert not stats.record_mistakes("k", 999, decisions).saved
        assert not stats.record_mistakes("other", 1, decisions).saved


def test_a_decision_not_graded_is_refused() -> None:
    with pytest.raises(ValueError, match="only a graded decision"):
        GradedDecision(0, 1, 0, "dealer 0", "1O", "2O", "close", 1.0, 1.0, "WIN_POINTS")
    with pytest.raises(ValueError, match="finite"):
        GradedDecision(0, 1, 0, "dealer 0", "1O", "2O", "blunder", math.nan, 1.0, "WIN_POINTS")


def test_the_problems_due_on_each_day() -> None:
    stats, states = recorded()
    with stats:
        ids = stats.record_mistakes("k", 1, graded_decisions(states[0], 2), today=MARCH_1).ids
        assert stats.due(MARCH_1) == [] and stats.due_count(MARCH_1) == 0
        due = stats.due(date(2025, 3, 2))
        assert [(p.kind, p.ref, p.state.box) for p in due] == [("mistake", str(i), 0) for i in ids]
        assert all(p.mistake is not None and p.mistake.id == int(p.ref) for p in due)
        assert stats.due_count(date(2025, 12, 31)) == 2
        # The first answered right: box 1, back three days later.
        state = PracticeState("mistake", str(ids[0]), 1, date(2025, 3, 5), date(2025, 3, 2), 1, 0)
        answer = PracticeAnswer("mistake", str(ids[0]), 2, True, "same", theme="WIN_POINTS")
        assert stats.record_answer(answer, state)
        assert [p.ref for p in stats.due(date(2025, 3, 4))] == [str(ids[1])]
        assert [p.ref for p in stats.due(date(2025, 3, 5))] == [str(ids[1]), str(ids[0])]  # the longest due first
        # A puzzle, of no table size: listed whatever the size asked for, unless only mistakes are.
        assert stats.set_practice_state(PracticeState("puzzle", "cante-3", 0, date(2025, 3, 3)))
        assert [p.kind for p in stats.due(date(2025, 3, 3))] == ["mistake", "puzzle"]
        assert stats.due(date(2025, 3, 3), kind="puzzle")[0].mistake is None
        assert stats.due_count(date(2025, 3, 3), players=4) == 1
        assert stats.due_count(date(2025, 3, 3), players=2, kind="mistake") == 1
        assert stats.mistakes(players=4) == [] and len(stats.mistakes(players=2, limit=1)) == 1


def test_the_learning_curve_counts_clean_hands_and_keeps_the_table_sizes_apart(tmp_path: Path) -> None:
    stats, states = recorded(tmp_path / "statistics.sqlite3", seed=84)
    assert len(states) >= 5
    with stats:
        stats.record_mistakes("k", 1, graded_decisions(states[0], 2))  # an inaccuracy (2.5), a mistake (3.5)
        stats.record_mistakes("k", 2, [])  # reviewed: nothing graded
        stats.record_mistakes("k", 3, graded_decisions(states[2], 1))  # an inaccuracy (2.5)
        stats.set_review_cost("k", 5, 9.0)  # reviewed as before version 2: no decisions kept, not counted
        pairs, pair_states = play_match(4, seed=85, seats={"1": "easy", "2": "easy", "3": "easy"})
        record_as_the_game_does(stats, "p", pairs, TableInfo.of_match(pairs))
        stats.record_mistakes("p", 1, graded_decisions(pair_states[0], 3))
        curve = stats.mistake_curve(2, block=2)
        pair_curve = stats.mistake_curve(4, block=2)
    assert curve.left_out == 0 and [(p.first, p.hands) for p in curve.points] == [(1, 2), (3, 1)]
    first, second = curve.points
    # Two graded decisions in two hands: 1 a hand, the Poisson score interval of 2 halved.
    assert first.mistakes.count == 2 and first.mistakes.per_hand == 1.0
    assert first.mistakes.low == pytest.approx(0.27424, abs=1e-4) and first.mistakes.high == pytest.approx(
        3.64649, abs=1e-4
    )
    assert {tier: rate.count for tier, rate in first.tiers.items()} == {"inaccuracy": 1, "mistake": 1, "blunder": 0}
    assert first.tiers["blunder"].low == 0.0 and first.tiers["blunder"].high == pytest.approx(1.92073, abs=1e-4)
    # Their mean cost 3.0 ± 1.96 × 0.5; per hand (6 and 0) 3.0 ± 1.96 × 3.
    assert (first.cost.n, first.cost.mean, first.cost.se) == (2, 3.0, pytest.approx(0.5))
    assert first.cost.low == pytest.approx(3.0 - 1.959964 * 0.5) and first.cost.high == pytest.approx(3.979982)
    assert (first.cost_per_hand.n, first.cost_per_hand.mean, first.cost_per_hand.se) == (2, 3.0, pytest.approx(3.0))
    # One hand alone: its figures, no standard error.
    assert (second.mistakes.count, second.mistakes.per_hand, second.cost.mean, second.cost.se) == (1, 1.0, 2.5, None)
    assert first.first_played < first.last_played <= second.first_played
    assert [(p.hands, p.mistakes.count, p.cost_per_hand.mean) for p in pair_curve.points] == [(1, 3, 10.5)]


def test_practice_accuracy_by_theme_with_its_wilson_interval() -> None:
    with Statistics(clock=Clock()) as stats:
        for n in range(10):
            stats.record_answer(PracticeAnswer("puzzle", f"p{n}", 2, n < 8, "same" if n < 8 else "blunder", "CANTE"))
        stats.record_answer(PracticeAnswer("mistake", "1", 4, False, "mistake", "WIN_POINTS"))
        stats.record_answer(PracticeAnswer("mistake", "1", 4, True, "same", "WIN_POINTS", assisted=True))
        stats.record_answer(PracticeAnswer("mistake", "2", 4, True, "close"))
        found = stats.practice_accuracy()
        assert [(t.theme, t.answers, t.correct) for t in found] == [
            ("CANTE", 10, 8),
            (None, 1, 1),
            ("WIN_POINTS", 1, 0),
        ]
        assert found[0].share == 0.8 and found[0].interval == wilson(8, 10)
        assert [round(x, 4) for x in found[0].interval] == [0.4902, 0.9433]
        assert [(t.theme, t.answers) for t in stats.practice_accuracy(players=4, assisted=None)] == [
            ("WIN_POINTS", 2),
            (None, 1),
        ]
        assert stats.practice_accuracy(kind="puzzle", players=4) == []
        assert stats.practice_counts().answers == 13


ESCAPES = "\x1b]0;PWNED\x07"

#: (a statement planting one bad value, the reader that must leave the row out).
PLANTED = {
    "grade-close": "UPDATE mistakes SET grade = 'close' WHERE id = 1",
    "cost-huge": "UPDATE mistakes SET cost = 9.9e307 WHERE id = 1",
    "position-escapes": f"UPDATE mistakes SET position = '{ESCAPES}' WHERE id = 1",
    "reason-blob": "UPDATE mistakes SET reason = x'00ff' WHERE id = 1",
    "params-not-an-object": "UPDATE mistakes SET reason_params = 'x' WHERE id = 1",
    "box-7": "UPDATE practice SET box = 7 WHERE id = 1",
    "due-feb-30": "UPDATE practice SET due = '2025-02-30' WHERE id = 1",
    "kind-other": "UPDATE practice SET kind = 'other' WHERE id = 1",
    "answer-correct-2": "UPDATE practice_answers SET correct = 2 WHERE id = 1",
    "answer-theme-escapes": f"UPDATE practice_answers SET theme = '{ESCAPES}' WHERE id = 1",
    "review-graded-text": "UPDATE hands SET review_graded = 'x' WHERE number = 1",
}


@pytest.mark.parametrize("statement", list(PLANTED.values()), ids=list(PLANTED))
def test_a_damaged_practice_record_is_left_out_and_counted(tmp_path: Path, statement: str) -> None:
    path = tmp_path / "statistics.sqlite3"
    stats, states = recorded(path)
    with stats:
        ids = stats.record_mistakes("k", 1, graded_decisions(states[0], 2), today=MARCH_1).ids
        stats.record_mistakes("k", 2, [])
        stats.record_answer(PracticeAnswer("mistake", str(ids[0]), 2, True, "same", "WIN_POINTS"))
        before = (stats.practice_counts(), stats.mistake_curve(2).points[0].hands, stats.summary().damaged)
    assert before[1:] == (2, 0)
    connection = sqlite3.connect(path)
    connection.execute(statement)
    connection.commit()
    connection.close()
    with Statistics(path) as stats:
        counts = stats.practice_counts()
        damaged = stats.summary().damaged
        curve = stats.mistake_curve(2)
        mistakes = stats.mistakes()
        due = stats.due(date(2025, 3, 2))
        accuracy = stats.practice_accuracy()
        assert stats.problem is None
    table = statement.split()[1]
    if table == "hands":  # a damaged hand leaves its graded decisions out too
        assert damaged == 3 and counts.mistakes == 0 and curve.points[0].hands == 1
        return
    assert damaged == 1
    was = before[0]
    assert (
        counts
        == {
            "mistakes": replace(was, mistakes=was.mistakes - 1),
            "practice": replace(was, problems=was.problems - 1),
            "practice_answers": replace(was, answers=was.answers - 1),
        }[table]
    )
    if table == "mistakes":
        assert [m.id for m in mistakes] == [ids[1]] and [p.ref for p in due] == [str(ids[1])]
        assert curve.left_out == 1 and curve.points[0].hands == 1  # the hand with a decision unread is left out
    if table == "practice":
        assert [p.ref for p in due] == [str(ids[1])]
    if table == "practice_answers":
        assert accuracy == []
    for mistake in mistakes:
        assert "\x1b" not in mistake.position and mistake.reason.isascii()


def test_a_reset_forgets_the_mistakes_and_practice_too() -> None:
    stats, states = recorded()
    with stats:
        ids = stats.record_mistakes("k", 1, graded_decisions(states[0], 2), today=MARCH_1).ids
        stats.record_answer(PracticeAnswer("mistake", str(ids[0]), 2, True, "same"))
        stats.set_practice_state(PracticeState("puzzle", "p1", 0, MARCH_1))
        assert stats.reset()
        assert stats.practice_counts() == PracticeCounts()
        assert stats.mistakes() == [] and stats.due_count(date(2030, 1, 1)) == 0


def test_a_practice_state_is_checked() -> None:
    with pytest.raises(ValueError, match="box"):
        PracticeState("mistake", "1", 5, MARCH_1)
    with pytest.raises(ValueError, match="reference"):
        PracticeState("puzzle", "a b", 0, MARCH_1)
    with pytest.raises(ValueError, match="tier"):
        PracticeAnswer("puzzle", "p", 2, True, "good")


KILLED = """
import sys
sys.path.insert(0, {helpers!r})
from records_helpers import Clock, graded_decisions, play_match, record_as_the_game_does
from guinote_tui.records import Statistics, TableInfo, practice_store

match, states = play_match(2, seed=86, seats={{"1": "normal"}})
stats = Statistics({path!r}, clock=Clock())
record_as_the_game_does(stats, "k", match, TableInfo.of_match(match))
assert stats.record_mistakes("k", 1, graded_decisions(states[0], 3)).saved
second = graded_decisions(states[1], 3)
kept = practice_store.params_text

def stop(params):  # the second hand's first decision is being written: say so, then wait to be killed
    print("writing", flush=True)
    sys.stdin.read()
    return kept(params)

practice_store.params_text = stop
stats.record_mistakes("k", 2, second)
"""


def test_a_kill_while_the_decisions_are_written_leaves_a_readable_file(tmp_path: Path) -> None:
    path = tmp_path / "statistics.sqlite3"
    code = textwrap.dedent(KILLED.format(helpers=str(Path(__file__).parent), path=str(path)))
    child = subprocess.Popen(
        [sys.executable, "-c", code], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=os.environ.copy()
    )
    try:
        assert child.stdout is not None and child.stdout.readline() == "writing\n"  # waits for the state
        child.kill()
    finally:
        child.wait(timeout=60)
    assert table_rows(path, "PRAGMA integrity_check") == [("ok",)]
    _, states = play_match(2, seed=86, seats={"1": "normal"})
    with Statistics(path, clock=Clock()) as stats:
        assert stats.problem is None and stats.saving
        assert [m.hand_number for m in stats.mistakes()] == [1, 1, 1]  # the hand being written: nothing of it
        assert [p.hands for p in stats.mistake_curve(2).points] == [1]
        assert stats.record_mistakes("k", 2, graded_decisions(states[1], 3)).new == 3
        assert stats.practice_counts().mistakes == 6 and stats.summary().damaged == 0


def test_the_puzzles_themes_are_kept_as_they_are_named_not_as_damaged_records() -> None:
    """The puzzles' themes have hyphens (``count-trumps``): an answer of each is counted, none left out as damaged."""
    from guinote_tui.practice import THEMES

    with Statistics(clock=Clock()) as stats:
        for n, theme in enumerate(THEMES):
            assert stats.record_answer(PracticeAnswer("puzzle", f"p{n}", 2, n % 2 == 0, "same", theme))
        found = stats.practice_accuracy(kind="puzzle")
        assert sorted(t.theme for t in found if t.theme is not None) == sorted(THEMES)
        assert stats.practice_counts().answers == len(THEMES)
        assert stats.summary().damaged == 0
