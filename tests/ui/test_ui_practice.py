"""The Practice screen: a puzzle answered right and wrong, a kept mistake answered, the start screen's ``p``,
and trying a decision again from the review's step-through."""

from __future__ import annotations

import asyncio
import random
import re
import sqlite3
import threading
from dataclasses import replace
from datetime import date
from typing import Any

import pytest
from uihelpers import REVIEW_TEST_BUDGET, make_app, screen_lines, wait_until

from guinote_tui.coach import CoachBudget
from guinote_tui.coach.ahead import HandSpec
from guinote_tui.engine import Play, parse_action
from guinote_tui.game import practice_session as practice_module
from guinote_tui.game.choices import sorted_hand
from guinote_tui.game.mistakes import graded_decisions
from guinote_tui.game.services import Services
from guinote_tui.game.session import GameSession, GameSettings
from guinote_tui.practice import puzzle_of_the_day, shipped_puzzles
from guinote_tui.practice.puzzles import puzzle_rating
from guinote_tui.records import PracticeState, Statistics
from guinote_tui.ui.screens.practice import PracticeScreen, TryScreen
from guinote_tui.ui.screens.review import StepScreen
from guinote_tui.ui.screens.rules import RulesScreen
from guinote_tui.ui.screens.start import StartScreen
from guinote_tui.ui.screens.table import TableScreen

#: One small analysis after another, for as long as the test lets it: an analysis that never ends by itself.
SMALL = CoachBudget(min_deals=4, batch=2, max_playouts=40, max_deals=10)
RECORDING = Services(review_ahead=False, keep_match=False, record_stats=True, review_budget=REVIEW_TEST_BUDGET)


def key_of(screen: PracticeScreen, card: object) -> str:
    """The key (1-6) that answers ``card`` on the screen."""
    return str(screen.hand.index(card) + 1)


def practice_rows(path: object) -> list[tuple[object, ...]]:
    connection = sqlite3.connect(path)  # type: ignore[arg-type]
    try:
        return connection.execute("SELECT kind, ref, correct, grade, assisted FROM practice_answers").fetchall()
    finally:
        connection.close()


def test_a_puzzle_answered_right_then_another_answered_wrong() -> None:
    async def run() -> None:
        app = make_app(practice="puzzle")
        async with app.run_test(size=(80, 24)) as pilot:
            assert await wait_until(pilot, lambda: isinstance(app.screen, PracticeScreen))
            screen = app.screen
            assert isinstance(screen, PracticeScreen)
            await wait_until(pilot, lambda: screen.problem is not None)
            problem = screen.problem
            # The problem of the day among the puzzles in the rules the player plays (the settings': aragonés).
            daily = puzzle_of_the_day(date.today(), [p for p in shipped_puzzles() if p.preset == "aragones"])
            assert problem is not None and problem.daily and problem.ref == daily.id
            lines = "\n".join(screen_lines(app))
            assert "Rules: aragonés" in lines  # the puzzle names its rules
            assert "Problem of the day" in lines and "What do you play?" in lines
            # The keys named are as many as the cards held.
            assert f"What do you play? 1-{len(screen.hand)} a card" in lines
            assert "★" in lines  # its stars, with its theme's name in the corner
            # The rival has no level in a practice position: its cards are counted without a dangling " · ".
            assert not re.search(r"· \d+ cards?\b", lines)
            # Only the seat's cards are face up: its hand and the trick (the rival's hand is never shown).
            right = min(daily.correct)
            await pilot.press(key_of(screen, right))
            assert await wait_until(pilot, lambda: screen.verdict is not None)
            assert screen.verdict.correct and screen.verdict.headline.startswith("Right")
            assert "Right" in "\n".join(screen_lines(app))
            state = app.statistics().practice_state("puzzle", daily.id)
            assert state is not None and state.box == 1 and state.right == 1
            await pilot.press("enter")
            assert await wait_until(pilot, lambda: screen.problem is not None and screen.problem.ref != daily.id)
            second = screen.problem
            assert second is not None and second.puzzle is not None and not second.daily
            wrong = second.puzzle.wrong[0]
            await pilot.press(key_of(screen, wrong))
            assert await wait_until(pilot, lambda: screen.verdict is not None)
            assert not screen.verdict.correct
            assert "Not the best" in "\n".join(screen_lines(app))
            await pilot.press("l")  # the line of best play, move by move
            assert await wait_until(pilot, lambda: screen.line_at == 0)
            await pilot.press("right")
            assert await wait_until(pilot, lambda: screen.line_at == min(1, len(screen.line) - 1))
            rows = practice_rows(app.statistics().path)
            assert rows == [("puzzle", daily.id, 1, "same", 0), ("puzzle", second.ref, 0, rows[1][3], 0)]
            await pilot.press("escape")
            assert await wait_until(pilot, lambda: isinstance(app.screen, StartScreen))

    asyncio.run(run())


