"""Recording matches into the statistics and reading them back: the sums, idempotence, export, reset."""

from __future__ import annotations

import csv
import random
from collections import Counter
from datetime import datetime
from pathlib import Path

import pytest
from records_helpers import Clock, new_match, play_hand, play_match

from guinote_tui.engine import HandState, Match, Termination, TuteDeclared
from guinote_tui.records import Rating, Statistics, TableInfo, age, juego_game, update
from guinote_tui.records.database import default_path


def record_as_the_game_does(stats: Statistics, key: str, match: Match, table: TableInfo) -> None:
    """Record each hand as it ends (replaying the finished match hand by hand), then the end."""
    for number in range(1, len(match.finished) + 1):
        assert stats.record_hand(key, match, table, number).new
    assert stats.record_match_end(key, match, table)


@pytest.fixture
def three_matches() -> list[tuple[str, Match, list[HandState], TableInfo]]:
    heads_up, states_1 = play_match(2, seed=11, seats={"1": "normal"})
    pairs, states_2 = play_match(4, seed=12, seats={"1": "hard", "2": "easy", "3": "hard"})
    assisted, states_3 = play_match(2, seed=13, seats={"1": "easy"})
    assisted.table["assisted"] = True
    return [
        ("a", heads_up, states_1, TableInfo.of_match(heads_up)),
        ("b", pairs, states_2, TableInfo.of_match(pairs)),
        ("c", assisted, states_3, TableInfo.of_match(assisted)),
    ]


def test_the_table_of_a_match() -> None:
    match = new_match(4, 1, {"1": "hard", "2": "easy", "3": "hard"})
    assert TableInfo.of_match(match) == TableInfo(4, "hard", "easy", "aragones", "", False)
    heads_up = new_match(2, 1, {"1": "expert"})
    heads_up.table["assisted"] = True
    assert TableInfo.of_match(heads_up) == TableInfo(2, "expert", None, "aragones", "", True)
    with pytest.raises(ValueError, match="no partner"):
        TableInfo(2, "normal", "normal")


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


def test_a_hand_recorded_again_is_not_counted_twice() -> None:
    match, _ = play_match(2, seed=21, seats={"1": "normal"})
    table = TableInfo.of_match(match)
    with Statistics(clock=Clock()) as stats:
        first = stats.record_match("k", match, table)
        assert all(r.new and r.saved for r in first)
        stats.record_match_end("k", match, table)
        before = (stats.totals(), stats.rating_history(2))
        again = stats.record_match("k", match, table)  # as after a resume
        assert not any(r.new for r in again) and all(r.saved for r in again)
        assert not stats.record_hand("k", match, table).new
        stats.record_match_end("k", match, table)
        assert (stats.totals(), stats.rating_history(2)) == before
        # Another key is another match.
        assert stats.record_hand("other", match, table, 1).new
        assert stats.totals().hands == before[0].hands + 1


def test_a_juego_is_rated_when_it_ends_and_an_unfinished_match_stays_unfinished() -> None:
    match = new_match(2, 5, {"1": "hard"})
    rng = random.Random(5)
    table = TableInfo.of_match(match)
    with Statistics(clock=Clock()) as stats:
        while True:
            play_hand(match, rng)
            recorded = stats.record_hand("k", match, table)
            if recorded.juego_won is not None:
                break
            match.next_hand()
        assert recorded.rating is not None
        assert recorded.rating.before == Rating()
        assert recorded.rating.delta > 0 if recorded.juego_won else recorded.rating.delta < 0
        assert stats.rating(2).rating.rating == pytest.approx(recorded.rating.after.rating)
        stats.record_match_end("k", match, table)  # the player leaves
        totals = stats.totals()
        assert totals.matches_unfinished == 1 and totals.juegos == 1


