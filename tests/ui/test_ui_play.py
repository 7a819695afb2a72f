"""Whole hands played through the keyboard and the mouse against bots (no delay)."""

from __future__ import annotations

import asyncio
import html
import re

import pytest
from deals import arranged_deck
from textual.widgets import Button, Static
from uihelpers import (
    face_up_cards,
    key_for,
    make_app,
    playable,
    resize,
    screen_lines,
    settle,
    summary_ready,
    wait_until,
)

from guinote_tui.engine import PLAY, Card, Pass, Sing, Stage, Suit, Swap
from guinote_tui.ui.app import GuinoteApp
from guinote_tui.ui.screens.summary import SummaryScreen
from guinote_tui.ui.screens.table import DeclarationButton, TableScreen

# The human (seat 0) leads the first trick with the As of trumps, so their
# side wins it for sure; they hold the Rey and Sota of Copas (a cante of 20)
# and the 7 of trumps (to change for the 3 of Oros turned up as muestra).
HUMAN_HAND = "1O 7O 12C 10C 4E 5B"
MUESTRA = "3O"


def screen_text(app: GuinoteApp) -> str:
    """The visible text of the screen, from the same SVG a screenshot saves."""
    svg = app.export_screenshot()
    text = re.sub(r"<[^>]+>", "", svg)
    return html.unescape(text).replace("\xa0", " ")


def message(table: TableScreen) -> str:
    return str(table.query_one("#message", Static).content)


def assert_no_bot_card_shown(app: GuinoteApp) -> None:
    """No card still in a bot's hand is drawn face up anywhere on the screen.

    The scan must see the player's own six (or fewer) cards first, so a scan
    that finds nothing cannot pass by accident.
    """
    session = app.session
    assert session is not None
    hand = session.match.hand
    shown = face_up_cards(screen_lines(app))
    assert set(hand.hands[0]) <= shown, f"the scan missed the player's cards: {sorted(set(hand.hands[0]) - shown)}"
    hidden = {card for seat in range(1, hand.players) for card in hand.hands[seat]}
    assert not shown & hidden, f"bot cards shown face up: {sorted(shown & hidden)}"


async def play_out_hand(app: GuinoteApp, pilot, table: TableScreen) -> dict[str, int]:  # type: ignore[no-untyped-def]
    """Answer every turn of the player until the hand ends; try one illegal card per arrastre turn.

    At every turn the screen is scanned: no bot's card is ever shown face up.
    """
    seen = {"blocked": 0, "turns": 0, "arrows": 0}
    session = app.session
    assert session is not None
    while True:
        await settle(pilot)
        if session.hand_over:
            return seen
        view = session.view()
        seen["turns"] += 1
        assert_no_bot_card_shown(app)
        kinds = {type(a) for a in view.legal}
        if Sing in kinds:
            await pilot.press("s")
            continue
        if Pass in kinds and not playable(view.legal):
            await pilot.press("p")
            continue
        legal_cards = playable(view.legal)
        illegal = [c for c in view.hand if c not in legal_cards]
        if illegal and view.stage is Stage.PLAY:
            card = illegal[0]
            expected = session.why_illegal(PLAY[card])
            before = list(view.hand)
            await pilot.press(key_for(app, card))
            await pilot.pause()
            # Refused: same hand, still our turn, and the engine's reason is shown.
            assert list(session.view().hand) == before
            assert session.human_to_move
            assert expected and expected in message(table)
            seen["blocked"] += 1
        target = legal_cards[-1]
        if seen["arrows"] == 0 and table.selected is not None:
            # Once per hand: walk to the card with the arrows and play it with Enter.
            steps = (list(table.shown_hand).index(target) - table.selected) % len(view.hand)
            for _ in range(steps):
                await pilot.press("right")
            await pilot.press("enter")
            seen["arrows"] += 1
        else:
            await pilot.press(key_for(app, target))


