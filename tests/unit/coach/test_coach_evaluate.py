"""The coach's evaluation: paired costs with standard errors, the race's stopping rule, honest verdicts."""

from __future__ import annotations

import math
import random

import pytest

from guinote_lab.bench import random_positions
from guinote_tui.ai.bitmasks import tables_for
from guinote_tui.ai.determinize import build_state, enumerate_deals, sample_deal
from guinote_tui.ai.knowledge import Knowledge
from guinote_tui.ai.playouts import playout
from guinote_tui.ai.race import paired_cost
from guinote_tui.coach import CardEstimate, CoachBudget, Evaluation, evaluate
from guinote_tui.coach.evaluate import (
    JUEGO_POINTS,
    SE_FLOOR,
    Grade,
    _race,
    grade_of,
    juego_near,
    settled,
)
from guinote_tui.coach.lines import line_juego
from guinote_tui.engine import PLAY, Card, HandState, Play, Termination, seat_view

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
    """Recomputed by hand: the first deals drawn, every card played out on each (the stock's rounds in seat order),
    half the difference."""
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
                playout(state, tables, seat_draws=True)
                points = (final_diff_now(state, view.side) - before) / 2
                tute = state.result is not None and state.result.reason is Termination.TUTE
                juego = JUEGO_POINTS * line_juego(state, view.side) if juego_near(view) or tute else 0.0
                per_deal[card].append(points + juego)
        best = evaluation.best
        for card in cards:
            cost, se = paired_cost(per_deal[best], per_deal[card]) if card != best else (0.0, 0.0)
            floored = math.sqrt(se * se + (SE_FLOOR / 5) ** 2) if card != best else 0.0
            assert evaluation.cost(card) == pytest.approx(max(cost, 0.0), abs=1e-3)
            assert evaluation.cards[card].delta == pytest.approx(cost, abs=1e-3)
            assert evaluation.se(card) == pytest.approx(floored, abs=1e-3)
            assert evaluation.cards[card].deals == 5
        # The coach's card is as good as the best mean (about the same), and the cheapest such card.
        means = {c: sum(v) / 5 for c, v in per_deal.items()}
        leader = max(cards, key=lambda c: (means[c], -int(c)))
        assert best == leader or evaluation.grade(leader) is Grade.SAME


def final_diff_now(state, side: int) -> float:
    points = state.points
    return points[side] - points[1 - side]


def test_the_race_retires_a_settled_card_and_goes_on_with_a_close_call() -> None:
    from guinote_tui.ai.bitmasks import tables_for
    from guinote_tui.engine import Rules

    race, _ = _race([Card(1), Card(2), Card(3)], tables_for(Rules(), 0))
    noise = random.Random(5)
    for _ in range(30):
        shared = noise.gauss(0, 20)  # what the deal gives every card alike
        race.per_deal[Card(1)].append(shared + 5 + noise.gauss(0, 1))
        race.per_deal[Card(2)].append(shared + 3 + noise.gauss(0, 3))  # 2 points worse, on the line: open
        race.per_deal[Card(3)].append(shared - 30 + noise.gauss(0, 1))  # 35 points worse: settled
    assert race.step() is False  # the close call is not settled yet
    assert Card(3) not in race.alive and set(race.alive) == {Card(1), Card(2)}
    # With the close call measured finely enough (3.5 points worse, well between two lines), the race is over.
    race.per_deal[Card(1)][:] = [20.0 + (i % 2) * 0.1 for i in range(30)]
    race.per_deal[Card(2)][:] = [16.5 + (i % 2) * 0.1 for i in range(30)]
    assert race.step() is True


def test_a_card_is_settled_only_three_standard_errors_clear_of_every_line() -> None:
    assert settled(3.5, 0.4) and settled(20.0, 3.0) and settled(-4.0, 2.0) and settled(0.0, 0.0)
    assert not settled(3.5, 0.6)  # 2.5 - 1.8: not 3 SE clear of 2 and 5
    assert settled(2.0, 0.0)  # exactly on a line with no noise: known, and graded by the line
    assert not settled(11.0, 0.4)  # 1 point from the blunder line


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
    table = {Card.parse(c): CardEstimate(-cost, cost, se, 100, delta=cost) for c, (cost, se) in cards.items()}
    best = next(c for c, e in table.items() if e.cost == 0)
    return Evaluation(table, best, "playouts", 100, 300)