def kept_mistakes(analysed: bool = True) -> list[str]:
    """A reviewed hand's graded decisions kept in the statistics (the tests' data folder), due today (``analysed``
    False: without the review's analysis, as kept before version 4 of the schema: practice analyses them again)."""
    with Statistics() as stats:
        session = GameSession(GameSettings(players=2, level="random", seed=5), services=RECORDING, stats=stats)
        rng = random.Random(1)
        hand = session.match.hand
        while not hand.is_over:
            seat = hand.to_move
            assert seat is not None
            legal = hand.legal_actions()
            session.apply(seat, rng.choice(legal) if seat == 0 else session.think(seat, session.view_for(seat)).action)
        session.record()
        reviewed = session.review()
        graded = graded_decisions(hand, reviewed)
        if not analysed:
            graded = [replace(decision, analysis=None) for decision in graded]
        stats.record_mistakes(session.stats_key, len(session.match.finished), graded)
        refs = []
        for mistake in stats.mistakes():
            stats.set_practice_state(PracticeState("mistake", mistake.ref, 0, date.today()))
            refs.append(mistake.ref)
        return refs


def test_a_kept_mistake_answered_with_the_card_played_then_another_judged_by_the_coach() -> None:
    refs = kept_mistakes()
    assert refs

    async def run() -> None:
        app = make_app(practice="mistake")
        async with app.run_test(size=(80, 24)) as pilot:
            assert await wait_until(pilot, lambda: isinstance(app.screen, PracticeScreen))
            screen = app.screen
            assert isinstance(screen, PracticeScreen)
            assert await wait_until(pilot, lambda: screen.problem is not None)
            problem = screen.problem
            assert problem is not None and problem.mistake is not None and problem.ref in refs
            assert f"My mistakes · {len(refs)} due" in "\n".join(screen_lines(app))
            played = parse_action(problem.mistake.played)
            assert screen.hand == sorted_hand(problem.view)  # the hand the player held, as the table showed it
            if isinstance(played, Play):
                await pilot.press(key_of(screen, played.card))
            else:
                screen.give(played)
            assert await wait_until(pilot, lambda: screen.verdict is not None)
            verdict = screen.verdict
            assert verdict.grade == problem.mistake.grade and not verdict.correct
            # The headline names the tier the verdict gives (never "a mistake" for an inaccuracy).
            said = {"inaccuracy": "an inaccuracy", "mistake": "a mistake", "blunder": "a blunder"}
            assert f"Not right: {said[verdict.grade]}" in "\n".join(screen_lines(app))
            state = app.statistics().practice_state("mistake", problem.ref)
            assert state is not None and (state.box, state.wrong, state.due) == (0, 1, date.today())
            await pilot.press("enter")
            assert await wait_until(pilot, lambda: screen.problem is not None and screen.problem is not problem)
            other = screen.problem
            assert other is not None and other.mistake is not None
            # A card the review did not name: judged at once by the review's analysis kept with the mistake (nothing
            # is weighed afresh in a worker).
            named = {parse_action(other.mistake.played), parse_action(other.mistake.best)}
            cards = [a for a in other.view.legal if isinstance(a, Play) and a not in named]
            if cards:
                assert other.advice is not None
                await pilot.press(key_of(screen, cards[0].card))
                assert not screen.weighing
                assert await wait_until(pilot, lambda: screen.verdict is not None)
                assert screen.verdict.headline in (
                    "As good as the coach's card.",
                    "A close call: it counts as right.",
                    "Not right: an inaccuracy.",
                    "Not right: a mistake.",
                    "Not right: a blunder.",
                )
            assert len(practice_rows(app.statistics().path)) == 1 + bool(cards)

    asyncio.run(run())


