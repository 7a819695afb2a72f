"""The review made ahead in the worker process, and the step-through of the hand with every hand open."""

from __future__ import annotations

import asyncio
import csv
import random
import tempfile
from pathlib import Path

import pytest
from rich.text import Text
from uihelpers import REVIEWING, make_app, screen_lines, wait_until

from guinote_tui.coach import COACH_SEED
from guinote_tui.coach.ahead import HandSpec
from guinote_tui.coach.ahead import review_hand as review_on_the_spot
from guinote_tui.engine import Play
from guinote_tui.ui.screens.review import ReviewScreen, StepScreen, hand_frames, held_markup
from guinote_tui.ui.screens.summary import SummaryScreen
from guinote_tui.ui.screens.table import TableScreen


def test_the_review_made_ahead_is_the_review_made_on_the_spot_and_steps_through_open_hands() -> None:
    async def run() -> None:
        app = make_app(players=2, level="random", seed=8, delay=0, pace="timed", services=REVIEWING)
        async with app.run_test(size=(100, 32)) as pilot:
            await pilot.pause()
            session = app.session
            table = app.screen
            assert isinstance(table, TableScreen) and session is not None
            assert session.ahead is not None
            hand = session.match.hand
            rng = random.Random(4)
            while not hand.is_over:
                seat = hand.to_move
                assert seat is not None
                session.apply(seat, rng.choice(hand.legal_actions()))
            table.show_summary()
            await pilot.pause()
            summary = app.screen
            assert isinstance(summary, SummaryScreen)
            await pilot.press("v")
            await wait_until(pilot, lambda: isinstance(app.screen, ReviewScreen) and app.screen.reviewed is not None)
            review = app.screen
            assert isinstance(review, ReviewScreen) and review.reviewed is not None
            assert session.ahead.problem is None
            expected = review_on_the_spot(HandSpec.of(hand), hand.log, 0, COACH_SEED, session.ahead.budget)
            assert review.reviewed == expected and expected
            # The review's total cost is kept with the hand in the statistics.
            assert session.stats is not None
            exported = Path(tempfile.mkdtemp()) / "hands.csv"
            session.stats.export_csv(exported)
            (row,) = csv.DictReader(exported.open())
            assert float(row["review_cost"]) == pytest.approx(sum(r.cost for r in expected if r.mistake))
            # And its graded decisions, for practice.
            kept = sorted(session.stats.mistakes(), key=lambda m: m.decision)
            assert kept and [(m.decision, m.played) for m in kept] == [
                (r.index, str(r.played)) for r in expected if r.mistake
            ]

            await pilot.press("s")
            await pilot.pause()
            step = app.screen
            assert isinstance(step, StepScreen)
            frames = hand_frames(hand)
            assert len(frames) == len(hand.tricks) == len(step.frames)
            # The first trick shows the rival's whole hand as dealt, which the table never showed.
            dealt = {c for c in hand.deck[:12]}
            rival_first = set(frames[0].hands[1])
            assert len(rival_first) == 6 and rival_first <= dealt
            shown = " ".join(screen_lines(app))
            assert "Trick 1 of" in shown
            assert Text.from_markup(held_markup(frames[0].hands[1])).plain in shown
            await pilot.press("right", "right")
            await pilot.pause()
            assert step.index == 2 and "Trick 3 of" in " ".join(screen_lines(app))
            trick = hand.tricks[2]
            assert all(card.name in " ".join(screen_lines(app)) for card in trick.cards)
            await pilot.press("end")
            await pilot.pause()
            assert step.index == len(frames) - 1
            assert step.check_action("step", (1,)) is None and step.check_action("step", (-1,)) is True
            await pilot.press("escape")
            await pilot.pause()
            assert app.screen is review

    asyncio.run(run())


def test_frames_hold_every_card_once_and_shrink_by_one_card_a_trick_in_the_arrastre() -> None:
    from guinote_tui.engine import Match

    match = Match(4, seed=12)
    hand = match.hand
    rng = random.Random(2)
    while not hand.is_over:
        seat = hand.to_move
        assert seat is not None
        actions = hand.legal_actions()
        plays = [a for a in actions if isinstance(a, Play)]
        match.apply(rng.choice(plays or actions), seat)
    frames = hand_frames(hand)
    assert [f.entry.number for f in frames] == list(range(1, len(hand.tricks) + 1))
    for frame, trick in zip(frames, hand.tricks, strict=True):
        held = [c for h in frame.hands for c in h]
        assert len(held) == len(set(held))
        for index, card in enumerate(trick.cards):
            assert card in frame.hands[trick.seat_of(index, 4)]
    arrastre = [f for f in frames if f.stock == 0]
    sizes = [sum(len(h) for h in f.hands) for f in arrastre]
    assert sizes == [4 * n for n in range(6, 6 - len(arrastre), -1)]


