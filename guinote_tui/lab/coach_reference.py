"""A reference price for one decision: the played card against the coach's card, on many more deals.

The benchmark of the coach's verdicts (:mod:`.coach_verdicts`) checks each
verdict against a far less noisy estimate of the same quantity. The coach
values every legal card on shared sampled deals (:mod:`guinote_tui.coach.evaluate`);
only two cards matter here, the one played and the one the coach advises
under its default seed (:data:`~guinote_tui.coach.COACH_SEED`, what the game
and ``guinote review`` show), so :func:`two_card_estimate` values just those
two on the same deals, by the coach's own methods:

* **heads-up arrastre**: the coach's evaluation is already exact (the
  solver): its values are reused, no sampling;
* **pairs arrastre** with at most ``arrastre_max_cards`` cards in hand: each
  sampled deal solved exactly (:class:`~guinote_tui.ai.solver.ArrastreSolver`),
  ``scale`` times the coach's deals and nodes; playouts when too few are solved;
* otherwise (**phase 1**, the pairs arrastre's first trick): both cards
  played out by the rule-based policy on the same sampled deals,
  ``scale`` times the coach's playouts in all (half to each card).

A cost is in the points of the seat's side against the other side (as the
coach counts it): the paired mean difference, reference card minus played
card, deal by deal, with its standard error. It is signed: below 0 when the
played card did better than the coach's. The playouts also say how often
each card wins and loses the juego.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..ai.determinize import build_state, sample_deal
from ..ai.knowledge import Knowledge
from ..ai.playouts import final_diff, playout
from ..ai.rulebots import sung_mask
from ..ai.search import paired_cost
from ..ai.solver import ArrastreSolver, OutOfBudget
from ..ai.tables import mask_of, tables_for
from ..engine import PLAY, Card, HandState, Play, SeatView

#: The coach's defaults for the budget fields the reference reads, where a budget lacks them.
_BUDGET_DEFAULTS = {"arrastre_max_cards": 5, "arrastre_min_deals": 6}


@dataclass(frozen=True)
class Reference:
    """The played card's cost against the reference card, with what it rests on."""

    cost: float
    se: float
    #: ``"exact"``, ``"solved"``, ``"playouts"``; ``"same"`` (the played action is the coach's) and
    #: ``"declaration"`` (a declaration on either side: priced by the coach's rule, no sampling).
    method: str
    deals: int = 0
    #: Per card (played, reference): the share of deals whose hand the seat's side wins / loses the juego in
    #: (None where not measured).
    juego_win: tuple[float, float] | None = None
    juego_loss: tuple[float, float] | None = None
    #: The paired mean of the juego outcome (1 won, -1 lost, 0 neither), reference minus played, and its
    #: standard error (None where not measured).
    juego_cost: float | None = None
    juego_se: float | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "cost": round(self.cost, 3),
            "se": round(self.se, 3),
            "method": self.method,
            "deals": self.deals,
            "juego_win": None if self.juego_win is None else [round(x, 4) for x in self.juego_win],
            "juego_loss": None if self.juego_loss is None else [round(x, 4) for x in self.juego_loss],
            "juego_cost": None if self.juego_cost is None else round(self.juego_cost, 4),
            "juego_se": None if self.juego_se is None else round(self.juego_se, 4),
        }


def _setting(budget: Any, name: str) -> int:
    return int(getattr(budget, name, _BUDGET_DEFAULTS.get(name, 0)))


def rest_points(state: HandState, side: int, start: tuple[int, int]) -> float:
    """What the rest of the hand (``state``, ended) brought ``side`` in its points against the other side:
    half the change of :func:`~guinote_tui.ai.playouts.final_diff` since the decision (``start``: the sides'
    points then), as the coach counts it."""
    return (final_diff(state, side) - (start[side] - start[1 - side])) / 2


def _juego_of(state: HandState, side: int) -> int:
    result = state.result
    if result is None or result.juego_winner is None:
        return 0
    return 1 if result.juego_winner == side else -1


