"""The statistics screen: opened from the start screen, empty, filled, and with a damaged file."""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import sqlite3
import threading
from collections.abc import Iterator
from pathlib import Path

from uihelpers import make_app, screen_lines, until, wait_until

from guinote_tui.ai import decide, make_bot
from guinote_tui.engine import Match
from guinote_tui.present import statsreport
from guinote_tui.records import Statistics, TableInfo, default_path
from guinote_tui.ui.screens.start import StartScreen
from guinote_tui.ui.screens.statistics import StatisticsScreen


def record_random_matches(count: int, seed: int = 5) -> None:
    """Whole matches of random play, heads-up and pairs against a few levels, one of them assisted."""
    rng = random.Random(seed)
    bot = make_bot("random")
    with Statistics(default_path()) as stats:
        for index in range(count):
            players = 2 if index % 2 == 0 else 4
            match = Match(players, seed=rng.randrange(1 << 30), events=False)
            level = ("easy", "normal", "hard")[index % 3]
            match.table = {"seats": {str(s): level for s in range(1, players)}, "assisted": index == count - 1}
            table = TableInfo.of_match(match)
            while True:
                hand = match.hand
                while not hand.is_over:
                    seat = hand.to_move
                    assert seat is not None
                    match.apply(decide(bot, hand, seat, rng), seat)
                stats.record_hand(f"m{index}", match, table)
                if match.is_over:
                    break
                match.next_hand()
            stats.record_match_end(f"m{index}", match, table)


async def open_statistics(pilot, app) -> StatisticsScreen:  # type: ignore[no-untyped-def]
    await pilot.pause()
    assert isinstance(app.screen, StartScreen)
    await pilot.press("t")
    await wait_until(pilot, lambda: isinstance(app.screen, StatisticsScreen) and app.screen.loaded is not None)
    screen = app.screen
    assert isinstance(screen, StatisticsScreen) and screen.loaded is not None
    await pilot.pause()
    return screen


def test_the_empty_state_and_escape_closes() -> None:
    async def run() -> None:
        app = make_app()
        async with app.run_test(size=(80, 24)) as pilot:
            await open_statistics(pilot, app)
            text = "\n".join(screen_lines(app))
            assert "Play a hand and it will show here" in text
            assert "Results by table" not in text
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(app.screen, StartScreen)

    asyncio.run(run())


def test_the_button_opens_it_and_the_figures_are_the_apis() -> None:
    record_random_matches(4)
    with Statistics(default_path()) as stats:
        summary = stats.summary()
    assert summary.totals.hands > 0

    async def run() -> None:
        app = make_app()
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            await pilot.click("#statistics")
            await wait_until(pilot, lambda: isinstance(app.screen, StatisticsScreen) and app.screen.loaded is not None)
            screen = app.screen
            assert isinstance(screen, StatisticsScreen) and screen.loaded is not None
            shown = screen.loaded.summary
            assert (shown.totals, shown.results, shown.cantes, shown.endings) == (
                summary.totals,
                summary.results,
                summary.cantes,
                summary.endings,
            )
            for size, state in summary.ratings.items():  # the deviation grows with the seconds since
                assert shown.ratings[size].juegos == state.juegos
                assert round(shown.ratings[size].rating.rd) == round(state.rating.rd)
            await pilot.pause()
            text = "\n".join(screen_lines(app))
            assert statsreport.overview(summary) in text
            for size, state in summary.ratings.items():
                if state.juegos:
                    assert f"{state.rating.rating:.0f} (95 %: {state.interval[0]:.0f}" in text, size
            first = summary.results[0]
            row = f"{statsreport.table_name(first)}"
            line = next(line for line in screen_lines(app) if row in line and statsreport.interval_text(first) in line)
            assert f" {first.juegos} " in line and f" {first.wins} " in line
            assert any(r.assisted for r in summary.results)
            # Further down: the assisted results, the chart, cantes and endings.
            scroll = screen.query_one("#stats-scroll")
            scroll.scroll_end(animate=False)
            await pilot.pause(0.1)
            await pilot.pause()
            text = "\n".join(screen_lines(app))
            assert "How hands ended" in text and "cante points" in text
            name, count, _ = statsreport.ending_rows(summary.endings)[0]
            assert any(name in line and str(count) in line for line in screen_lines(app))

    asyncio.run(run())