def test_verdicts_are_tiers_given_only_when_the_interval_clears_the_line() -> None:
    e = estimates(
        **{
            "1O": (0.0, 0.0),
            "3O": (0.6, 0.2),
            "4B": (2.5, 1.5),
            "5C": (3.0, 0.4),
            "7E": (1.8, 0.1),
            "6E": (6.0, 0.5),
            "2E": (14.0, 1.0),
            "4C": (9.0, 0.2),
        }
    )
    o1, o3, b4, c5, e7, e6, e2, c4 = (Card.parse(c) for c in ("1O", "3O", "4B", "5C", "7E", "6E", "2E", "4C"))
    assert e.grade(o1) is Grade.SAME and e.grade(o3) is Grade.SAME  # 0.6 + 0.4 < 2
    assert e.grade(b4) is Grade.CLOSE  # 2.5 +- 2.9 straddles the line
    assert e.grade(c5) is Grade.INACCURACY  # 3.0 - 0.8 >= 2
    assert e.grade(e7) is Grade.SAME  # 1.8 + 0.2 = 1.996 < 2
    assert e.grade(e6) is Grade.MISTAKE
    assert e.grade(e2) is Grade.BLUNDER
    assert e.grade(c4) is Grade.MISTAKE  # 9 + 0.4 does not reach 10
    assert [c for c in e.cards if e.mistake(c)] == [c5, e6, e2, c4]
    assert e.equals() == [o1, o3, e7]


def test_grade_boundaries() -> None:
    """Each line is inclusive on the cost's lower end and exclusive on the upper end of "about the same"."""
    assert grade_of(2.0, 0.0) is Grade.INACCURACY and grade_of(1.999, 0.0) is Grade.SAME
    assert grade_of(5.0, 0.0) is Grade.MISTAKE and grade_of(10.0, 0.0) is Grade.BLUNDER
    assert grade_of(2.0 + 1.96, 1.0) is Grade.INACCURACY and grade_of(2.0 + 1.95, 1.0) is Grade.CLOSE
    assert grade_of(2.0 - 1.96, 1.0) is Grade.CLOSE and grade_of(2.0 - 1.97, 1.0) is Grade.SAME
    assert grade_of(-3.0, 0.5) is Grade.SAME
    assert not Grade.CLOSE.graded and not Grade.SAME.graded and Grade.INACCURACY.graded


def test_a_card_that_certainly_gives_the_juego_up_is_a_blunder_whatever_its_points() -> None:
    table = {
        Card.parse("1O"): CardEstimate(0.0, 0.0, 0.0, 0, juego=1),
        Card.parse("4B"): CardEstimate(-0.5, 0.5, 0.0, 0, juego=0, delta=0.5),
    }
    e = Evaluation(table, Card.parse("1O"), "exact")
    assert e.grade(Card.parse("4B")) is Grade.BLUNDER and e.juego_verdict(Card.parse("4B")) == "missed"


def _minimax(state: HandState, side: int) -> tuple[int, int]:
    """The hand played out by the engine, every line tried: (the juego, the hand's point margin) for ``side``,
    the juego first (the coach's outcome model), each seat choosing for its own side."""
    result = state.result
    if result is not None:
        juego = 0 if result.juego_winner is None else (1 if result.juego_winner == side else -1)
        return juego, result.points[side] - result.points[1 - side]
    mover = state.to_move
    assert mover is not None
    outcomes = []
    for action in state.legal_actions():
        child = state.copy()
        child.apply(action)
        outcomes.append(_minimax(child, side))
    return max(outcomes) if mover % 2 == side else min(outcomes)


@pytest.mark.parametrize("preset", ["aragones", "libre-100"])
def test_the_heads_up_arrastre_is_exact(preset: str) -> None:
    """Open cards: each card's value is the engine's own minimax of the hand (juego first, then the margin),
    with no standard error."""
    checked = 0
    for state in random_positions(2, preset, seed=901, hands=12, wildness=0.3):
        legal = state.legal_actions()
        seat = state.to_move
        if seat is None or state.muestra is not None or len(state.hands[seat]) > 3:
            continue
        if len(legal) < 2 or not all(type(a) is Play for a in legal):
            continue
        evaluation = evaluate(seat_view(state, seat, events=False), random.Random(0), SMALL)
        assert evaluation is not None and evaluation.method == "exact"
        assert all(e.se == 0 for e in evaluation.cards.values())
        truth = {}
        for action in legal:
            assert isinstance(action, Play)
            child = state.copy()
            child.apply(action)
            juego, margin = _minimax(child, seat % 2)
            truth[action.card] = margin / 2 + JUEGO_POINTS * juego
        first = next(iter(truth))
        for card, value in truth.items():  # one scale per decision: the differences are what is exact
            assert evaluation.cards[card].value - evaluation.cards[first].value == pytest.approx(value - truth[first])
        checked += 1
    assert checked >= 10


def test_the_pairs_arrastre_solves_deals_and_states_their_spread() -> None:
    budget = CoachBudget(arrastre_deals=8, arrastre_nodes=2_000_000, arrastre_min_deals=3)
    seen = 0
    for number, state in enumerate(random_positions(4, "aragones", seed=41, hands=6)):
        legal = state.legal_actions()
        if state.muestra is None and len(state.hands[0]) == 3 and sum(type(a) is Play for a in legal) > 1:
            seat = state.to_move
            assert seat is not None
            view = seat_view(state, seat, events=False)
            if enumerate_deals(view, Knowledge.from_view(view), 8) is not None:
                continue  # few enough to solve them all
            evaluation = evaluate(seat_view(state, seat, events=False), random.Random(number), budget)
            assert evaluation is not None and evaluation.method == "solved"
            assert 3 <= evaluation.deals <= 8
            assert all(e.deals == evaluation.deals for e in evaluation.cards.values())
            seen += 1
    assert seen >= 3


