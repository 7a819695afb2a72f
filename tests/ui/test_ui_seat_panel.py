"""A seat's panel never cuts its words: where the level (or "a person") and the card count do not fit on one line
beside the fan, the count goes to the line below."""

from __future__ import annotations

import asyncio

import pytest
from textual.app import App, ComposeResult

from guinote_tui import i18n
from guinote_tui.present.vocabulary import level_name
from guinote_tui.ui.widgets.table import SeatInfo, SeatPanel


class PanelApp(App[None]):
    def __init__(self, info: SeatInfo, width: int) -> None:
        super().__init__()
        self.info, self.width = info, width

    def compose(self) -> ComposeResult:
        panel = SeatPanel(horizontal=True, id="seat")
        panel.styles.width = self.width
        panel.styles.height = 3
        yield panel

    def on_mount(self) -> None:
        self.query_one(SeatPanel).show(self.info)


@pytest.mark.parametrize(("code", "level"), [("es", "a person"), ("nl", "normal"), ("en", "normal")])
@pytest.mark.parametrize("width", [52, 80])
@pytest.mark.parametrize("dealer", [False, True])
def test_the_top_seat_says_its_level_and_count_whole(code: str, level: str, width: int, dealer: bool) -> None:
    async def run() -> None:
        # (a person's seat shows the words as the table writes them; a bot's its level's id, named by the panel)
        given = i18n._(level) if level == "a person" else level
        shown_level = level_name(given)
        count = i18n.ngettext("{count} card", "{count} cards", 6).format(count=6)
        app = PanelApp(SeatInfo("Rival", given, 6, False, dealer), width)
        async with app.run_test(size=(100, 10)) as pilot:
            await pilot.pause()
            panel = app.query_one(SeatPanel)
            lines = panel.render().plain.split("\n")
            assert all(len(line) <= width for line in lines), lines
            text = " ".join(lines)
            assert shown_level in text and count in text, lines
            if dealer:
                assert i18n.pgettext("a seat's role", "dealer") in text

    i18n.set_language(code)
    try:
        asyncio.run(run())
    finally:
        i18n.set_language(i18n.SOURCE)
