"""The coach's hint at the table: asked in a worker, shown in front of the table, the game waits."""

from __future__ import annotations

import asyncio

from uihelpers import REVIEW_TEST_BUDGET, REVIEWING, make_app, screen_lines, settle

from guinote_tui.coach import COACH_BUDGET, COACH_SEED
from guinote_tui.coach.ahead import HandSpec, advise_at
from guinote_tui.engine import Play
from guinote_tui.ui.screens.hint import HintScreen
from guinote_tui.ui.screens.table import TableScreen


def test_a_hint_is_shown_and_enter_plays_it() -> None:
    async def run() -> None:
        app = make_app(players=2, level="random", seed=5, delay=0)
        async with app.run_test(size=(100, 32)) as pilot:
            await settle(pilot)
            session = app.session
            table = app.screen
            assert isinstance(table, TableScreen) and session is not None and session.human_to_move
            assert not session.assisted
            await pilot.press("h")  # the coach thinks in a worker thread
            for _ in range(500):  # up to ten seconds on a loaded machine
                await pilot.pause(0.02)
                if isinstance(app.screen, HintScreen):
                    break
            hint = app.screen
            assert isinstance(hint, HintScreen)
            advice = hint.advice
            # Nothing was analysed ahead here: the quick budget, on the same deals the review draws first.
            hand = session.match.hand
            assert advice == advise_at(HandSpec.of(hand), tuple(hand.log), 0, COACH_SEED, COACH_BUDGET)
            legal = session.view().legal
            assert advice.action in legal
            assert set(advice.values) == {a.card for a in legal if isinstance(a, Play)}
            text = " ".join(str(w.render()) for w in hint.query("Static"))
            assert advice.reason.text in text
            assert session.assisted and "assisted" in str(table.query_one("#seed").render())
            moves = len(session.match.hand.log)
            await pilot.pause(0.2)
            assert len(session.match.hand.log) == moves  # nobody moves under the hint
            await pilot.press("enter")
            await pilot.pause()
            assert session.match.hand.log[moves] == (0, advice.action)
            # The status bar's corner grew to show the whole of it.
            assert f"assisted · seed {session.seed}" in screen_lines(app)[0]

    asyncio.run(run())


def test_a_hint_out_of_turn_is_refused_in_words() -> None:
    async def run() -> None:
        app = make_app(players=2, level="random", seed=5, delay=2.0, dealer=0)  # the rival leads, slowly
        async with app.run_test(size=(100, 32)) as pilot:
            await pilot.pause()
            table = app.screen
            assert isinstance(table, TableScreen)
            await pilot.press("h")
            await pilot.pause()
            assert "on your turn" in str(table.query_one("#message").render())
            assert not isinstance(app.screen, HintScreen)

    asyncio.run(run())


def test_the_coach_thinks_on_the_players_time_and_the_hint_is_then_the_reviews_analysis() -> None:
    async def run() -> None:
        app = make_app(players=2, level="random", seed=5, delay=0, services=REVIEWING)
        async with app.run_test(size=(100, 32)) as pilot:
            await settle(pilot)
            session = app.session
            assert session is not None and session.human_to_move and session.ahead is not None
            hand = session.match.hand
            # The player's turn began: the analysis started without a key.
            for _ in range(3000):  # up to a minute on a loaded machine (the worker process starts first)
                await pilot.pause(0.02)
                if session.ahead.ready(hand) is not None:
                    break
            ready = session.ahead.ready(hand)
            assert ready is not None
            await pilot.press("h")
            await pilot.pause()
            hint = app.screen
            assert isinstance(hint, HintScreen)  # at once: no thinking left to do
            expected = advise_at(HandSpec.of(hand), tuple(hand.log), 0, COACH_SEED, REVIEW_TEST_BUDGET)
            assert hint.advice == ready == expected

    asyncio.run(run())


def test_cards_the_coach_cannot_tell_apart_are_shown_as_equal_and_costs_carry_their_margin() -> None:
    from rich.console import Console

    from guinote_tui.coach import Advice, CardEstimate, Evaluation, Reason, ReasonCode
    from guinote_tui.engine import PLAY, Card
    from guinote_tui.ui.screens.hint import equals_line, values_table

    def card(text: str) -> Card:
        return Card.parse(text)

    estimates = {
        card("3E"): CardEstimate(0.0, 0.0, 0.0, 200),  # the best by the evaluation
        card("6O"): CardEstimate(-1.4, 1.4, 1.1, 200),  # within two standard errors: about the same
        card("12B"): CardEstimate(-0.5, 0.5, 0.2, 200),  # under a point: about the same
        card("2C"): CardEstimate(-7.25, 7.25, 2.4, 200),  # clearly worse
    }
    evaluation = Evaluation(estimates, card("3E"), "playouts", 200, 800)
    # The coach advises the Seis de Oros: about the same as the Tres, and it risks less.
    advice = Advice(
        PLAY[card("6O")], evaluation.values, Reason(ReasonCode.LEAD_LOW, {"card": "6O"}), False, {}, evaluation
    )
    console = Console(width=100, record=True)
    console.print(values_table(advice, tuple(estimates)))
    lines = [line.strip() for line in console.export_text().splitlines()[1:] if line.strip()]
    rows = {line.split("  ")[0]: line for line in lines}
    assert lines[0].startswith("Seis de Oros")  # the advised card first
    assert rows["Seis de Oros"].endswith("best")
    assert rows["Tres de Espadas"].endswith("about the same")
    assert rows["Rey de Bastos"].endswith("about the same")
    assert rows["Dos de Copas"].endswith("7 ± 2 points")
    said = equals_line(advice)
    assert said is not None and "Tres de Espadas" in said and "Rey de Bastos" in said and "Seis de Oros" not in said