def test_the_start_screen_offers_practice_with_the_count_due_and_p_opens_it() -> None:
    async def run() -> None:
        app = make_app()
        async with app.run_test(size=(100, 30)) as pilot:
            assert await wait_until(pilot, lambda: isinstance(app.screen, StartScreen))
            start = app.screen
            assert isinstance(start, StartScreen)
            assert await wait_until(pilot, lambda: start.due == 1)  # the problem of the day
            # The button's whole label shows once counted (a compact button kept its first label's width).
            assert await wait_until(pilot, lambda: "Practice · 1 due (p)" in "\n".join(screen_lines(app)), 30)
            await pilot.press("p")
            assert await wait_until(pilot, lambda: isinstance(app.screen, PracticeScreen))
            screen = app.screen
            assert isinstance(screen, PracticeScreen) and screen.tab == "mistake" and screen.problem is None
            text = "\n".join(screen_lines(app))
            assert "Nothing is due today." in text
            await pilot.press("tab")
            assert await wait_until(pilot, lambda: screen.problem is not None and screen.problem.daily)
            await pilot.press("escape")
            assert await wait_until(pilot, lambda: isinstance(app.screen, StartScreen))

    asyncio.run(run())


def test_try_again_from_the_step_through_deals_the_same_cards_and_keeps_assisted_answers() -> None:
    async def run() -> None:
        app = make_app(players=2, level="random", seed=8, delay=0, pace="timed")
        async with app.run_test(size=(80, 24)) as pilot:
            assert await wait_until(pilot, lambda: isinstance(app.screen, TableScreen))
            session = app.session
            assert session is not None
            hand = session.match.hand
            rng = random.Random(4)
            while not hand.is_over:
                seat = hand.to_move
                assert seat is not None
                session.apply(seat, rng.choice(hand.legal_actions()))
            step = StepScreen(session, [])
            app.push_screen(step)
            assert await wait_until(pilot, lambda: app.screen is step)
            while step.tried_decision() is None:
                await pilot.press("right")
            index = step.tried_decision()
            assert index is not None
            await pilot.press("t")
            assert await wait_until(pilot, lambda: isinstance(app.screen, TryScreen))
            tried = app.screen
            assert isinstance(tried, TryScreen)
            assert await wait_until(pilot, lambda: tried.problem is not None)
            recorded = HandSpec.of(hand).replay(hand.log[:index])
            for _attempt in range(2):
                problem = tried.problem
                assert problem is not None
                state = problem.state()  # the whole hand before the decision: the real hidden cards
                assert (state.hands, state.stock, state.tricks) == (recorded.hands, recorded.stock, recorded.tricks)
                assert problem.view.hand == tuple(recorded.hands[0])
                card = next(a for a in problem.view.legal if isinstance(a, Play))
                await pilot.press(key_of(tried, card.card))
                assert await wait_until(pilot, lambda: tried.verdict is not None)
                await pilot.press("a")
                assert await wait_until(pilot, lambda: tried.verdict is None)
            rows = practice_rows(app.statistics().path)
            assert len(rows) == 2 and all(row[4] == 1 for row in rows)  # assisted
            assert app.statistics().practice_states() == []  # no schedule made or changed
            await pilot.press("escape")
            assert await wait_until(pilot, lambda: app.screen is step)
            app.workers.cancel_all()

    asyncio.run(run())


def test_quitting_while_the_coach_weighs_an_answer_stops_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """The coach's analysis of a mistake (while the player thinks, then weighing the answer) stops when the game
    quits: the exit never waits for it (a mistake kept without the review's analysis: it is worked out again)."""
    kept_mistakes(analysed=False)
    started, done, test_over = threading.Event(), threading.Event(), threading.Event()
    outcome: list[BaseException] = []
    real = practice_module.analyse

    def analysing(problem: Any, budget: Any) -> Any:
        started.set()
        try:
            while not test_over.is_set():
                real(problem, SMALL)
        except BaseException as exc:
            outcome.append(exc)
            raise
        finally:
            done.set()

    monkeypatch.setattr(practice_module, "analyse", analysing)

    async def run() -> None:
        app = make_app(practice="mistake")
        try:
            async with app.run_test(size=(80, 24)) as pilot:
                assert await wait_until(pilot, lambda: isinstance(app.screen, PracticeScreen))
                screen = app.screen
                assert isinstance(screen, PracticeScreen)
                assert await wait_until(pilot, lambda: screen.problem is not None)
                problem = screen.problem
                assert problem is not None and problem.mistake is not None
                named = {parse_action(problem.mistake.played), parse_action(problem.mistake.best)}
                answer = next(a for a in problem.view.legal if a not in named)
                screen.give(answer)
                assert screen.weighing and await asyncio.to_thread(started.wait, 120)
                app.exit()  # Ctrl+Q
            assert await asyncio.to_thread(done.wait, 120), "the coach's analysis was still running"
            assert outcome and all(type(exc).__name__ == "Stopped" for exc in outcome), outcome
        finally:
            test_over.set()

    asyncio.run(run())