def test_a_damaged_file_is_one_notice_line() -> None:
    path = default_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"this is not a database at all")

    async def run() -> None:
        app = make_app()
        async with app.run_test(size=(100, 30)) as pilot:
            screen = await open_statistics(pilot, app)
            assert screen.loaded is not None and screen.loaded.problem
            assert "could not be read" in screen.loaded.problem
            text = "\n".join(screen_lines(app))
            assert "could not be read" in text
            assert "Play a hand and it will show here" in text

    asyncio.run(run())
    assert list(path.parent.glob("statistics.sqlite3.corrupt-*"))


def test_a_file_that_cannot_be_written_shows_the_figures_and_says_so(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """As in a read-only folder (tests/unit/test_read_only_data.py does it for real): SQLite refuses to write."""
    import sqlite3

    from guinote_tui.records import store

    record_random_matches(2)
    with Statistics(default_path()) as stats:
        hands = stats.totals().hands
    real_connect = sqlite3.connect

    def connect(target, *args, **kwargs):  # type: ignore[no-untyped-def]
        if not kwargs.get("uri"):  # the writable open; the read-only one (a URI) goes through
            raise sqlite3.OperationalError("attempt to write a readonly database")
        return real_connect(target, *args, **kwargs)

    monkeypatch.setattr(store.sqlite3, "connect", connect)

    async def run() -> None:
        app = make_app()
        async with app.run_test(size=(100, 30)) as pilot:
            screen = await open_statistics(pilot, app)
            assert screen.loaded is not None and screen.loaded.summary.totals.hands == hands
            text = "\n".join(screen_lines(app))
            assert "Play a hand and it will show here" not in text
            assert screen.loaded.problem == (
                "Statistics cannot be saved (attempt to write a readonly database): "
                "those recorded so far are shown but not updated."
            )
            assert "not updated" in text  # the notice line on the screen

    asyncio.run(run())


# -- a statistics file the game did not write (issue 38) ----------------------------------------------

ESCAPES = "\x1b]0;PWNED\x07\x1b[2J\x1b]52;c;cHduZWQ=\x07"


@contextlib.contextmanager
def unblocked_after_a_while(fifo: Path) -> Iterator[None]:
    """A safety net, not a measure: a reader stuck on the FIFO is let go after a while, so a test fails, never hangs."""
    done = threading.Event()

    def release() -> None:
        if done.wait(60):
            return
        with contextlib.suppress(OSError):  # (no reader: nothing to let go)
            os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))

    watchdog = threading.Thread(target=release, daemon=True)
    watchdog.start()
    try:
        yield
    finally:
        done.set()
        watchdog.join()


def test_a_fifo_as_the_statistics_file_neither_hangs_the_screen_nor_the_table() -> None:
    path = default_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    os.mkfifo(path)

    async def run() -> None:
        app = make_app()
        async with app.run_test(size=(100, 30)) as pilot:
            screen = await open_statistics(pilot, app)
            assert screen.loaded is not None and screen.loaded.problem is not None
            assert "not a regular file" in screen.loaded.problem and "moved to" in screen.loaded.problem
            assert "not a regular file" in "\n".join(screen_lines(app))

    with unblocked_after_a_while(path):
        asyncio.run(run())
    assert path.is_file() and [p.is_fifo() for p in path.parent.glob("statistics.sqlite3.corrupt-*")] == [True]
    path.unlink()
    os.mkfifo(path)

    async def play() -> None:
        app = make_app(players=2, level="random", seed=3, delay=0)
        async with app.run_test(size=(100, 30)) as pilot:
            # Waits on the state (a count of pauses ran out on a loaded machine before the notice came).
            await until(pilot, lambda: app.session is not None)
            assert app.session is not None and app.session.stats is not None and app.session.stats.saving
            await until(pilot, lambda: any("not a regular file" in n.message for n in app._notifications))

    with unblocked_after_a_while(path):
        asyncio.run(play())


def test_damaged_records_are_left_out_and_said_and_their_escapes_never_shown() -> None:
    record_random_matches(3)
    connection = sqlite3.connect(default_path())
    connection.execute("UPDATE hands SET rival_level = ? WHERE id IN (1, 2)", (ESCAPES,))
    connection.execute("UPDATE juegos SET won = 9.9e307 WHERE id = 1")
    connection.commit()
    connection.close()

    async def run() -> None:
        app = make_app()
        async with app.run_test(size=(100, 30)) as pilot:
            await open_statistics(pilot, app)
            text = "\n".join(screen_lines(app))
            assert "3 damaged records in the statistics file are left out of these figures." in text
            assert "PWNED" not in text and "cHduZWQ" not in text
            assert "Results by table" in text

    asyncio.run(run())


