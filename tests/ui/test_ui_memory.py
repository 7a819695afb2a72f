"""The game remembers: the match in progress continued, the start screen's choices, damaged files set aside."""

from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
from deals import play_through
from uihelpers import make_app, settle

from guinote_tui.engine import Rules
from guinote_tui.game import preferences, resume
from guinote_tui.ui.screens.start import StartScreen
from guinote_tui.ui.screens.table import TableScreen


def test_a_match_quit_is_continued_from_the_start_screen() -> None:
    async def first_run() -> tuple[list, int]:
        app = make_app(players=2, level="random", seed=31, delay=0, pace="timed")
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot)
            session = app.session
            assert session is not None
            play_through(session, random.Random(1), stop=lambda: len(session.match.hand.tricks) >= 3)
            assert resume.exists()
            await pilot.press("q")
            await pilot.pause()
            await pilot.press("y")  # leave: the trick in progress is kept too
            await pilot.pause()
            return list(session.match.hand.log), len(session.match.finished)

    log, finished = asyncio.run(first_run())
    assert resume.exists()

    async def second_run() -> None:
        app = make_app()  # the start screen, which offers Continue
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, StartScreen)
            assert app.screen.query("#continue")
            await pilot.press("c")
            await pilot.pause()
            assert isinstance(app.screen, TableScreen)
            session = app.session
            assert session is not None
            # (The bots may already have moved on from where the player left.)
            assert list(session.match.hand.log)[: len(log)] == log and len(session.match.finished) == finished
            assert session.settings.players == 2 and session.settings.level == "random"

    asyncio.run(second_run())


def test_guinote_play_continue_with_nothing_kept_says_so_on_the_start_screen() -> None:
    app = make_app(continue_match=True)
    assert app.resume is None and app.show_start
    assert app.notices == ["There is no match in progress to continue: deal a new one."]


def test_a_damaged_kept_match_is_set_aside_and_the_game_goes_on() -> None:
    target = resume.path()
    target.parent.mkdir(parents=True)
    target.write_text('{"format": "guinote-history", "version": 1, "players": 3}')

    async def run() -> None:
        app = make_app()
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            start = app.screen
            assert isinstance(start, StartScreen) and start.query("#continue")
            await pilot.press("c")
            await pilot.pause()
            assert app.screen is start and not start.query("#continue")
            assert not target.exists() and list(target.parent.glob("current-match.json.corrupt-*"))
            # The game goes on: a new match is dealt and kept afresh.
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, TableScreen) and resume.exists()

    asyncio.run(run())


def test_the_start_screen_remembers_its_choices_between_runs() -> None:
    async def choose() -> None:
        app = make_app()
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            start = app.screen
            assert isinstance(start, StartScreen)
            settings = start.chosen_settings()
            settings.players = 2
            settings.level = "hard"
            settings.rules = Rules.preset("libre-100")
            app.start_game(settings)
            await pilot.pause()

    asyncio.run(choose())
    assert preferences.path().exists()

    async def again() -> None:
        app = make_app()
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            start = app.screen
            assert isinstance(start, StartScreen)
            chosen = start.chosen_settings()
            assert chosen.players == 2 and chosen.level == "hard" and chosen.rules.preset_name == "libre-100"

    asyncio.run(again())
    # What the command line gives wins over what was remembered.
    assert make_app(players=4, level="easy").settings.players == 4


def test_a_bad_settings_value_is_told_in_one_line_and_the_rest_is_kept() -> None:
    target = preferences.path()
    target.parent.mkdir(parents=True)
    target.write_text('players = 2\nlevel = "grandmaster"\n')
    app = make_app()
    assert app.settings.players == 2
    assert len(app.notices) == 1 and '"level"' in app.notices[0]


