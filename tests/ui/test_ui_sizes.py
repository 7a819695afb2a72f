"""The screens at 80×24, 100 columns and 200×50: nothing cut, a big terminal used."""

from __future__ import annotations

import asyncio
import dataclasses

from uihelpers import make_app, screen_lines

from guinote_tui.engine import Trick, parse_cards
from guinote_tui.ui.screens.table import TableScreen
from guinote_tui.ui.widgets.table import TrickArea, TrickPicture, trick_title


async def _table(pilot, app) -> TableScreen:  # type: ignore[no-untyped-def]
    for _ in range(100):
        await pilot.pause()
        if isinstance(app.screen, TableScreen) and app.screen.query(TrickArea):
            break
    table = app.screen
    assert isinstance(table, TableScreen)
    return table


def test_the_last_tricks_title_is_whole_at_80x24_with_four_players() -> None:
    """``Partner wins trick 10 · +15 +10 last trick`` is wider than the trick: a shorter wording, not a cut one."""

    async def run() -> None:
        app = make_app(players=4, level="random", seed=3, delay=0, pace="timed")
        async with app.run_test(size=(80, 24)) as pilot:
            await _table(pilot, app)
            area = app.screen.query_one(TrickArea)
            assert area.picture is not None
            finished = Trick(leader=1, cards=tuple(parse_cards("1O 3O 12O 10O")), winner=2)
            area.show(dataclasses.replace(area.picture, finished=finished, number=10, points=15, last_ten=True))
            await pilot.pause()
            region = area.region
            row = screen_lines(app)[region.y][region.x : region.right]
            assert len(trick_title(area.picture, 2)) > region.width  # the whole wording does not fit
            shown = row.strip()
            assert shown == trick_title(area.picture, 2, region.width)
            assert shown.startswith("Partner wins") and "+15 +10" in shown, row

    asyncio.run(run())


def test_a_tricks_title_takes_the_first_wording_that_fits_and_never_spills() -> None:
    picture = TrickPicture(
        players=4,
        names=("You", "Right", "Partner", "Left"),
        cards=(),
        finished=Trick(leader=0, cards=tuple(parse_cards("1O 3O 12O 10O")), winner=2),
        to_move=None,
        number=10,
        points=15,
        last_ten=True,
    )
    assert trick_title(picture, 2) == "Partner wins trick 10 · +15 +10 last trick"
    assert trick_title(picture, 2, 60) == "Partner wins trick 10 · +15 +10 last trick"
    assert trick_title(picture, 2, 29) == "Partner wins · +15 +10 last"
    assert trick_title(picture, 2, 20) == "Partner wins · +25"  # the ten counted into the points
    assert trick_title(picture, 0, 20) == "You win · +25"
    cut = trick_title(picture, 2, 12)
    assert len(cut) == 12 and cut.endswith("…")


def test_a_notification_leaves_the_hand_in_sight_at_every_size() -> None:
    from textual.widgets._toast import Toast

    from guinote_tui.ui.widgets.hand import HandCard

    async def run(size: tuple[int, int]) -> None:
        app = make_app(players=2, level="random", seed=3, delay=0, pace="timed")
        async with app.run_test(size=size, notifications=True) as pilot:
            table = await _table(pilot, app)
            app.notify("Match saved to /a/rather/long/path/to/the/match/file.json", title="Saved", timeout=30)
            toasts: list[Toast] = []
            for _ in range(100):
                await pilot.pause()
                toasts = [t for t in table.query(Toast) if t.region.area]
                if toasts:
                    break
            assert toasts, "no notification was shown"
            cards = [card.region for card in table.query(HandCard) if card.display]
            assert cards
            for toast in toasts:
                assert not any(toast.region.overlaps(card) for card in cards), size
                assert not toast.region.overlaps(table.query_one("#message").region), size

    for size in ((80, 24), (100, 30), (120, 36), (200, 50)):
        asyncio.run(run(size))


