"""In a game served to a browser (``guinote serve``), ctrl+s saves only inside the data directory."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from textual.widgets import Input
from uihelpers import make_app, settle

from guinote_tui.saveguard import SERVED_ENV
from guinote_tui.storage import data_dir
from guinote_tui.ui.screens.dialogs import SaveDialog
from guinote_tui.ui.screens.table import TableScreen


def test_a_served_game_refuses_to_save_outside_the_data_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(SERVED_ENV, "1")  # as guinote serve starts each game
    outside = tmp_path / "elsewhere.json"
    inside = data_dir().resolve() / "match.json"
    inside.parent.mkdir(parents=True, exist_ok=True)
    notes: list[str] = []

    async def save_as(app, pilot, text: str) -> None:  # type: ignore[no-untyped-def]
        await pilot.press("ctrl+s")
        for _ in range(50):
            await pilot.pause()
            if isinstance(app.screen, SaveDialog):
                break
        assert isinstance(app.screen, SaveDialog)
        app.screen.query_one("#path", Input).value = text
        await pilot.press("enter")
        for _ in range(50):
            await pilot.pause()
            if isinstance(app.screen, TableScreen):
                break
        assert isinstance(app.screen, TableScreen)

    async def play() -> None:
        app = make_app(players=2, level="random", seed=3, delay=0)
        app.notify = lambda message, **_: notes.append(str(message))  # type: ignore[method-assign,misc]
        async with app.run_test(size=(100, 32)) as pilot:
            await settle(pilot)
            above = data_dir().parent / "elsewhere.json"  # "../" from the data directory, as the dialog resolves it
            for text, shown in ((str(outside), outside), ("../elsewhere.json", above)):
                await save_as(app, pilot, text)
                assert notes[-1].startswith(f"{shown} was not saved: a game in the browser "), notes[-1]
            assert not outside.exists() and not above.exists()
            await save_as(app, pilot, "match.json")
            assert notes[-1] == f"Match saved to {inside}"

    asyncio.run(play())
    assert inside.exists()
