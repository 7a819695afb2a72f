"""The daily duplicate's screen: both deals played at the table, compared with hard and the coach, kept, shared."""

from __future__ import annotations

import asyncio
from datetime import date

import pytest
from uihelpers import make_app, playable, screen_lines, summary_ready, wait_until

from guinote_tui.engine import Pass, Sing
from guinote_tui.game import duplicate as duplicate_module
from guinote_tui.game.duplicate import LOST, WON, DailyDeal, Score, daily_deal, load_results, share_line
from guinote_tui.ui.app import GuinoteApp
from guinote_tui.ui.screens.duplicate import DuplicateScreen, DuplicateTableScreen
from guinote_tui.ui.screens.practice import PracticeScreen
from guinote_tui.ui.screens.summary import SummaryScreen

DAY = date(2026, 12, 7)
#: The bots' replays are slow (the coach thinks at every decision): their scores are fixed here.
HARD, COACH = Score(WON, (101, 60)), Score(LOST, (40, 101))


@pytest.fixture(autouse=True)
def fixed_bots(monkeypatch: pytest.MonkeyPatch) -> list[DailyDeal]:
    replayed: list[DailyDeal] = []

    def fixed(deal: DailyDeal, preset: str, budget: object = None) -> dict[str, Score]:
        replayed.append(deal)
        return {"hard": HARD, "coach": COACH}

    monkeypatch.setattr("guinote_tui.ui.screens.duplicate.bot_scores", fixed)
    return replayed


async def play_the_hand(pilot, app: GuinoteApp, table: DuplicateTableScreen) -> None:  # type: ignore[no-untyped-def]
    """Play every turn of the player with the keys, as a player would, until the summary shows."""
    session = table.session
    while not isinstance(app.screen, SummaryScreen):
        await pilot.pause()
        if getattr(table, "holding", False) and app.screen is table:
            await pilot.press("space")
            continue
        if session.hand_over or not session.human_to_move or app.screen is not table:
            continue
        legal = session.view().legal
        kinds = {type(action) for action in legal}
        if Sing in kinds:
            await pilot.press("s")
        elif Pass in kinds and not playable(legal):
            await pilot.press("p")
        else:
            await pilot.press(str(table.shown_hand.index(playable(legal)[0]) + 1))


def test_both_deals_played_compared_kept_and_shared(fixed_bots: list[DailyDeal]) -> None:
    async def run() -> None:
        app = make_app(practice="duplicate", day=DAY, delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            assert await wait_until(pilot, lambda: isinstance(app.screen, DuplicateScreen))
            screen = app.screen
            assert isinstance(screen, DuplicateScreen)
            lines = "\n".join(screen_lines(app))
            assert "The daily duplicate of 2026-12-07" in lines and "Rules: aragonés" in lines
            assert "Heads-up: not played yet; press 1 to deal it." in lines
            assert "Pairs: not played yet; press 2 to deal it." in lines
            assert "Streak: 0 days in a row." in lines and "To share" not in lines
            for key, players in (("1", 2), ("2", 4)):
                await pilot.press(key)
                assert await wait_until(pilot, lambda: isinstance(app.screen, DuplicateTableScreen))
                table = app.screen
                assert isinstance(table, DuplicateTableScreen)
                # The day's deal, the same for everyone: the cards dealt from the date's deck.
                deal = daily_deal(DAY, players)
                session = table.session
                assert session.match.hand.players == players and session.settings.seed == deal.seed
                await play_the_hand(pilot, app, table)
                await summary_ready(pilot)
                await pilot.press("enter")  # the summary's first choice: back to the daily duplicate
                assert await wait_until(pilot, lambda: app.screen is screen)
                assert await wait_until(pilot, lambda: not screen.replaying)
                assert fixed_bots[-1] == deal  # hard and the coach replayed the same deal
            lines = "\n".join(screen_lines(app))
            assert "Heads-up: you, juego" in lines and "Pairs: you, juego" in lines
            assert lines.count("The hard bot from your seat: juego won, 101 to 60;") == 2
            assert lines.count("The coach from your seat: juego lost, 40 to 101;") == 2
            assert "Streak: 1 day in a row." in lines
            kept = load_results()[DAY]
            assert {size: sorted(named) for size, named in kept.scores.items()} == {
                2: ["coach", "hard", "you"],
                4: ["coach", "hard", "you"],
            }
            shared = share_line(DAY, "aragones", kept.scores)
            assert "To share: " + shared[:40] in lines
            # A deal played is not dealt again that day.
            await pilot.press("1")
            await pilot.pause()
            assert app.screen is screen
            await pilot.press("escape")
            assert await wait_until(pilot, lambda: not isinstance(app.screen, DuplicateScreen))

    asyncio.run(run())


def test_a_kept_score_without_the_bots_replays_them_and_practice_opens_it(fixed_bots: list[DailyDeal]) -> None:
    """A kill after the player's hand but before the bots' replay: the replay is made when the screen opens."""
    kept = {2: {"you": Score(WON, (80, 50))}}
    duplicate_module.save_result(duplicate_module.DayResult(date.today(), "aragones", kept))

    async def run() -> None:
        app = make_app(practice="puzzle")
        async with app.run_test(size=(80, 24)) as pilot:
            assert await wait_until(pilot, lambda: isinstance(app.screen, PracticeScreen))
            await pilot.press("d")
            assert await wait_until(pilot, lambda: isinstance(app.screen, DuplicateScreen))
            screen = app.screen
            assert isinstance(screen, DuplicateScreen)
            assert await wait_until(pilot, lambda: "hard" in screen.scores[2] and not screen.replaying)
            assert [deal.players for deal in fixed_bots] == [2]
            lines = "\n".join(screen_lines(app))
            assert "The hard bot from your seat: juego won, 101 to 60; you did worse." in lines
            assert "Pairs: not played yet; press 2 to deal it." in lines

    asyncio.run(run())
