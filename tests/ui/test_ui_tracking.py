"""The card tracker and the trick history hold only what the player may know."""

from __future__ import annotations

import random

from guinote_tui.engine import (
    Card,
    CardDrawn,
    CardPlayed,
    Dealt,
    LastTrickTen,
    Match,
    MuestraTaken,
    Rules,
    SevenChanged,
    TrickWon,
    WinReason,
    seat_view,
)
from guinote_tui.game.tracking import card_tracker, trick_history

SETUPS = [(2, "aragones"), (4, "aragones"), (2, "libre-100"), (4, "libre-100")]


def _positions(seed: int):  # type: ignore[no-untyped-def]
    """Random hands of random length, each position's player view."""
    players, preset = SETUPS[seed % 4]
    match = Match(players, Rules.preset(preset), seed=seed)
    rng = random.Random(seed)
    hand = match.hand
    for _ in range(rng.randrange(0, 45)):
        if hand.is_over:
            break
        hand.apply(rng.choice(hand.legal_actions()))
    return hand, seat_view(hand, 0)


def test_the_tracker_agrees_with_a_recount_from_the_players_events() -> None:
    for seed in range(80):
        hand, view = _positions(seed)
        tracker = card_tracker(view)
        # Recount from the events alone: what fell, what the player holds.
        fell: set[int] = set()
        mine: list[int] = []
        points = [0, 0]
        for event in view.events:
            if isinstance(event, Dealt):
                mine.extend(event.hands[0])
            elif isinstance(event, CardPlayed):
                fell.add(event.card)
                if event.seat == 0:
                    mine.remove(event.card)
            elif isinstance(event, (CardDrawn, MuestraTaken)) and event.seat == 0:
                assert event.card is not None
                mine.append(event.card)
            elif isinstance(event, SevenChanged) and event.seat == 0:
                mine.remove(event.given)
                mine.append(event.taken)
            elif isinstance(event, TrickWon):
                points[event.winner % 2] += event.points
        assert set(tracker.gone) == fell, seed
        assert {c for s in tracker.suits for c in s.mine} == set(mine) == set(hand.hands[0])
        assert set(tracker.out) == set(range(40)) - fell - set(mine), seed
        assert tracker.card_points == tuple(points)
        assert tracker.stock == len(hand.stock)
        assert set(tracker.trumps_out) == {c for c in tracker.out if c // 10 == hand.trump}
        # Every card is in exactly one group.
        assert sorted(tracker.gone + tracker.out + tuple(c for s in tracker.suits for c in s.mine)) == list(range(40))


def test_the_tracker_does_not_change_when_hidden_cards_are_reshuffled() -> None:
    # Swap the other seats' hidden cards and the stock: the player's tracker is the same.
    for seed in range(20):
        hand, view = _positions(seed)
        if hand.is_over:
            continue
        before = card_tracker(view)
        other = hand.copy()
        hidden = [c for s in range(1, hand.players) for c in other.hands[s]] + list(other.stock)
        random.Random(seed).shuffle(hidden)
        for seat in range(1, hand.players):
            size = len(other.hands[seat])
            other.hands[seat], hidden = hidden[:size], hidden[size:]
        other.stock = hidden
        assert card_tracker(seat_view(other, 0)) == before


def test_the_trick_history_lists_each_trick_with_its_winner_and_what_the_player_drew() -> None:
    for seed in range(40):
        players, preset = SETUPS[seed % 4]
        match = Match(players, Rules.preset(preset), seed=seed)
        rng = random.Random(seed)
        hand = match.hand
        while not hand.is_over:
            hand.apply(rng.choice(hand.legal_actions()))
        history = trick_history(seat_view(hand, 0).events)
        assert len(history) == len(hand.tricks)
        for entry, trick in zip(history, hand.tricks, strict=True):
            assert [c for _, c in entry.cards] == list(trick.cards)
            assert entry.winner == trick.winner and entry.why in WinReason
            for note in entry.notes:
                if isinstance(note, CardDrawn):
                    assert note.seat == 0  # only the player's own draws are known
        assert history[-1].last_ten == (hand.last_trick_side is not None)
        assert any(isinstance(e, LastTrickTen) for e in hand.events or ()) == history[-1].last_ten


def test_the_history_screen_scrolls_through_every_trick_and_the_tracker_toggles() -> None:
    import asyncio

    from textual.containers import VerticalScroll
    from uihelpers import key_for, make_app, playable, settle

    from guinote_tui.ui.screens.history import HistoryScreen
    from guinote_tui.ui.screens.table import TableScreen
    from guinote_tui.ui.widgets.log import EventLog
    from guinote_tui.ui.widgets.tracker import TrackerPanel

    async def run() -> None:
        app = make_app(players=4, level="random", seed=8, delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            session = app.session
            assert session is not None
            for _ in range(7):
                await settle(pilot)
                if session.hand_over:
                    break
                cards = playable(session.view().legal)
                await pilot.press(key_for(app, cards[0]) if cards else "p")
            await settle(pilot)
            table = app.screen
            assert isinstance(table, TableScreen)
            tricks = session.view().tricks
            assert len(tricks) >= 5
            # The tracker replaces the log and shows the player's tracker.
            await pilot.press("k")
            await pilot.pause()
            panel = table.query_one(TrackerPanel)
            assert panel.display and not table.query_one(EventLog).display
            assert panel.tracker == card_tracker(session.view())
            assert "Trumps" in str(panel.render())
            await pilot.press("k")
            await pilot.pause()
            assert not panel.display and table.query_one(EventLog).display
            # The history lists every trick, scrolled to the newest; keys scroll it.
            await pilot.press("r")
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, HistoryScreen)
            entries = [str(s.render()) for s in screen.query(".history-entry")]
            assert len(entries) >= len(tricks)
            for number, trick in enumerate(tricks, 1):
                assert entries[number - 1].startswith(f"Trick {number} to ")
                assert all(card.name in entries[number - 1] for card in trick.cards)
            scroll = screen.query_one("#history-scroll", VerticalScroll)
            assert scroll.max_scroll_y > 0 and scroll.scroll_y == scroll.max_scroll_y
            await pilot.press("home")
            await pilot.pause()
            assert scroll.scroll_y == 0
            moves = len(session.match.hand.log)
            await pilot.press("escape")
            await pilot.pause()
            assert app.screen is table and len(session.match.hand.log) >= moves

    asyncio.run(run())


def test_the_footer_offers_the_tracker_key_only_where_the_tracker_is_not_always_shown() -> None:
    """From 160×45 the tracker sits under the log all the time: ``k`` would do nothing, the footer leaves it out."""
    import asyncio

    from uihelpers import make_app, settle

    from guinote_tui.ui.screens.table import TableScreen
    from guinote_tui.ui.widgets.tracker import TrackerPanel

    def offered(app) -> set[str]:  # type: ignore[no-untyped-def]
        return {key.action for key in app.screen.query("FooterKey") if key.display}

    async def wait_for(pilot, check) -> bool:  # type: ignore[no-untyped-def]
        for _ in range(100):
            await pilot.pause()
            if check():
                return True
        return False

    async def run() -> None:
        app = make_app(players=2, level="random", seed=8, delay=0)
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot)
            table = app.screen
            assert isinstance(table, TableScreen)
            assert await wait_for(pilot, lambda: "tracker" in offered(app))
            await pilot.resize_terminal(200, 50)
            side = table.query_one("#tracker-side", TrackerPanel)
            assert await wait_for(pilot, lambda: side.display and "tracker" not in offered(app)), offered(app)
            assert side.region.area and table.check_action("tracker", ()) is False
            await pilot.press("k")  # nothing to toggle: the log and the tracker both stay
            await pilot.pause()
            assert table.query_one("#log").display and not table.query_one("#tracker", TrackerPanel).display
            await pilot.resize_terminal(120, 40)
            assert await wait_for(pilot, lambda: not side.display and "tracker" in offered(app)), offered(app)

    asyncio.run(run())


