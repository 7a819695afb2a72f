"""Pilot tests run without the review's worker process unless they ask for it (``review_ahead``)."""

from __future__ import annotations

import pytest

from guinote_tui.ui import app


@pytest.fixture(autouse=True)
def no_review_ahead(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(app, "REVIEW_AHEAD", False)


@pytest.fixture
def review_ahead(monkeypatch: pytest.MonkeyPatch) -> None:
    """This test plays with the review analysed ahead in the worker process, as a player does."""
    monkeypatch.setattr(app, "REVIEW_AHEAD", True)