async def sing_and_swap(app: GuinoteApp, pilot, table: TableScreen) -> None:  # type: ignore[no-untyped-def]
    """After the first trick, won by the As of trumps: sing 20 in Copas and change the seven."""
    session = app.session
    assert session is not None
    await settle(pilot)
    view = session.view()
    assert view.tricks[0].winner % 2 == 0
    assert view.to_move == 0
    assert Sing(Suit.COPAS) in view.legal and Swap(Card.parse("7O")) in view.legal
    # Both are offered as buttons and as footer keys exactly now.
    labels = {str(b.label) for b in table.query(DeclarationButton)}
    assert "(s) 20 Copas" in labels and "(c) Change the 7" in labels
    assert table.check_action("sing", ()) and table.check_action("swap", ())
    assert not table.check_action("tute", ())
    await pilot.press("s")
    await pilot.pause()
    assert [(c.seat, c.suit, c.points) for c in session.view().cantes] == [(0, Suit.COPAS, 20)]
    assert "You sing 20 in Copas" in screen_text(app)
    await pilot.press("c")
    await pilot.pause()
    view = session.view()
    assert view.swap is not None and view.swap.seat == 0
    assert Card.parse("3O") in view.hand and view.muestra == Card.parse("7O")
    assert not table.check_action("sing", ()) and not table.check_action("swap", ())


async def finish_with_summary(app: GuinoteApp, pilot) -> None:  # type: ignore[no-untyped-def]
    session = app.session
    assert session is not None
    result = session.result
    assert result is not None
    await pilot.pause()
    assert isinstance(app.screen, SummaryScreen)
    text = screen_text(app)
    assert "Card points" in text and "Cantes and tute" in text
    assert "Last trick (de últimas)" in text
    if result.juego_winner is None:
        assert "de vueltas" in text
    else:
        assert "the juego" in text
    # The rows show the engine's result, side by side.
    assert re.search(rf"Card points\s+{result.card_points[0]}\s+{result.card_points[1]}\b", text)
    assert re.search(rf"This hand\s+{result.points[0]}\s+{result.points[1]}\b", text)
    await summary_ready(pilot)
    await pilot.press("enter")
    await pilot.pause()
    assert isinstance(app.screen, TableScreen)
    assert session.match.hand_number == 2 and not session.hand_over


def test_whole_heads_up_hand_by_keys() -> None:
    asyncio.run(_whole_heads_up_hand_by_keys())


async def _whole_heads_up_hand_by_keys() -> None:
    deck = arranged_deck(2, dealer=1, hands={0: HUMAN_HAND}, muestra=MUESTRA)
    app = make_app(players=2, level="random", seed=11, delay=0, decks=[deck], dealer=1)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        table = app.screen
        assert isinstance(table, TableScreen)
        session = app.session
        assert session is not None and session.view().to_move == 0
        await pilot.press(key_for(app, Card.parse("1O")))
        await sing_and_swap(app, pilot, table)
        seen = await play_out_hand(app, pilot, table)
        assert seen["blocked"] >= 1, "no refused play happened in this deal"
        assert seen["arrows"] == 1
        result = session.result
        assert result is not None
        # Heads-up, 40 cards make 20 tricks; a first hand is only cut short by a tute.
        tricks = len(session.view().tricks)
        assert tricks == 20 if not result.stopped_early else 0 < tricks < 20, (tricks, result)
        if not result.stopped_early:
            assert sum(result.card_points) == 120, result
        await finish_with_summary(app, pilot)


def test_whole_pairs_hand_with_mouse_and_keys() -> None:
    asyncio.run(_whole_pairs_hand_with_mouse_and_keys())


