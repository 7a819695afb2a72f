"""The player's pace: a finished trick waits for the player, nothing moves under a modal screen,
the highlighted card is the one Enter plays, and the keys say what they do."""

from __future__ import annotations

import asyncio

from deals import arranged_deck, play_through
from uihelpers import key_for, make_app, settle, shown_hand, workers_done

from guinote_tui.engine import Card, Play, Rules, Swap
from guinote_tui.ui.picture import Turn
from guinote_tui.ui.screens.table import TableScreen

# Heads-up, the rival deals, the player leads 1B; the rival's 2O trumps it (Oros are trumps),
# so the rival leads the next trick: a finished trick before a bot's move.
HAND = "1B 2B 4C 5C 6C 7E"
RIVAL = "2O 4O 5O 6O 7B 4B"


def heads_up_app(**options: object):  # type: ignore[no-untyped-def]
    deck = arranged_deck(2, dealer=1, hands={0: HAND, 1: RIVAL}, muestra="3O")
    return make_app(players=2, level="random", seed=3, delay=0, decks=[deck], dealer=1, **options)


def test_wait_for_me_keeps_the_finished_trick_until_a_key() -> None:
    async def run() -> None:
        app = heads_up_app()
        async with app.run_test(size=(100, 32)) as pilot:
            await pilot.pause()
            session = app.session
            table = app.screen
            assert isinstance(table, TableScreen) and session is not None
            assert session.settings.pace == "wait"
            await pilot.press(key_for(app, Card.parse("1B")))
            for _ in range(20):  # the rival answers, the trick is finished…
                await pilot.pause()
                await workers_done(app)
            hand = session.match.hand
            assert len(hand.tricks) == 1 and table.holding
            assert "Press Space to go on" in str(table.query_one("#message").render())
            # …and stays on the table: the rival, who won it, does not lead while we look.
            await pilot.pause(0.3)
            await workers_done(app)
            assert hand.trick == [] and len(hand.log) == 2
            await pilot.press("space")
            await settle(pilot)
            assert not table.holding and len(hand.log) >= 3

    asyncio.run(run())


def test_timed_pace_lets_the_game_go_on_by_itself() -> None:
    async def run() -> None:
        app = heads_up_app(pace="timed")
        async with app.run_test(size=(100, 32)) as pilot:
            await pilot.pause()
            session = app.session
            table = app.screen
            assert isinstance(table, TableScreen) and session is not None
            assert session.settings.trick_seconds >= 1.5
            await pilot.press(key_for(app, Card.parse("1B")))
            for _ in range(3):
                await pilot.pause()
                await workers_done(app)
            assert table.holding and len(session.match.hand.log) == 2
            await pilot.pause(session.settings.trick_seconds + 0.2)  # no key: the timer lets the rival lead
            await settle(pilot)
            assert not table.holding and len(session.match.hand.log) >= 3
            # w switches back to waiting for a key.
            await pilot.press("w")
            assert session.settings.pace == "wait"

    asyncio.run(run())


def test_no_bot_moves_while_a_modal_screen_is_open() -> None:
    async def run() -> None:
        # The player leads; the rival then takes 1.5 s to answer, and the rules are opened meanwhile.
        app = heads_up_app()
        app.settings.delay = 1.5
        async with app.run_test(size=(100, 32)) as pilot:
            await pilot.pause()
            session = app.session
            assert session is not None and session.human_to_move
            await pilot.press(key_for(app, Card.parse("1B")))
            await pilot.press("question_mark")
            await pilot.pause()
            assert type(app.screen).__name__ == "RulesScreen"
            await pilot.pause(2.0)  # the rival has decided by now…
            await workers_done(app)
            await pilot.pause()
            assert len(session.match.hand.log) == 1, "a bot moved under the rules screen"
            await pilot.press("escape")  # …and plays the moment the table is in front again
            await pilot.pause()
            await pilot.pause()
            assert isinstance(app.screen, TableScreen) and len(session.match.hand.log) == 2

    asyncio.run(run())


