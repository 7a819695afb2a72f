"""Reading the statistics back: the sums over matches, the series, the rating, and a query that fails."""

from __future__ import annotations

import sqlite3
from collections import Counter
from datetime import datetime
from pathlib import Path

import pytest
from records_helpers import Clock, play_match, record_as_the_game_does
from records_helpers import three_matches as played

from guinote_tui.engine import HandState, Match, TuteDeclared
from guinote_tui.records import Problem, ProblemKind, Rating, Statistics, TableInfo, age, juego_game, update
from guinote_tui.records.results import CanteCounts, Totals
from guinote_tui.records.store import default_path


@pytest.fixture
def three_matches() -> list[tuple[str, Match, list[HandState], TableInfo]]:
    return played()


def test_three_matches_add_up(three_matches: list[tuple[str, Match, list[HandState], TableInfo]]) -> None:
    stats = Statistics(clock=Clock())
    assert stats.path == default_path() and stats.problem is None
    for key, match, _, table in three_matches:
        record_as_the_game_does(stats, key, match, table)

    results = [r for _, m, _, _ in three_matches for r in (rec.result for rec in m.finished) if r is not None]
    states = [s for _, _, hand_states, _ in three_matches for s in hand_states]
    totals = stats.totals()
    assert totals.matches == 3
    assert totals.matches_won == sum(m.winner == 0 for _, m, _, _ in three_matches)
    assert totals.matches_lost == 3 - totals.matches_won and totals.matches_unfinished == 0
    assert totals.hands == len(results) == len(states)
    assert totals.points_player == sum(r.points[0] for r in results)
    assert totals.points_rivals == sum(r.points[1] for r in results)
    assert totals.juegos_won == sum(r.juego_winner == 0 for r in results)
    assert totals.juegos_lost == sum(r.juego_winner == 1 for r in results)
    assert totals.cotos_won == sum(m.cotos[0] for _, m, _, _ in three_matches)
    assert totals.cotos_lost == sum(m.cotos[1] for _, m, _, _ in three_matches)
    assert totals.first_played is not None and totals.first_played.endswith("+00:00")

    cantes = stats.cantes()
    assert cantes.hands == totals.hands
    assert cantes.cantes_player == sum(c.seat % 2 == 0 for s in states for c in s.cantes)
    assert cantes.cantes_rivals == sum(c.seat % 2 == 1 for s in states for c in s.cantes)
    assert cantes.cante_points_player == sum(r.cante_points[0] for r in results)
    assert cantes.cante_points_rivals == sum(r.cante_points[1] for r in results)
    tutes = [e.seat % 2 for s in states for e in (s.events or []) if isinstance(e, TuteDeclared)]
    assert (cantes.tutes_player, cantes.tutes_rivals) == (tutes.count(0), tutes.count(1))
    assert cantes.capotes_player == sum(r.capote_side == 0 for r in results)

    assert stats.endings() == {t: n for t, n in Counter(r.reason for r in results).items()}
    assert sum(stats.endings().values()) == totals.hands

    # Results by table, the assisted match apart.
    by_table = {(r.players, r.rival_level, r.partner_level, r.assisted): r for r in stats.results()}
    assert set(by_table) == {(2, "normal", None, False), (4, "hard", "easy", False), (2, "easy", None, True)}
    for key, match, _, table in three_matches:
        row = by_table[(table.players, table.rival_level, table.partner_level, table.assisted)]
        decided = [r.result.juego_winner for r in match.finished if r.result and r.result.juego_winner is not None]
        assert (row.juegos, row.wins) == (len(decided), decided.count(0)), key
        assert row.hands == len(match.finished)
        diff = [r.result.points[0] - r.result.points[1] for r in match.finished if r.result]
        assert row.mean_points_difference == pytest.approx(sum(diff) / len(diff))
        low, high = row.interval
        assert row.share is not None and low <= row.share <= high
    assert (
        stats.totals(assisted=False).juegos
        == by_table[(2, "normal", None, False)].juegos + by_table[(4, "hard", "easy", False)].juegos
    )
    assert stats.totals(players=4).hands == len(three_matches[1][1].finished)

    # The chart's series: every hand, in playing order.
    series = stats.points_series()
    assert [s.index for s in series] == list(range(1, len(results) + 1))
    assert [(s.points_player, s.points_rivals) for s in series] == [r.points for r in results]
    assert [s.assisted for s in series].count(True) == len(three_matches[2][1].finished)

    # The rating: one step per juego not assisted, in order, computed with the Glicko update.
    for players, match in ((2, three_matches[0][1]), (4, three_matches[1][1])):
        history = stats.rating_history(players)
        rating = Rating()
        table = TableInfo.of_match(match)
        wins = [r.result.juego_winner == 0 for r in match.finished if r.result and r.result.juego_winner is not None]
        assert len(history) == len(wins)
        previous: str | None = None
        for point, won in zip(history, wins, strict=True):
            if previous is not None:  # the deviation grows with the time between juegos
                days = (datetime.fromisoformat(point.rated_at) - datetime.fromisoformat(previous)).total_seconds()
                rating = age(rating, days / 86_400)
            previous = point.rated_at
            rating = update(rating, [juego_game(players, table.rival_level, table.partner_level, won)])
            assert (point.rating, point.rd) == (pytest.approx(rating.rating, abs=0.01), pytest.approx(rating.rd))
        # The current rating: the last one with the deviation grown by the minutes since.
        state = stats.rating(players)
        assert state.juegos == len(wins) and state.rating.rating == pytest.approx(rating.rating)
        assert state.rating.rd >= rating.rd
    summary = stats.summary()
    assert summary.totals == totals and set(summary.ratings) == {2, 4}
    stats.close()


def test_an_empty_file_reads_as_nothing_recorded(tmp_path: Path) -> None:
    with Statistics(tmp_path / "statistics.sqlite3", clock=Clock()) as stats:
        assert stats.totals() == Totals() and stats.cantes() == CanteCounts()
        assert stats.results() == [] and stats.endings() == {} and stats.points_series() == []
        assert stats.rating(2).rating == Rating() and stats.rating(2).juegos == 0 and stats.rating_history(4) == []
        assert stats.problem is None


def test_a_query_that_fails_returns_nothing_and_keeps_the_problem(tmp_path: Path) -> None:
    path = tmp_path / "statistics.sqlite3"
    match, _ = play_match(2, seed=71, seats={"1": "normal"})
    with Statistics(path, clock=Clock()) as stats:
        stats.record_match_end("k", match, TableInfo.of_match(match))
        assert stats.totals().hands == len(match.finished)
        other = sqlite3.connect(path)  # another program breaks the file under it
        other.execute("DROP TABLE cotos")
        other.commit()
        other.close()
        assert stats.totals() == Totals()
        assert stats.problem == Problem(ProblemKind.NOT_READ, detail="no such table: cotos")
        assert stats.take_problem() == stats.problem and stats.take_problem() is None
        assert stats.cantes().hands == len(match.finished)  # what does not need the table still reads
