"""The coach's hint at the table: asked in a worker, shown in front of the table, the game waits."""

from __future__ import annotations

import asyncio
from dataclasses import replace

import pytest
from uihelpers import REVIEW_TEST_BUDGET, REVIEWING, ask_hint, make_app, screen_lines, settle, until, wait_until

from guinote_tui.coach import COACH_BUDGET, COACH_SEED
from guinote_tui.coach.ahead import HandSpec, advise_at
from guinote_tui.engine import Play
from guinote_tui.ui.screens.hint import HintScreen, values_table
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
            hint = await ask_hint(pilot)  # the coach thinks in a worker thread
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
        # The rival leads and waits out a minute after thinking (closing the app cuts the wait short): the
        # player is not to move when the key comes, however slow the machine.
        app = make_app(players=2, level="random", seed=5, delay=60.0, dealer=0)
        async with app.run_test(size=(100, 32)) as pilot:
            await pilot.pause()
            table = app.screen
            assert isinstance(table, TableScreen)
            assert app.session is not None and not app.session.human_to_move
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
            # (on a loaded machine the worker process takes a while to start: the wait is on the state)
            await until(pilot, lambda: session.ahead is not None and session.ahead.ready(hand) is not None)
            ready = session.ahead.ready(hand)
            assert ready is not None
            await pilot.press("h")
            await pilot.pause()
            hint = app.screen
            assert isinstance(hint, HintScreen)  # at once: no thinking left to do
            expected = advise_at(HandSpec.of(hand), tuple(hand.log), 0, COACH_SEED, REVIEW_TEST_BUDGET)
            assert hint.advice == ready == expected

    asyncio.run(run())


def test_cards_the_coach_cannot_tell_apart_are_shown_as_equal_and_costs_carry_their_tier_and_margin() -> None:
    from rich.console import Console

    from guinote_tui.coach import Advice, CardEstimate, Evaluation, Reason, ReasonCode
    from guinote_tui.engine import PLAY, Card
    from guinote_tui.ui.screens.hint import equals_line, values_table

    def card(text: str) -> Card:
        return Card.parse(text)

    def costs(value: float, se: float, win: float, loss: float) -> CardEstimate:
        return CardEstimate(-value, value, se, 200, 0, win, loss, value)

    estimates = {
        card("3E"): costs(0.0, 0.0, 0.7, 0.0),  # the best by the evaluation
        card("6O"): costs(0.6, 0.5, 0.7, 0.0),  # interval under 2 points: about the same
        card("12B"): costs(0.5, 0.2, 0.7, 0.0),  # about the same
        card("5E"): costs(3.0, 1.5, 0.7, 0.0),  # the interval straddles 2: a close call
        card("2C"): costs(7.25, 2.4, 0.66, 0.0),  # 7.25 ± 4.7: clear of 2, not of 5: an inaccuracy
        card("1B"): costs(40.0, 2.0, 0.1, 0.3),  # clear of 10: a blunder, and the juego mostly lost
    }
    evaluation = Evaluation(estimates, card("3E"), "playouts", 200, 800)
    # The coach advises the Seis de Oros: about the same as the Tres, and it risks less.
    advice = Advice(
        PLAY[card("6O")], evaluation.values, Reason(ReasonCode.LEAD_LOW, {"card": "6O"}), False, {}, evaluation
    )
    console = Console(width=140, record=True)
    console.print(values_table(advice, tuple(estimates)))
    lines = [line.strip() for line in console.export_text().splitlines() if line.strip()]
    assert "the juego" in lines[0] and "won–lost of 10" in lines[1]  # the cards differ for the juego: a column
    rows = {line.split("  ")[0]: line for line in lines[2:]}
    assert lines[2].startswith("Seis de Oros")  # the advised card first
    assert "best" in rows["Seis de Oros"] and rows["Seis de Oros"].endswith("7–0")
    assert "about the same" in rows["Tres de Espadas"]
    assert "about the same" in rows["Rey de Bastos"]
    assert "close call: 3 ± 3" in rows["Cinco de Espadas"]
    assert "inaccuracy: 7 ± 5" in rows["Dos de Copas"] and rows["Dos de Copas"].endswith("7–0")
    assert "blunder: 40 ± 4" in rows["As de Bastos"] and rows["As de Bastos"].endswith("1–3")
    said = equals_line(advice)
    assert said is not None and "Tres de Espadas" in said and "Rey de Bastos" in said and "Seis de Oros" not in said
    # Where every card does the same for the juego, no column for it; an exact juego reads without a share.
    same = {c: CardEstimate(e.value, e.cost, e.se, e.deals, 0, 0.0, 0.0, e.delta) for c, e in estimates.items()}
    plain = Evaluation(same, card("3E"), "playouts", 200, 800)
    console = Console(width=140, record=True)
    console.print(values_table(replace(advice, evaluation=plain), tuple(estimates)))
    assert "juego" not in console.export_text()


