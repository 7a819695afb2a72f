"""The start screen's level rows offer the levels of the table chosen: heads-up and pairs each their own."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest
from uihelpers import make_app, wait_until

from guinote_tui.ai import strength
from guinote_tui.ui.screens.start import StartScreen
from guinote_tui.ui.screens.table import TableScreen
from guinote_tui.ui.widgets.choice import ChoiceRow

BOTH = ["easy", "normal", "hard"]


@pytest.fixture(autouse=True)
def expert_heads_up(monkeypatch: pytest.MonkeyPatch) -> None:
    """A strength table that offers expert heads-up only."""
    data = json.loads((Path(strength.__file__).parent / "strength.json").read_text())
    data.update(offered=BOTH, offered_by_table={"2": [*BOTH, "expert"], "4": BOTH})
    table = strength.parse_table(data)
    monkeypatch.setattr(strength, "strength_table", lambda: table)


def values(row: ChoiceRow) -> list[object]:
    return [value for value, _label in row.options]


def test_switching_the_table_changes_the_levels_offered() -> None:
    async def run() -> None:
        app = make_app(delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            assert await wait_until(pilot, lambda: isinstance(app.screen, StartScreen))
            screen = app.screen
            assert isinstance(screen, StartScreen)
            players = screen.query_one("#players", ChoiceRow)
            level = screen.query_one("#level", ChoiceRow)
            partner = screen.query_one("#partner_level", ChoiceRow)
            assert players.value == 4 and values(level) == BOTH and values(partner) == [None, *BOTH]
            level.value = "hard"
            await pilot.press("right")  # the players row has the focus: heads-up
            assert await wait_until(pilot, lambda: values(level) == [*BOTH, "expert"])
            assert level.value == "hard"  # still offered: kept
            level.value = "expert"
            screen.query_one("#level").focus()
            assert await wait_until(pilot, lambda: "expert wins about" in screen.explanation)
            players.focus()
            await pilot.press("left")  # back to pairs: expert is not offered there
            assert await wait_until(pilot, lambda: values(level) == BOTH)
            assert level.value == "normal" and values(partner) == [None, *BOTH]
            await pilot.press("right")
            assert await wait_until(pilot, lambda: "expert" in values(level))
            level.value = "expert"
            await pilot.press("enter")
            assert await wait_until(pilot, lambda: isinstance(app.screen, TableScreen))
            session = app.session
            assert session is not None and session.players == 2 and session.settings.level == "expert"

    asyncio.run(run())
