"""The coach's evaluation: paired costs with standard errors, the race's stopping rule, honest verdicts."""

from __future__ import annotations

import math
import random

import pytest

from guinote_tui.ai.determinize import build_state, sample_deal
from guinote_tui.ai.knowledge import Knowledge
from guinote_tui.ai.playouts import final_diff, playout
from guinote_tui.ai.tables import tables_for
from guinote_tui.coach import CardEstimate, CoachBudget, Evaluation, evaluate
from guinote_tui.coach.evaluate import _Race, paired_cost
from guinote_tui.engine import PLAY, Card, Play, seat_view
from guinote_tui.lab.bench import random_positions

SMALL = CoachBudget(min_deals=6, batch=4, max_playouts=120, max_deals=20)


def phase1_views(players: int, count: int, seed: int = 31) -> list:
    out = []
    for state in random_positions(players, "aragones", seed=seed, hands=4):
        legal = state.legal_actions()
        if state.muestra is not None and sum(1 for a in legal if isinstance(a, Play)) >= 3:
            seat = state.to_move
            assert seat is not None
            out.append(seat_view(state, seat, events=False))
    return out[:count]


def test_paired_cost_is_the_mean_and_standard_error_of_the_differences() -> None:
    best = [10.0, 12.0, 9.0, 11.0, 14.0]
    other = [8.0, 10.0, 8.0, 10.0, 9.0]
    diffs = [b - o for b, o in zip(best, other, strict=True)]
    mean = sum(diffs) / 5
    sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / 4)
    assert paired_cost(best, other) == pytest.approx((mean, sd / math.sqrt(5)))
    # Only the deals both were valued on count (a card that stopped early is compared on its own deals).
    assert paired_cost([*best, 100.0], other) == pytest.approx((mean, sd / math.sqrt(5)))
    # The same shift on every deal is known exactly: pairing removes what the deals share.
    assert paired_cost([v + 3 for v in other], other) == (3.0, 0.0)


@pytest.mark.parametrize("players", [2, 4])
def test_every_card_is_played_out_on_the_same_deals_in_the_side_s_points(players: int) -> None:
    """Recomputed by hand: the first deals drawn, every card played out on each, half the difference."""
    budget = CoachBudget(min_deals=5, batch=5, max_playouts=10, max_deals=5)  # one round only
    for number, view in enumerate(phase1_views(players, 3)):
        evaluation = evaluate(view, random.Random(number), budget)
        assert evaluation is not None and evaluation.method == "playouts" and evaluation.deals == 5
        rng = random.Random(number)
        know = Knowledge.from_view(view)
        tables = tables_for(view.rules, view.trump)
        cards = [Card(a.card) for a in view.legal if isinstance(a, Play)]
        per_deal: dict[Card, list[float]] = {c: [] for c in cards}
        for _ in range(5):
            base = build_state(view, sample_deal(view, know, rng))
            before = final_diff_now(base, view.side)
            for card in cards:
                state = base.copy()
                state.apply(PLAY[int(card)])
                playout(state, tables)
                per_deal[card].append((final_diff(state, view.side) - before) / 2)
        means = {c: sum(v) / 5 for c, v in per_deal.items()}
        best = max(cards, key=lambda c: means[c])
        assert evaluation.best == best
        for card in cards:
            cost, se = paired_cost(per_deal[best], per_deal[card]) if card != best else (0.0, 0.0)
            assert evaluation.cost(card) == pytest.approx(max(cost, 0.0), abs=1e-3)
            assert evaluation.se(card) == pytest.approx(se, abs=1e-3)
            assert evaluation.cards[card].deals == 5


def final_diff_now(state, side: int) -> float:
    points = state.points
    return points[side] - points[1 - side]


def test_the_race_retires_a_clear_mistake_and_goes_on_with_a_close_call() -> None:
    budget = CoachBudget(min_deals=10, batch=10, target_se=0.5, settle_se=1.0, retire_se=1.5)
    race = _Race([Card(1), Card(2), Card(3)], budget)
    noise = random.Random(5)
    for _ in range(10):
        shared = noise.gauss(0, 20)  # what the deal gives every card alike
        race.per_deal[Card(1)].append(shared + 5 + noise.gauss(0, 1))
        race.per_deal[Card(2)].append(shared + 5 + noise.gauss(0, 3))  # about as good: a close call
        race.per_deal[Card(3)].append(shared - 10 + noise.gauss(0, 1))  # 15 points worse: clear
    assert race.step() is False  # the close call is not settled yet
    assert Card(3) not in race.alive and set(race.alive) == {Card(1), Card(2)}
    # With the close call measured finely enough, the race is over.
    for card in (Card(1), Card(2)):
        race.per_deal[card][:] = [20.0 + (i % 2) * 0.1 for i in range(10)]
    assert race.step() is True