def test_with_every_card_known_the_juego_column_says_won_lost_or_open_never_deals_of_10() -> None:
    """Heads-up arrastre, every card known: the column's header said "won–lost of 10", its cells "0–0" beside
    "lost", under a legend saying "won or lost" (played by a learner). Now "open" where no line decides the juego,
    and the header and legend say no deals of 10; where every deal that fits was solved (not every card known),
    the shares are deals of 10 and the legend says what they rest on."""
    from rich.console import Console

    from guinote_tui.coach import Advice, CardEstimate, Evaluation, Reason, ReasonCode
    from guinote_tui.engine import PLAY, Card
    from guinote_tui.ui.screens.hint import legend, values_table

    def exact(cost: float, win: float, loss: float) -> CardEstimate:
        return CardEstimate(-cost, cost, 0.0, 0, 0, win, loss, cost)

    cards = {Card.parse("5C"): exact(0.0, 0.0, 0.0), Card.parse("7C"): exact(0.0, 0.0, 0.0)}
    cards[Card.parse("11C")] = exact(67.0, 0.0, 1.0)
    known = Evaluation(cards, Card.parse("5C"), "exact")
    advice = Advice(PLAY[Card.parse("5C")], known.values, Reason(ReasonCode.LEAD_LOW, {"card": "5C"}), False, {}, known)
    console = Console(width=140, record=True)
    console.print(values_table(advice, tuple(cards)))
    lines = [line.strip() for line in console.export_text().splitlines() if line.strip()]
    assert lines[0].endswith("the juego") and "of 10" not in "\n".join(lines)
    rows = {line.split("  ")[0]: line for line in lines[1:]}
    assert rows["Cinco de Copas"].endswith("open") and rows["Siete de Copas"].endswith("open")
    assert rows["Caballo de Copas"].endswith("lost") and "0–0" not in "\n".join(lines)
    assert "The juego column: won, lost or open, every card known." in legend(advice)
    # Every deal that fits solved (the pairs' last tricks): shares of deals, exact, said so.
    shared = dict(cards)
    shared[Card.parse("7C")] = CardEstimate(-2.0, 2.0, 0.0, 6, 0, 0.5, 0.0, 2.0)
    every = Evaluation(shared, Card.parse("5C"), "enumerated", 6)
    advice = Advice(PLAY[Card.parse("5C")], every.values, advice.reason, False, {}, every)
    console = Console(width=140, record=True)
    console.print(values_table(advice, tuple(cards)))
    text = console.export_text()
    assert "won–lost of 10" in text and "5–0" in text
    assert "every deal that fits what you know solved" in legend(advice)