def test_a_puzzle_in_pairs_is_drawn_at_four_seats_says_what_it_is_exact_about_and_moves_the_rating() -> None:
    pairs = next(p for p in shipped_puzzles() if p.players == 4 and p.preset == "aragones")

    async def run() -> None:
        app = make_app(practice="puzzle")
        async with app.run_test(size=(80, 24)) as pilot:
            assert await wait_until(pilot, lambda: isinstance(app.screen, PracticeScreen))
            screen = app.screen
            assert isinstance(screen, PracticeScreen)
            await wait_until(pilot, lambda: screen.problem is not None)
            assert "Rating 1500 ± 350" in "\n".join(screen_lines(app))  # a newcomer's puzzle rating
            screen.show_problem(practice_module.puzzle_problem(pairs))
            await pilot.pause()
            shown = "\n".join(screen_lines(app))
            assert "Rules: aragonés (sota" in shown and "In pairs: right on" in shown
            side = " ".join(screen.side_text().plain.split())  # (wrapped, the rest a scroll away at 80×24)
            assert "Rules: aragonés (sota over caballo, cantes rey + sota, 101 to win)" in side
            assert "In pairs: right on every layout of the cards you cannot see" in side
            assert screen.query_one("#seat-left").display and screen.query_one("#seat-right").display
            await pilot.press(key_of(screen, min(pairs.correct)))
            assert await wait_until(pilot, lambda: screen.verdict is not None)
            assert screen.verdict.correct
            assert "Right: on every layout of the cards you cannot see" in screen.verdict.headline
            rating = screen.practice.rating()
            assert rating.rating > 1500 and rating.deviation < 350
            change = round(rating.rating) - 1500
            shown_rating = f"Rating {round(rating.rating)} ± {round(rating.deviation)} (+{change})"
            assert shown_rating in "\n".join(screen_lines(app))
            assert f"this puzzle {round(puzzle_rating(pairs).rating)}" in "\n".join(screen_lines(app))

    asyncio.run(run())


def test_a_puzzle_at_the_last_draw_shows_the_stock_and_muestra_and_says_what_it_is_exact_about() -> None:
    last = next(p for p in shipped_puzzles() if p.kind == "lastdraw" and p.preset == "libre-100")

    async def run() -> None:
        app = make_app(practice="puzzle")
        async with app.run_test(size=(80, 24)) as pilot:
            assert await wait_until(pilot, lambda: isinstance(app.screen, PracticeScreen))
            screen = app.screen
            assert isinstance(screen, PracticeScreen)
            await wait_until(pilot, lambda: screen.problem is not None)
            screen.show_problem(practice_module.puzzle_problem(last))
            await pilot.pause()
            # The rules and what the answer holds over are read whole over the message line (the side panel
            # shows only its first lines at 80×24); the rival's seat gives them its room.
            shown = " ".join(" ".join(line.split()) for line in screen_lines(app))
            assert "Rules: libre-100 (caballo over sota, cantes rey + caballo, 100 to win)" in shown
            assert "At the last draw: right whichever unseen card lies in the stock" in shown
            assert "Rules:" not in screen.side_text().plain
            assert not screen.query_one("#seat-left").display and not screen.query_one("#seat-top").display
            await pilot.resize_terminal(100, 30)
            assert await wait_until(pilot, lambda: screen.query_one("#seat-top").display)
            wrong = last.wrong[0]
            await pilot.press(key_of(screen, wrong))
            assert await wait_until(pilot, lambda: screen.verdict is not None)
            assert not screen.verdict.correct
            assert "Not the best: on every layout of the cards you cannot see" in screen.verdict.headline

    asyncio.run(run())