def test_the_statistics_show_every_interval_whole_and_a_chart_of_whole_hands_at_100_columns() -> None:
    from test_ui_statistics import open_statistics, record_random_matches

    from guinote_tui.present import statsreport
    from guinote_tui.ui.screens.statistics import StatisticsScreen

    record_random_matches(3)  # one table won every juego: "100 % (44–100)", the widest share

    async def run() -> None:
        app = make_app()
        async with app.run_test(size=(100, 30)) as pilot:
            screen = await open_statistics(pilot, app)
            assert isinstance(screen, StatisticsScreen) and screen.loaded is not None
            text = "\n".join(screen_lines(app))
            shares = [statsreport.interval_text(r) for r in screen.loaded.summary.results]
            assert any(share.startswith("100 %") for share in shares)
            for share in shares:
                assert share in text, share
            chart = screen.query_one("#stats-chart")
            legend = screen.query_one("#stats-legend")
            chart.scroll_visible(animate=False)
            for _ in range(20):
                await pilot.pause()
            rows = screen_lines(app)
            region = chart.region
            inside = [row[region.x : region.right] for row in rows[region.y : region.bottom]]
            # The legend is a line of its own above the chart, not drawn over the lines.
            assert "your side" in rows[legend.region.y] and legend.region.bottom <= region.y
            assert not any("your side" in row or "rivals" in row for row in inside)
            # The x axis: whole hand numbers, from the first hand charted.
            axis = next(row for row in reversed(inside) if any(ch.isdigit() for ch in row))
            ticks = axis.split()
            assert len(ticks) >= 2 and all(tick.isdigit() for tick in ticks), axis
            assert int(ticks[0]) == screen.loaded.chart.hands[0]

    asyncio.run(run())


def _blank_runs(rows: list[str]) -> list[int]:
    """The lengths of the runs of blank rows in ``rows``."""
    runs, current = [], 0
    for row in rows:
        if row.strip():
            if current:
                runs.append(current)
            current = 0
        else:
            current += 1
    if current:
        runs.append(current)
    return runs


def test_the_start_screen_at_200x50_is_one_block_in_the_middle_with_big_cards() -> None:
    """Not the form at the top and the buttons at the bottom with some 28 empty rows between."""
    from guinote_tui.ui.screens.start import StartScreen

    async def run() -> None:
        app = make_app()
        async with app.run_test(size=(200, 50)) as pilot:
            for _ in range(50):
                await pilot.pause()
                if isinstance(app.screen, StartScreen):
                    break
            screen = app.screen
            assert isinstance(screen, StartScreen)
            await pilot.pause()
            rows = screen_lines(app)[1:-1]  # between the title bar and the footer
            runs = _blank_runs(rows)
            assert max(runs) <= 16, runs
            # The empty rows are above and below the block, about as many each side.
            first = next(i for i, row in enumerate(rows) if row.strip())
            last = max(i for i, row in enumerate(rows) if row.strip())
            below = len(rows) - 1 - last
            assert abs(first - below) <= 2, (first, below)
            assert screen.query_one("#start-cards").region.height == 9  # the large cards, as on the table

    asyncio.run(run())


def test_at_200x50_the_side_panel_shows_the_tracker_under_the_log() -> None:
    """A big terminal fills the side panel: the card tracker under the log, all the time (not at 100×30)."""
    from guinote_tui.ui.widgets.tracker import TrackerPanel

    async def run(size: tuple[int, int]) -> bool:
        app = make_app(players=2, level="random", seed=3, delay=0, pace="timed")
        async with app.run_test(size=size) as pilot:
            table = await _table(pilot, app)
            await pilot.pause()
            side = table.query_one("#tracker-side", TrackerPanel)
            if not side.display:
                return False
            rows = screen_lines(app)
            log = table.query_one("#log").region
            assert side.region.y >= log.bottom and side.region.height >= 7
            column = [row[log.x : log.right] for row in rows[log.y : side.region.bottom]]
            assert max(_blank_runs(column)) <= 22, _blank_runs(column)  # the tracker took its rows
            box = side.region
            text = [row[box.x : box.right] for row in rows[box.y : box.bottom]]
            assert text[0].startswith("Tracker") and "(k: log)" not in text[0]
            assert any(line.startswith("Trumps still out") for line in text)
            # The ranks' header sits over the suits' columns (its indent kept).
            header, first_suit = text[1], text[2]
            assert header.index("1") == first_suit.index("1", 2), (header, first_suit)
            return True

    assert asyncio.run(run((200, 50)))
    assert not asyncio.run(run((100, 30)))


