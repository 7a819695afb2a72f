"""A reference price for one decision: the played card against the coach's cards, on many more deals.

The benchmark of the coach's verdicts (:mod:`.coach_verdicts`) checks each
verdict against a far less noisy estimate of the same quantity. The coach
values every legal card on shared sampled deals (:mod:`guinote_tui.coach.evaluate`);
here only the cards that matter are valued: the one played, the coach's card
under its default seed (:data:`~guinote_tui.coach.COACH_SEED`, what the game
and ``guinote review`` show) and the best card of each reviewed seed, all on
the same deals, by the coach's own methods (:func:`card_values`):

* **heads-up arrastre**: the coach's evaluation is already exact (the
  solver): its values are read, no sampling;
* **pairs arrastre** with at most ``arrastre_max_cards`` cards in hand: each
  sampled deal solved exactly for the juego and the points
  (:func:`~guinote_tui.ai.solver.juego_solver_for_view`), ``scale`` times
  the coach's deals and nodes; every consistent deal when they are that few
  and the bots can list them (exact means); playouts when too few are solved;
* otherwise (**phase 1**, the pairs arrastre's first trick): every card
  played out by the rule-based policy on the same sampled deals, as many
  deals per card as ``scale`` times the coach's playouts give two cards, drawn in rounds and stopped once
  every price is clear of the lines the statistics read (:func:`playout_values`).

A line is valued as the coach values it: half the difference of the sides'
points it brings, plus the coach's ``JUEGO_POINTS`` for a juego the hand
decides (minus them for one lost; :func:`juego_points`, 0 for a coach that
values the points alone). A cost is the paired mean difference, a coach's
card minus the played card, deal by deal, with its standard error.
:func:`reference` prices the played card against the best of the coach's
cards (by these means) and against the default seed's card. A cost is
signed: below 0 when the played card did better. The lines also say how
often each card wins and loses the juego.
"""

from __future__ import annotations

import importlib
import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from guinote_tui.ai.bitmasks import mask_of, tables_for
from guinote_tui.ai.determinize import build_state, sample_deal
from guinote_tui.ai.knowledge import Knowledge
from guinote_tui.ai.playouts import playout
from guinote_tui.ai.race import paired_cost
from guinote_tui.ai.rulebots import sung_mask
from guinote_tui.ai.solver import OutOfBudget, juego_solver_for_view
from guinote_tui.engine import JUEGO, PLAY, Card, HandState, Play, SeatView, Termination

#: The coach's defaults for the budget fields the reference reads, where a budget lacks them.
_BUDGET_DEFAULTS = {"arrastre_max_cards": 5, "arrastre_min_deals": 6}


def _setting(budget: Any, name: str) -> int:
    return int(getattr(budget, name, _BUDGET_DEFAULTS.get(name, 0)))


def juego_points() -> float:
    """What a juego decided in the hand adds to a line in the coach's values
    (:data:`guinote_tui.coach.evaluate.JUEGO_POINTS`; 0 for a coach without it)."""
    # The module, not the function of the same name that ``guinote_tui.coach`` exports.
    evaluate = importlib.import_module("guinote_tui.coach.evaluate")
    return float(getattr(evaluate, "JUEGO_POINTS", 0.0))


def line_juego(state: HandState, side: int) -> int:
    """The juego a finished hand decided for ``side``: 1 won, -1 lost, 0 not decided."""
    result = state.result
    if result is None or result.juego_winner is None:
        return 0
    return 1 if result.juego_winner == side else -1


def line_value(state: HandState, side: int, start: int, juego: float, near: bool = True) -> float:
    """A finished line's value for ``side``: half the change in the sides' point difference since the decision
    (``start``: the difference then) and ``juego`` points for a juego it decided (won; lost: minus them), as the
    coach counts it: only where the juego is near (``near``, :func:`~guinote_tui.coach.evaluate.juego_near`) or
    a tute decided it."""
    result = state.result
    counted = near or (result is not None and result.reason is Termination.TUTE)
    points = (state.points[side] - state.points[1 - side] - start) / 2
    return points + (juego * line_juego(state, side) if counted else 0.0)


def juego_near(view: SeatView) -> bool:
    """Whether the coach values this decision's first-phase lines for the juego (always, for a coach without
    the rule)."""
    evaluate = importlib.import_module("guinote_tui.coach.evaluate")
    near = getattr(evaluate, "juego_near", None)
    return True if near is None else bool(near(view))


def _solved_juego(value: float) -> int:
    """The juego in a solved line's value under the juego model (:data:`~guinote_tui.engine.JUEGO` plus the margin)."""
    if value >= JUEGO / 2:
        return 1
    if value <= -JUEGO / 2:
        return -1
    return 0


def _paired(best: list[float], other: list[float], sampled: bool) -> tuple[float, float]:
    """The mean of ``best - other`` deal by deal and its standard error (0 when nothing was sampled)."""
    if not sampled:
        return sum(b - o for b, o in zip(best, other, strict=True)) / len(best), 0.0
    return paired_cost(best, other)


