"""Make the statistics screen's screenshot: ``python assets/statistics_screenshot.py``.

Records a few hundred hands of seeded random play (heads-up and pairs
against easy, normal and hard, one match in seven assisted, an hour between
hands) in a statistics file in a temporary data directory, opens the
statistics from the start screen (``t``) and saves ``assets/statistics.svg``
and, with ``rsvg-convert``, ``statistics.png`` (see screenshot.py).
"""

from __future__ import annotations

import asyncio
import os
import sys
import tempfile
from datetime import UTC, datetime, timedelta
from pathlib import Path

HERE = Path(__file__).resolve().parent
SIZE = (110, 50)
HANDS = 400
SEED = 11


class Clock:
    """UTC time moving on by an hour each time it is read, up to about now (the hands spread over a few weeks)."""

    def __init__(self) -> None:
        self.now = datetime.now(UTC) - timedelta(hours=2 * HANDS)

    def __call__(self) -> datetime:
        self.now += timedelta(hours=1)
        return self.now


def fill(path: Path) -> int:
    from guinote_lab.memory_bench import played_matches
    from guinote_tui.records import Statistics, TableInfo

    hands = 0
    with Statistics(path, clock=Clock()) as stats:
        for index, match in enumerate(played_matches(HANDS, SEED)):
            key = f"shot-{index}"
            table = TableInfo.of_match(match)
            for number in range(1, len(match.finished) + 1):
                stats.record_hand(key, match, table, number)
                hands += 1
            stats.record_match_end(key, match, table)
            if hands >= HANDS:
                break
    return hands


async def shoot() -> Path:
    from guinote_tui.ui.app import make_app
    from guinote_tui.ui.screens.statistics import StatisticsScreen

    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("t")
        for _ in range(200):
            await pilot.pause(0.05)
            if isinstance(app.screen, StatisticsScreen) and app.screen.ready_after is not None:
                break
        await pilot.pause(0.3)
        return Path(app.save_screenshot("statistics.svg", str(HERE)))


def main() -> int:
    with tempfile.TemporaryDirectory() as home:
        os.environ["XDG_DATA_HOME"] = str(Path(home) / "data")
        os.environ["XDG_CONFIG_HOME"] = str(Path(home) / "config")
        from guinote_tui.records import default_path

        print(f"{fill(default_path())} hands recorded")
        svg = asyncio.run(shoot())
    sys.path.insert(0, str(HERE))
    from screenshot import to_png

    png = to_png(svg)
    print(svg, png or "(no rsvg-convert: no PNG)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