def test_after_a_refused_card_enter_plays_the_highlighted_card() -> None:
    # In the arrastre the player must follow suit: the refused card must not stay "selected".
    async def run() -> None:
        app = heads_up_app()
        async with app.run_test(size=(100, 32)) as pilot:
            await pilot.pause()
            session = app.session
            table = app.screen
            assert isinstance(table, TableScreen) and session is not None
            hand = session.match.hand
            # Jump to the arrastre: the rival leads a Copas, the player holds three.
            hand.stock.clear()
            hand.muestra = None
            hand.leader = hand.to_move = 1
            hand._legal = None  # the position was changed by hand: forget the cached legal actions
            hand.apply(Play(Card.parse("4B")), 1)
            table.refresh_table()
            await pilot.pause()
            assert session.human_to_move
            await pilot.press(key_for(app, Card.parse("7E")))  # no: Bastos were led, 1B and 2B follow
            await pilot.pause()
            assert "Not allowed" in str(table.query_one("#message").render())
            marked = shown_hand(app)[table.selected] if table.selected is not None else None
            assert marked is not None and Play(marked) in session.view().legal
            await pilot.press("enter")
            await pilot.pause()
            assert hand.tricks and hand.tricks[-1].cards[1] == marked

    asyncio.run(run())


def test_the_hand_keeps_trumps_at_the_right_end_and_the_footer_names_the_two() -> None:
    async def run() -> None:
        deck = arranged_deck(2, dealer=1, hands={0: "2O 12C 1B 3O 4C 5E"}, muestra="7O")
        rules = Rules.preset("aragones", swap_window="own_turn")  # the change is offered on the player's turn
        app = make_app(players=2, level="random", rules=rules, seed=3, delay=0, decks=[deck], dealer=1)
        async with app.run_test(size=(100, 32)) as pilot:
            await pilot.pause()
            table = app.screen
            assert isinstance(table, TableScreen)
            assert [str(c) for c in shown_hand(app)] == ["12C", "4C", "5E", "1B", "3O", "2O"]
            # The muestra is the 7: the offer is the 2, and the footer says so.
            view = table.session.view()
            assert Swap(Card.parse("2O")) in view.legal
            assert table.check_action("swap_two", ()) and not table.check_action("swap", ())

    asyncio.run(run())


def test_the_table_never_marks_a_seat_asked_in_a_window() -> None:
    # Seat 1 wins the first trick and its partner (seat 3, on the left) holds a pair: it is asked
    # first, privately. The table must show seat 1 (who leads next) as the one deciding.
    from guinote_tui.engine import Stage, parse_action
    from guinote_tui.ui.widgets.table import SeatPanel, TrickArea

    async def run() -> None:
        hands = {0: "2B 4B 5B 6B 7B 2C", 1: "1B 2O 3O 4O 5O 6O", 2: "3E 5E 6E 7E 11E 7C", 3: "12O 10O 4C 5C 6C 2E"}
        deck = arranged_deck(4, dealer=3, hands=hands, muestra="1C", stock="7O 1E 12E 3C")
        app = make_app(players=4, level="random", seed=3, delay=0, decks=[deck], dealer=3)
        async with app.run_test(size=(100, 32)) as pilot:
            await pilot.pause()
            session = app.session
            table = app.screen
            assert isinstance(table, TableScreen) and session is not None
            for seat, card in ((0, "2B"), (1, "1B"), (2, "3E"), (3, "2E")):
                session.apply(seat, parse_action(card))
            assert (session.match.hand.stage, session.match.hand.to_move) == (Stage.WINDOW, 3)
            table.refresh_table()
            await pilot.pause()
            active = {p.id: p.info.active for p in table.query(SeatPanel) if p.info is not None}
            assert active == {"seat-right": True, "seat-top": False, "seat-left": False}
            picture = table.query_one(TrickArea).picture
            assert picture is not None and picture.to_move == 1

    asyncio.run(run())