def test_a_costly_decision_opens_its_trick_in_the_step_through(monkeypatch: pytest.MonkeyPatch) -> None:
    from textual.widgets._footer import FooterKey

    from guinote_tui.coach.ahead import Reviewed
    from guinote_tui.coach.reasons import Reason, ReasonCode
    from guinote_tui.ui.screens import review as review_module
    from guinote_tui.ui.screens.review import DecisionRow

    def priced(session, seed=None):  # type: ignore[no-untyped-def]
        # Two graded decisions, the dearest (trick 4) listed first, priced without the coach (fast, fixed); a
        # third decision's cost is within its noise (3 ± 4): a close call, counted, not listed; at a fourth the
        # player followed the coach's hint: not graded either.
        hand = session.match.hand
        mine = {number: trick.cards[(0 - trick.leader) % 2] for number, trick in enumerate(hand.tricks, 1)}
        only = Reason(ReasonCode.ONLY_CARD, {"card": "1O"})
        return [
            Reviewed(
                0,
                number,
                Play(mine[number]),
                Play(mine[number]),
                cost,
                only,
                se,
                grade in ("inaccuracy", "mistake"),
                grade=grade,
                followed_hint=grade == "followed",
            )
            for number, cost, se, grade in (
                (2, 3.0, 0.5, "inaccuracy"),
                (3, 3.0, 2.0, "close"),
                (4, 9.0, 1.0, "mistake"),
                (5, 0.0, 0.0, "followed"),
            )
        ]

    monkeypatch.setattr(review_module, "review_hand", priced)

    def arrows(app) -> set[str]:  # type: ignore[no-untyped-def]
        return {key.key_display for key in app.screen.query(FooterKey) if key.display}

    async def run() -> None:
        app = make_app(players=2, level="random", seed=8, delay=0)
        async with app.run_test(size=(100, 32)) as pilot:
            await pilot.pause()
            session = app.session
            table = app.screen
            assert isinstance(table, TableScreen) and session is not None
            hand = session.match.hand
            rng = random.Random(4)
            while not hand.is_over:
                seat = hand.to_move
                assert seat is not None
                session.apply(seat, rng.choice(hand.legal_actions()))
            table.show_summary()
            await pilot.pause()
            await pilot.press("v")
            for _ in range(100):
                await pilot.pause()
                review = app.screen
                if isinstance(review, ReviewScreen) and review.reviewed is not None and review.focused is not None:
                    break
            review = app.screen
            assert isinstance(review, ReviewScreen)
            rows = list(review.query(DecisionRow))
            assert [row.trick for row in rows] == [4, 2]
            said = " ".join(" ".join(str(w.render()) for w in review.query("#review-body, .review-decision")).split())
            assert "2 of them clearly cost points" in said and "1 close call is not listed" in said
            assert "You followed the coach's hint at 1 decision" in said
            # Each with its tier and its cost ± the 95 % margin (1.96 standard errors).
            assert "Trick 4 · mistake: you played" in said and "about 9 ± 2 points better" in said
            assert "Trick 2 · inaccuracy: you played" in said and "about 3.0 ± 1.0 points better" in said
            assert "Trick 3 ·" not in said and "close call:" not in said
            assert review.focused is rows[0]  # the dearest: Enter opens it at once
            await pilot.press("enter")
            await pilot.pause()
            step = app.screen
            assert isinstance(step, StepScreen) and step.frames[step.index].entry.number == 4
            assert "Trick 4 of" in " ".join(screen_lines(app))
            assert {"←", "→"} <= arrows(app)  # both ways, mid-hand
            await pilot.press("left")
            await pilot.pause()
            assert step.frames[step.index].entry.number == 3
            await pilot.press("escape")
            await pilot.pause()
            assert app.screen is review
            # Down goes to the next decision; a click on a row opens its trick too.
            await pilot.press("down")
            await pilot.pause()
            assert review.focused is rows[1]
            await pilot.click(rows[1])
            await pilot.pause()
            step = app.screen
            assert isinstance(step, StepScreen) and step.frames[step.index].entry.number == 2
            # From a decision or with s, the first trick shows ← too (dimmed: there is none before it).
            await pilot.press("home")
            await pilot.pause()
            assert step.index == 0 and {"←", "→"} <= arrows(app)

    asyncio.run(run())


async def _finished_hand_summary(pilot, app) -> None:  # type: ignore[no-untyped-def]
    """Play the hand out at random and open the end-of-hand summary."""
    session = app.session
    table = app.screen
    assert isinstance(table, TableScreen) and session is not None
    hand = session.match.hand
    rng = random.Random(4)
    while not hand.is_over:
        seat = hand.to_move
        assert seat is not None
        session.apply(seat, rng.choice(hand.legal_actions()))
    table.show_summary()
    for _ in range(50):
        await pilot.pause()
        if isinstance(app.screen, SummaryScreen):
            break
    assert isinstance(app.screen, SummaryScreen)


