"""One race for the bots and the coach (:mod:`guinote_tui.ai.race`): the schedule, the bots' rule, the budget."""

from __future__ import annotations

import math

import pytest

from guinote_tui.ai.race import RACE_CLEAR, ClearLoser, Race, RaceBudget, paired_cost


def feeder(race: Race[int], lines: dict[int, list[float]]):
    """A ``play`` for :meth:`Race.run` that hands each card its next values from ``lines``, deal by deal, and
    records the rounds it was asked for."""
    rounds: list[tuple[int, list[int]]] = []
    drawn = [0]

    def play(count: int, alive: list[int]) -> None:
        rounds.append((count, alive))
        for i in range(drawn[0], drawn[0] + count):
            for card in alive:
                race.per_deal[card].append(lines[card][i % len(lines[card])])
        drawn[0] += count

    return play, rounds


def test_a_clear_loser_stops_drawing_deals_and_a_close_card_keeps_racing() -> None:
    lines = {
        1: [10.0, 12.0, 8.0, 11.0, 9.0, 10.0],  # the leader
        2: [9.0, 13.0, 7.0, 12.0, 8.0, 10.0],  # close: within the noise
        3: [0.0, 1.0, -1.0, 0.5, 0.0, -0.5],  # ten points behind, steadily
    }
    race: Race[int] = Race(lines, ClearLoser())
    play, rounds = feeder(race, lines)
    race.run(RaceBudget(first=6, batch=3, playouts=60), play)
    # The first round deals every card; then only 1 and 2 race on, 3 deals at a time, to the budget.
    assert rounds[0] == (6, [1, 2, 3])
    assert all(alive == [1, 2] for _, alive in rounds[1:])
    assert [count for count, _ in rounds[1:]] == [3] * len(rounds[1:])
    assert len(race.per_deal[3]) == 6
    assert race.work == sum(count * len(alive) for count, alive in rounds) <= 60
    # What was left could not be split three deals at a time between two cards.
    assert 60 - race.work < 3 * 2
    assert race.leader() == 1


def test_the_race_ends_when_one_card_is_left() -> None:
    lines = {1: [10.0, 11.0, 9.0], 2: [0.0, 1.0, -1.0], 3: [-5.0, -4.0, -6.0]}
    race: Race[int] = Race(lines, ClearLoser())
    play, rounds = feeder(race, lines)
    race.run(RaceBudget(first=3, batch=3, playouts=1000), play)
    assert len(rounds) == 1 and race.alive == [1] and race.leader() == 1


def test_a_card_exactly_at_the_line_stays_in_the_race() -> None:
    # Cost 2, standard error 1 over two deals: exactly RACE_CLEAR standard errors is not "more than".
    race: Race[int] = Race([1, 2], ClearLoser())
    race.per_deal[1] = [3.0, 3.0]
    race.per_deal[2] = [0.0, 2.0]
    cost, se = race.cost(1, 2)
    assert (cost, se) == (2.0, 1.0) and RACE_CLEAR == 2.0
    assert race.step() is False and race.alive == [1, 2]
    race.per_deal[2] = [0.0, 1.9]
    assert race.step() is True and race.alive == [1]


def test_without_retiring_the_rule_only_says_whether_the_race_is_over() -> None:
    race: Race[int] = Race([1, 2], ClearLoser())
    race.per_deal[1] = [10.0, 10.0, 11.0]
    race.per_deal[2] = [0.0, 0.0, 1.0]
    assert race.step(retire=False) is False and race.alive == [1, 2]


def test_the_leader_is_among_the_cards_that_drew_the_most_deals_and_ties_go_to_the_lowest_card() -> None:
    race: Race[int] = Race([7, 3, 5], ClearLoser())
    race.per_deal[7] = [4.0, 4.0]
    race.per_deal[3] = [4.0, 4.0]
    race.per_deal[5] = [9.0]  # a better mean, but it left the race a deal earlier
    assert race.leader() == 3


def test_the_deal_budget_caps_every_round() -> None:
    lines = {1: [1.0, 2.0], 2: [1.5, 1.0]}
    race: Race[int] = Race(lines, ClearLoser())
    play, rounds = feeder(race, lines)
    race.run(RaceBudget(first=4, batch=5, playouts=1000, deals=12), play)
    assert [count for count, _ in rounds] == [4, 5, 3] and race.deals == 12


def test_paired_cost_needs_two_deals_for_a_standard_error() -> None:
    assert paired_cost([3.0], [1.0]) == (2.0, math.inf)
    assert paired_cost([3.0, 5.0], [1.0, 1.0]) == pytest.approx((3.0, 1.0))


def test_the_first_round_deals_every_card_even_past_the_playouts() -> None:
    lines = {1: [1.0, 2.0], 2: [1.5, 1.0], 3: [0.0, 3.0]}
    race: Race[int] = Race(lines, ClearLoser())
    play, rounds = feeder(race, lines)
    race.run(RaceBudget(first=5, batch=5, playouts=10), play)
    assert rounds == [(5, [1, 2, 3])] and race.work == 15
