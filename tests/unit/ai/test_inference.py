"""Inference: the sampled deals that explain the other seats' plays weigh more."""

from __future__ import annotations

import dataclasses
import math
import random
import statistics

import pytest

from guinote_tui.ai.bitmasks import mask_of
from guinote_tui.ai.determinize import Deal, sample_deal
from guinote_tui.ai.inference import MISSED_DECLARATION, Inference, Window, inferred_deals
from guinote_tui.ai.knowledge import Knowledge
from guinote_tui.ai.rulebots import NormalBot
from guinote_tui.engine import RANKS, HandState, Rules, SeatView, Stage, seat_view


def policy_positions(players: int, seed: int, hands: int):
    """Views of seat 0 with a choice to make, the other seats playing the rule-based policy; and the true deal."""
    rules = Rules.preset("aragones")
    rng = random.Random(seed)
    bot = NormalBot()
    for _ in range(hands):
        deck = list(range(40))
        rng.shuffle(deck)
        state = HandState(deck, rng.randrange(players), rules, players)
        while not state.is_over:
            seat = state.to_move
            assert seat is not None
            view = seat_view(state, seat)
            if seat == 0 and state.stage is Stage.PLAY and len(view.legal) > 1:
                true = Deal({s: list(state.hands[s]) for s in range(1, players)}, list(state.stock))
                yield view, true, state
            state.apply(bot.choose(view, rng))


@pytest.mark.parametrize("players", [2, 4])
def test_true_deal_outranks_random_samples_against_the_policy(players: int) -> None:
    """Against seats that play the policy, the real deal weighs more than most consistent samples."""
    rng = random.Random(5)
    ranks = []
    for view, true, _ in policy_positions(players, seed=11, hands=8):
        know = Knowledge.from_view(view)
        inference = Inference(view, know)
        if not inference.informative:
            continue
        true_weight = statistics.mean(inference.weight(true, rng) for _ in range(3))
        weights = [inference.weight(sample_deal(view, know, rng), rng) for _ in range(30)]
        assert all(w > 0.0 for w in weights)
        below = sum(w < true_weight for w in weights) + 0.5 * sum(w == true_weight for w in weights)
        ranks.append(below / len(weights))
    assert len(ranks) > 30
    # Uniform weights would put the real deal at the middle (0.5).
    assert statistics.mean(ranks) > 0.65


def test_rebuilt_hands_hold_every_observed_card() -> None:
    """Going back through the hand, each seat held the card it was seen to play."""
    rng = random.Random(2)
    checked = 0
    for view, true, _ in policy_positions(2, seed=4, hands=6):
        inference = Inference(view, Knowledge.from_view(view), depth=20)
        for seat in inference.plays:
            oldest = min((o.trick_index for o in inference.observations if o.seat == seat), default=None)
            if oldest is None:
                continue
            history = inference._history(seat, mask_of(true.hands[seat]), oldest, rng)
            for obs in inference.observations:
                if obs.seat == seat:
                    assert history[obs.trick_index] >> obs.card & 1
                    assert bin(history[obs.trick_index]).count("1") == inference._expected_size(obs.trick_index)
                    checked += 1
    assert checked > 50


def test_declined_window_reads_pairs_and_the_seven() -> None:
    """A won trick with nothing declared: an unsung pair (or the wanted seven) then is unlikely."""
    view, _, _ = next(p for p in policy_positions(2, seed=3, hands=3) if len(p[0].tricks) >= 2)
    inference = Inference(view, Knowledge.from_view(view))
    rey, sota = 0 * 10 + RANKS.index(12), 0 * 10 + RANKS.index(10)
    other = 1 * 10 + RANKS.index(1)
    open_window = Window(seat=1, trick_index=0, sung=0, swap_open=False)
    assert inference._could_declare(open_window, 1 << rey | 1 << sota | 1 << other)
    assert not inference._could_declare(open_window, 1 << rey | 1 << other)
    sung_oros = Window(seat=1, trick_index=0, sung=1, swap_open=False)
    assert not inference._could_declare(sung_oros, 1 << rey | 1 << sota)
    assert 0.0 < MISSED_DECLARATION < 1.0


def test_declined_window_reads_the_hand_after_the_draw() -> None:
    """The window spans the draw: a pair completed by the card just drawn counts as passed up."""
    view, _, _ = next(p for p in policy_positions(2, seed=3, hands=3) if len(p[0].tricks) >= 3)
    inference = Inference(view, Knowledge.from_view(view))
    rey, sota = 0 * 10 + RANKS.index(12), 0 * 10 + RANKS.index(10)
    filler = [1 * 10 + RANKS.index(r) for r in (1, 2, 3, 4, 5)]
    before = 1 << rey | sum(1 << c for c in filler)  # the hand that played trick 0: no pair yet
    after = 1 << rey | 1 << sota | sum(1 << c for c in filler[1:])  # filler[0] played, the sota drawn
    window = Window(seat=1, trick_index=0, sung=0, swap_open=False)
    assert inference._declined(window, {0: before, 1: after})
    assert not inference._declined(window, {0: before | 1 << sota, 1: before & ~(1 << rey)})
    assert not inference._declined(window, {0: before})  # the next hand is not rebuilt: no evidence


