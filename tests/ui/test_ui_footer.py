"""The footer's key descriptions follow the language in use."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from textual.app import App, ComposeResult
from textual.binding import Binding

from guinote_tui import i18n
from guinote_tui.ui.widgets.footer import GameFooter


class Tiny(App[None]):
    BINDINGS = [Binding("q", "quit", "Quit"), Binding("d", "bell", "Deal")]  # noqa: RUF012
    ENABLE_COMMAND_PALETTE = False

    def compose(self) -> ComposeResult:
        yield GameFooter()


@pytest.fixture
def spanish(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    catalog = Catalog(locale="es", domain="guinote")
    catalog.add("Quit", "Salir")
    catalog.add("Deal", "Repartir")
    folder = tmp_path / "es" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    with (folder / "guinote.mo").open("wb") as stream:
        write_mo(stream, catalog)
    monkeypatch.setattr(i18n, "_locale_dir", lambda: str(tmp_path))
    i18n._translations.cache_clear()
    yield
    i18n._translations.cache_clear()
    i18n._current = i18n.SOURCE


def shown(app: App[None]) -> str:
    return " ".join(str(key.description) for key in app.query("FooterKey"))


def test_the_footer_speaks_the_language_in_use(spanish: None) -> None:
    async def run() -> None:
        app = Tiny()
        async with app.run_test(size=(60, 5)) as pilot:
            await pilot.pause()
            assert shown(app) == "Quit Deal"
            i18n.set_language("es")
            app.screen.refresh_bindings()  # the footer is built again
            await pilot.pause()
            await pilot.pause()
            assert shown(app) == "Salir Repartir"

    asyncio.run(run())


class Crowded(App[None]):
    """More keys than a 40-column footer holds: the least needed ones must give way."""

    BINDINGS = [  # noqa: RUF012
        Binding("1", "bell", "Play"),
        Binding("w", "toggle_pace", "Pace"),
        Binding("k", "tracker", "Tracker"),
        Binding("r", "history", "Tricks"),
        Binding("s", "sing", "Sing"),
        Binding("ctrl+s", "save", "Save"),
        Binding("q", "quit", "Quit"),
    ]
    ENABLE_COMMAND_PALETTE = False

    def compose(self) -> ComposeResult:
        yield GameFooter()

    def action_toggle_pace(self) -> None: ...
    def action_tracker(self) -> None: ...
    def action_history(self) -> None: ...
    def action_sing(self) -> None: ...
    def action_save(self) -> None: ...


def test_a_footer_too_narrow_leaves_out_the_least_needed_keys_first() -> None:
    async def run() -> None:
        app = Crowded()
        async with app.run_test(size=(40, 5)) as pilot:
            for _ in range(3):
                await pilot.pause()
            footer = app.query_one(GameFooter)
            visible = [key for key in app.query("FooterKey") if key.display]
            described = {str(key.description) for key in visible}
            assert {"Play", "Sing", "Quit"} <= described
            assert "Pace" not in described  # the first to go
            assert max(key.region.right for key in visible) <= footer.region.right
            await pilot.resize_terminal(120, 5)
            for _ in range(3):
                await pilot.pause()
            assert all(key.display for key in app.query("FooterKey"))  # room again: every key is back

    asyncio.run(run())


@pytest.mark.parametrize("size", [(120, 36), (200, 50)])
def test_the_table_lists_the_score_sheet_key_where_it_has_room(size: tuple[int, int]) -> None:
    from uihelpers import make_app, settle

    async def run() -> None:
        app = make_app(players=2, level="random", seed=5, delay=0)
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            await pilot.pause()
            keys = {key.action: key for key in app.screen.query("FooterKey")}
            assert "score_sheet" in keys and keys["score_sheet"].display
            assert str(keys["score_sheet"].description) == "Scores"

    asyncio.run(run())
