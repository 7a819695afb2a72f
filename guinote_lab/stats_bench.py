"""The statistics screen's speed: ``python -m guinote_lab.stats_bench``.

Fills a statistics file in a temporary data directory with ``--hands``
hands (10,000 by default; :func:`guinote_lab.memory_bench.record_matches`,
random bots) and, headless through a pilot at 100×30, times (median of
``--runs``):

* the app's start-up to the start screen's first frame, with that file and
  with an empty one (the start screen does not open the file);
* the table's first frame for a new heads-up match (the table opens the file
  to record hands, which runs SQLite's quick check);
* the statistics screen, from ``open_statistics()`` to its first frame
  (the figures still being read in a thread) and to the frame showing the
  figures.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

SIZE = (100, 30)


def _statistics_only() -> Any:
    """The app's side jobs with only the statistics: no worker process for the coach, no match kept."""
    from guinote_tui.game.services import Services

    return Services(review_ahead=False, keep_match=False)


async def _until(pilot: Any, done: Callable[[], bool], tries: int = 2000) -> None:
    for _ in range(tries):
        if done():
            return
        await pilot.pause(0.001)
    raise RuntimeError("the screen never got there")


async def start_up(**options: Any) -> float:
    """Seconds from building the app to its first screen painted."""
    from guinote_tui.ui.app import make_app

    started = time.perf_counter()
    app = make_app(**options, services=_statistics_only())
    async with app.run_test(size=SIZE) as pilot:
        await _until(pilot, lambda: len(app.screen_stack) > 1)
        await pilot.pause()
        return time.perf_counter() - started


async def statistics_screen() -> tuple[float, float]:
    """Seconds from ``open_statistics()`` to the screen's first frame, and to the first frame with the figures.

    A frame is the app's display call (what a terminal would receive), as in :mod:`.ui_bench`.
    """
    from guinote_tui.ui.app import make_app
    from guinote_tui.ui.screens.statistics import StatisticsScreen

    app = make_app(services=_statistics_only())
    frames: dict[str, float] = {}
    display = app._display

    def timed_display(screen: Any, renderable: Any) -> None:
        display(screen, renderable)
        if renderable is None or not isinstance(screen, StatisticsScreen):
            return
        now = time.perf_counter()
        frames.setdefault("first", now)
        if screen.ready_after is not None:
            frames.setdefault("figures", now)

    app._display = timed_display  # type: ignore[method-assign]
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        started = time.perf_counter()
        app.open_statistics()
        await _until(pilot, lambda: "figures" in frames)
        return frames["first"] - started, frames["figures"] - started


def _median_ms(values: list[float]) -> str:
    low, high = min(values) * 1000, max(values) * 1000
    return f"median {statistics.median(values) * 1000:7.1f} ms  (min {low:.1f}, max {high:.1f})"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m guinote_lab.stats_bench", description=__doc__)
    parser.add_argument("--hands", type=int, default=10_000, help="hands in the filled file")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    from guinote_lab.memory_bench import record_matches
    from guinote_tui.records import default_path

    with tempfile.TemporaryDirectory() as home:
        results: dict[str, list[float]] = {}
        for label, hands in (("empty", 0), (f"{args.hands} hands", args.hands)):
            os.environ["XDG_DATA_HOME"] = str(Path(home) / label.replace(" ", "-"))
            os.environ["XDG_CONFIG_HOME"] = str(Path(home) / "config")
            path = default_path()
            if hands:
                started = time.perf_counter()
                recorded = record_matches(str(path), "bench", hands, args.seed)
                size = path.stat().st_size / 1e6
                print(f"filled with {recorded} hands ({size:.1f} MB) in {time.perf_counter() - started:.1f} s")
            runs = range(args.runs)
            results[f"app start-up to the start screen, {label}"] = [asyncio.run(start_up()) for _ in runs]
            results[f"app start-up to a new table, {label}"] = [
                asyncio.run(start_up(players=2, level="random", seed=1, delay=0)) for _ in runs
            ]
            timings = [asyncio.run(statistics_screen()) for _ in runs]
            results[f"statistics screen, first frame, {label}"] = [first for first, _ in timings]
            results[f"statistics screen, figures shown, {label}"] = [shown for _, shown in timings]
        for name, values in results.items():
            print(f"{name:<52} {_median_ms(values)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