def test_declined_windows_are_found_against_the_policy() -> None:
    """Windows where the winner declared nothing are collected, and the real deal passes most of them."""
    passed = total = 0
    rng = random.Random(4)
    for view, true, _ in policy_positions(2, seed=8, hands=10):
        inference = Inference(view, Knowledge.from_view(view))
        inference.observations = []  # the windows alone
        for window in inference.windows:
            assert window.seat != view.seat
            assert window.trick_index + 1 < len(view.tricks) + (1 if view.trick else 0)
        if inference.windows:
            total += 1
            passed += inference.weight(true, rng) == 1.0
    assert total > 20
    # The real placement only fails when a drawn card is put back into the wrong moment.
    assert passed / total > 0.8


def test_inferred_deals_resample_in_proportion() -> None:
    view, _, _ = next(p for p in policy_positions(2, seed=3, hands=3) if len(p[0].tricks) >= 3)
    know = Knowledge.from_view(view)
    inference = Inference(view, know)
    assert inference.informative
    deals = inferred_deals(view, know, random.Random(9), 20, inference, oversample=3)
    assert len(deals) == 20
    for deal in deals:
        for seat, cards in deal.hands.items():
            assert len(cards) == view.hand_sizes[seat]
    # Same seed, same deals: reproducible.
    again = inferred_deals(view, know, random.Random(9), 20, inference, oversample=3)
    assert [d.hands for d in again] == [d.hands for d in deals]

    class Weighed(Inference):
        """Known weights, in the order the pool is weighed: 0, 1, 2, 3, 0, 1, ..."""

        def __init__(self) -> None:
            self.__dict__.update(inference.__dict__)
            self.pool: list[Deal] = []

        def weight(self, deal: Deal, rng: random.Random) -> float:
            self.pool.append(deal)
            return float((len(self.pool) - 1) % 4)

    weighed = Weighed()
    count = 40
    chosen = inferred_deals(view, know, random.Random(5), count, weighed, oversample=3)
    weights = [float(i % 4) for i in range(len(weighed.pool))]
    total = sum(weights)
    for deal, weight in zip(weighed.pool, weights, strict=True):
        copies = sum(c.hands == deal.hands for c in chosen)
        # Systematic resampling: each deal is drawn its expected number of times, rounded down or up.
        expected = count * weight / total
        assert math.floor(expected) <= copies <= math.ceil(expected), (weight, copies, expected)
    assert sum(c.hands == d.hands for c in chosen for d, w in zip(weighed.pool, weights, strict=True) if w == 0) == 0


def test_repeated_placements_get_their_own_stock_orders() -> None:
    """A placement chosen twice keeps its hands and stock cards, but not one shared order of the stock."""
    view, _, _ = next(p for p in policy_positions(2, seed=3, hands=3) if len(p[0].tricks) >= 3 and p[0].stock_count > 4)
    know = Knowledge.from_view(view)
    inference = Inference(view, know)

    class Peaked(Inference):
        """Every weight on one placement: all chosen deals repeat it."""

        def __init__(self) -> None:
            self.__dict__.update(inference.__dict__)
            self.favourite: Deal | None = None

        def weight(self, deal: Deal, rng: random.Random) -> float:
            if self.favourite is None:
                self.favourite = deal
            return 1.0 if deal is self.favourite else 0.0

    peaked = Peaked()
    deals = inferred_deals(view, know, random.Random(5), 12, peaked, oversample=3)
    assert peaked.favourite is not None
    assert all(d.hands == peaked.favourite.hands for d in deals)
    assert all(sorted(d.stock) == sorted(peaked.favourite.stock) for d in deals)
    assert len({tuple(d.stock) for d in deals}) > 6


def test_uninformative_view_gives_plain_samples() -> None:
    view: SeatView = next(v for v, _, _ in policy_positions(2, seed=1, hands=6) if not v.tricks and not v.trick)
    know = Knowledge.from_view(view)
    inference = Inference(view, know)
    assert not inference.informative
    deals = inferred_deals(view, know, random.Random(3), 5, inference)
    plain = [sample_deal(view, know, random.Random(3)) for _ in range(1)]
    assert deals[0].hands == plain[0].hands


def test_play_model_is_a_distribution_over_the_legal_cards() -> None:
    rng = random.Random(6)
    checked = 0
    for view, true, _ in policy_positions(2, seed=12, hands=4):
        inference = Inference(view, Knowledge.from_view(view), depth=2, eps=0.3)
        for obs in inference.observations:
            held = inference._history(obs.seat, mask_of(true.hands[obs.seat]), obs.trick_index, rng)[obs.trick_index]
            cards = [c for c in range(40) if held >> c & 1]
            if obs.trick_index >= inference.start and obs.before:
                cards = inference._allowed(obs, cards)  # the arrastre's obligations
            if len(cards) < 2:
                continue
            probabilities = {c: inference._play_probability(dataclasses.replace(obs, card=c), held) for c in cards}
            assert sum(probabilities.values()) == pytest.approx(1.0)
            checked += 1
    assert checked >= 10
