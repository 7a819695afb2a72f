"""The start screen offers Continue only for a kept match that loads, or a damaged one it then names in one line."""

from __future__ import annotations

import asyncio
import random

import pytest
from uihelpers import make_app

from guinote_tui.engine import Match, dumps
from guinote_tui.game import resume
from guinote_tui.ui.screens.start import StartScreen


def told_on_continue(content: str) -> tuple[bool, list[str]]:
    """With ``content`` kept as the match in progress: whether Continue is offered, and what pressing c says."""
    target = resume.path()
    target.parent.mkdir(parents=True)
    target.write_text(content)
    told: list[str] = []

    async def run() -> bool:
        app = make_app(delay=0)
        original = app.notify
        app.notify = lambda message, **kw: told.append(message) or original(message, **kw)  # type: ignore[method-assign]
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, StartScreen)
            screen.notify = app.notify  # type: ignore[method-assign]
            offered = bool(screen.query("#continue"))
            await pilot.press("c")
            await pilot.pause()
            assert app.screen is screen and not screen.query("#continue")  # nothing to continue, no button left
            return offered

    return asyncio.run(run()), told


@pytest.mark.parametrize("content", ["null", "[1, 2]"])
def test_a_kept_file_that_is_no_match_is_told_once_as_damaged(content: str) -> None:
    offered, told = told_on_continue(content)
    assert offered
    assert len(told) == 1 and told[0].startswith("current-match.json could not be read ("), told
    assert "no match in progress" not in told[0]
    assert list(resume.path().parent.glob("current-match.json.corrupt-*"))


def test_a_finished_match_left_in_the_file_is_not_offered() -> None:
    match = Match(2, seed=2)
    rng = random.Random(2)
    while not match.is_over:
        if match.hand.is_over:
            match.next_hand()
        seat = match.hand.to_move
        assert seat is not None
        match.apply(rng.choice(match.hand.legal_actions()), seat)
    offered, told = told_on_continue(dumps(match))
    assert not offered and told == []
