"""The end-of-hand summary leaves only by the keys its footer lists: a Space meant for the table never deals."""

from __future__ import annotations

import asyncio

from textual.widgets._footer import FooterKey
from uihelpers import key_for, make_app, playable, wait_until

from guinote_tui.engine import Pass, Sing
from guinote_tui.ui.app import GuinoteApp
from guinote_tui.ui.screens.review import ReviewScreen
from guinote_tui.ui.screens.summary import SummaryScreen
from guinote_tui.ui.screens.table import TableScreen


async def last_trick_held(pilot, app: GuinoteApp) -> TableScreen:  # type: ignore[no-untyped-def]
    """Play the hand by the player's keys until its last trick waits on the felt ("go on to the summary")."""
    table = app.screen
    session = app.session
    assert isinstance(table, TableScreen) and session is not None
    for _ in range(200):
        await wait_until(pilot, lambda: table.holding or session.human_to_move or session.hand_over)
        if table.holding and session.hand_over:
            return table
        if table.holding:
            await pilot.press("space")
            continue
        view = session.view()
        cards = playable(view.legal)
        if cards:
            await pilot.press(key_for(app, cards[0]))
        elif any(isinstance(a, Pass) for a in view.legal):
            await pilot.press("p")
        elif any(isinstance(a, Sing) for a in view.legal):
            await pilot.press("s")
    raise AssertionError("the hand's last trick never waited on the felt")


def test_space_on_the_summary_neither_deals_nor_loses_the_review() -> None:
    """At "Press Space to go on to the summary": Space, then Space again once the summary takes keys."""

    async def run() -> None:
        app = make_app(players=2, level="easy", seed=185980, delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            session = app.session
            assert session is not None
            table = await last_trick_held(pilot, app)
            assert "go on to the summary" in str(table.query_one("#message").render())
            await pilot.press("space")
            assert await wait_until(pilot, lambda: isinstance(app.screen, SummaryScreen))
            summary = app.screen
            assert isinstance(summary, SummaryScreen)
            await pilot.press("space")  # while it opens
            assert await wait_until(pilot, lambda: summary.ready)
            await pilot.press("space")  # and once it takes keys
            await pilot.pause()
            assert app.screen is summary and session.match.hand_number == 1 and session.hand_over
            # The footer lists the keys that leave it; Space is not one of them.
            keys = {key.key for key in summary.query(FooterKey)}
            assert "enter" in keys and "space" not in keys
            await pilot.press("v")  # the hand's review is still there to be had
            assert await wait_until(pilot, lambda: isinstance(app.screen, ReviewScreen))
            review = app.screen
            assert isinstance(review, ReviewScreen) and review.session.match.hand_number == 1

    asyncio.run(run())


def test_enter_on_another_button_of_the_summary_is_that_button() -> None:
    """Tab to Review, Enter: the review opens; the next hand is dealt only by Continue."""
    import random

    from deals import play_through

    async def run() -> None:
        app = make_app(players=2, level="random", seed=21, delay=0)
        async with app.run_test(size=(100, 32)) as pilot:
            await pilot.pause()
            session = app.session
            table = app.screen
            assert isinstance(table, TableScreen) and session is not None
            play_through(session, random.Random(2))
            table.show_summary()
            assert await wait_until(pilot, lambda: isinstance(app.screen, SummaryScreen))
            summary = app.screen
            assert isinstance(summary, SummaryScreen)
            assert await wait_until(pilot, lambda: summary.ready)
            while summary.focused is None or summary.focused.id != "review":
                await pilot.press("tab")
            await pilot.press("enter")
            assert await wait_until(pilot, lambda: isinstance(app.screen, ReviewScreen))
            assert session.match.hand_number == 1
            await pilot.press("escape")
            assert await wait_until(pilot, lambda: app.screen is summary)
            while summary.focused is None or summary.focused.id != "next":
                await pilot.press("tab")
            await pilot.press("enter")
            assert await wait_until(pilot, lambda: app.screen is table)
            assert session.match.hand_number == 2

    asyncio.run(run())