async def _whole_pairs_hand_with_mouse_and_keys() -> None:
    deck = arranged_deck(4, dealer=3, hands={0: HUMAN_HAND}, muestra=MUESTRA)
    app = make_app(players=4, level="random", seed=4, delay=0, decks=[deck], dealer=3)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        table = app.screen
        assert isinstance(table, TableScreen)
        session = app.session
        assert session is not None
        # Lead the As of trumps with a mouse click on the card.
        await pilot.click(f"#card-{key_for(app, Card.parse('1O'))}")
        await pilot.pause()
        assert session.view().tricks or session.view().trick[0] == (0, Card.parse("1O"))
        await sing_and_swap(app, pilot, table)
        seen = await play_out_hand(app, pilot, table)
        assert seen["blocked"] >= 1, "no refused play happened in this deal"
        # The bots never had their cards shown (play_out_hand scanned the screen at each
        # of the player's turns): at least a few turns were checked in pairs.
        assert seen["turns"] >= 5, seen
        await finish_with_summary(app, pilot)


def test_playing_out_of_turn_is_refused_with_a_message() -> None:
    asyncio.run(_playing_out_of_turn_is_refused_with_a_message())


async def _playing_out_of_turn_is_refused_with_a_message() -> None:
    deck = arranged_deck(4, dealer=0, hands={0: HUMAN_HAND}, muestra=MUESTRA)
    app = make_app(players=4, level="random", seed=2, delay=30, decks=[deck], dealer=0)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        table = app.screen
        assert isinstance(table, TableScreen)
        session = app.session
        assert session is not None and session.bot_to_move == 1
        before = session.view()
        await pilot.press("1")
        await pilot.pause()
        assert "Wait for your turn" in message(table)
        assert session.view().hand == before.hand and session.view().trick == before.trick
        # Leaving while the bot is still waiting out its delay ends cleanly.
        await pilot.press("ctrl+q")
    assert app.return_code in (0, None)


def test_a_message_too_long_for_the_line_also_appears_whole_in_a_notification() -> None:
    asyncio.run(_a_message_too_long_for_the_line_also_appears_whole_in_a_notification())