def test_a_card_a_puzzle_does_not_allow_is_refused_naming_the_rule_and_the_puzzle_waits() -> None:
    """As at the table, a card the rules forbid is refused in words naming the rule, not passed over in silence;
    the puzzle is still asked."""

    async def run() -> None:
        app = make_app(practice="puzzle")
        async with app.run_test(size=(100, 30)) as pilot:
            assert await wait_until(pilot, lambda: isinstance(app.screen, PracticeScreen))
            screen = app.screen
            assert isinstance(screen, PracticeScreen)
            for _ in range(60):  # the puzzles in turn until one whose hand holds a card it may not play
                await wait_until(pilot, lambda: screen.problem is not None and screen.verdict is None)
                problem = screen.problem
                assert problem is not None
                barred = [c for c in screen.hand if Play(c) not in problem.view.legal]
                if barred:
                    break
                await pilot.press("n")
                await wait_until(pilot, lambda p=problem: screen.problem is not p)  # type: ignore[misc]
            else:
                pytest.fail("no puzzle with a card the rules forbid among the first 60")
            await pilot.press(key_of(screen, barred[0]))
            await pilot.pause()
            message = screen.message
            assert message.startswith("✗ Not allowed:") and len(message) > len("✗ Not allowed: ") + 10, message
            assert screen.verdict is None and screen.problem is problem and not screen.weighing

    asyncio.run(run())


def test_the_best_line_after_another_right_card_says_whose_line_it_is_and_stops_offering_the_next_move() -> None:
    def first_play(puzzle: Any) -> Any:
        return next(a for s, a in puzzle.line if s == puzzle.seat and isinstance(a, Play))

    puzzle = next(
        p
        for p in shipped_puzzles()
        if p.players == 2 and p.kind == "arrastre" and p.preset == "aragones" and len(p.correct) > 1
    )
    shown = first_play(puzzle).card
    mine = min(c for c in puzzle.correct if c != shown)

    async def run() -> None:
        app = make_app(practice="puzzle")
        async with app.run_test(size=(80, 24)) as pilot:
            assert await wait_until(pilot, lambda: isinstance(app.screen, PracticeScreen))
            screen = app.screen
            assert isinstance(screen, PracticeScreen)
            await wait_until(pilot, lambda: screen.problem is not None)
            screen.show_problem(practice_module.puzzle_problem(puzzle))
            await pilot.pause()
            # ? opens the rulebook, as at the table; Escape comes back to the puzzle, still unanswered.
            await pilot.press("question_mark")
            assert await wait_until(pilot, lambda: isinstance(app.screen, RulesScreen))
            await pilot.press("escape")
            assert await wait_until(pilot, lambda: app.screen is screen)
            assert screen.problem is not None and screen.problem.ref == puzzle.id and screen.verdict is None
            await pilot.press(key_of(screen, mine))
            assert await wait_until(pilot, lambda: screen.verdict is not None)
            assert screen.verdict.correct
            await pilot.press("l")
            assert await wait_until(pilot, lambda: screen.line_at == 0)
            side = " ".join(screen.side_text().plain.split())
            assert f"The line of the {shown.name}: your card is right too." in side
            # On the message line too: the side panel's end is a scroll away at 80×24.
            message = " ".join(" ".join(line.split()) for line in screen_lines(app))
            assert f"The line of the {shown.name}: your card is right too." in message
            assert screen.check_action("line_step", (1,)) is True
            assert not screen.check_action("line_step", (-1,))  # at the first move, no move back is offered
            for _ in range(len(screen.line) - 1):
                await pilot.press("right")
            assert await wait_until(pilot, lambda: screen.line_at == len(screen.line) - 1)
            assert not screen.check_action("line_step", (1,))  # the last move: "Next move" is not offered
            # Answered with the card the line plays, the line needs no such words.
            screen.show_problem(practice_module.puzzle_problem(puzzle))
            await pilot.pause()
            await pilot.press(key_of(screen, shown))
            assert await wait_until(pilot, lambda: screen.verdict is not None)
            await pilot.press("l")
            assert await wait_until(pilot, lambda: screen.line_at == 0)
            assert "your card is right too" not in screen.side_text().plain

    asyncio.run(run())
