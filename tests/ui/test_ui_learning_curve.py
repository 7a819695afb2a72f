"""The statistics screen's learning curve at 80×24: the figures worked out by hand (learning_data), as text."""

from __future__ import annotations

import asyncio

from learning_data import ACCURACY_LINES, RATE_ROWS, TIER_ROWS, fill_learning
from textual.widget import Widget
from uihelpers import make_app, screen_lines, wait_until

from guinote_tui.records import Statistics, default_path
from guinote_tui.ui.screens.start import StartScreen
from guinote_tui.ui.screens.statistics import StatisticsScreen


async def open_statistics(pilot, app) -> StatisticsScreen:  # type: ignore[no-untyped-def]
    await wait_until(pilot, lambda: isinstance(app.screen, StartScreen))
    await pilot.press("t")
    await wait_until(pilot, lambda: isinstance(app.screen, StatisticsScreen) and app.screen.loaded is not None)
    screen = app.screen
    assert isinstance(screen, StatisticsScreen) and screen.loaded is not None
    return screen


def shows_row(app, cells: tuple[str, ...]) -> bool:  # type: ignore[no-untyped-def]
    """A line of the screen holds ``cells`` in this order (a row of a table, whole)."""
    for line in screen_lines(app):
        places = [line.find(cell) for cell in cells]
        if -1 not in places and places == sorted(places):
            return True
    return False


async def scroll_to(pilot, screen: StatisticsScreen, widget: Widget, cells: tuple[str, ...]) -> bool:  # type: ignore[no-untyped-def]
    """Scroll ``widget`` to the top of the statistics and wait until a line shows ``cells``."""
    screen.query_one("#stats-scroll").scroll_to_widget(widget, animate=False, top=True)
    return await wait_until(pilot, lambda: shows_row(pilot.app, cells), timeout=30)


def test_before_any_review_one_line_says_how_to_start() -> None:
    async def run() -> None:
        app = make_app()
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await open_statistics(pilot, app)
            assert screen.loaded is not None and screen.loaded.learning.shown == ()
            line = "Review a hand (v after it) to start your learning curve."
            assert await wait_until(pilot, lambda: shows_row(app, (line,)), timeout=30)
            assert not screen.query(".learning-chart") and not screen.query_one("#practice-accuracy").display

    asyncio.run(run())


def test_the_curve_and_the_accuracy_read_as_text_at_80_by_24() -> None:
    fill_learning()
    with Statistics(default_path()) as stats:
        last = {size: [p.last_played[:10] for p in stats.mistake_curve(size).points] for size in (2, 4)}

    async def run() -> None:
        app = make_app()
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await open_statistics(pilot, app)
            assert screen.loaded is not None
            assert [len(curve.points) for curve in screen.loaded.learning.shown] == [2, 1]
            # A chart of each figure from two points on: heads-up has two, pairs one.
            await wait_until(pilot, lambda: len(screen.query(".learning-table")) == 4, timeout=30)
            assert len(screen.query(".learning-chart")) == 2
            tables = list(screen.query(".learning-table"))
            for size, rates, tiers in ((2, tables[0], tables[1]), (4, tables[2], tables[3])):
                for (hands, graded, lost), day in zip(RATE_ROWS[size], last[size], strict=True):
                    assert await scroll_to(pilot, screen, rates, (hands, day, graded, lost)), (size, hands)
                for row in TIER_ROWS[size]:
                    assert await scroll_to(pilot, screen, tiers, row), (size, row)
            assert await scroll_to(pilot, screen, screen.query_one("#practice-heading"), (ACCURACY_LINES[-1],))
            text = "\n".join(screen_lines(app))
            assert "Practice (answers given unaided)" in text and all(line in text for line in ACCURACY_LINES)
            # Every figure's row fits the 80 columns whole: no cell cut short.
            assert "…" not in text
            await pilot.press("escape")
            assert await wait_until(pilot, lambda: isinstance(app.screen, StartScreen), timeout=30)

    asyncio.run(run())
