"""Pilot tests run without the review's worker process unless they ask for it (``review_ahead``), and review
with a smaller budget than the game's."""

from __future__ import annotations

import pytest

from guinote_tui.coach import CoachBudget
from guinote_tui.ui import app, budgets

#: The review's budget in the pilot tests that use the worker process.
REVIEW_TEST_BUDGET = CoachBudget(min_deals=20, batch=20, max_playouts=600, max_deals=200)


@pytest.fixture(autouse=True)
def no_review_ahead(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(app, "REVIEW_AHEAD", False)
    monkeypatch.setattr(budgets, "REVIEW_BUDGET", REVIEW_TEST_BUDGET)


@pytest.fixture
def review_ahead(monkeypatch: pytest.MonkeyPatch) -> None:
    """This test plays with the review analysed ahead in the worker process, as a player does.

    With a smaller budget than the game's (as every pilot test), so that a hand played out at once
    is analysed in seconds.
    """
    monkeypatch.setattr(app, "REVIEW_AHEAD", True)
