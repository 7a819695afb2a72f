"""Undo: the player's last action and the bots' replies are taken back, any number of times in a hand."""

from __future__ import annotations

import asyncio

from uihelpers import key_for, make_app, playable, settle, wait_until

from guinote_tui.coach import COACH_SEED
from guinote_tui.engine import history_dict, load_history
from guinote_tui.game.session import GameSession, GameSettings
from guinote_tui.i18n import number
from guinote_tui.ui.screens.table import TableScreen
from guinote_tui.ui.widgets.log import EventLog


def test_undo_takes_back_each_of_the_players_moves_across_tricks() -> None:
    async def run() -> None:
        app = make_app(players=2, level="random", seed=4, delay=0)
        async with app.run_test(size=(100, 32)) as pilot:
            session = app.session
            assert session is not None
            await settle(pilot)
            table = app.screen
            assert isinstance(table, TableScreen)
            # Nothing to take back yet: the key is offered all the same, and says so when pressed.
            assert table.check_action("undo", ())
            await pilot.press("u")
            await pilot.pause()
            assert "Nothing to take back in this hand" in str(table.query_one("#message").render())
            assert not session.assisted
            positions = []
            for _ in range(3):  # three of the player's cards, across tricks
                await settle(pilot)
                hand = session.match.hand
                positions.append((list(hand.log), sorted(hand.hands[0])))
                await pilot.press(key_for(app, playable(session.view().legal)[0]))
            await settle(pilot)
            assert len(session.match.hand.tricks) >= 2 and not session.assisted
            for log, cards in reversed(positions):
                await pilot.press("u")
                await pilot.pause()
                hand = session.match.hand
                # Back to the moment before the player's move: same actions, same cards, the player to move.
                assert list(hand.log) == log and sorted(hand.hands[0]) == cards
                assert session.human_to_move
                assert table.query_one(EventLog).lines == tuple(session.log)
            assert session.assisted
            assert "assisted" in str(table.query_one("#seed").render())
            # Nothing left to take back in this hand: the key says so, and nothing changes.
            before = list(session.match.hand.log)
            await pilot.press("u")
            await pilot.pause()
            assert list(session.match.hand.log) == before
            assert "Nothing to take back in this hand" in str(table.query_one("#message").render())
            # The game goes on from there.
            await pilot.press(key_for(app, playable(session.view().legal)[0]))
            await settle(pilot)
            assert len(session.match.hand.log) >= 1

    asyncio.run(run())


def test_the_assisted_mark_is_kept_in_the_saved_match() -> None:
    session = GameSession(GameSettings(players=2, level="random", seed=6))
    hand = session.match.hand
    while session.undo_point() is None:
        seat = hand.to_move
        assert seat is not None
        session.apply(seat, hand.legal_actions()[0])
        hand = session.match.hand
    log = session.log[:]
    assert session.undo()
    assert session.assisted and session.log != log
    saved = history_dict(session.match, table=session.table_record())
    assert saved["table"]["assisted"] is True
    resumed = GameSession(GameSettings(players=2, level="random"), load_history(saved))
    assert resumed.assisted


def test_this_deal_again_replays_the_same_cards_from_the_summary() -> None:
    from uihelpers import summary_ready

    from guinote_tui.ui.screens.summary import SummaryScreen

    async def run() -> None:
        app = make_app(players=2, level="random", seed=14, delay=0)
        async with app.run_test(size=(100, 32)) as pilot:
            session = app.session
            assert session is not None
            while not session.hand_over:
                await settle(pilot)
                if session.hand_over:
                    break
                cards = playable(session.view().legal)
                await pilot.press(key_for(app, cards[0]) if cards else "p")
            await settle(pilot)
            for _ in range(10):
                await pilot.pause()
                if isinstance(app.screen, SummaryScreen):
                    break
            await summary_ready(pilot)
            finished = session.match.hand
            await pilot.press("a")
            await pilot.pause()
            again = app.session
            assert again is not None and again is not session and isinstance(app.screen, TableScreen)
            hand = again.match.hand
            assert hand.deck == finished.deck and hand.dealer == finished.dealer
            assert all(seat != 0 for seat, _ in hand.log)  # the player has not moved yet in the new deal
            assert again.match.hand_number == session.match.hand_number and again.assisted
            assert again.match.juegos == [0, 0] and again.match.finished == []

    asyncio.run(run())


def test_open_hands_show_every_bot_card_and_mark_the_match_assisted() -> None:
    from guinote_tui.ui.widgets.table import SeatPanel

    async def run() -> None:
        app = make_app(players=4, level="random", seed=9, delay=0)
        app.settings.open_hands = True
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot)
            session = app.session
            table = app.screen
            assert isinstance(table, TableScreen) and session is not None and session.assisted
            hand = session.match.hand
            for panel in table.query(SeatPanel):
                info = panel.info
                assert info is not None
                seat = session.names.index(info.title)
                assert sorted(info.cards) == sorted(hand.hands[seat])
                text = " ".join(str(panel.render()).split())
                assert all(str(card) in text for card in hand.hands[seat])
            assert session.table_record()["open_hands"] is True

    asyncio.run(run())


def test_the_review_lists_a_deliberate_mistake_with_its_cost() -> None:
    import random

    from guinote_tui.coach import advise
    from guinote_tui.engine import Play, seat_view
    from guinote_tui.ui.screens.review import ReviewScreen, review_hand
    from guinote_tui.ui.screens.summary import SummaryScreen

    async def run() -> None:
        app = make_app(players=2, level="random", seed=21, delay=0, pace="timed")
        async with app.run_test(size=(100, 32)) as pilot:
            await pilot.pause()
            session = app.session
            table = app.screen
            assert isinstance(table, TableScreen) and session is not None
            hand = session.match.hand
            rng = random.Random(3)
            blunder = None
            while not hand.is_over:
                seat = hand.to_move
                assert seat is not None
                legal = hand.legal_actions()
                action = rng.choice(legal)
                if seat == 0 and blunder is None and hand.muestra is None and len(legal) > 1:
                    # In the arrastre, play the card the coach values least.
                    advice = advise(seat_view(hand, 0), random.Random(0))
                    worst = min(advice.values, key=lambda c: advice.values[c])
                    if max(advice.values.values()) - advice.values[worst] >= 2:
                        action, blunder = Play(worst), worst
                session.apply(seat, action)
            assert blunder is not None
            reviewed = review_hand(session, seed=COACH_SEED)
            mistake = next(r for r in reviewed if r.played == Play(blunder))
            assert mistake.cost >= 2 and mistake.mistake and mistake.best != Play(blunder)
            table.show_summary()
            await pilot.pause()
            summary = app.screen
            assert isinstance(summary, SummaryScreen)
            summary.ready = True
            await pilot.press("v")
            await wait_until(pilot, lambda: isinstance(app.screen, ReviewScreen) and app.screen.reviewed is not None)
            screen = app.screen
            assert isinstance(screen, ReviewScreen) and screen.reviewed is not None
            text = " ".join(" ".join(str(w.render()) for w in screen.query("#review-body, .review-decision")).split())
            cost = number(mistake.cost, ".1f", trim=True)  # as the review writes it: 4, not 4.0
            assert f"about {cost} points better" in text and mistake.reason.text.split()[0] in text
            await pilot.press("escape")
            await pilot.pause()
            assert app.screen is summary

    asyncio.run(run())
