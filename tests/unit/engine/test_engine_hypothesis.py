"""Hypothesis properties: any deal, any sequence of legal choices (derandomized, so runs repeat)."""

from __future__ import annotations

import random

from engine_setup import snapshot
from hypothesis import given, settings
from hypothesis import strategies as st

from guinote_tui.engine import HandState, Rules, seat_view

DEALS = st.tuples(
    st.permutations(list(range(40))),
    st.integers(0, 3),
    st.sampled_from([2, 4]),
    st.sampled_from(["aragones", "libre-100"]),
    st.integers(0, 2**32),
)


@settings(max_examples=120, derandomize=True, deadline=None)
@given(DEALS)
def test_any_deal_any_choices_conserve_cards_and_score_a_full_hand(deal) -> None:  # type: ignore[no-untyped-def]
    """The 40 cards stay conserved, a legal action always exists, and a full hand scores 120 + 10."""
    deck, dealer, players, preset, seed = deal
    rng = random.Random(seed)
    state = HandState(deck, dealer % players, Rules.preset(preset), players)
    while not state.is_over:
        legal = state.legal_actions()
        assert legal
        state.apply(rng.choice(legal))
        assert sorted(state.all_cards()) == list(range(40))
    result = state.result
    assert result is not None
    if not result.stopped_early:
        assert sum(result.card_points) == 120
        assert result.points[0] + result.points[1] == 130 + sum(result.cante_points) + result.capote_bonus


@settings(max_examples=60, derandomize=True, deadline=None)
@given(DEALS, st.integers(0, 60))
def test_copy_is_independent_and_views_hide_other_hands(deal, steps: int) -> None:  # type: ignore[no-untyped-def]
    """Playing on a copy leaves the original untouched; a seat's view holds no other seat's cards."""
    deck, dealer, players, preset, seed = deal
    rng = random.Random(seed)
    state = HandState(deck, dealer % players, Rules.preset(preset), players)
    for _ in range(steps):
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()))
    if state.is_over:
        return
    before = snapshot(state)
    other = state.copy()
    while not other.is_over:
        other.apply(rng.choice(other.legal_actions()))
    assert snapshot(state) == before
    for seat in range(players):
        view = seat_view(state, seat)
        hidden = {c for s in range(players) if s != seat for c in state.hands[s]} | set(state.stock)
        assert hidden.isdisjoint(view.hand)
        assert hidden.isdisjoint(view.played_cards())
        assert view.muestra is None or view.muestra not in hidden