def test_the_table_lists_the_good_cards_in_the_order_the_coach_names_them() -> None:
    """"Any of these: Cuatro de Espadas, Cinco de Espadas, Siete de Bastos…" above a table reading Cuatro, Siete,
    Cinco (played by a learner): the table was ordered by the cards' mean values, the set by their paired costs."""
    from rich.console import Console

    from guinote_tui.coach import Advice, CardEstimate, Evaluation
    from guinote_tui.coach.advice import good_reason
    from guinote_tui.engine import PLAY, Card

    # (value, cost, se): the means and the paired costs rank the two good cards other than the coach's apart.
    rows = {"4E": (0.0, 0.0, 0.0), "5E": (-0.9, 0.3, 0.2), "7B": (-0.2, 0.6, 0.2), "12C": (-9.0, 9.0, 0.5)}
    cards = {Card.parse(t): CardEstimate(v, c, se, 200, delta=c) for t, (v, c, se) in rows.items()}
    found = Evaluation(cards, Card.parse("4E"), "playouts", 200)
    reason = good_reason(found, Card.parse("4E"))
    assert reason is not None and reason.params["cards"] == "4E 5E 7B"
    advice = Advice(PLAY[Card.parse("4E")], found.values, reason, False, {}, found)
    console = Console(width=140, record=True)
    console.print(values_table(advice, tuple(cards)))
    names = [line.strip().split("  ")[0] for line in console.export_text().splitlines()[1:] if line.strip()]
    assert names == ["Cuatro de Espadas", "Cinco de Espadas", "Siete de Bastos", "Rey de Copas"]


def test_where_the_coach_would_sing_each_card_shows_its_cost_against_singing_first() -> None:
    from rich.console import Console

    from guinote_tui.coach import Advice, CardEstimate, Evaluation, Reason, ReasonCode
    from guinote_tui.coach.lines import CanteDelay, Delay
    from guinote_tui.engine import PLAY, Card, parse_action

    def card(text: str) -> Card:
        return Card.parse(text)

    estimates = {c: CardEstimate(-v, v, 0.5, 200, delta=v) for c, v in ((card("5E"), 0.0), (card("3O"), 1.0))}
    estimates[card("12B")] = CardEstimate(-9.0, 9.0, 0.5, 200, delta=9.0)
    delay = CanteDelay(
        3,
        20,
        card("5E"),
        {card("5E"): Delay(0.4, 0.3, 0.4, 0.95), card("3O"): Delay(6.0, 0.4, 6.0, 0.5)},  # the Rey breaks the pair
    )
    evaluation = Evaluation(estimates, card("5E"), "playouts", 200, 600, delay)
    sing = parse_action("sing:B")
    reason = Reason(ReasonCode.SING_NOW, {"suit": "Bastos", "points": 20})
    advice = Advice(sing, evaluation.values, reason, False, {sing: 20}, evaluation)
    console = Console(width=140, record=True)
    console.print(values_table(advice, tuple(estimates)))
    rows = {line.strip().split("  ")[0]: line for line in console.export_text().splitlines() if line.strip()}
    # No card is the coach's: each one's cost is against singing first, the delay measured with its margin.
    assert "about the same" in rows["Cinco de Espadas"] and "best" not in rows["Cinco de Espadas"]
    assert "mistake: 6.0 ± 0.8" in rows["Tres de Oros"]
    assert "blunder: 10" in rows["Rey de Bastos"]  # the pair broken: the cante lost for good, exactly
    assert advice.cost(PLAY[card("3O")]) == 6.0


def test_the_juego_in_words_from_the_shares() -> None:
    from guinote_tui.present.vocabulary import juego_words

    assert juego_words(1.0, 0.0) == "won" and juego_words(0.0, 1.0) == "lost"  # every line (exact: certain)
    assert juego_words(0.68, 0.0) == "7–0" and juego_words(0.0, 0.06) == "0–1"  # deals of 10, in tenths
    assert juego_words(0.0, 0.04) == "0–0"  # under half a tenth: "in hardly any deal", as the reasons say
    assert juego_words(0.0, 0.0) == "0–0" and juego_words(None, None) == ""