@dataclass(frozen=True)
class CardValues:
    """Cards valued on the same deals: per card its line value deal by deal (one scale for all) and its juego
    outcome (1 won, -1 lost, 0 neither; None where not measured). ``method``: ``"exact"`` (the heads-up arrastre,
    one value per card), ``"enumerated"``, ``"solved"`` or ``"playouts"``."""

    method: str
    values: dict[Card, list[float]]
    juego: dict[Card, list[int]] | None = None

    @property
    def deals(self) -> int:
        return 0 if self.method == "exact" else len(next(iter(self.values.values())))

    @property
    def sampled(self) -> bool:
        """The values rest on sampled deals (otherwise they are exact: solved, or every consistent deal)."""
        return self.method not in ("exact", "enumerated")

    def cost(self, played: Card, card: Card) -> tuple[float, float]:
        """What ``played`` loses against ``card``: the paired mean difference and its standard error."""
        return _paired(self.values[card], self.values[played], self.sampled)

    def juego_cost(self, played: Card, card: Card) -> tuple[float, float] | None:
        """The paired mean of the juego outcome, ``card`` minus ``played``, and its standard error."""
        if self.juego is None:
            return None
        return _paired([float(x) for x in self.juego[card]], [float(x) for x in self.juego[played]], self.sampled)

    def juego_share(self, card: Card, outcome: int) -> float | None:
        """The share of deals on which ``card`` wins (``outcome`` 1) or loses (-1) the juego."""
        if self.juego is None:
            return None
        found = self.juego[card]
        return sum(1 for x in found if x == outcome) / len(found)


#: The lines the verdicts' statistics read a reference against (points): a playout reference stops drawing deals
#: once every price is :data:`REFERENCE_Z` standard errors clear of each of them.
REFERENCE_LINES = (1.0, 2.0, 5.0)
#: How clear of the lines a playout reference must be to stop before its cap.
REFERENCE_Z = 3.0
#: A playout reference draws its deals in rounds of this many.
REFERENCE_ROUND = 200


def playout_values(
    view: SeatView, cards: Sequence[Card], rng: random.Random, deals: int, settle: bool = True
) -> CardValues:
    """Every card of ``cards`` played out on the same sampled deals: up to ``deals`` of them.

    With ``settle`` the deals are drawn in rounds of :data:`REFERENCE_ROUND` and the drawing stops once the first
    card's price against every other card is :data:`REFERENCE_Z` standard errors clear of each of
    :data:`REFERENCE_LINES` (more deals could not move it across a line the statistics read).
    """
    if deals < 2:
        raise ValueError("a standard error needs at least two deals")
    know = Knowledge.from_view(view)
    tables = tables_for(view.rules, view.trump)
    side = view.side
    weight = juego_points()
    near = juego_near(view)
    values: dict[Card, list[float]] = {c: [] for c in cards}
    juego: dict[Card, list[int]] = {c: [] for c in cards}
    drawn = 0
    while drawn < deals:
        for _ in range(min(REFERENCE_ROUND if settle else deals, deals - drawn)):
            base = build_state(view, sample_deal(view, know, rng))
            start = base.points[side] - base.points[1 - side]
            for card in cards:
                state = base.copy()
                state.apply(PLAY[int(card)])
                playout(state, tables)
                values[card].append(line_value(state, side, start, weight, near))
                juego[card].append(line_juego(state, side))
            drawn += 1
        if settle and _settled(values, cards):
            break
    return CardValues("playouts", values, juego)


def _settled(values: dict[Card, list[float]], cards: Sequence[Card]) -> bool:
    """Every other card's price against the first is clear of every reference line."""
    played = cards[0]
    for card in cards[1:]:
        cost, se = _paired(values[card], values[played], True)
        if any(abs(cost - line) < REFERENCE_Z * se for line in REFERENCE_LINES):
            return False
    return True


