"""The interface tests build the app with the test services of :mod:`uihelpers` (no worker process for the
review unless a test asks for it, and a smaller review budget than the game's)."""

from __future__ import annotations

import pytest

from guinote_tui.ui.screens.summary import HandSummary


@pytest.fixture(autouse=True)
def short_summary_guard(monkeypatch: pytest.MonkeyPatch) -> None:
    """The summary ignores keys for a moment after it appears (0.8 s in the game), so that an Enter meant for
    the table cannot skip it; the tests that press keys on a summary wait for that moment to end
    (``uihelpers.summary_ready``, or the summary's ``ready``), dozens of times a run. Here it lasts 0.05 s;
    the tests of the guard itself set their own (``test_ui_pace``: 60 s, its end called by hand)."""
    monkeypatch.setattr(HandSummary, "INPUT_GUARD", 0.05)