def test_the_review_and_the_step_through_hide_the_summary_below_them_at_80x24() -> None:
    """Over the summary, nothing of it (nor of the table) shows around the review or the step-through."""

    async def run() -> None:
        app = make_app(players=4, level="random", seed=8, delay=0, pace="timed")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await _finished_hand_summary(pilot, app)
            assert app.session is not None
            # The summary's frame sits wider than the review's: its corners showed at the sides.
            summary_rows = screen_lines(app)
            assert any(row[:6].strip() for row in summary_rows)
            for screen in (ReviewScreen(app.session), StepScreen(app.session, [])):
                app.push_screen(screen)
                for _ in range(50):
                    await pilot.pause()
                    if app.screen is screen:
                        break
                await pilot.pause()
                rows = screen_lines(app)
                dialog = screen.query_one(".dialog").region
                outside = [
                    row[x]
                    for y, row in enumerate(rows[:-1])  # the footer is the screen's own
                    for x in range(len(row))
                    if not dialog.contains(x, y)
                ]
                assert "".join(outside).strip() == "", type(screen).__name__
                screen.dismiss(None)
                await pilot.pause()
            app.workers.cancel_all()

    asyncio.run(run())


def test_the_step_through_wraps_a_seats_cards_under_its_cards_not_at_the_left_edge() -> None:
    """A hand too long for the line continues under the cards (a hanging indent), at 80×24."""

    async def run() -> None:
        app = make_app(players=4, level="random", seed=8, delay=0, pace="timed")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await _finished_hand_summary(pilot, app)
            assert app.session is not None
            step = StepScreen(app.session, [])
            app.push_screen(step)
            for _ in range(50):
                await pilot.pause()
                if app.screen is step:
                    break
            await pilot.pause()
            body = step.query_one("#step-body")
            left = body.content_region.x
            rows = screen_lines(app)
            held = "held"  # the tests play in English
            continued = 0
            for y, row in enumerate(rows[:-1]):
                if f" {held} " not in row:
                    continue
                after = row.index(f" {held} ") + len(held) + 1
                cards_at = after + len(row[after:]) - len(row[after:].lstrip())
                following = rows[y + 1][left:]
                # The row after a seat's held cards is the next seat's (its name at the left edge),
                # or the held cards carried on, which must start under the first of them.
                if following[: cards_at - left].strip() == "" and following.strip():
                    assert following[cards_at - left] != " "
                    continued += 1
                else:
                    assert not following.startswith(" ") or not following.strip()
                    name = following.split()[0] if following.strip() else ""
                    assert name in {app.session.narrator.name(s) for s in range(4)} or not name, following
            assert continued, "no seat's cards needed a second line: the check would not bite"

    asyncio.run(run())


def test_home_and_end_jump_to_the_first_and_last_trick_of_the_step_through_and_are_listed() -> None:
    """At 80×24 the trick's text scrolls: End still goes to the last trick, Home to the first; the footer says so."""
    from textual.widgets._footer import FooterKey
    from uihelpers import wait_until

    async def run() -> None:
        app = make_app(players=4, level="random", seed=8, delay=0, pace="timed")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await _finished_hand_summary(pilot, app)
            session = app.session
            assert session is not None
            app.push_screen(StepScreen(session, []))
            assert await wait_until(pilot, lambda: isinstance(app.screen, StepScreen))
            step = app.screen
            assert isinstance(step, StepScreen) and step.index == 0 and len(step.frames) > 2
            await pilot.press("end")
            await pilot.pause()
            assert step.index == len(step.frames) - 1
            assert f"Trick {len(step.frames)} of {len(step.frames)}" in " ".join(screen_lines(app))
            await pilot.press("home")
            await pilot.pause()
            assert step.index == 0
            shown = {key.key for key in step.query(FooterKey) if key.display}
            assert {"home", "end"} <= shown

    asyncio.run(run())


def test_a_reason_too_long_for_its_line_wraps_under_itself(monkeypatch: pytest.MonkeyPatch) -> None:
    """The reason under a costly decision is indented; its wrapped lines keep the indent (at 80×24)."""
    from uihelpers import wait_until

    from guinote_tui.coach.ahead import Reviewed
    from guinote_tui.coach.reasons import Reason, ReasonCode
    from guinote_tui.ui.screens import review as review_module
    from guinote_tui.ui.screens.review import DecisionRow

    reason = Reason(ReasonCode.KEEP_TRUMPS, {"card": "1O"})

    def priced(session, seed=None):  # type: ignore[no-untyped-def]
        hand = session.match.hand
        mine = hand.tricks[3].cards[(0 - hand.tricks[3].leader) % 2]
        return [Reviewed(0, 4, Play(mine), Play(mine), 9.0, reason, 1.0, True)]

    monkeypatch.setattr(review_module, "review_hand", priced)

    async def run() -> None:
        app = make_app(players=2, level="random", seed=8, delay=0, pace="timed")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await _finished_hand_summary(pilot, app)
            await pilot.press("v")
            assert await wait_until(pilot, lambda: bool(app.screen.query(DecisionRow)))
            await pilot.pause()
            (row,) = app.screen.query(DecisionRow)
            region = row.content_region
            rows = [line[region.x : region.right].rstrip() for line in screen_lines(app)[region.y : region.bottom]]
            first = next(i for i, line in enumerate(rows) if line.startswith("  ") and line.strip())
            said = rows[first:]
            assert len(said) > 1, rows  # the reason needs more than one line at this width
            assert all(line.startswith("  ") and not line.startswith("   ") for line in said), rows
            assert " ".join(" ".join(said).split()) == reason.text

    asyncio.run(run())