def solved_values(
    view: SeatView, cards: Sequence[Card], rng: random.Random, deals: int, nodes: int, min_deals: int
) -> CardValues | None:
    """Pairs arrastre: each of up to ``deals`` sampled deals solved exactly for the juego and the points within
    ``nodes`` nodes in all (None: fewer than ``min_deals`` solved). When the deals consistent with the view are at
    most ``deals`` and the coach can list them (``ai.determinize.enumerate_deals``), every one is solved instead
    (``"enumerated"``: exact means)."""
    from guinote_tui.ai import determinize

    know = Knowledge.from_view(view)
    legal = [int(a.card) for a in view.legal if isinstance(a, Play)]
    solver = juego_solver_for_view(view, nodes)
    trick = [int(c) for _, c in view.trick]
    sung = sung_mask(view)
    weight = juego_points()
    listing = getattr(determinize, "enumerate_deals", None)
    every = listing(view, know, deals) if listing is not None else None
    values: dict[Card, list[float]] = {c: [] for c in cards}
    juego: dict[Card, list[int]] = {c: [] for c in cards}
    solved = 0
    for number in range(deals if every is None else len(every)):
        deal = sample_deal(view, know, rng) if every is None else every[number]
        hands = [know.mine if s == view.seat else mask_of(deal.hands[s]) for s in range(view.players)]
        solver.table.clear()
        try:
            found = solver.action_values(hands, view.leader, trick, sung, legal, exact=True)
        except OutOfBudget:
            break
        for card in cards:
            outcome = _solved_juego(found[int(card)])
            values[card].append((found[int(card)] - JUEGO * outcome) / 2 + weight * outcome)
            juego[card].append(outcome)
        solved += 1
    if every is not None and solved == len(every):
        return CardValues("enumerated", values, juego)
    if solved < max(2, min_deals):
        return None
    return CardValues("solved", values, juego)


def exact_values(evaluation: Any, cards: Sequence[Card]) -> CardValues:
    """Heads-up arrastre: the coach's exact evaluation, read for ``cards``."""
    estimates = evaluation.cards
    values = {c: [float(estimates[c].value)] for c in cards}
    juego: dict[Card, list[int]] = {}
    for card in cards:
        found = getattr(estimates[card], "juego", None)
        if found is None:
            return CardValues("exact", values)
        juego[card] = [int(found)]
    return CardValues("exact", values, juego)


def card_values(
    view: SeatView, cards: Sequence[Card], rng: random.Random, budget: Any, scale: int, evaluation: Any = None
) -> CardValues:
    """``cards`` valued on the same deals with ``scale`` times the coach's ``budget``, by the coach's methods.

    ``evaluation``: the coach's own for this decision (read where exact, the heads-up arrastre).
    """
    if view.in_arrastre and view.players == 2 and evaluation is not None and evaluation.method == "exact":
        return exact_values(evaluation, cards)
    if view.in_arrastre and view.players == 4 and len(view.hand) <= _setting(budget, "arrastre_max_cards"):
        found = solved_values(
            view,
            cards,
            rng,
            scale * budget.arrastre_deals,
            scale * budget.arrastre_nodes,
            _setting(budget, "arrastre_min_deals"),
        )
        if found is not None:
            return found
    return playout_values(view, cards, rng, max(2, scale * budget.max_playouts // 2))


def reference(
    view: SeatView,
    played: Card,
    coach: Card,
    others: Sequence[Card],
    rng: random.Random,
    budget: Any,
    scale: int,
    evaluation: Any = None,
) -> dict[str, Any]:
    """The played card priced against the coach's cards: ``coach`` (its default seed's) and ``others`` (each
    reviewed seed's best card), as a JSON-ready record.

    ``cost``/``se``: against the best of those cards by the reference's
    means (``card``); ``default_cost``/``default_se``: against ``coach``;
    ``cards``: against each; ``juego_cost``/``juego_se``: the juego outcome,
    the best card minus the played one; ``juego_win``/``juego_loss``: the
    shares for (played, best card). The ``method`` is ``"same"`` when every
    one of those cards is the played card (nothing to sample).
    """
    rivals = list(dict.fromkeys(c for c in (coach, *others) if c != played))
    if not rivals:
        return {"method": "same", "deals": 0, "card": str(played), "cost": 0.0, "se": 0.0}
    found = card_values(view, [played, *rivals], rng, budget, scale, evaluation)
    prices = {c: found.cost(played, c) for c in rivals}
    best = max(rivals, key=lambda c: prices[c][0])
    default = prices.get(coach, (0.0, 0.0))
    juego = found.juego_cost(played, best)
    win = [found.juego_share(c, 1) for c in (played, best)]
    loss = [found.juego_share(c, -1) for c in (played, best)]
    return {
        "method": found.method,
        "deals": found.deals,
        "card": str(best),
        "cost": round(prices[best][0], 3),
        "se": round(prices[best][1], 3),
        "default_card": str(coach),
        "default_cost": round(default[0], 3),
        "default_se": round(default[1], 3),
        "cards": {str(c): [round(prices[c][0], 3), round(prices[c][1], 3)] for c in rivals},
        "juego_cost": None if juego is None else round(juego[0], 4),
        "juego_se": None if juego is None else round(juego[1], 4),
        "juego_win": None if win[0] is None else [round(x or 0.0, 4) for x in win],
        "juego_loss": None if loss[0] is None else [round(x or 0.0, 4) for x in loss],
    }


def clear_of(cost: float, se: float, line: float) -> bool:
    """The 95 % interval of ``cost`` (``± 1.96 se``) lies entirely above ``line``.

    >>> clear_of(5.0, 1.0, 2.0), clear_of(3.0, 1.0, 2.0)
    (True, False)
    """
    return not math.isnan(cost) and cost - 1.96 * se > line