def test_the_rules_screen_is_a_few_widgets_and_reads_to_the_end_with_hanging_lists() -> None:
    """The rules open as one scrolling text (not a widget per block and table cell, which took a second)."""
    from guinote_tui.ui.screens.rules import RulesScreen, rules_text

    async def run() -> None:
        app = make_app(players=2, level="random", seed=3, delay=0, pace="timed")
        async with app.run_test(size=(80, 24)) as pilot:
            await _table(pilot, app)
            await pilot.press("question_mark")
            for _ in range(50):
                await pilot.pause()
                if isinstance(app.screen, RulesScreen):
                    break
            screen = app.screen
            assert isinstance(screen, RulesScreen)
            await pilot.pause()
            assert len(list(screen.query("*"))) < 20
            rows = screen_lines(app)
            assert "How to play Guiñote" in "\n".join(rows)
            # A bullet's wrapped line hangs under its text, not under the bullet.
            bullet = next(i for i, row in enumerate(rows) if row.lstrip().startswith("• Four suits"))
            indent = rows[bullet].index("•") + 2
            assert rows[bullet + 1][:indent].strip() == "" and rows[bullet + 1][indent] != " "
            await pilot.press("end")
            for _ in range(5):
                await pilot.pause()
            last_words = rules_text().split()[-3:]
            assert " ".join(last_words).replace("*", "") in " ".join(" ".join(screen_lines(app)).split())

    asyncio.run(run())


def longest_blank_run(rows: list[str]) -> int:
    """The most columns side by side that are blank in every one of ``rows``."""
    longest = run = 0
    for column in range(min(len(row) for row in rows)):
        run = run + 1 if all(row[column] == " " for row in rows) else 0
        longest = max(longest, run)
    return longest


def test_the_felt_is_laid_out_for_200x50_not_stretched() -> None:
    """At 200×50 the stock, the muestra and the tricks taken lie on the felt: no wide empty band beside the trick."""
    from itertools import pairwise

    from guinote_tui.ui.widgets.board import MuestraPanel
    from guinote_tui.ui.widgets.felt import FeltMonte

    async def run(players: int, size: tuple[int, int]) -> None:
        app = make_app(players=players, level="random", seed=3, delay=0, pace="timed")
        async with app.run_test(size=size) as pilot:
            table = await _table(pilot, app)
            for _ in range(100):
                await pilot.pause()
                if table.query_one(FeltMonte).region.area:
                    break
            felt, row = table.query_one("#felt").region, table.query_one("#felt-row").region
            rows = [line[felt.x : felt.right] for line in screen_lines(app)[row.y : row.bottom]]
            # The stock and the muestra moved from the side panel to the felt, the tricks taken beside them.
            assert not table.query_one(MuestraPanel).region.area
            # Everything on the felt's row is whole, side by side, at 200×50 and at 180×45 where room is least.
            shown = [w.region for w in table.query_one("#felt-row").children if w.display]
            assert len(shown) == (3 if players == 2 else 5)
            assert all(felt.contains_region(region) for region in shown), (felt, shown)
            assert all(a.right <= b.x for a, b in pairwise(shown)), shown
            text = "\n".join(rows)
            assert "muestra" in text and "Stock" in text and "0 tricks" in text
            if size == (200, 50):
                # Before, the trick stood alone in the felt's middle: 64 blank columns beside it heads-up, 39 in pairs.
                assert longest_blank_run(rows) <= 30, (players, longest_blank_run(rows))

    for players, size in ((2, (200, 50)), (4, (200, 50)), (4, (180, 45))):
        asyncio.run(run(players, size))


def test_below_180_columns_the_muestra_stays_in_the_side_panel() -> None:
    from guinote_tui.ui.widgets.board import MuestraPanel
    from guinote_tui.ui.widgets.felt import FeltMonte, TakenPiles

    async def run(size: tuple[int, int]) -> None:
        app = make_app(players=2, level="random", seed=3, delay=0, pace="timed")
        async with app.run_test(size=size) as pilot:
            table = await _table(pilot, app)
            for _ in range(100):
                await pilot.pause()
                if table.query_one(MuestraPanel).region.area:
                    break
            assert table.query_one("#side").region.contains_region(table.query_one(MuestraPanel).region), size
            assert not table.query_one(FeltMonte).region.area and not table.query_one(TakenPiles).region.area

    for size in ((179, 50), (200, 44)):
        asyncio.run(run(size))
