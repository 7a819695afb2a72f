"""Presumed payoff in the pairs arrastre (``payoff=presumed``, docs/lab/2026-12-presumed-payoff.md)."""

from __future__ import annotations

import random

import pytest

from guinote_tui.ai import make_bot, parse_spec
from guinote_tui.ai.determinize import Deal, sample_deal
from guinote_tui.ai.knowledge import Knowledge
from guinote_tui.ai.search import SearchSettings, _presumed_totals
from guinote_tui.ai.solver import ArrastreSolver
from guinote_tui.ai.tables import mask_of
from guinote_tui.engine import HandState, Play, SeatView, Stage, seat_view
from guinote_tui.lab.bench import random_positions


def small_arrastre(players: int, count: int, max_cards: int = 16) -> list[HandState]:
    """Arrastre card decisions with a choice, an opponent still to play in the trick, few cards left."""
    out = []
    for state in random_positions(players, "aragones", seed=70 + players, hands=40):
        if state.muestra is not None or state.stage is not Stage.PLAY:
            continue
        legal = state.legal_actions()
        if len(legal) < 2 or not all(isinstance(a, Play) for a in legal):
            continue
        if len(state.trick) + 1 < players and sum(len(h) for h in state.hands) <= max_cards:
            out.append(state)
        if len(out) == count:
            break
    return out


def inputs(state: HandState, deals: int) -> tuple[SeatView, Knowledge, list[Deal], list[int], list[int], int]:
    seat = state.to_move
    assert seat is not None
    view = seat_view(state, seat)
    know = Knowledge.from_view(view)
    rng = random.Random(3)
    sampled = [sample_deal(view, know, rng) for _ in range(deals)]
    cards: list[int] = [a.card for a in view.legal if isinstance(a, Play)]
    sung = 0
    for cante in view.cantes:
        sung |= 1 << cante.suit
    return view, know, sampled, cards, [c for _, c in view.trick], sung


def pimc_totals(
    view: SeatView, know: Knowledge, deals: list[Deal], cards: list[int], trick: list[int], sung: int
) -> dict[int, float]:
    """Plain PIMC: the exact value of each card summed over the deals (the opponents see each deal)."""
    solver = ArrastreSolver(view.rules, view.trump, view.players)
    totals = dict.fromkeys(cards, 0.0)
    for deal in deals:
        hands = [know.mine if s == view.seat else mask_of(deal.hands[s]) for s in range(view.players)]
        solver.table.clear()
        for card, value in solver.action_values(hands, view.leader, trick, sung).items():
            totals[card] += value
    return totals


def test_the_option_is_a_spec_parameter_and_checked() -> None:
    assert parse_spec("hard:payoff=presumed") == ("hard", {"payoff": "presumed"})
    assert make_bot("expert:payoff=presumed").settings.payoff == "presumed"  # type: ignore[attr-defined]
    assert SearchSettings().payoff == "pimc"
    with pytest.raises(ValueError, match="payoff"):
        make_bot("hard:payoff=clairvoyant")


def test_with_one_deal_presumed_payoff_is_plain_pimc() -> None:
    """Over one deal the reply best on average is the reply best in that deal."""
    states = small_arrastre(4, 6)
    assert len(states) == 6
    for state in states:
        view, know, deals, cards, trick, sung = inputs(state, 1)
        solver = ArrastreSolver(view.rules, view.trump, view.players)
        found = _presumed_totals(solver, view, know, deals, cards, trick, sung)
        assert found is not None
        totals, solved = found
        assert solved == 1
        assert totals == pimc_totals(view, know, deals, cards, trick, sung)


def test_presumed_values_are_never_below_pimc_and_sometimes_above() -> None:
    """The clairvoyant reply is the worst for us in each deal; a presumed reply can only be as bad or kinder."""
    raised = 0
    for state in small_arrastre(4, 8):
        view, know, deals, cards, trick, sung = inputs(state, 5)
        solver = ArrastreSolver(view.rules, view.trump, view.players)
        found = _presumed_totals(solver, view, know, deals, cards, trick, sung)
        assert found is not None
        totals, solved = found
        assert solved == 5
        plain = pimc_totals(view, know, deals, cards, trick, sung)
        for card in cards:
            assert totals[card] >= plain[card]
            raised += totals[card] > plain[card]
    assert raised > 0


def test_presumed_payoff_stops_at_the_node_budget() -> None:
    state = small_arrastre(4, 1, max_cards=24)[0]
    view, know, deals, cards, trick, sung = inputs(state, 4)
    assert _presumed_totals(ArrastreSolver(view.rules, view.trump, 4, 1), view, know, deals, cards, trick, sung) is None


def test_heads_up_the_option_changes_nothing() -> None:
    """Heads-up the arrastre is open and phase 1 plays out with the policy: no clairvoyant opponent to correct."""
    states = [s for s in random_positions(2, "aragones", seed=9, hands=2) if len(s.legal_actions()) > 1][::3]
    assert len(states) >= 6
    for number, state in enumerate(states):
        seat = state.to_move
        assert seat is not None
        view = seat_view(state, seat)
        plain = make_bot("hard:samples=4").choose(view, random.Random(number))
        assert make_bot("hard:samples=4,payoff=presumed").choose(view, random.Random(number)) == plain