def test_the_race_stops_when_the_budget_is_spent_and_spends_less_on_clear_decisions() -> None:
    views = phase1_views(2, 8)
    works = []
    for number, view in enumerate(views):
        evaluation = evaluate(view, random.Random(number), SMALL)
        assert evaluation is not None
        assert evaluation.work <= SMALL.max_playouts
        assert all(e.deals <= SMALL.max_deals for e in evaluation.cards.values())
        assert evaluation.cards[evaluation.best].deals == max(e.deals for e in evaluation.cards.values())
        works.append(evaluation.work)
    assert min(works) >= SMALL.min_deals * 2


def estimates(**cards: tuple[float, float]) -> Evaluation:
    table = {Card.parse(c): CardEstimate(-cost, cost, se, 100) for c, (cost, se) in cards.items()}
    best = next(c for c, e in table.items() if e.cost == 0)
    return Evaluation(table, best, "playouts", 100, 300)


def test_verdicts_say_about_the_same_within_noise_and_mistake_only_when_clear() -> None:
    e = estimates(**{"1O": (0.0, 0.0), "3O": (0.6, 0.2), "4B": (2.5, 1.5), "5C": (3.0, 1.4), "7E": (1.8, 0.1)})
    o1, o3, b4, c5, e7 = (Card.parse(c) for c in ("1O", "3O", "4B", "5C", "7E"))
    assert e.about_same(o1) and e.about_same(o3)  # o3: under a point, however sure
    assert e.about_same(b4) and not e.mistake(b4)  # 2.5 points within 2 standard errors (3.0)
    assert not e.about_same(c5) and e.mistake(c5)  # 3.0 > 2 x 1.4
    assert not e.about_same(e7) and not e.mistake(e7)  # clearly worse, but under the mistake line
    assert e.equals() == [o1, o3, b4]


def test_the_heads_up_arrastre_is_exact() -> None:
    for state in random_positions(2, "aragones", seed=900, hands=30, wildness=0.3):
        legal = state.legal_actions()
        if state.muestra is None and len(legal) > 1 and all(type(a) is Play for a in legal):
            seat = state.to_move
            assert seat is not None
            evaluation = evaluate(seat_view(state, seat, events=False), random.Random(0), SMALL)
            assert evaluation is not None and evaluation.method == "exact"
            assert all(e.se == 0 for e in evaluation.cards.values())
            return
    raise AssertionError("no heads-up arrastre position")


def test_the_pairs_arrastre_solves_deals_and_states_their_spread() -> None:
    budget = CoachBudget(arrastre_deals=8, arrastre_nodes=2_000_000, arrastre_min_deals=3)
    seen = 0
    for number, state in enumerate(random_positions(4, "aragones", seed=41, hands=6)):
        legal = state.legal_actions()
        if state.muestra is None and len(state.hands[0]) <= 3 and sum(type(a) is Play for a in legal) > 1:
            seat = state.to_move
            assert seat is not None
            evaluation = evaluate(seat_view(state, seat, events=False), random.Random(number), budget)
            assert evaluation is not None and evaluation.method == "solved"
            assert 3 <= evaluation.deals <= 8
            assert all(e.deals == evaluation.deals for e in evaluation.cards.values())
            seen += 1
    assert seen >= 3


def test_among_cards_it_cannot_tell_apart_the_coach_advises_the_one_that_risks_the_least() -> None:
    from guinote_tui.ai.tables import tables_for
    from guinote_tui.coach.advice import modest_choice
    from guinote_tui.engine import Rules, Suit

    tables = tables_for(Rules(), int(Suit.COPAS))
    # The Tres de Espadas scores best by a noisy margin; the Seis de Oros is as good within the noise and worth
    # nothing; the Dos de Bastos is clearly worse.
    e = estimates(**{"3E": (0.0, 0.0), "6O": (1.4, 1.1), "2B": (6.0, 1.0)})
    assert modest_choice(e, tables) == Card.parse("6O")
    # Exact values (the heads-up arrastre): only a card exactly as good counts.
    exact = Evaluation(dict(e.cards), e.best, "exact")
    assert modest_choice(exact, tables) == Card.parse("3E")
