"""The coach's measure of every card a seat may play: paired, raced, with its uncertainty.

:func:`evaluate` values each legal card in **the points of the seat's side**
against the other side: half the difference between the sides' points, so a
card point that one side takes instead of the other counts one (a card that
hands the other side 10 points costs 10). A cante adds to one side's score
only and counts half its value.

How a card is valued depends on what the seat can know:

* **heads-up arrastre**: the unseen cards are the opponent's hand, so the
  exact solver (:mod:`guinote_tui.ai.solver`) gives the true value; no
  uncertainty;
* **first phase** (and the pairs arrastre when its solves run over budget):
  deals consistent with the seat's view are sampled and every card is played
  out to the end of the hand on **the same** deals by the rule-based
  policy. A card's cost is the mean of its paired differences against the
  best card, deal by deal, and its standard error comes from those
  differences;
* **pairs arrastre**: each sampled deal is solved exactly, every card on the
  same deals; the spread between deals gives the standard error. With more
  than :attr:`~CoachBudget.arrastre_max_cards` cards in hand (the arrastre's
  first trick) a solve is too dear and the playouts are used.

The deals are spent by racing: every card gets :attr:`CoachBudget.min_deals`,
then deals are added in batches to the cards still in question. A card
whose cost is clearly a mistake (well above the mistake line, with a
standard error within :attr:`~CoachBudget.retire_se`) stops drawing deals;
the race stops when every card's standing is settled (its cost known within
:attr:`~CoachBudget.target_se`, or clearly on one side of the mistake line)
or the budget is spent.

A verdict says how sure it is: :meth:`Evaluation.about_same` tells the
cards that cannot be told apart from the best; :meth:`Evaluation.mistake`
is a cost of at least :data:`MISTAKE_POINTS` **and** clearly above its
standard error.

The same view and generator state give the same evaluation: budgets are
counted in deals and playouts, never in seconds.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass, field, replace

from ..ai.determinize import Deal, build_state, sample_deal
from ..ai.knowledge import Knowledge
from ..ai.playouts import final_diff, playout
from ..ai.rulebots import sung_mask
from ..ai.search import paired_cost, wins_at_once
from ..ai.solver import ArrastreSolver, OutOfBudget, juego_solver_for_view
from ..ai.tables import mask_of, tables_for
from ..engine import JUEGO, PLAY, Card, HandState, Play, SeatView

#: A cost of at least this many points of the side (and clearly above its uncertainty) is a mistake.
MISTAKE_POINTS = 2.0
#: "Clearly": this many standard errors.
CLEAR = 2.0
#: Cards whose cost is under this many points are as good as the best, however sure the estimate.
NEGLIGIBLE = 1.0


@dataclass(frozen=True)
class CoachBudget:
    """What the coach spends on one decision, counted in deals and playouts (never seconds)."""

    #: Every card is played out on at least this many deals.
    min_deals: int = 40
    #: Deals added per round of the race, to each card still in it.
    batch: int = 20
    #: First phase: playouts over all cards of one decision.
    max_playouts: int = 1000
    #: First phase: deals one card is played out on, at most.
    max_deals: int = 400
    #: The race stops when every card's cost is known to this standard error (points of the side) ...
    target_se: float = 0.6
    #: ... or when the card is clearly on one side of the mistake line with at most this standard error.
    settle_se: float = 1.2
    #: A clear mistake with at most this standard error stops drawing deals.
    retire_se: float = 1.2
    #: Pairs arrastre: sampled deals solved exactly, at most.
    arrastre_deals: int = 24
    #: Pairs arrastre: solver nodes over all deals of one decision.
    arrastre_nodes: int = 250_000
    #: Pairs arrastre: fewer solved deals than this and the first-phase playouts are used instead.
    arrastre_min_deals: int = 6
    #: Pairs arrastre: with more cards than this in hand a deal is too dear to solve: playouts instead.
    arrastre_max_cards: int = 5

    def __post_init__(self) -> None:
        for key in ("min_deals", "batch", "max_playouts", "max_deals", "arrastre_deals", "arrastre_nodes"):
            if getattr(self, key) < 1:
                raise ValueError(f"{key} must be at least 1")
        if self.min_deals < 2:
            raise ValueError("min_deals must be at least 2 (a standard error needs two deals)")


#: The coach's budget: a decision's hint takes well under a second on a laptop core.
COACH_BUDGET = CoachBudget()


@dataclass(frozen=True)
class CardEstimate:
    """One card's standing against the best card of its decision."""

    #: Mean points of the side with this card (one scale per decision: only differences mean something).
    value: float
    #: Points of the side lost against the best card (paired mean difference, never below 0).
    cost: float
    #: The standard error of ``cost`` (0 when exact).
    se: float
    #: Deals the card was played out (or solved) on; 0 when exact.
    deals: int
    #: The juego with this card, where the coach can tell: 1 won, -1 lost, 0 not decided (or not known).
    juego: int = 0