def playout_estimate(view: SeatView, played: Card, reference: Card, rng: random.Random, deals: int) -> Reference:
    """Both cards played out on the same ``deals`` sampled deals; the played card's cost against the reference."""
    if deals < 2:
        raise ValueError("a standard error needs at least two deals")
    know = Knowledge.from_view(view)
    tables = tables_for(view.rules, view.trump)
    side = view.side
    values: tuple[list[float], list[float]] = ([], [])
    juego: tuple[list[int], list[int]] = ([], [])
    for _ in range(deals):
        base = build_state(view, sample_deal(view, know, rng))
        start = (base.points[0], base.points[1])
        for i, card in enumerate((played, reference)):
            state = base.copy()
            state.apply(PLAY[int(card)])
            playout(state, tables)
            values[i].append(rest_points(state, side, start))
            juego[i].append(_juego_of(state, side))
    cost, se = paired_cost(values[1], values[0])
    juego_cost, juego_se = paired_cost([float(x) for x in juego[1]], [float(x) for x in juego[0]])
    return Reference(
        cost,
        se,
        "playouts",
        deals,
        juego_win=(_share(juego[0], 1), _share(juego[1], 1)),
        juego_loss=(_share(juego[0], -1), _share(juego[1], -1)),
        juego_cost=juego_cost,
        juego_se=juego_se,
    )


def _share(outcomes: Sequence[int], value: int) -> float:
    return sum(1 for x in outcomes if x == value) / len(outcomes)


def solved_estimate(
    view: SeatView, played: Card, reference: Card, rng: random.Random, deals: int, nodes: int, min_deals: int
) -> Reference | None:
    """Pairs arrastre: each of up to ``deals`` sampled deals solved exactly within ``nodes`` nodes in all
    (None: fewer than ``min_deals`` solved)."""
    know = Knowledge.from_view(view)
    cards = [int(a.card) for a in view.legal if isinstance(a, Play)]
    solver = ArrastreSolver(view.rules, view.trump, view.players, nodes)
    trick = [int(c) for _, c in view.trick]
    sung = sung_mask(view)
    values: tuple[list[float], list[float]] = ([], [])
    for _ in range(deals):
        deal = sample_deal(view, know, rng)
        hands = [know.mine if s == view.seat else mask_of(deal.hands[s]) for s in range(view.players)]
        solver.table.clear()
        try:
            solved = solver.action_values(hands, view.leader, trick, sung, cards, exact=True)
        except OutOfBudget:
            break
        values[0].append(solved[int(played)] / 2)
        values[1].append(solved[int(reference)] / 2)
    if len(values[0]) < max(2, min_deals):
        return None
    cost, se = paired_cost(values[1], values[0])
    return Reference(cost, se, "solved", len(values[0]))


def exact_estimate(evaluation: Any, played: Card, reference: Card) -> Reference:
    """Heads-up arrastre: the coach's exact evaluation, read for the two cards."""
    cards = evaluation.cards
    cost = float(cards[played].cost) - float(cards[reference].cost)
    mine, theirs = (getattr(cards[c], "juego", None) for c in (played, reference))
    if mine is None or theirs is None:
        return Reference(cost, 0.0, "exact")
    win = (float(mine == 1), float(theirs == 1))
    loss = (float(mine == -1), float(theirs == -1))
    return Reference(cost, 0.0, "exact", 0, win, loss, float(theirs - mine), 0.0)


def two_card_estimate(
    view: SeatView, played: Card, reference: Card, rng: random.Random, budget: Any, scale: int, evaluation: Any = None
) -> Reference:
    """The played card's cost against the reference card with ``scale`` times the coach's ``budget``.

    ``evaluation``: the coach's own (reused where exact, the heads-up arrastre).
    """
    if played == reference:
        return Reference(0.0, 0.0, "same")
    if view.in_arrastre and view.players == 2 and evaluation is not None and evaluation.method == "exact":
        return exact_estimate(evaluation, played, reference)
    if view.in_arrastre and view.players == 4 and len(view.hand) <= _setting(budget, "arrastre_max_cards"):
        found = solved_estimate(
            view,
            played,
            reference,
            rng,
            scale * budget.arrastre_deals,
            scale * budget.arrastre_nodes,
            _setting(budget, "arrastre_min_deals"),
        )
        if found is not None:
            return found
    return playout_estimate(view, played, reference, rng, max(2, scale * budget.max_playouts // 2))


def clear_of(cost: float, se: float, line: float) -> bool:
    """The 95 % interval of ``cost`` (``± 1.96 se``) lies entirely above ``line``.

    >>> clear_of(5.0, 1.0, 2.0), clear_of(3.0, 1.0, 2.0)
    (True, False)
    """
    return not math.isnan(cost) and cost - 1.96 * se > line
