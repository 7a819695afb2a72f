"""Recording matches into the statistics: each hand once, the juegos rated, assisted ones apart, the review's cost."""

from __future__ import annotations

import csv
import random

import pytest
from records_helpers import Clock, new_match, play_hand, play_match

from guinote_tui.records import Rating, Statistics, TableInfo


def test_the_table_of_a_match() -> None:
    match = new_match(4, 1, {"1": "hard", "2": "easy", "3": "hard"})
    assert TableInfo.of_match(match) == TableInfo(4, "hard", "easy", "aragones", "", False)
    heads_up = new_match(2, 1, {"1": "expert"})
    heads_up.table["assisted"] = True
    assert TableInfo.of_match(heads_up) == TableInfo(2, "expert", None, "aragones", "", True)
    with pytest.raises(ValueError, match="no partner"):
        TableInfo(2, "normal", "normal")


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
