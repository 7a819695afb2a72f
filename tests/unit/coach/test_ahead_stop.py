"""Quitting never waits for the coach: its worker process is ended, not joined."""

from __future__ import annotations

from guinote_tui.coach import CoachBudget
from guinote_tui.coach.ahead import ReviewAhead, stop_workers, worker_processes
from guinote_tui.engine import Match


def test_stopping_ends_a_worker_in_the_middle_of_an_analysis() -> None:
    # An analysis far longer than any test: the worker is busy with it when it is stopped.
    endless = CoachBudget(max_playouts=10_000_000, max_deals=10_000_000)
    ahead = ReviewAhead(0, budget=endless)
    match = Match(2, seed=8)
    hand = match.hand
    while hand.to_move != 0 or len(hand.legal_actions()) < 2:
        match.apply(hand.legal_actions()[0], hand.to_move)
    ahead.submit(hand)
    processes = worker_processes()
    assert processes and ahead.waiting() == 1
    stop_workers()
    for process in processes:
        process.join(timeout=60)  # the state is waited on; a killed process ends at once
        assert not process.is_alive() and process.exitcode is not None and process.exitcode != 0
    assert worker_processes() == []


def test_while_the_player_thinks_the_quick_analysis_is_ready_before_the_deep_one() -> None:
    from guinote_tui.coach import COACH_BUDGET
    from guinote_tui.coach.ahead import HandSpec

    endless = CoachBudget(max_playouts=10_000_000, max_deals=10_000_000)
    ahead = ReviewAhead(0, budget=endless)
    match = Match(2, seed=9)
    hand = match.hand
    while hand.to_move != 0 or len(hand.legal_actions()) < 2:
        match.apply(hand.legal_actions()[0], hand.to_move)
    ahead.submit(hand, quick=True)
    key = (HandSpec.of(hand), tuple(hand.log))
    quick = ahead._quick[key].result(timeout=600)  # waits on the worker's answer, not on a pause
    try:
        assert quick is not None and quick.evaluation is not None
        assert quick.evaluation.work <= COACH_BUDGET.max_playouts
        assert not ahead._pending[key].done()  # the deep analysis is still running
        assert ahead.ready(hand) is quick
    finally:
        stop_workers()