@dataclass(frozen=True)
class Evaluation:
    """Every legal card's estimate; ``method`` is ``"exact"``, ``"solved"`` (pairs arrastre) or ``"playouts"``."""

    cards: dict[Card, CardEstimate]
    best: Card
    method: str
    #: Deals drawn in all (0 when exact).
    deals: int = 0
    #: Playouts or solves spent in all.
    work: int = 0
    values: dict[Card, float] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "values", {c: e.value for c, e in self.cards.items()})

    def cost(self, card: Card) -> float:
        return self.cards[card].cost

    def se(self, card: Card) -> float:
        return self.cards[card].se

    def juego_verdict(self, card: Card) -> str | None:
        """``"lost"`` when the card loses the juego and the best does not, ``"missed"`` when the best wins a juego
        the card does not; None otherwise."""
        if not self.juego_given_up(card):
            return None
        return "lost" if self.cards[card].juego < 0 else "missed"

    def juego_given_up(self, card: Card) -> bool:
        """The card does worse for the juego than the best: it loses a juego, or misses one the best wins."""
        return self.cards[card].juego < self.cards[self.best].juego

    def about_same(self, card: Card) -> bool:
        """The card cannot be told apart from the best: the same for the juego, and a cost negligible or within
        its noise."""
        estimate = self.cards[card]
        if self.juego_given_up(card):
            return False
        return estimate.cost < NEGLIGIBLE or estimate.cost <= CLEAR * estimate.se

    def mistake(self, card: Card) -> bool:
        """The card gives a juego up, or costs at least :data:`MISTAKE_POINTS`, clearly more than its uncertainty."""
        estimate = self.cards[card]
        if self.juego_given_up(card):
            return True
        return estimate.cost >= MISTAKE_POINTS and estimate.cost > CLEAR * estimate.se

    def equals(self) -> list[Card]:
        """The cards about the same as the best, the best first."""
        return [c for c in sorted(self.cards, key=lambda c: self.cards[c].cost) if self.about_same(c)]


def _finish(per_deal: dict[Card, list[float]], method: str, deals: int, work: int) -> Evaluation:
    """Costs against the card with the best mean over the cards still drawing the most deals."""
    most = max(len(v) for v in per_deal.values())
    leaders = [c for c, v in per_deal.items() if len(v) == most]
    best = max(leaders, key=lambda c: sum(per_deal[c]) / most)
    best_mean = sum(per_deal[best]) / most
    cards = {}
    for card, values in per_deal.items():
        if card == best:
            cost, se = 0.0, 0.0
        else:
            cost, se = paired_cost(per_deal[best], values)
        cards[card] = CardEstimate(best_mean - max(cost, 0.0), round(max(cost, 0.0), 3), round(se, 3), len(values))
    return Evaluation(cards, best, method, deals, work)


class _Race:
    """Cards valued deal by deal on shared deals; the clear mistakes retire, the close calls go on."""

    def __init__(self, cards: Iterable[Card], budget: CoachBudget) -> None:
        self.budget = budget
        self.per_deal: dict[Card, list[float]] = {c: [] for c in cards}
        self.alive: list[Card] = list(self.per_deal)

    def leader(self) -> Card:
        return max(self.alive, key=lambda c: sum(self.per_deal[c]) / len(self.per_deal[c]))

    def step(self, retire: bool = True) -> bool:
        """After a round: retire the clear mistakes; True when the race is over (every standing settled)."""
        budget = self.budget
        if len(self.alive) < 2:
            return True
        leader = self.leader()
        settled = True
        for card in list(self.alive):
            if card == leader:
                continue
            cost, se = paired_cost(self.per_deal[leader], self.per_deal[card])
            if se <= budget.retire_se and cost - CLEAR * se >= MISTAKE_POINTS:
                if retire:
                    self.alive.remove(card)
                continue
            clear_side = se <= budget.settle_se and abs(cost - MISTAKE_POINTS) >= CLEAR * se
            if not (se <= budget.target_se or (clear_side and cost >= NEGLIGIBLE)):
                settled = False
        return settled or len(self.alive) < 2