def test_among_cards_it_cannot_tell_apart_the_coach_advises_the_one_that_risks_the_least() -> None:
    from guinote_tui.ai.bitmasks import tables_for
    from guinote_tui.engine import Rules, Suit

    tables = tables_for(Rules(), int(Suit.COPAS))
    three, six, two = Card.parse("3E"), Card.parse("6O"), Card.parse("2B")
    race, rule = _race([three, six, two], tables)
    noise = random.Random(3)
    for _ in range(200):
        shared = noise.gauss(0, 10)
        race.per_deal[three].append(shared + 0.3 + noise.gauss(0, 0.5))  # the best mean, by a hair
        race.per_deal[six].append(shared + noise.gauss(0, 0.5))  # as good within the noise, worth nothing
        race.per_deal[two].append(shared - 6 + noise.gauss(0, 0.5))  # clearly worse
    assert race.leader() == three and rule.choice(race) == six
    # Costs are counted from the card advised: it shows none; a better card shows none either.
    from guinote_tui.coach.evaluate import _finish

    e = _finish(race, rule, "playouts", 200, 600)
    assert e.best == six and e.cost(six) == 0 and e.cost(three) == 0 and e.cards[three].delta < 0
    assert e.grade(three) is Grade.SAME and e.grade(two) is Grade.MISTAKE


def test_the_last_tricks_of_the_pairs_arrastre_are_solved_on_every_consistent_deal() -> None:
    from itertools import permutations

    from guinote_tui.ai.bitmasks import mask_of
    from guinote_tui.ai.determinize import enumerate_deals
    from guinote_tui.ai.solver import juego_solver_for_view
    from guinote_tui.engine import JUEGO

    budget = CoachBudget(arrastre_deals=200, arrastre_nodes=5_000_000)
    seen = 0
    for number, state in enumerate(random_positions(4, "aragones", seed=43, hands=8)):
        legal = state.legal_actions()
        seat = state.to_move
        if (
            seat is None
            or state.muestra is not None
            or len(state.hands[seat]) > 2
            or sum(type(a) is Play for a in legal) < 2
        ):
            continue
        view = seat_view(state, seat, events=False)
        know = Knowledge.from_view(view)
        deals = enumerate_deals(view, know, 200)
        assert deals is not None
        # Every placement once, each consistent: brute force over the orders of the unseen cards.
        others = [s for s in range(4) if s != seat]
        pool = sorted(c for s in others for c in state.hands[s])
        sizes = [len(state.hands[s]) for s in others]
        brute = set()
        for order in permutations(pool):
            parts, start = [], 0
            for size in sizes:
                parts.append(frozenset(order[start : start + size]))
                start += size
            if all(all(know.possible[s] >> c & 1 for c in part) for s, part in zip(others, parts, strict=True)):
                brute.add(tuple(parts))
        found = {tuple(frozenset(d.hands[s]) for s in others) for d in deals}
        assert found == brute and len(deals) == len(brute)
        evaluation = evaluate(view, random.Random(number), budget)
        assert evaluation is not None and evaluation.method == "enumerated" and evaluation.deals == len(deals)
        assert all(e.se == 0 for e in evaluation.cards.values())
        # The values are the means of the exact solves over every deal.
        solver = juego_solver_for_view(view)
        cards = [int(c) for c in evaluation.cards]
        totals = dict.fromkeys(cards, 0.0)
        for deal in deals:
            hands = [mask_of(state.hands[seat]) if s == seat else mask_of(deal.hands[s]) for s in range(4)]
            solver.table.clear()
            values = solver.action_values(hands, view.leader, [int(c) for _, c in view.trick], state.sung, cards)
            for card, value in values.items():
                juego = 1 if value >= JUEGO / 2 else -1 if value <= -JUEGO / 2 else 0
                totals[card] += (value - JUEGO * juego) / 2 + JUEGO_POINTS * juego
        for card in cards:
            assert evaluation.cards[Card(card)].value == pytest.approx(totals[card] / len(deals), abs=1e-6)
        seen += 1
        if seen == 4:
            break
    assert seen == 4


def test_the_juego_weighs_on_the_first_phase_only_where_it_is_near() -> None:
    from dataclasses import replace

    from guinote_tui.engine import HandState
    from guinote_tui.engine.position import format_position, parse_position

    start = HandState(list(range(40)), dealer=1, players=2)
    view = seat_view(start, 0, events=False)
    assert not juego_near(view)  # a juego's first hand, nobody near the target
    assert juego_near(replace(view, points=(61, 0))) and not juego_near(replace(view, points=(60, 0)))
    assert juego_near(replace(view, carried=(0, 61)))
    vueltas = parse_position(format_position(start) + "; carried 20 30; vueltas")
    assert juego_near(seat_view(vueltas, 0, events=False))  # de vueltas: always
