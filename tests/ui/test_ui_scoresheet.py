"""The match's score sheet: its rows follow the match's record, and it opens from the table and the summary."""

from __future__ import annotations

import asyncio
import random
import re

from uihelpers import key_for, make_app, playable, settle, summary_ready

from guinote_tui.engine import Match, Rules
from guinote_tui.ui.screens.scoresheet import ScoreSheetScreen, sheet_rows
from guinote_tui.ui.screens.summary import SummaryScreen
from guinote_tui.ui.screens.table import TableScreen


def play_hand(match: Match, rng: random.Random) -> None:
    while not match.hand.is_over:
        match.apply(rng.choice(match.legal_actions()))


def test_the_rows_follow_the_match_hand_by_hand() -> None:
    for players, rules in ((2, Rules()), (4, Rules()), (2, Rules.preset("libre-100"))):
        rng = random.Random(players)
        match = Match(players=players, rules=rules, seed=11)
        juego = 1
        for number in range(1, 16):
            if match.is_over:
                break
            before = match.scores
            play_hand(match, rng)
            rows = sheet_rows(match.finished, match.rules, match.hand)
            assert [row.hand for row in rows] == list(range(1, number + 1))
            row, result = rows[-1], match.finished[-1].result
            assert result is not None and row.result is result
            assert row.points == result.points and row.cantes == result.cante_points
            assert row.juego == juego and row.first_of_juego == (before == (0, 0) and result.first_of_juego)
            assert row.totals == (result.points[0] + before[0], result.points[1] + before[1])
            # The tally is the match's own after the hand.
            assert row.juegos == tuple(match.juegos) and row.cotos == tuple(match.cotos)
            if result.juego_winner is not None:
                juego += 1
            if not match.is_over:
                match.next_hand()
                # The hand being dealt is a row too, with the scores it carries.
                ahead = sheet_rows(match.finished, match.rules, match.hand)[-1]
                assert ahead.in_play and ahead.hand == number + 1 and ahead.totals == match.scores
                assert ahead.juego == juego and ahead.points is None
        assert juego > 1  # a juego was won, so the numbering and the reset were checked


async def play_to_the_end(pilot, app) -> None:  # type: ignore[no-untyped-def]
    session = app.session
    for _ in range(60):
        await settle(pilot)
        if session.hand_over:
            break
        cards = playable(session.view().legal)
        await pilot.press(key_for(app, cards[0]) if cards else "p")
    for _ in range(40):
        await pilot.pause()
        if isinstance(app.screen, SummaryScreen):
            return
    raise AssertionError("the summary never came")


def test_the_score_sheet_from_the_summary_and_the_table() -> None:
    async def run() -> None:
        app = make_app(players=2, level="random", seed=5, delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            session = app.session
            assert session is not None
            await play_to_the_end(pilot, app)
            await summary_ready(pilot)
            result = session.match.finished[0].result
            assert result is not None
            await pilot.press("o")
            await pilot.pause()
            sheet = app.screen
            assert isinstance(sheet, ScoreSheetScreen)
            rows = sheet.rows()
            assert len(rows) == 1 and rows[0].result is result and rows[0].points == result.points
            text = str(sheet.query_one("#scoresheet-text").render())
            assert "Juego 1" in text and f"{result.points[0]}–{result.points[1]}" in text
            assert "Cotos" in str(sheet.query_one("#scoresheet-head").render())
            # The hand's points in two columns that add up: tricks (cards, the last ten, a capote) and cantes.
            assert "Tricks" in str(sheet.query_one("#scoresheet-head").render())
            cards = [result.points[s] - result.cante_points[s] for s in (0, 1)]
            sung = result.cante_points
            total = result.points
            assert re.search(rf"\b{cards[0]}–{cards[1]} +{sung[0]}–{sung[1]} +{total[0]}–{total[1]}", text), text
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(app.screen, SummaryScreen)
            await pilot.press("enter")  # the next hand
            await settle(pilot)
            table = app.screen
            assert isinstance(table, TableScreen)
            await pilot.press("o")
            await pilot.pause()
            sheet = app.screen
            assert isinstance(sheet, ScoreSheetScreen)
            rows = sheet.rows()
            assert [row.hand for row in rows] == [1, 2] and rows[1].in_play
            assert rows[1].totals == session.match.hand.carried
            text = str(sheet.query_one("#scoresheet-text").render())
            assert "(being played)" in text
            await pilot.press("o")
            await pilot.pause()
            assert app.screen is table

    asyncio.run(run())


def test_the_ending_says_who_won_the_juego_and_names_capote_and_treinta_malas() -> None:
    from dataclasses import replace

    from guinote_tui.engine import HandResult, Termination
    from guinote_tui.game.services import StackedDeal
    from guinote_tui.game.session import GameSession, GameSettings
    from guinote_tui.ui.screens.scoresheet import BAD, FAINT, GOOD, ending_words

    session = GameSession(GameSettings(players=2, level="random", seed=5), stacked=StackedDeal(dealer=0))
    won = HandResult(
        card_points=(120, 0), last_trick_side=0, cante_points=(0, 0), capote_side=0, capote_bonus=100,
        points=(230, 0), carried=(0, 0), totals=(230, 0), juego_winner=0, reason=Termination.TARGET,
        first_of_juego=True, stopped_early=False, treinta_malas_denied=(), last_trick_winner=0,
    )  # fmt: skip
    assert ending_words(session, won) == ("You win the juego with 230 of 101. · Capote (You)", GOOD)
    denied = replace(
        won, capote_side=None, card_points=(20, 100), cante_points=(80, 0), points=(100, 110), totals=(100, 110),
        juego_winner=None, reason=Termination.TREINTA_MALAS, treinta_malas_denied=(0,),
    )  # fmt: skip
    assert ending_words(session, denied) == ("Treinta malas (You)", FAINT)
    lost = replace(won, capote_side=None, juego_winner=1, reason=Termination.VUELTAS_CANTE, stopped_early=True)
    assert ending_words(session, lost) == ("Rival wins the juego (de vueltas, with a cante).", BAD)