def _playout_evaluation(
    view: SeatView, know: Knowledge, cards: list[Card], rng: random.Random, budget: CoachBudget
) -> Evaluation:
    tables = tables_for(view.rules, view.trump)
    race = _Race(cards, budget)
    side = view.side
    deals = work = 0
    first = True
    while True:
        count = budget.min_deals if first else budget.batch
        if deals + count > budget.max_deals:
            count = budget.max_deals - deals
        if not first:
            count = min(count, (budget.max_playouts - work) // len(race.alive))
        if count <= 0:
            break
        first = False
        for _ in range(count):
            deal = sample_deal(view, know, rng)
            base = build_state(view, deal)
            start = (base.points[0], base.points[1])
            for card in race.alive:
                state = base.copy()
                state.apply(PLAY[int(card)])
                playout(state, tables)
                race.per_deal[card].append(_rest_points(state, side, start))
                work += 1
            deals += 1
        if race.step():
            break
    return _finish(race.per_deal, "playouts", deals, work)


def _rest_points(state: HandState, side: int, start: tuple[int, int]) -> float:
    """What the rest of the hand (``state``, ended) brought ``side``, in its points against the other side.

    Half the change in :func:`~guinote_tui.ai.playouts.final_diff` since the
    decision (``start``: each side's points then): a card point moved from one
    side to the other counts one, a cante half its value (it adds to one
    side's score only), a tute that ends the hand 50 (it wins the juego).
    """
    return (final_diff(state, side) - (start[side] - start[1 - side])) / 2


def _exact_evaluation(view: SeatView, know: Knowledge, cards: list[Card]) -> Evaluation:
    """Heads-up arrastre: open information, exact solves (the solver counts the difference: halved).

    The points come from the points solver; the juego from the juego solver
    (:func:`~guinote_tui.ai.solver.juego_solver_for_view`): a card that wins
    the juego under best play beats any margin, and the best card is the best
    for the juego first, for the points then.
    """
    hands = [0, 0]
    hands[view.seat] = know.mine
    hands[1 - view.seat] = know.unseen
    trick = [int(c) for _, c in view.trick]
    sung = sung_mask(view)
    solver = ArrastreSolver(view.rules, view.trump, view.players)
    values = solver.action_values(hands, view.leader, trick, sung)
    lines = juego_solver_for_view(view).action_values(hands, view.leader, trick, sung)
    juego = {c: _juego_of(lines[int(c)]) for c in cards}
    best = max(cards, key=lambda c: (juego[c], values[int(c)]))
    top = values[int(best)] / 2
    estimates = {
        c: CardEstimate(values[int(c)] / 2, max(0.0, top - values[int(c)] / 2), 0.0, 0, juego[c]) for c in cards
    }
    return Evaluation(estimates, best, "exact", 0, 1)


def _juego_of(value: float) -> int:
    """The juego in a line's value under the juego model (:data:`~guinote_tui.engine.JUEGO` plus the margin)."""
    if value >= JUEGO / 2:
        return 1
    if value <= -JUEGO / 2:
        return -1
    return 0


def _with_juego_won_now(view: SeatView, evaluation: Evaluation) -> Evaluation:
    """Mark the cards that win the juego at once, whatever the hidden cards: the best of them becomes the best card.

    (:func:`~guinote_tui.ai.search.wins_at_once`; the costs are then counted from that card.)
    """
    tables = tables_for(view.rules, view.trump)
    winners = {Card(c) for c in wins_at_once(view, [int(c) for c in evaluation.cards], tables)}
    if not winners or len(winners) == len(evaluation.cards):
        return evaluation
    best = max(winners, key=lambda c: (-evaluation.cards[c].cost, -int(c)))
    top = evaluation.cards[best]
    cards = {}
    for card, estimate in evaluation.cards.items():
        cost = max(0.0, estimate.cost - top.cost) if card != best else 0.0
        cards[card] = replace(estimate, cost=round(cost, 3), juego=1 if card in winners else 0)
    return Evaluation(cards, best, evaluation.method, evaluation.deals, evaluation.work)


def _solved_evaluation(
    view: SeatView, know: Knowledge, cards: list[Card], rng: random.Random, budget: CoachBudget
) -> Evaluation | None:
    """Pairs arrastre: each sampled deal solved exactly for every card (None: too few solved in budget)."""
    solver = ArrastreSolver(view.rules, view.trump, view.players, budget.arrastre_nodes)
    trick = [int(c) for _, c in view.trick]
    sung = sung_mask(view)
    race = _Race(cards, budget)
    solved = 0
    for _ in range(budget.arrastre_deals):
        deal: Deal = sample_deal(view, know, rng)
        hands = [know.mine if seat == view.seat else mask_of(deal.hands[seat]) for seat in range(view.players)]
        solver.table.clear()
        try:
            values = solver.action_values(hands, view.leader, trick, sung, [int(c) for c in cards], exact=True)
        except OutOfBudget:
            break
        for card in cards:
            race.per_deal[card].append(values[int(card)] / 2)
        solved += 1
        # A solve values every card of the deal at once: nothing retires, the race only stops.
        if solved >= budget.arrastre_min_deals and race.step(retire=False):
            break
    if solved < budget.arrastre_min_deals:
        return None
    return _finish(race.per_deal, "solved", solved, solved)


def evaluate(view: SeatView, rng: random.Random, budget: CoachBudget = COACH_BUDGET) -> Evaluation | None:
    """Every card ``view``'s seat may play, valued in its side's points; None when fewer than two may be played."""
    cards = [Card(a.card) for a in view.legal if isinstance(a, Play)]
    if len(cards) < 2:
        return None
    know = Knowledge.from_view(view)
    if view.in_arrastre:
        if view.players == 2:
            return _exact_evaluation(view, know, cards)
        if len(view.hand) <= budget.arrastre_max_cards:
            found = _solved_evaluation(view, know, cards, rng, budget)
            if found is not None:
                return _with_juego_won_now(view, found)
    return _with_juego_won_now(view, _playout_evaluation(view, know, cards, rng, budget))