def test_a_file_that_cannot_be_opened_says_so_and_not_that_nothing_was_recorded(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """As when the data folder may not be entered (tests/unit/test_cli_stats.py does it for real)."""
    from guinote_tui.records import store

    record_random_matches(1)
    real_open = os.open

    def refuse(path, *args, **kwargs):  # type: ignore[no-untyped-def]
        if str(path) == str(default_path()):
            raise PermissionError(13, "Permission denied", str(path))
        return real_open(path, *args, **kwargs)

    monkeypatch.setattr(store.os, "open", refuse)

    async def run() -> None:
        app = make_app()
        async with app.run_test(size=(100, 30)) as pilot:
            screen = await open_statistics(pilot, app)
            assert screen.loaded is not None
            text = " ".join(" ".join(line.strip(" │").split()) for line in screen_lines(app))  # (the line wraps)
            assert "cannot be opened (Permission denied): no statistics are shown or saved." in text
            assert "Play a hand and it will show here" not in text

    asyncio.run(run())


def record_people_matches(seed: int = 8) -> None:
    """A heads-up match against a person and a pairs match against two people with a bot partner."""
    rng = random.Random(seed)
    bot = make_bot("random")
    with Statistics(default_path()) as stats:
        for key, players, people in (("versus", 2, {1}), ("rivals", 4, {1, 3})):
            match = Match(players, seed=rng.randrange(1 << 30), events=False)
            table = TableInfo.at_table_with_people(players, people, "hard", match.rules)
            while True:
                while not match.hand.is_over:
                    seat = match.hand.to_move
                    assert seat is not None
                    match.apply(decide(bot, match.hand, seat, rng), seat)
                stats.record_hand(key, match, table)
                if match.is_over:
                    break
                match.next_hand()
            stats.record_match_end(key, match, table)


def section(lines: list[str], heading: str, ends: tuple[str, ...]) -> list[str]:
    """The screen's lines from ``heading`` to the first of the ``ends`` headings after it."""
    cells = [line.strip(" │") for line in lines]  # (inside the dialog's border)
    start = next(i for i, line in enumerate(cells) if line.startswith(heading))
    stop = next(i for i, line in enumerate(cells[start + 1 :], start + 1) if line.startswith(ends))
    return cells[start + 1 : stop]


def test_games_with_people_have_their_own_results_under_the_others() -> None:
    record_random_matches(3)  # (the third is assisted)
    record_people_matches()
    with Statistics(default_path()) as stats:
        results = stats.results()
    people = [r for r in results if r.with_people]
    assert [(r.players, r.rival_people, r.partner_person) for r in people] == [(2, 1, False), (4, 2, False)]

    async def run() -> None:
        app = make_app()
        async with app.run_test(size=(110, 70)) as pilot:
            screen = await open_statistics(pilot, app)
            await wait_until(pilot, lambda: screen.query_one("#stats-people").display)
            lines = screen_lines(app)
            bots = section(lines, "Results by table", ("Assisted",))
            assisted = section(lines, "Assisted", ("With people",))
            with_people = section(lines, "With people (not rated)", ("Points per hand",))
            assert not any("person" in line or "people" in line for line in bots + assisted)
            for result, name in zip(people, ("heads-up · a person", "pairs · people, partner hard"), strict=True):
                assert statsreport.table_name(result) == name
                row = next(line for line in with_people if name in line)
                assert statsreport.interval_text(result) in row and f" {result.juegos} " in row
            assert any(statsreport.table_name(r) in line for r in results if not r.with_people for line in bots)

    asyncio.run(run())


def test_with_people_only_the_bots_results_say_there_are_none_yet() -> None:
    record_people_matches()

    async def run() -> None:
        app = make_app()
        async with app.run_test(size=(110, 60)) as pilot:
            screen = await open_statistics(pilot, app)
            await wait_until(pilot, lambda: screen.query_one("#stats-people").display)
            lines = screen_lines(app)
            bots = section(lines, "Results by table", ("With people",))
            assert [line for line in bots if line] == ["No juego against the bots yet."]
            assert not screen.query_one("#stats-assisted").display
            with_people = section(lines, "With people (not rated)", ("Points per hand",))
            assert any(
                line.split() == ["Table", "Juegos", "Won", "Share", "(95", "%)", "Hands", "±", "a", "hand"]
                for line in with_people
            )
            assert any("heads-up · a person" in line for line in with_people)
            text = "\n".join(lines)
            assert "not rated yet: finish a juego against the bots without undo, hints or open hands" in text

    asyncio.run(run())
