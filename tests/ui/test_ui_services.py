"""The side jobs the app runs are the ones its :class:`Services` names, and a deal chosen in advance lasts
until the player goes back to the start screen."""

from __future__ import annotations

import asyncio

from deals import arranged_deck
from uihelpers import TEST_SERVICES, make_app

from guinote_tui.engine import parse_cards
from guinote_tui.game.services import NO_STACK, Services
from guinote_tui.ui.screens.start import StartScreen

HAND = "1O 3O 12O 11O 10O 7O"


def test_each_side_job_runs_only_when_the_services_ask_for_it() -> None:
    async def run(services: Services) -> tuple[bool, bool, bool]:
        app = make_app(players=2, level="random", seed=3, delay=0, services=services)
        async with app.run_test(size=(100, 32)) as pilot:
            await pilot.pause()
            session = app.session
            assert session is not None and session.review_budget == services.review_budget
            return session.ahead is not None, session.stats is not None, session.keeper is not None

    assert asyncio.run(run(TEST_SERVICES)) == (False, True, True)
    assert asyncio.run(run(Services(review_ahead=False, keep_match=False, record_stats=False))) == (False, False, False)


def test_the_deal_chosen_in_advance_is_dealt_and_forgotten_on_the_way_back_to_the_start_screen() -> None:
    async def run() -> None:
        deck = arranged_deck(2, dealer=1, hands={0: HAND}, muestra="3C")
        app = make_app(players=2, level="random", seed=3, delay=0, decks=[deck], dealer=1)
        async with app.run_test(size=(100, 32)) as pilot:
            await pilot.pause()
            session = app.session
            assert session is not None
            assert sorted(session.view().hand) == sorted(parse_cards(HAND))
            assert session.match.hand.dealer == 1 and session.stacked.deck(0) == tuple(deck)
            app.new_match(abandon=True)
            await pilot.pause()
            assert isinstance(app.screen, StartScreen)
            await pilot.press("enter")
            await pilot.pause()
            fresh = app.session
            assert fresh is not None and fresh is not session
            assert fresh.stacked == NO_STACK

    asyncio.run(run())