def test_from_160x45_the_tracker_shows_from_the_first_move() -> None:
    """The player leads the hand's first trick: the tracker under the log is already there, with the hand in it."""
    import asyncio

    from uihelpers import make_app, screen_lines, settle

    from guinote_tui.ui.widgets.tracker import TrackerPanel

    async def run() -> None:
        app = make_app(players=2, level="random", seed=5, delay=0, dealer=1)
        async with app.run_test(size=(200, 50)) as pilot:
            await settle(pilot)
            session = app.session
            assert session is not None and session.human_to_move and session.match.hand.log == []
            side = app.screen.query_one("#tracker-side", TrackerPanel)
            assert side.display and side.tracker == card_tracker(session.view())
            await pilot.pause()
            assert any("Trumps still out" in line for line in screen_lines(app))

    asyncio.run(run())


def test_the_tracker_names_the_cards_another_seat_is_known_to_hold_as_recounted_from_the_events() -> None:
    from guinote_tui.engine import CanteSung
    from guinote_tui.plain.words import tracker_lines
    from guinote_tui.ui.widgets.tracker import TrackerPanel

    seen = 0
    for seed in range(200):
        _hand, view = _positions(seed)
        tracker = card_tracker(view)
        rules = view.rules
        # Recount: a cante sung by another seat shows its two cards, the seven changed by another seat the muestra
        # it took, the muestra drawn last by another seat that card; those not played since are held.
        known: dict[int, int] = {}
        for event in view.events:
            if isinstance(event, CanteSung) and event.seat != 0:
                for rank in (12, rules.cante_rank):  # the rey and the sota (aragonés) or caballo (libre-100)
                    known[Card.of(rank, event.suit)] = event.seat
            elif isinstance(event, SevenChanged) and event.seat != 0:
                known[event.taken] = event.seat
            elif isinstance(event, MuestraTaken) and event.seat != 0:
                known[event.card] = event.seat
        fell = set(tracker.gone)
        expected = {card: seat for card, seat in known.items() if card not in fell}
        assert {c: s for t in tracker.suits for c, s in t.held} == expected, seed
        if not expected:
            continue
        seen += 1
        names = ("You", "Rival") if view.players == 2 else ("You", "Right", "Partner", "Left")
        lines = tracker_lines(view)
        panel = TrackerPanel()
        panel.tracker = tracker
        shown = panel.render().plain  # type: ignore[union-attr]
        for seat, cards in tracker.held_by().items():
            assert f"{names[seat]} is known to hold {', '.join(c.name for c in cards)}." in lines
            assert f"{names[seat]} holds " in shown
    assert seen >= 5  # the positions include cantes and changes of the seven by other seats
