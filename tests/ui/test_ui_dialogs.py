"""The yes/no dialog: its question wraps and the dialog grows to show all of it, at 80×24 and 100×30."""

from __future__ import annotations

import asyncio

import pytest
from uihelpers import key_for, make_app, playable, screen_lines, settle, summary_ready

from guinote_tui.game.sentences import leave_question
from guinote_tui.ui.app import GuinoteApp
from guinote_tui.ui.screens.dialogs import YesNoDialog
from guinote_tui.ui.screens.summary import SummaryScreen


def dialog_text(app: GuinoteApp) -> str:
    """The words inside the dialog's border, its lines joined by spaces."""
    lines = screen_lines(app)
    top = next(i for i, line in enumerate(lines) if "Leave the game?" in lines[i + 1])
    left = lines[top + 1].index("│  Leave the game?")
    right = lines[top].index("╮", left)
    assert lines[top][left] == "╭"
    inside = []
    for line in lines[top + 1 :]:
        if line[left] == "╰":
            break
        inside.append(line[left + 1 : right].strip())
    return " ".join(part for part in inside if part)


@pytest.mark.parametrize("size", [(80, 24), (100, 30)])
def test_the_whole_leave_question_shows_from_the_table(size: tuple[int, int]) -> None:
    async def run() -> None:
        app = make_app(players=2, level="random", seed=3, delay=0)
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            session = app.session
            assert session is not None
            await pilot.press("q")
            await pilot.pause()
            assert isinstance(app.screen, YesNoDialog)
            question = leave_question(session)
            assert question.endswith("goes on with it.")  # the long form: the match is kept
            text = dialog_text(app)
            assert question in text, text
            assert "Yes (y)" in text and "No (n)" in text
            await pilot.press("n")
            await pilot.pause()
            assert not isinstance(app.screen, YesNoDialog)

    asyncio.run(run())


def test_the_whole_leave_question_shows_from_the_summary() -> None:
    async def run() -> None:
        app = make_app(players=2, level="random", seed=3, delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            session = app.session
            assert session is not None
            for _ in range(40):
                await settle(pilot)
                if session.hand_over:
                    break
                await pilot.press(key_for(app, playable(session.view().legal)[0]))
            await pilot.pause()
            assert isinstance(app.screen, SummaryScreen)
            await summary_ready(pilot)
            await pilot.press("q")
            await pilot.pause()
            assert isinstance(app.screen, YesNoDialog)
            assert leave_question(session) in dialog_text(app)

    asyncio.run(run())


@pytest.mark.parametrize(
    ("lang", "yes", "label"), [("es", "s", "Sí (tecla s)"), ("de", "j", "Ja (j)"), ("en", "y", "Yes (y)")]
)
def test_a_question_takes_the_languages_own_yes(lang: str, yes: str, label: str) -> None:
    """A Spanish player answers sí with s (and y still works), a German one ja with j."""

    async def run() -> None:
        app = make_app(players=2, level="random", seed=3, delay=0, lang=lang)
        answers: list[bool | None] = []
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            for key in (yes, "y"):
                app.push_screen(YesNoDialog("?"), answers.append)
                await pilot.pause()
                assert label in " ".join(screen_lines(app))
                await pilot.press(key)
                await pilot.pause()
                assert not isinstance(app.screen, YesNoDialog)
        assert answers == [True, True]

    asyncio.run(run())
