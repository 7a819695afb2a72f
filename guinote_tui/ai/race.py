"""Racing the cards of a decision on shared deals: one race for the bots' search and the coach.

Every card still in the race is valued on the same sampled deals (so two
cards are compared deal by deal, :func:`paired_cost`); after each round a
*stopping rule* says which cards are settled (they stop drawing deals) and
whether the race is over. The rule is the only difference between the users:

* the bots (:class:`ClearLoser`) keep racing while more than one card is in
  the race, and drop a card once it is clearly worse than the leader (its
  paired cost more than :data:`RACE_CLEAR` standard errors);
* the coach (:mod:`guinote_tui.coach.evaluate`) drops a card once its tier
  against the coach's card is settled, and stops when every card is.

:meth:`Race.run` schedules the rounds: :attr:`RaceBudget.first` deals for
every card, then :attr:`RaceBudget.batch` at a time for the cards still in
the race, until the rule ends it or the budget is spent.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar

__all__ = ["RACE_CLEAR", "ClearLoser", "Race", "RaceBudget", "StoppingRule", "paired_cost"]

#: A card this many standard errors worse than the leader is clearly worse (:class:`ClearLoser`).
RACE_CLEAR = 2.0

K = TypeVar("K", bound=Hashable)


def paired_cost(best: list[float], other: list[float]) -> tuple[float, float]:
    """The mean and standard error of ``best[i] - other[i]`` over the first deals both were valued on.

    >>> paired_cost([10, 12, 9, 11], [8, 10, 8, 10])
    (1.5, 0.28867513459481287)
    """
    n = min(len(best), len(other))
    diffs = [best[i] - other[i] for i in range(n)]
    mean = sum(diffs) / n
    if n < 2:
        return mean, math.inf
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean, math.sqrt(var / n)


@dataclass(frozen=True)
class RaceBudget:
    """What one race may spend, in deals and playouts (never seconds)."""

    #: Deals every card is valued on first (only ``deals`` caps this round: every card needs a standard error).
    first: int
    #: Deals added per round to each card still in the race.
    batch: int
    #: Values (a card on a deal) over the whole race: no round after the first goes past it.
    playouts: int
    #: Deals drawn over the whole race, at most (None: only ``playouts`` bounds it).
    deals: int | None = None


class StoppingRule(Protocol[K]):
    """Decides, after a round, which cards stop drawing deals and whether the race is over."""

    def step(self, race: Race[K], retire: bool) -> bool:
        """Retire the settled cards from ``race.alive`` (only with ``retire``); True when the race is over."""
        ...


class Race(Generic[K]):
    """The cards' values deal by deal; the cards in :attr:`alive` are the ones still drawing deals."""

    def __init__(self, cards: Iterable[K], rule: StoppingRule[K]) -> None:
        self.rule = rule
        self.per_deal: dict[K, list[float]] = {c: [] for c in cards}
        self.alive: list[K] = list(self.per_deal)
        #: Deals drawn and values added by :meth:`run`.
        self.deals = 0
        self.work = 0
        #: Cards a rule retired as worth the same as the leader (:attr:`ClearLoser.same`), not as worse.
        self.same: list[K] = []

    def mean(self, card: K) -> float:
        values = self.per_deal[card]
        return sum(values) / len(values)

    def leader(self) -> K:
        """The best mean among the cards that drew the most deals (ties: the lowest card)."""
        most = max(len(v) for v in self.per_deal.values())
        leaders = [c for c, v in self.per_deal.items() if len(v) == most]
        return max(leaders, key=lambda c: (sum(self.per_deal[c]) / most, -int(c)))  # type: ignore[call-overload]

    def cost(self, best: K, other: K) -> tuple[float, float]:
        """:func:`paired_cost` of ``other`` against ``best``."""
        return paired_cost(self.per_deal[best], self.per_deal[other])

    def step(self, retire: bool = True) -> bool:
        """After a round: the rule retires the settled cards (with ``retire``); True when the race is over."""
        return self.rule.step(self, retire)

    def run(self, budget: RaceBudget, play: Callable[[int, list[K]], None]) -> None:
        """Race in rounds: ``play(count, cards)`` values each of ``cards`` on ``count`` new shared deals (it
        appends to :attr:`per_deal`); the rule is asked after each round."""
        count = budget.first
        while True:
            if budget.deals is not None:
                count = min(count, budget.deals - self.deals)
            if self.deals:
                count = min(count, (budget.playouts - self.work) // len(self.alive))
            if count <= 0:
                return
            play(count, list(self.alive))
            self.deals += count
            self.work += count * len(self.alive)
            if self.step():
                return
            count = budget.batch


@dataclass(frozen=True)
class ClearLoser(Generic[K]):
    """The bots' rule: a card whose paired cost against the leader is more than ``z`` standard errors stops
    drawing deals; with ``same`` (points, more than 0) so does a card not clearly worse whose paired difference from
    the leader lies within ``same`` points either way at ``z`` standard errors (worth the same: :attr:`Race.same`);
    the race is over when one card is left."""

    z: float = RACE_CLEAR
    same: float = 0.0

    def step(self, race: Race[K], retire: bool) -> bool:
        if len(race.alive) < 2:
            return True
        leader = race.leader()
        for card in list(race.alive):
            if card != leader and retire:
                cost, se = race.cost(leader, card)
                if cost > self.z * se:
                    race.alive.remove(card)
                elif self.same > 0.0 and abs(cost) + self.z * se <= self.same:
                    race.alive.remove(card)
                    race.same.append(card)
        return len(race.alive) < 2
