"""The event log fills its panel from the bottom: the newest line last, no blank rows under it."""

from __future__ import annotations

import asyncio

from rich.text import Text
from textual.app import App, ComposeResult

from guinote_tui.ui.widgets.log import EventLog


class Tiny(App[None]):
    CSS = "EventLog { width: 24; height: 4; }"
    ENABLE_COMMAND_PALETTE = False

    def compose(self) -> ComposeResult:
        yield EventLog()


def rendered(lines: list[str]) -> list[str]:
    async def run() -> list[str]:
        app = Tiny()
        async with app.run_test(size=(40, 10)) as pilot:
            log = app.query_one(EventLog)
            for line in lines:
                log.write(line)
            await pilot.pause()
            text = log.render()
            assert isinstance(text, Text)
            return text.plain.split("\n")

    return asyncio.run(run())


def test_a_long_older_event_is_cut_at_its_top_not_dropped() -> None:
    older = "Trick 2 to you: Sota de Copas wins, nobody beat the lead · +3"
    newest = "You draw Caballo de Espadas"
    shown = rendered([older, newest])
    assert len(shown) == 4  # the panel's height, every row used
    assert shown[-2:] == ["• You draw Caballo de", "  Espadas"]
    assert shown[0].strip() and shown[1].strip()  # the tail of the older event above it
    assert not shown[0].startswith("•")  # its first line scrolled away


def test_short_logs_show_every_event_whole() -> None:
    assert rendered(["You pass", "You sing [b]20[/b] in Copas"]) == ["• You pass", "• You sing 20 in Copas"]