KILLED_GAME = textwrap.dedent(
    """
    import asyncio, random, sys
    from guinote_tui.game.services import Services
    from guinote_tui.ui.app import make_app
    from guinote_tui.ui.screens.table import TableScreen

    async def run():
        services = Services(review_ahead=False)  # the match is kept, as in the game; no coach worker
        app = make_app(players=4, level="random", seed=5, delay=0, pace="timed", services=services)
        async with app.run_test(size=(100, 30)) as pilot:
            session = app.session
            session.settings.trick_seconds = 0.0
            rng = random.Random(2)
            told = None
            while not session.match.is_over:
                await pilot.pause(0.01)
                now = (len(session.match.finished), len(session.match.hand.tricks))
                if now != told:
                    with open(sys.argv[1], "a") as progress:  # kept already: the table keeps it as a trick ends
                        progress.write(f"{now[0]} {now[1]}\\n")
                    told = now
                table = app.screen
                if isinstance(table, TableScreen) and session.human_to_move and not table.holding:
                    table.act(rng.choice(session.view().legal))
                elif session.hand_over and not isinstance(table, TableScreen):
                    await pilot.press("enter")

    if __name__ == "__main__":  # (the review's worker process imports this module again)
        asyncio.run(run())
    """
)


def test_a_game_killed_mid_hand_loses_at_most_the_trick_in_progress(tmp_path: Path) -> None:
    script = tmp_path / "game.py"
    script.write_text(KILLED_GAME)
    progress = tmp_path / "progress.txt"
    process = subprocess.Popen([sys.executable, str(script), str(progress)], env=dict(os.environ))
    seen: list[tuple[int, ...]] = []
    try:
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline and process.poll() is None:
            time.sleep(0.05)
            if progress.exists():
                seen = [tuple(int(n) for n in line.split()) for line in progress.read_text().splitlines()]
                if len(seen) >= 8 and seen[-1][1] > 0:
                    break
    finally:
        os.kill(process.pid, signal.SIGKILL)
        process.wait()
    seen = [tuple(int(n) for n in line.split()) for line in progress.read_text().splitlines() if line]
    assert len(seen) >= 8, f"the game did not get going: {seen}"
    match = resume.load()
    assert match is not None
    # Every trick the game finished before the kill is in the kept match.
    assert (len(match.finished), len(match.hand.tricks)) >= seen[-1]
    data = json.loads(resume.path().read_text())
    assert data["table"]["seats"] == {"1": "random", "2": "random", "3": "random"}
    assert data["table"]["assisted"] is False


def test_finished_hands_are_recorded_once_even_when_the_match_is_continued() -> None:
    from guinote_tui.records import Statistics

    async def play_two_hands() -> tuple[str, int, int]:
        app = make_app(players=2, level="easy", seed=44, delay=0, pace="timed")
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot)
            session = app.session
            assert session is not None and session.stats is not None
            rng = random.Random(9)
            play_through(session, rng)
            points = session.match.hand.result.points[0] if session.match.hand.result else -1
            session.next_hand()
            play_through(session, rng, stop=lambda: len(session.match.hand.tricks) >= 2)
            await pilot.press("q")
            await pilot.pause()
            await pilot.press("y")
            return session.stats_key, len(session.match.finished), points

    key, finished, points = asyncio.run(play_two_hands())
    with Statistics() as stats:
        totals = stats.totals()
        assert totals.hands == finished == 1 and totals.points_player == points
        assert totals.matches == 1

    async def continue_and_finish_the_hand() -> None:
        app = make_app(continue_match=True)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            session = app.session
            assert session is not None and session.stats_key == key
            play_through(session, random.Random(3))
            await pilot.pause()

    asyncio.run(continue_and_finish_the_hand())
    with Statistics() as stats:
        totals = stats.totals()
        assert totals.hands == 2 and totals.matches == 1  # the first hand was not counted again


def test_an_unwritable_data_directory_is_told_once_and_the_game_plays_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "data"
    blocker.write_text("a file where the data directory should be")
    monkeypatch.setenv("XDG_DATA_HOME", str(blocker))

    async def run() -> None:
        app = make_app(players=2, level="random", seed=12, delay=0, pace="timed")
        told: list[str] = []
        original = app.notify

        def notify(message: str, **options: object) -> None:
            told.append(message)
            original(message, **options)  # type: ignore[arg-type]

        app.notify = notify  # type: ignore[method-assign]
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot)
            session = app.session
            assert session is not None
            play_through(session, random.Random(5))
            table = app.screen
            assert isinstance(table, TableScreen)
            table.tell_keeping_problem()
            await pilot.pause()
            assert session.hand_over  # the hand was played to its end
        kept = [m for m in told if m.startswith("The game cannot be saved")]
        stats = [m for m in told if m.startswith("Statistics cannot be saved")]
        assert len(kept) == 1, told
        assert len(stats) == 1, told

    asyncio.run(run())