def test_assisted_juegos_and_unmeasured_bots_do_not_move_the_rating() -> None:
    match, _ = play_match(2, seed=31, seats={"1": "normal"})
    with Statistics(clock=Clock()) as stats:
        stats.record_match("assisted", match, TableInfo(2, "normal", assisted=True))
        stats.record_match("budget", match, TableInfo(2, "hard:samples=3"))
        stats.record_match("oracle", match, TableInfo(2, "open"))
        assert stats.rating_history(2) == []
        assert stats.rating(2).rating == Rating()
        assert stats.totals().juegos == 3 * stats.totals(assisted=True).juegos


def test_a_hand_assisted_midway_makes_its_juego_assisted() -> None:
    match = new_match(2, 3, {"1": "normal"})
    rng = random.Random(3)
    with Statistics(clock=Clock()) as stats:
        while True:
            play_hand(match, rng)
            if match.finished[-1].result and match.finished[-1].result.juego_winner is not None:
                break
            match.next_hand()
        numbers = range(1, len(match.finished) + 1)
        if len(numbers) == 1:
            pytest.skip("this seed's first juego took one hand")
        stats.record_hand("k", match, TableInfo(2, "normal", assisted=True), 1)
        for number in numbers[1:]:
            stats.record_hand("k", match, TableInfo(2, "normal"), number)
        assert stats.totals(assisted=True).juegos == 1 and stats.rating_history(2) == []


def test_the_review_cost_is_set_afterwards() -> None:
    match, _ = play_match(2, seed=41, seats={"1": "easy"})
    with Statistics(clock=Clock()) as stats:
        stats.record_match("k", match, TableInfo.of_match(match))
        assert stats.set_review_cost("k", 1, 12.5)
        assert not stats.set_review_cost("k", 999, 1.0)
        assert not stats.set_review_cost("nope", 1, 1.0)
        path = stats.path.parent / "out" / "hands.csv"
        path.parent.mkdir()  # (an export goes into a folder that exists)
        assert stats.export_csv(path) == len(match.finished)
    rows = list(csv.DictReader(path.open(encoding="utf-8")))
    assert rows[0]["review_cost"] == "12.5" and rows[1]["review_cost"] == ""


def test_csv_export_has_one_row_per_hand(
    three_matches: list[tuple[str, Match, list[HandState], TableInfo]], tmp_path: Path
) -> None:
    with Statistics(clock=Clock()) as stats:
        for key, match, _, table in three_matches:
            stats.record_match(key, match, table)
        path = tmp_path / "hands.csv"  # not in the game's own folder, which an export never writes
        written = stats.export_csv(path)
    with path.open(encoding="utf-8", newline="") as stream:
        rows = list(csv.DictReader(stream))
    results = [rec.result for _, m, _, _ in three_matches for rec in m.finished]
    assert written == len(rows) == len(results)
    header = list(rows[0])
    assert header[:3] == ["match", "hand", "played_at"]
    for column in ("termination", "points_player", "points_rivals", "juego_won", "assisted", "rival_level"):
        assert column in header
    assert [int(r["points_player"]) for r in rows] == [r.points[0] for r in results if r]
    assert {r["termination"] for r in rows} <= {t.value for t in Termination}
    assert rows[0]["match"] == "a" and rows[0]["hand"] == "1" and rows[-1]["match"] == "c"


def test_reset_forgets_everything_and_recording_goes_on() -> None:
    match, _ = play_match(4, seed=51, seats={"1": "normal", "2": "normal", "3": "normal"})
    table = TableInfo.of_match(match)
    with Statistics(clock=Clock()) as stats:
        stats.record_match_end("k", match, table)
        assert stats.totals().hands > 0 and stats.rating_history(4)
        assert stats.reset()
        assert stats.totals().hands == 0 and stats.totals().matches == 0
        assert stats.rating_history(4) == [] and stats.results() == []
        assert stats.rating(4).rating == Rating()
        assert stats.record_hand("k", match, table, 1).new
        assert stats.totals().hands == 1
