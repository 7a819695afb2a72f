"""What the coach's workers are given while the player thinks: the review's analysis first, no stale quick one.

A hint asked after a few seconds shows the review's own analysis only if a
worker has finished it. Where a worker is still busy with the previous
decision, the next free one must take the review's analysis of the decision
now, not a quick analysis of a decision the player has already taken.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future
from typing import Any

import pytest

from guinote_tui.coach import COACH_BUDGET, DEEP_BUDGET
from guinote_tui.coach import ahead as ahead_module
from guinote_tui.coach.ahead import ReviewAhead
from guinote_tui.engine import HandState


class Queue:
    """An executor whose analyses never start: what was submitted, in order."""

    def __init__(self) -> None:
        self.queued: list[tuple[tuple[Any, ...], Future[Any]]] = []

    def submit(self, fn: Callable[..., Any], *args: Any) -> Future[Any]:
        future: Future[Any] = Future()
        self.queued.append((args, future))
        return future

    def waiting(self) -> list[tuple[int, Any]]:
        """(the decision's number of actions so far, its budget) of each analysis still queued."""
        return [(len(args[1]), args[4]) for args, future in self.queued if not future.cancelled()]


@pytest.fixture
def queue(monkeypatch: pytest.MonkeyPatch) -> Queue:
    fake = Queue()
    monkeypatch.setattr(ahead_module, "_shared_executor", lambda: fake)
    return fake


def _turns(count: int) -> list[HandState]:
    """Seat 0's first ``count`` turns with a choice, heads-up (the other seat plays its first legal card)."""
    hand = HandState(list(range(40)), dealer=1, players=2, events=False)
    turns = []
    while len(turns) < count:
        if hand.to_move == 0 and len(hand.legal_actions()) > 1:
            turns.append(hand.copy())
        hand.apply(hand.legal_actions()[0])
    return turns


def test_the_review_s_analysis_is_queued_before_the_quick_one(queue: Queue) -> None:
    first = _turns(1)[0]
    ReviewAhead(0).submit(first, quick=True)
    assert queue.waiting() == [(len(first.log), DEEP_BUDGET), (len(first.log), COACH_BUDGET)]


def test_a_quick_analysis_of_a_decision_taken_is_dropped_when_the_next_turn_begins(queue: Queue) -> None:
    first, second = _turns(2)
    ahead = ReviewAhead(0)
    ahead.submit(first, quick=True)
    ahead.submit(first)  # the player plays: the table hands the decision over once more
    ahead.submit(second, quick=True)
    assert queue.waiting() == [
        (len(first.log), DEEP_BUDGET),
        (len(second.log), DEEP_BUDGET),
        (len(second.log), COACH_BUDGET),
    ]