def test_the_last_trick_on_the_felt_counts_its_ten() -> None:
    import random

    from guinote_tui.ui.widgets.table import TrickArea

    async def run() -> None:
        app = make_app(players=2, level="random", seed=21, delay=0)
        async with app.run_test(size=(100, 32)) as pilot:
            await pilot.pause()
            session = app.session
            table = app.screen
            assert isinstance(table, TableScreen) and session is not None
            hand = session.match.hand
            play_through(session, random.Random(2))  # through the session, as the table would
            table.state = Turn.SUMMARY  # keep the felt in view
            table.refresh_table()
            await pilot.pause()
            area = table.query_one(TrickArea)
            assert area.picture is not None
            played_out = hand.result is not None and not hand.result.stopped_early
            assert played_out  # this deal is played to its last trick
            assert area.picture.last_ten == played_out
            text = " ".join(str(area.render()).split())
            assert ("+10 last trick" in text) == played_out

    asyncio.run(run())


def test_an_enter_pressed_as_the_summary_appears_does_not_skip_it(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import random

    from guinote_tui.ui.screens.summary import SummaryScreen

    # A guard far longer than the test, so a slow machine cannot outrun it; its end is then called by hand.
    monkeypatch.setattr(SummaryScreen, "INPUT_GUARD", 60.0)

    async def run() -> None:
        app = make_app(players=2, level="random", seed=21, delay=0, pace="timed")
        async with app.run_test(size=(100, 32)) as pilot:
            await pilot.pause()
            session = app.session
            table = app.screen
            assert isinstance(table, TableScreen) and session is not None
            play_through(session, random.Random(2))
            table.show_summary()
            await pilot.pause()
            summary = app.screen
            assert isinstance(summary, SummaryScreen) and not summary.ready
            for key in ("enter", "space", "n", "q", "a"):
                await pilot.press(key)
                await pilot.pause()
                assert app.screen is summary, key
            summary._get_ready()  # the guard's timer ends
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, TableScreen) and session.match.hand_number == 2

    asyncio.run(run())


def test_enter_twice_after_a_trick_never_throws_a_card() -> None:
    """Enter clears the finished trick; a second Enter does not play the card the highlight happens to be on."""

    async def run() -> None:
        app = heads_up_app()
        async with app.run_test(size=(100, 32)) as pilot:
            await pilot.pause()
            session = app.session
            table = app.screen
            assert isinstance(table, TableScreen) and session is not None
            await pilot.press(key_for(app, Card.parse("1B")))
            for _ in range(20):
                await pilot.pause()
                await workers_done(app)
            assert table.holding
            await pilot.press("enter")  # clears the trick; the rival, who won it, leads
            for _ in range(20):
                await pilot.pause()
                await workers_done(app)
            assert session.human_to_move and not table.holding
            before = list(session.view().hand)
            await pilot.press("enter")  # meant for the trick: nothing is thrown
            await pilot.pause()
            assert list(session.view().hand) == before and session.human_to_move
            assert "Enter plays the card you mark" in str(table.query_one("#message").render())
            # A card marked after the trick is played by Enter.
            await pilot.press("right", "left")
            marked = shown_hand(app)[table.selected or 0]
            await pilot.press("enter")
            await pilot.pause()
            assert marked not in session.view().hand

    asyncio.run(run())


def test_a_declaration_key_the_turn_does_not_offer_says_why() -> None:
    async def run() -> None:
        app = heads_up_app()
        async with app.run_test(size=(100, 32)) as pilot:
            await pilot.pause()
            session = app.session
            table = app.screen
            assert isinstance(table, TableScreen) and session is not None
            before = list(session.view().hand)
            for key in ("s", "c", "t", "p"):
                await pilot.press(key)
                await pilot.pause()
                text = str(table.query_one("#message").render())
                assert "Not allowed" in text, (key, text)
            assert list(session.view().hand) == before and session.human_to_move

    asyncio.run(run())
