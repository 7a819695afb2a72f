"""The start screen: rows changed by keys and clicks become the dealt match's settings."""

from __future__ import annotations

import asyncio

from textual.widgets import Input
from uihelpers import resize

from guinote_tui.ui.app import make_app
from guinote_tui.ui.screens.start import StartScreen
from guinote_tui.ui.screens.table import TableScreen
from guinote_tui.ui.widgets.choice import ChoiceRow


def test_choices_on_the_start_screen_make_the_match() -> None:
    async def choose_and_deal() -> None:
        app = make_app(level="random", delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, StartScreen)
            # Game row has the focus: → switches to heads-up, and the partner row is disabled.
            await pilot.press("right")
            assert screen.query_one("#players", ChoiceRow).value == 2
            assert screen.query_one("#partner_level", ChoiceRow).disabled
            # A click on the preset row moves it on: libre-100 brings its own flags.
            await pilot.click("#preset", offset=(30, 0))
            await pilot.pause()
            assert screen.query_one("#preset", ChoiceRow).value == "libre-100"
            assert screen.query_one("#tute", ChoiceRow).value == "off"
            assert screen.query_one("#juegos_per_coto", ChoiceRow).value == 1
            # Then one flag changed by keys: the focus walks down the rules with ↓.
            assert app.focused is screen.query_one("#preset")
            await pilot.press("down", "down", "down", "down")
            assert app.focused is screen.query_one("#treinta_malas")
            await pilot.press("left")
            assert screen.query_one("#treinta_malas", ChoiceRow).value is True
            screen.query_one("#seed", Input).value = "42"
            await pilot.press("enter")
            await pilot.pause()
            await app.workers.wait_for_complete()
            assert isinstance(app.screen, TableScreen)
            session = app.session
            assert session is not None
            rules = session.match.rules
            assert session.players == 2 and session.settings.seed == 42
            assert rules.preset_name == "libre-100" and rules.treinta_malas and rules.tute == "off"
            assert rules.differences() == {"treinta_malas": True}

    asyncio.run(choose_and_deal())


def test_enter_alone_deals_pairs_against_the_default_bots() -> None:
    async def just_enter() -> None:
        app = make_app(delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, TableScreen)
            session = app.session
            assert session is not None and session.players == 4
            from guinote_tui.ui.session import default_level

            assert {session.settings.level_of(seat) for seat in (1, 2, 3)} == {default_level()}
            assert session.match.rules.preset_name == "aragones" and not session.match.rules.differences()
            await pilot.press("ctrl+q")

    asyncio.run(just_enter())


def test_enter_does_not_deal_under_the_too_small_notice() -> None:
    async def press_enter_while_small() -> None:
        app = make_app(level="random", delay=0)
        async with app.run_test(size=(70, 20)) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, StartScreen) and screen.has_class("-narrow")
            await pilot.press("enter")
            await pilot.pause()
            assert app.screen is screen and app.session is None
            await resize(pilot, 80, 24)
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, TableScreen)

    asyncio.run(press_enter_while_small())