def test_a_hint_asked_again_after_an_undo_is_the_same_and_following_it_is_not_graded() -> None:
    import random

    from guinote_tui.ui.screens.review import review_hand

    async def hint(pilot, app) -> HintScreen:  # type: ignore[no-untyped-def]
        screen = await ask_hint(pilot)
        assert isinstance(screen, HintScreen)
        return screen

    async def run() -> None:
        app = make_app(players=2, level="random", seed=5, delay=0)
        async with app.run_test(size=(100, 32)) as pilot:
            await settle(pilot)
            session = app.session
            assert session is not None and session.human_to_move
            hand = session.match.hand
            moves = len(hand.log)
            first = (await hint(pilot, app)).advice
            await pilot.press("enter")  # played as the coach said
            await pilot.pause()
            assert hand.log[moves] == (0, first.action)
            await settle(pilot)
            await pilot.press("u")  # taken back: the same position again
            await pilot.pause()
            hand = session.match.hand
            assert len(hand.log) == moves and session.human_to_move
            again = await hint(pilot, app)
            assert again.advice is first  # the same advice, not worked out again: the same figures
            await pilot.press("enter")
            await pilot.pause()
            rng = random.Random(2)
            while not hand.is_over:
                seat = hand.to_move
                assert seat is not None
                session.apply(seat, rng.choice(hand.legal_actions()))
            reviewed = review_hand(session)
            followed = next(r for r in reviewed if r.index == moves)
            assert followed.followed_hint and followed.played == first.action
            assert (followed.cost, followed.grade, followed.mistake) == (0.0, "same", False)
            assert not any(r.followed_hint for r in reviewed if r.index != moves)

    asyncio.run(run())


async def _hint_shown(pilot, app) -> HintScreen:  # type: ignore[no-untyped-def]
    """After the first trick (won with the As of trumps, a cante open): the player asks for the hint."""
    from uihelpers import key_for

    from guinote_tui.engine import Card, Sing

    session = app.session
    await settle(pilot)
    await pilot.press(key_for(app, Card.parse("1C")))
    await settle(pilot)
    assert any(isinstance(a, Sing) for a in session.view().legal)  # a declaration button on the table
    await pilot.press("right", "left")  # a card marked after the trick: Enter may play it
    return await ask_hint(pilot)  # type: ignore[no-any-return]


def _cante_deal_app():  # type: ignore[no-untyped-def]
    from deals import arranged_deck

    deck = arranged_deck(2, dealer=1, hands={0: "1C 12E 10E 4B 5B 4O"}, muestra="2C")
    return make_app(players=2, level="random", seed=3, delay=0, decks=[deck], dealer=1)


def _send(app, *keys: str) -> None:  # type: ignore[no-untyped-def]
    """Keys as a terminal sends them, one right after the other (no waiting for the first to be handled)."""
    from textual import events

    for key in keys:
        character = {"escape": "\x1b", "enter": "\r"}.get(key, key if len(key) == 1 else None)
        event = events.Key(key, character)
        event.set_sender(app)
        app._driver.send_message(event)


@pytest.mark.parametrize("second", ["card", "enter"])
def test_keys_pressed_right_after_the_hint_closes_reach_the_table(second: str) -> None:
    """Escape then a card key, or Enter, at once: the card is played; the focus is given to no button."""

    from guinote_tui.engine import PLAY

    async def run() -> None:
        app = _cante_deal_app()
        async with app.run_test(size=(80, 24)) as pilot:
            session = app.session
            table = app.screen
            assert isinstance(table, TableScreen) and session is not None
            await _hint_shown(pilot, app)
            moves = len(session.match.hand.log)
            marked = table.shown_hand[table.selected or 0]
            _send(app, "escape", "enter" if second == "enter" else str(table.shown_hand.index(marked) + 1))
            assert await wait_until(pilot, lambda: len(session.match.hand.log) > moves)
            assert session.match.hand.log[moves] == (0, PLAY[marked])  # the card, not the cante's button
            assert table.focused is None

    asyncio.run(run())


def escaped(digit: str) -> str:
    """The key the game gets when Escape and ``digit`` are typed at once: as Textual's terminal parser reads it."""
    from textual._xterm_parser import XTermParser

    (key,) = [event.key for event in XTermParser().feed("\x1b" + digit) if hasattr(event, "key")]
    return key


