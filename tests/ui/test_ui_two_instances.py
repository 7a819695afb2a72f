"""Two instances of the game at once: the first keeps the match in progress, the second never overwrites it.

The other instance is a real second process holding the lock (:func:`another_instance`).
"""

from __future__ import annotations

import asyncio
import os
import random
import signal
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from contextlib import contextmanager

from deals import play_through
from uihelpers import make_app, settle

from guinote_tui.engine import Match
from guinote_tui.game import resume
from guinote_tui.game.sentences import leave_question
from guinote_tui.ui.screens.start import StartScreen
from guinote_tui.ui.screens.table import TableScreen

OTHER = textwrap.dedent(
    """
    import sys
    from guinote_tui.engine import Match
    from guinote_tui.game import resume

    keeper = resume.Keeper()
    match = Match(2, seed=77)
    for _ in range(6):
        match.apply(match.legal_actions()[0])
    saved = keeper.save(match, ["You", "Rival"], {"seats": {"1": "normal"}})
    print("kept" if saved and not getattr(keeper, "elsewhere", False) else "not kept", flush=True)
    sys.stdin.readline()
    """
)


@contextmanager
def another_instance() -> Iterator[subprocess.Popen[str]]:
    """A second process that keeps a match in progress (and holds the lock) until the block ends."""
    process = subprocess.Popen(
        [sys.executable, "-c", OTHER],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env=os.environ.copy(),
    )
    try:
        assert process.stdout is not None
        assert process.stdout.readline().strip() == "kept"
        yield process
    finally:
        if process.poll() is None:
            assert process.stdin is not None
            process.stdin.close()
            process.wait(timeout=60)


def test_a_second_keeper_does_not_overwrite_the_kept_match_and_says_so_once() -> None:
    with another_instance():
        kept = resume.path().read_bytes()
        keeper = resume.Keeper()
        match = Match(2, seed=5)
        match.apply(match.legal_actions()[0])
        assert keeper.save(match, ["You", "Rival"], {}) is False
        assert resume.path().read_bytes() == kept
        line = keeper.problem_to_tell()
        assert line is not None and "\n" not in line and "this match is not kept" in line
        assert keeper.problem_to_tell() is None
    # (The other instance closed; this one still does not take over the match it did not load.)
    assert keeper.save(match, ["You", "Rival"], {}) is False and resume.path().read_bytes() == kept


def test_an_instance_that_dies_leaves_no_lock_behind() -> None:
    with another_instance() as process:
        assert not resume.claim()
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=60)
        assert resume.claim()
        assert resume.Keeper().elsewhere is False
    resume.release()


def test_continue_in_the_second_instance_leaves_the_match_to_the_first() -> None:
    async def run() -> None:
        app = make_app(delay=0)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, StartScreen) and screen.query("#continue")
            told: list[str] = []
            original = app.notify
            app.notify = lambda message, **kw: told.append(message) or original(message, **kw)  # type: ignore[method-assign]
            await pilot.press("c")
            for _ in range(50):
                await pilot.pause()
                if told:
                    break
            assert app.screen is screen and app.session is None
            assert told == ["The match in progress is being played in another window of the game and stays there"]

    with another_instance():
        kept = resume.path().read_bytes()
        asyncio.run(run())
        assert resume.path().read_bytes() == kept


def test_guinote_play_continue_in_the_second_instance_opens_the_start_screen_saying_so() -> None:
    with another_instance():
        app = make_app(continue_match=True)
    assert app.resume is None and app.show_start
    assert app.notices == [
        "The match in progress is being played in another window of the game and stays there; deal a new match."
    ]


def test_a_new_match_in_the_second_instance_plays_on_unkept() -> None:
    async def run() -> None:
        app = make_app(players=2, level="random", seed=31, delay=0, pace="timed")
        told: list[str] = []
        original = app.notify
        app.notify = lambda message, **kw: told.append(message) or original(message, **kw)  # type: ignore[method-assign]
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot)
            session = app.session
            assert isinstance(app.screen, TableScreen) and session is not None
            play_through(session, random.Random(1), stop=lambda: len(session.match.hand.tricks) >= 2)
            session.keep()  # as after every trick
            assert any("this match is not kept" in line for line in told)
            assert leave_question(session) == "Leave the game? (To keep it, answer n and save with Ctrl+S.)"

    with another_instance():
        kept = resume.path().read_bytes()
        asyncio.run(run())
        assert resume.path().read_bytes() == kept
