"""Quitting never waits for the coach: an analysis running in a worker thread stops when the app closes.

The program's exit joins every thread; a hint or a review still analysing kept a quitting game alive for
many seconds (the review, once its worker process was killed, went on analysing on the spot).
"""

from __future__ import annotations

import asyncio
import threading
from typing import Any

import pytest
from uihelpers import make_app, settle

from guinote_tui.coach import CoachBudget
from guinote_tui.coach.ahead import advise_at
from guinote_tui.game import session as session_module
from guinote_tui.ui.screens.table import TableScreen

#: One small analysis after another, for as long as the test lets it: an analysis that never ends by itself.
SMALL = CoachBudget(min_deals=4, batch=2, max_playouts=40, max_deals=10)


def test_quitting_stops_a_hint_the_coach_is_still_working_out(monkeypatch: pytest.MonkeyPatch) -> None:
    started, done, test_over = threading.Event(), threading.Event(), threading.Event()
    outcome: list[BaseException] = []

    def analysing(*args: Any) -> Any:
        started.set()
        try:
            while not test_over.is_set():
                advise_at(*args[:4], SMALL)
        except BaseException as exc:
            outcome.append(exc)
            raise
        finally:
            done.set()

    monkeypatch.setattr(session_module, "advise_at", analysing)

    async def run() -> None:
        app = make_app(players=2, level="random", seed=5, delay=0)
        try:
            async with app.run_test(size=(100, 32)) as pilot:
                await settle(pilot)
                assert isinstance(app.screen, TableScreen) and app.session is not None and app.session.human_to_move
                await pilot.press("h")  # the coach thinks in a worker thread
                assert await asyncio.to_thread(started.wait, 120)
                app.exit()  # Ctrl+Q
            # The app is closed; the thread is waited for on its state, not for a time.
            assert await asyncio.to_thread(done.wait, 120), "the hint's analysis was still running"
            assert len(outcome) == 1 and type(outcome[0]).__name__ == "Stopped", outcome
        finally:
            test_over.set()  # (a failing run still ends: the loop above stops)

    asyncio.run(run())