@pytest.mark.parametrize("typed", ["card", "escape and card at once"])
def test_a_card_key_on_the_hint_plays_that_card(typed: str) -> None:
    """The hint lists each card's key: pressing one plays it; so does Escape typed with it at once (the terminal
    sends the two as one key: its card is not lost)."""

    from guinote_tui.engine import PLAY

    async def run() -> None:
        app = _cante_deal_app()
        async with app.run_test(size=(80, 24)) as pilot:
            session = app.session
            table = app.screen
            assert isinstance(table, TableScreen) and session is not None
            hint = await _hint_shown(pilot, app)
            card = next(c for c in reversed(table.shown_hand) if PLAY[c] in session.view().legal)
            moves = len(session.match.hand.log)
            digit = str(table.shown_hand.index(card) + 1)
            await pilot.press(digit if typed == "card" else escaped(digit))
            assert await wait_until(pilot, lambda: len(session.match.hand.log) > moves)
            assert app.screen is table and hint not in app.screen_stack
            assert session.match.hand.log[moves] == (0, PLAY[card])

    asyncio.run(run())


def test_the_keys_escape_and_a_card_make_are_those_the_hint_takes() -> None:
    from guinote_tui.ui.screens.hint import ESCAPED_CARD_KEYS

    assert tuple(escaped(str(n)) for n in range(1, 7)) == ESCAPED_CARD_KEYS


def test_an_open_hint_sharpens_in_place_when_the_deeper_analysis_is_done() -> None:
    """The hint shows what the coach has; once the review's deeper analysis is done it shows that one in place (the
    hint, the review, Try it and practice then say the same), and playing one of its good cards follows it."""

    async def run() -> None:
        app = make_app(players=2, level="random", seed=5, delay=0)
        async with app.run_test(size=(100, 32)) as pilot:
            await settle(pilot)
            session = app.session
            assert session is not None and session.human_to_move
            hand = session.match.hand
            spec, log = HandSpec.of(hand), tuple(hand.log)
            quick = advise_at(spec, log, 0, COACH_SEED, COACH_BUDGET)
            deep = advise_at(spec, log, 0, COACH_SEED, REVIEW_TEST_BUDGET)
            assert quick is not None and deep is not None
            deep = replace(deep, reason=replace(deep.reason, params={**deep.reason.params}))  # another object
            done: list = []  # type: ignore[type-arg]
            hint = HintScreen(quick, tuple(sorted(quick.values)), lambda: done[0] if done else None)
            app.push_screen(hint)
            await pilot.pause(0.3)
            assert hint.advice is quick
            done.append(deep)
            assert await wait_until(pilot, lambda: hint.advice is deep)
            await pilot.pause()
            text = " ".join(str(w.render()) for w in hint.query("Static"))
            assert deep.reason.text in text

    asyncio.run(run())


def test_a_forced_move_s_hint_has_no_word_of_a_table_it_does_not_show() -> None:
    """Where only one card may be played the hint says why and how to play it; the legend of the expected loss
    (of a table not shown) was still under it (played by a learner)."""
    from guinote_tui.coach import Advice, Reason, ReasonCode
    from guinote_tui.engine import PLAY, Card

    async def run() -> None:
        app = make_app(players=2, level="random", seed=5, delay=0)
        async with app.run_test(size=(100, 32)) as pilot:
            await settle(pilot)
            only = Card.parse("6B")
            advice = Advice(PLAY[only], {only: 0.0}, Reason(ReasonCode.ONLY_CARD, {"card": "6B"}), True)
            hint = HintScreen(advice, (only,))
            app.push_screen(hint)
            assert await wait_until(pilot, lambda: bool(hint.query("#hint-legend")))
            text = " ".join(str(w.render()) for w in hint.query("Static"))
            assert "Enter plays it · Escape goes back" in text
            assert "Expected loss" not in text and "won–lost" not in text

    asyncio.run(run())
