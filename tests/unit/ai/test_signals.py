"""Partner signals (pairs): the discard convention sent and read, from the view only."""

from __future__ import annotations

import random

import pytest

from guinote_tui.ai import HardBot, make_bot
from guinote_tui.ai.bench import random_positions
from guinote_tui.ai.knowledge import Knowledge, arrastre_start
from guinote_tui.ai.signals import high_cards, is_throw, partner_signals, signal_card
from guinote_tui.ai.tables import mask_of, tables_for
from guinote_tui.engine import Play, Rules, SeatView, seat_view
from guinote_tui.engine.cards import parse_cards

RULES = Rules()


def cards(text: str) -> list[int]:
    return [int(c) for c in parse_cards(text)]


def test_a_throw_comes_from_a_suit_without_as_or_tres_shortest_first() -> None:
    tables = tables_for(RULES, 3)  # bastos trumps
    hand = cards("2O 1O 4C 5C 6E 7B")
    # Oros holds its as; copas (two cards) and espadas (one) hold no high card: espadas goes.
    assert signal_card(cards("2O 4C 6E"), hand, tables) == cards("6E")[0]
    # Without espadas among the candidates, the weak copas beat the strong oros.
    assert signal_card(cards("2O 4C"), hand, tables) == cards("4C")[0]
    # Within one suit the lower card goes.
    assert signal_card(cards("5C 4C"), hand, tables) == cards("4C")[0]
    assert is_throw(cards("2O")[0], tables) and not is_throw(cards("7B")[0], tables)
    assert not is_throw(cards("1O")[0], tables) and not is_throw(cards("10O")[0], tables)
    assert high_cards(0, tables) == mask_of(cards("1O 3O"))


def expected_denials(view: SeatView) -> int:
    """Independent restatement: the partner's phase-1 throws to tricks the other side took."""
    tables = tables_for(view.rules, view.trump)
    partner = (view.seat + 2) % 4
    denied = 0
    for trick in view.tricks[: arrastre_start(4)]:
        seats = [(trick.leader + i) % 4 for i in range(4)]
        card = trick.cards[seats.index(partner)]
        led_by_partner = seats[0] == partner
        if not led_by_partner and trick.winner % 2 != partner % 2 and tables.points[card] == 0:
            if card // 10 != view.trump:
                suit = card // 10
                denied |= mask_of(c for c in range(suit * 10, suit * 10 + 10) if tables.points[c] >= 10)
    seen = mask_of(view.played_cards()) | mask_of(view.hand)
    return denied & ~seen


def test_partner_signals_are_read_from_the_partners_throws_only() -> None:
    found = 0
    for state in random_positions(4, "aragones", seed=21, hands=6):
        view = seat_view(state, state.to_move)
        denied = partner_signals(view, tables_for(view.rules, view.trump))
        assert denied == expected_denials(view)
        found += denied != 0
    assert found > 10
    # Heads-up there is no partner to read.
    for state in random_positions(2, "aragones", seed=21, hands=1):
        view = seat_view(state, state.to_move)
        assert partner_signals(view, tables_for(view.rules, view.trump)) == 0


def test_a_signalling_bot_throws_by_the_convention_when_the_throws_are_close() -> None:
    # With an unbounded margin (and no halving, which drops cards) every throw counts as close:
    # the convention picks among all of them.
    bot = make_bot("hard:samples=4,arrastre_samples=2,halving=false,signals=true,signal_margin=1000")
    checked = 0
    for state in random_positions(4, "aragones", seed=5, hands=4):
        view = seat_view(state, state.to_move)
        if view.in_arrastre or not view.trick or len(view.legal) < 2:
            continue
        action = bot.choose(view, random.Random(1))
        tables = tables_for(view.rules, view.trump)
        assert isinstance(action, Play)
        if is_throw(action.card, tables):
            throws = [a.card for a in view.legal if isinstance(a, Play) and is_throw(a.card, tables)]
            assert action.card == signal_card(throws, view.hand, tables)
            checked += 1
    assert checked >= 5


def test_signals_mostly_keep_the_denied_cards_out_of_the_partners_sampled_hand() -> None:
    for state in random_positions(4, "aragones", seed=21, hands=6):
        view = seat_view(state, state.to_move)
        denied = partner_signals(view, tables_for(view.rules, view.trump))
        know = Knowledge.from_view(view)
        partner = (view.seat + 2) % 4
        if not denied or not know.possible[partner] & denied:
            continue
        reader = HardBot(signals=True)
        reader._denied = denied
        deaf = HardBot()
        rng_a, rng_b = random.Random(3), random.Random(3)
        read = sum(bool(mask_of(reader._sample(view, know, rng_a).hands[partner]) & denied) for _ in range(300))
        plain = sum(bool(mask_of(deaf._sample(view, know, rng_b).hands[partner]) & denied) for _ in range(300))
        assert plain > 30 and read < plain / 2
        return
    pytest.fail("no position with a signal the partner could contradict")


def test_a_negative_signal_margin_is_refused_in_one_line() -> None:
    with pytest.raises(ValueError, match="signal_margin must not be negative"):
        make_bot("hard:signals=true,signal_margin=-1")


def test_the_team_bound_bot_samples_its_partners_real_hand_and_nothing_more() -> None:
    bot = make_bot("team:samples=2,arrastre_samples=1")
    checked = 0
    for state in random_positions(4, "aragones", seed=8, hands=2):
        seat = state.to_move
        partner = (seat + 2) % 4
        bot._partner_hand = mask_of(state.hands[partner])
        view = seat_view(state, seat)
        know = bot._knowledge(view)
        deal = bot._sample(view, know, random.Random(checked))
        assert sorted(deal.hands[partner]) == sorted(int(c) for c in state.hands[partner])
        for other in (seat + 1) % 4, (seat + 3) % 4:
            assert not mask_of(deal.hands[other]) & bot._partner_hand
        checked += 1
    assert checked > 20
    # Through the harness's omniscient entry it decides, and forgets the hand afterwards.
    state = next(iter(random_positions(4, "aragones", seed=8, hands=1)))
    action = bot.choose_open(state, state.to_move, random.Random(0))
    assert action in state.legal_actions() and bot._partner_hand == 0