async def _a_message_too_long_for_the_line_also_appears_whole_in_a_notification() -> None:
    deck = arranged_deck(2, dealer=1, hands={0: HUMAN_HAND}, muestra=MUESTRA)
    app = make_app(players=2, level="random", seed=2, delay=0, decks=[deck], dealer=1)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        table = app.screen
        assert isinstance(table, TableScreen)
        shown: list[str] = []
        table.notify = lambda message, **_: shown.append(str(message))  # type: ignore[method-assign,assignment]
        width = table.query_one("#message", Static).content_region.width
        short = "You must follow suit."
        assert len(short) < width
        table.say(short)
        await pilot.pause()
        assert message(table) == short and shown == []
        long = "You must follow suit and beat the card if you can: " + "you hold Espadas, " * (width // 10)
        assert len(long) > width
        table.say(long)
        await pilot.pause()
        assert shown == [long]
        await pilot.press("ctrl+q")


def test_tute_wins_the_match_and_a_new_one_starts() -> None:
    asyncio.run(_tute_wins_the_match_and_a_new_one_starts())


async def _tute_wins_the_match_and_a_new_one_starts() -> None:
    from guinote_tui.engine import DeclareTute, Rules
    from guinote_tui.ui.screens.start import StartScreen

    rules = Rules.preset("aragones", juegos_per_coto=1)
    deck = arranged_deck(4, dealer=3, hands={0: "1O 12O 12C 12E 12B 4E"}, muestra="3O")
    app = make_app(players=4, level="random", rules=rules, seed=8, delay=0, decks=[deck], dealer=3)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        session = app.session
        assert session is not None
        await pilot.press(key_for(app, Card.parse("1O")))
        await settle(pilot)
        table = app.screen
        assert isinstance(table, TableScreen)
        assert DeclareTute(12) in session.view().legal
        # The tute is declared with its button (a click), not a key this time.
        button = next(b for b in table.query(DeclarationButton) if isinstance(b.action_taken, DeclareTute))
        await pilot.click(button)
        await pilot.pause()
        await pilot.pause()
        assert session.hand_over and session.match.is_over
        assert isinstance(app.screen, SummaryScreen)
        text = screen_text(app)
        assert "We win the juego with a tute." in text
        assert "We win the match!" in text
        await summary_ready(pilot)
        await pilot.press("enter")  # the match is over: Enter offers a new one
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        assert app.session is not session and app.session is not None
        assert app.session.match.hand_number == 1


def test_the_partner_wins_and_the_player_sings_in_the_window() -> None:
    asyncio.run(_the_partner_wins_and_the_player_sings_in_the_window())


async def _the_partner_wins_and_the_player_sings_in_the_window() -> None:
    # The partner (seat 2) leads and holds every trump that could win a trick
    # led in trumps; the player holds the Rey and Sota of Copas.
    deck = arranged_deck(4, dealer=1, hands={0: "10O 11O 12C 10C 4E 5B", 2: "1O 3O 12O 7O 6O 5O"}, muestra="2O")
    app = make_app(players=4, level="random", seed=6, delay=0, decks=[deck], dealer=1)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        session = app.session
        table = app.screen
        assert session is not None and isinstance(table, TableScreen)
        await pilot.press(key_for(app, Card.parse("4E")))
        await settle(pilot)
        view = session.view()
        assert view.tricks[0].winner == 2
        assert view.stage is Stage.WINDOW and view.to_move == 0
        assert not playable(view.legal)
        # Only what is legal is offered: no seven to change here.
        assert "your partner won the trick — sing (s), or pass (p)" in message(table)
        assert "change" not in message(table)
        assert table.check_action("sing", ()) and table.check_action("pass_window", ())
        # A card now is refused with the engine's reason.
        await pilot.press("1")
        await pilot.pause()
        assert "you may only sing, change the seven or pass now" in message(table)
        await pilot.press("s")
        await pilot.pause()
        assert [(c.seat, c.suit) for c in session.view().cantes] == [(0, Suit.COPAS)]
        assert session.view().stage is Stage.PLAY


def test_keys_do_nothing_while_the_too_small_notice_hides_the_table() -> None:
    asyncio.run(_keys_do_nothing_while_the_too_small_notice_hides_the_table())


async def _keys_do_nothing_while_the_too_small_notice_hides_the_table() -> None:
    app = make_app(players=2, level="random", seed=4, delay=0)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        session = app.session
        table = app.screen
        assert session is not None and isinstance(table, TableScreen)
        before = session.view()
        assert before.my_turn
        await resize(pilot, 70, 20)
        for key in ("1", "enter", "l", "q", "question_mark", "n"):
            await pilot.press(key)
            await pilot.pause()
        # Nothing was played and no dialog or screen opened.
        assert app.screen is table and session.view() == before
        await resize(pilot, 100, 32)
        await pilot.press("1")
        await pilot.pause()
        assert session.view() != before


def test_leaving_from_the_summary_asks_first_while_the_match_goes_on() -> None:
    asyncio.run(_leaving_from_the_summary_asks_first())


async def _leaving_from_the_summary_asks_first() -> None:
    from guinote_tui.ui.screens.dialogs import YesNoDialog

    app = make_app(players=2, level="random", seed=12, delay=0)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        table = app.screen
        session = app.session
        assert isinstance(table, TableScreen) and session is not None
        await play_out_hand(app, pilot, table)
        await pilot.pause()
        summary = app.screen
        assert isinstance(summary, SummaryScreen) and not session.match.is_over
        await summary_ready(pilot)
        for key, answer in (("n", "n"), ("q", "escape")):
            await pilot.press(key)
            await pilot.pause()
            assert isinstance(app.screen, YesNoDialog)
            await pilot.press(answer)
            await pilot.pause()
            assert app.screen is summary
        await pilot.press("n")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        # Back to the start screen for a new match.
        assert type(app.screen).__name__ == "StartScreen"


@pytest.mark.parametrize(
    ("hand", "offered", "key", "sung"),
    [
        # Two twenties (trumps are Copas): s asks which.
        ("1C 12E 10E 12B 10B 4O", ["(e) 20 Espadas", "(b) 20 Bastos"], "b", Suit.BASTOS),
        # The forty and a twenty: the forty first, and the twenty is as easy to choose.
        ("1C 12C 10C 12B 10B 4O", ["(c) 40 Copas", "(b) 20 Bastos"], "b", Suit.BASTOS),
        ("1C 12C 10C 12B 10B 4O", ["(c) 40 Copas", "(b) 20 Bastos"], "c", Suit.COPAS),
    ],
)
def test_two_cantes_open_s_asks_which_suit_to_sing(hand: str, offered: list[str], key: str, sung: Suit) -> None:
    asyncio.run(_two_cantes_open(hand, offered, key, sung))


async def _two_cantes_open(hand: str, offered: list[str], key: str, sung: Suit) -> None:
    from guinote_tui.ui.screens.dialogs import CanteChooser

    deck = arranged_deck(2, dealer=1, hands={0: hand}, muestra="2C")
    app = make_app(players=2, level="random", seed=3, delay=0, decks=[deck], dealer=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = app.screen
        session = app.session
        assert isinstance(table, TableScreen) and session is not None
        await pilot.press(key_for(app, Card.parse("1C")))  # the As of trumps takes the trick
        await settle(pilot)
        sings = [a for a in session.view().legal if isinstance(a, Sing)]
        assert len(sings) == 2
        # Each cante has its button, neither keyed to s alone: s asks.
        labels = [str(b.label) for b in table.query(DeclarationButton) if isinstance(b.action_taken, Sing)]
        assert sorted(labels) == sorted(label.split(" ", 1)[1] for label in offered)
        await pilot.press("s")
        assert await wait_until(pilot, lambda: isinstance(app.screen, CanteChooser))
        chooser = app.screen
        assert isinstance(chooser, CanteChooser)
        assert [str(b.label) for b in chooser.query(Button)] == offered
        assert session.view().cantes == ()  # nothing sung yet
        await pilot.press("escape")  # back: nothing sung, still the player's turn
        assert await wait_until(pilot, lambda: app.screen is table)
        assert session.view().cantes == () and session.human_to_move
        await pilot.press("s")
        assert await wait_until(pilot, lambda: isinstance(app.screen, CanteChooser))
        await pilot.press(key)
        assert await wait_until(pilot, lambda: app.screen is table and bool(session.view().cantes))
        assert [c.suit for c in session.view().cantes] == [sung]


def test_one_cante_open_s_sings_it_at_once() -> None:
    async def run() -> None:
        deck = arranged_deck(2, dealer=1, hands={0: "1C 12E 10E 4B 5B 4O"}, muestra="2C")
        app = make_app(players=2, level="random", seed=3, delay=0, decks=[deck], dealer=1)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            session = app.session
            assert session is not None
            await pilot.press(key_for(app, Card.parse("1C")))
            await settle(pilot)
            labels = [str(b.label) for b in app.screen.query(DeclarationButton)]
            assert "(s) 20 Espadas" in labels
            await pilot.press("s")
            assert await wait_until(pilot, lambda: bool(session.view().cantes))
            assert [c.suit for c in session.view().cantes] == [Suit.ESPADAS]

    asyncio.run(run())


def test_the_status_bar_says_when_the_player_deals() -> None:
    asyncio.run(_the_status_bar_says_when_the_player_deals())


async def _the_status_bar_says_when_the_player_deals() -> None:
    for dealer, shown in ((0, True), (1, False)):
        deck = arranged_deck(2, dealer=dealer, hands={0: HUMAN_HAND}, muestra=MUESTRA)
        app = make_app(players=2, level="random", seed=5, delay=0, decks=[deck], dealer=dealer)
        async with app.run_test(size=(100, 32)) as pilot:
            await settle(pilot)
            status = str(app.screen.query_one("#status", Static).render())
            assert ("you deal" in status) == shown, status
