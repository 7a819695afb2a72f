"""The coach's measure of every card a seat may play: paired, raced, graded, with its uncertainty.

:func:`evaluate` values each legal card in **the points of the seat's side**
against the other side: half the difference between the sides' points, so a
card point that one side takes instead of the other counts one (a card that
hands the other side 10 points costs 10). A cante adds to one side's score
only and counts half its value.

**The juego comes first.** Wherever the juego can be decided in the hand
(de vueltas, a side within :data:`JUEGO_NEAR` points of the target, the
arrastre, where the solvers judge it exactly with treinta malas and the last
trick), every line of play is also judged for the juego by the engine
(:mod:`guinote_tui.engine.outcome`): a line that wins the juego in this hand
adds :data:`JUEGO_POINTS` to its value, one that loses it takes them away. A
juego swung from lost to won is worth more than any hand's margin of points,
so there it outweighs the points. Earlier in a juego's first hand a line
counts its points (and a tute that ends the hand its juego). Each card also
carries the share of its lines that win and lose the juego, for the words
("wins the juego in about 7 deals of 10").

How a card is valued depends on what the seat can know:

* **heads-up arrastre**: the unseen cards are the opponent's hand, so the
  exact solvers (:mod:`guinote_tui.ai.solver`) give the true value, for the
  juego and for the points; no uncertainty;
* **first phase** (and the pairs arrastre when its solves run over budget):
  deals consistent with the seat's view are sampled and every card is played
  out to the end of the hand on **the same** deals by the rule-based
  policy. A card's cost is the mean of its paired differences against the
  coach's card, deal by deal, and its standard error comes from those
  differences. The stock's rounds go to the seats in seat order, whoever
  wins a trick (:func:`~guinote_tui.ai.playouts.playout`'s ``seat_draws``):
  the stock's order is unknown, so each seat's cards are as random as
  before, but the lines of two cards on one deal give every seat the same
  cards and differ only by what was played (heads-up this halves the spread
  of the differences);
* **pairs arrastre**: each sampled deal is solved exactly for the juego and
  the points, every card on the same deals; the spread between deals gives
  the standard error. With more than :attr:`~CoachBudget.arrastre_max_cards`
  cards in hand a solve is too dear and the playouts are used. When the
  deals consistent with the view are few (the last tricks), every one of
  them is solved instead (``"enumerated"``): the mean is then exact.

Where the coach would sing a cante now, the same lines (or solves) value it
sung first, for what leaving it to a later window costs (:mod:`.lines`).

**Grades.** A card is graded against the coach's card in tiers
(:class:`Grade`): an *inaccuracy* costs at least :data:`INACCURACY_POINTS`, a
*mistake* :data:`MISTAKE_POINTS`, a *blunder* :data:`BLUNDER_POINTS` (or the
juego). A grade is given only when the cost's 95 % interval (``Z`` standard
errors) lies wholly above its line; a card whose interval lies wholly below
the first line is *about the same*; anything else is a *close call*. The
coach's card is, among the cards about the same as the best average, the one
that risks the least (:meth:`Settled.choice`), and every cost is counted from it, so
the card it advises never shows a cost.

**The race.** Every card gets :attr:`CoachBudget.min_deals`, then deals are
added in batches to the cards whose grade is still open. A card stops drawing
deals when its cost is clear of every tier line by :data:`RACE_Z` standard
errors (three: a race that stops at two is wrong far more often than a 95 %
interval says); the race stops when every card is settled or the budget is
spent (what is still open is then a close call).

The same view and generator state give the same evaluation: budgets are
counted in deals and playouts, never in seconds.
"""

from __future__ import annotations

import contextlib
import math
import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum

from ..ai.bitmasks import Tables, mask_of, tables_for
from ..ai.determinize import Deal, build_state, enumerate_deals, sample_deal
from ..ai.knowledge import Knowledge
from ..ai.playouts import playout
from ..ai.policy import settled_action
from ..ai.race import Race, RaceBudget, paired_cost
from ..ai.rulebots import sung_mask
from ..ai.search import loses_at_once, risk_key, wins_at_once
from ..ai.solver import ArrastreSolver, OutOfBudget, juego_solver_for_view
from ..engine import JUEGO, PLAY, Card, JuegoOutcome, Play, SeatView, Sing, Termination
from .lines import CanteDelay, CanteLines, Delay, Lines, LineStats, later_window, line_facts, line_juego
from .stopping import check

#: The first tier: a cost of at least this many points of the side (interval clear of it) is an inaccuracy.
INACCURACY_POINTS = 2.0
#: A cost of at least this many points (interval clear of it) is a mistake.
MISTAKE_POINTS = 5.0
#: A cost of at least this many points (interval clear of it), or a juego given up, is a blunder.
BLUNDER_POINTS = 10.0
#: A verdict's interval: this many standard errors either side of the cost (95 %).
Z = 1.96
#: The race settles a card when its cost is this many standard errors clear of every tier line.
RACE_Z = 3.0
#: What a juego decided in this hand adds to a line (won) or takes from it (lost), in points of the side.
#: Swinging a juego from lost to won (twice this) is worth more than any hand's margin of points.
JUEGO_POINTS = 65.0
#: In a juego's first hand, the first phase's lines are valued for the juego once a side is this near the target
#: (:func:`juego_near`).
JUEGO_NEAR = 40
#: The juego's shares of a card ("wins it in about 7 deals of 10") are shown only when every card was played out
#: on at least this many deals (or exactly): on fewer, a tenth moves with a deal or two.
JUEGO_MIN_DEALS = 40

#: With a spread of nothing seen in ``n`` sampled deals, the standard error is still taken as this over ``n``
#: points: a few deals that happened to agree do not make a sampled cost exact.
SE_FLOOR = 4.0


class Grade(StrEnum):
    """How a card stands against the coach's card (the values are the codes in JSON)."""

    #: The cost's interval lies wholly under :data:`INACCURACY_POINTS`: as good as the coach's card.
    SAME = "same"
    #: The interval straddles a line the coach cannot settle: a close call.
    CLOSE = "close"
    #: At least :data:`INACCURACY_POINTS`, clearly.
    INACCURACY = "inaccuracy"
    #: At least :data:`MISTAKE_POINTS`, clearly.
    MISTAKE = "mistake"
    #: At least :data:`BLUNDER_POINTS` clearly, or the juego given up.
    BLUNDER = "blunder"

    @property
    def graded(self) -> bool:
        """An inaccuracy or worse: listed in the review."""
        return self in (Grade.INACCURACY, Grade.MISTAKE, Grade.BLUNDER)


#: The tiers' lines, the highest first.
TIERS: tuple[tuple[Grade, float], ...] = (
    (Grade.BLUNDER, BLUNDER_POINTS),
    (Grade.MISTAKE, MISTAKE_POINTS),
    (Grade.INACCURACY, INACCURACY_POINTS),
)


def grade_of(cost: float, se: float) -> Grade:
    """The tier of a cost known to standard error ``se`` (``cost`` may be below 0: better than the reference)."""
    low = cost - Z * se
    for grade, line in TIERS:
        if low >= line:
            return grade
    if cost + Z * se < INACCURACY_POINTS:
        return Grade.SAME
    return Grade.CLOSE


def settled(cost: float, se: float, z: float = RACE_Z) -> bool:
    """Whether ``cost`` is at least ``z`` standard errors clear of every tier line."""
    return all(abs(cost - line) >= z * se for _, line in TIERS)


@dataclass(frozen=True)
class CoachBudget:
    """What the coach spends on one decision, counted in deals and playouts (never seconds)."""

    #: Every card is played out on at least this many deals.
    min_deals: int = 40
    #: Deals added per round of the race, to each card still in it.
    batch: int = 20
    #: First phase: playouts over all cards of one decision.
    max_playouts: int = 600
    #: First phase: deals one card is played out on, at most.
    max_deals: int = 400
    #: Pairs arrastre: sampled deals solved exactly, at most.
    arrastre_deals: int = 24
    #: Pairs arrastre: solver nodes over all deals of one decision.
    arrastre_nodes: int = 250_000
    #: Pairs arrastre: fewer solved deals than this and the first-phase playouts are used instead.
    arrastre_min_deals: int = 12
    #: Pairs arrastre: with more cards than this in hand a deal is too dear to solve: playouts instead.
    arrastre_max_cards: int = 5

    def __post_init__(self) -> None:
        for key in ("min_deals", "batch", "max_playouts", "max_deals", "arrastre_deals", "arrastre_nodes"):
            if getattr(self, key) < 1:
                raise ValueError(f"{key} must be at least 1")
        if self.min_deals < 2:
            raise ValueError("min_deals must be at least 2 (a standard error needs two deals)")


#: The coach's quick budget: a hint asked before the deeper analysis is ready.
COACH_BUDGET = CoachBudget()


@dataclass(frozen=True)
class CardEstimate:
    """One card's standing against the coach's card of its decision."""

    #: Mean value for the side with this card (points, and the juego's :data:`JUEGO_POINTS`; one scale per
    #: decision: only differences mean something).
    value: float
    #: Points of the side lost against the coach's card (paired mean difference, never below 0).
    cost: float
    #: The standard error of ``cost`` (0 when exact).
    se: float
    #: Deals the card was played out (or solved) on; 0 when exact.
    deals: int
    #: The juego with this card where it is certain: 1 won, -1 lost, 0 not decided or not certain.
    juego: int = 0
    #: Share of the card's lines that win the juego in this hand (None: not measured).
    win: float | None = None
    #: Share of the card's lines that lose the juego in this hand (None: not measured).
    loss: float | None = None
    #: The paired cost before it is floored at 0 (below 0: better on average than the coach's card).
    delta: float = 0.0
    #: What the lines after the card brought (first-phase playouts only).
    lines: LineStats | None = None
    #: The juego decided at once by this card, whatever the hidden cards: 1 won, -1 lost, 0 neither.
    at_once: int = 0


@dataclass(frozen=True)
class Evaluation:
    """Every legal card's estimate; ``method`` is ``"exact"`` (heads-up arrastre), ``"enumerated"`` (pairs
    arrastre, every consistent deal solved), ``"solved"`` (pairs arrastre, sampled deals solved) or ``"playouts"``.

    ``best`` is the coach's card: every cost is counted from it.
    """

    cards: dict[Card, CardEstimate]
    best: Card
    method: str
    #: Deals drawn in all (0 when exact).
    deals: int = 0
    #: Playouts or solves spent in all.
    work: int = 0
    #: Where the coach would sing a cante now: what each card played instead, the cante left for later, costs
    #: against singing first (:mod:`.lines`; None: no cante to sing).
    delay: CanteDelay | None = None
    #: The values count the juego decided in each line (:func:`juego_near`; always in the arrastre). Where they
    #: do not (early in a juego's first hand), the cards' juego shares are not shown: a grade by points beside
    #: a column of juegos would read as its contradiction.
    juego_counted: bool = True
    values: dict[Card, float] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "values", {c: e.value for c, e in self.cards.items()})

    @property
    def exact(self) -> bool:
        """Every value is exact (the heads-up arrastre): nothing is unknown."""
        return self.method == "exact"

    def cost(self, card: Card) -> float:
        return self.cards[card].cost

    def se(self, card: Card) -> float:
        return self.cards[card].se

    def margin(self, card: Card) -> float:
        """Half the width of the cost's 95 % interval (0 when exact)."""
        return Z * self.cards[card].se

    @property
    def juego_at_stake(self) -> bool:
        """Some card's lines decide the juego differently from another's (or some line decides it)."""
        shares = {(e.win, e.loss, e.juego) for e in self.cards.values()}
        return len(shares) > 1 or any(e.juego or e.win or e.loss for e in self.cards.values())

    def juego_verdict(self, card: Card) -> str | None:
        """``"lost"`` when the card certainly loses the juego and the coach's card does not, ``"missed"`` when the
        coach's card certainly wins a juego the card does not; None otherwise."""
        if not self.juego_given_up(card):
            return None
        estimate = self.cards[card]
        return "lost" if estimate.juego < 0 or estimate.at_once < 0 else "missed"

    def juego_given_up(self, card: Card) -> bool:
        """The card certainly does worse for the juego than the coach's card: under best play (the heads-up
        arrastre), or at once whatever the hidden cards."""
        estimate, best = self.cards[card], self.cards[self.best]
        return estimate.juego < best.juego or estimate.at_once < best.at_once

    def grade(self, card: Card) -> Grade:
        """The card's tier against the coach's card (:func:`grade_of`); a certain juego given up is a blunder."""
        if card == self.best:
            return Grade.SAME
        if self.juego_given_up(card):
            return Grade.BLUNDER
        estimate = self.cards[card]
        return grade_of(estimate.delta, estimate.se)

    def about_same(self, card: Card) -> bool:
        """The card is as good as the coach's: its cost's interval lies wholly under the first tier's line."""
        return self.grade(card) is Grade.SAME

    def graded(self, card: Card) -> bool:
        """An inaccuracy or worse, with its interval clear of the line."""
        return self.grade(card).graded

    def mistake(self, card: Card) -> bool:
        """Listed by the review: :meth:`graded` (an inaccuracy, a mistake or a blunder)."""
        return self.graded(card)

    @property
    def juego_deals(self) -> int | None:
        """The fewest deals any card's juego shares rest on: 0 where they are exact (every card known, or every
        consistent deal solved); None where they rest on fewer than :data:`JUEGO_MIN_DEALS` and are not worth
        reading, or where the values do not count the juego (:attr:`juego_counted`)."""
        if not self.juego_counted:
            return None
        if self.method in ("exact", "enumerated"):
            return 0
        fewest = min((e.deals for e in self.cards.values()), default=0)
        return fewest if fewest >= JUEGO_MIN_DEALS else None

    def good(self) -> list[Card]:
        """The good cards: the coach's and every card it cannot tell apart from it (about the same, or a close
        call), the coach's first, then by cost. One card alone only when it is settled better than every other."""
        order = sorted(self.cards, key=lambda c: (c != self.best, self.cards[c].cost, int(c)))
        return [c for c in order if not self.grade(c).graded]

    def equals(self) -> list[Card]:
        """The cards about the same as the coach's, the coach's first."""
        return [c for c in sorted(self.cards, key=lambda c: (self.cards[c].cost, c != self.best)) if self.about_same(c)]


def _se(values_best: Sequence[float], values: Sequence[float]) -> tuple[float, float]:
    """:func:`~guinote_tui.ai.search.paired_cost` with :data:`SE_FLOOR`: (mean, standard error)."""
    cost, se = paired_cost(list(values_best), list(values))
    n = min(len(values_best), len(values))
    return cost, math.sqrt(se * se + (SE_FLOOR / n) ** 2) if n else math.inf


@dataclass(frozen=True)
class Settled:
    """The coach's stopping rule (:class:`~guinote_tui.ai.race.StoppingRule`): a card whose tier against the
    coach's card is settled (:func:`settled`) stops drawing deals; the race is over when every card is, the
    leader against the coach's card too."""

    tables: Tables

    def choice(self, race: Race[Card]) -> Card:
        """The coach's card: among the cards about the same as the leader, the one that risks the least."""
        leader = race.leader()
        most = len(race.per_deal[leader])
        equals = [leader]
        for card, values in race.per_deal.items():
            if card != leader and len(values) == most:
                cost, se = _se(race.per_deal[leader], values)
                if grade_of(cost, se) is Grade.SAME:
                    equals.append(card)
        return min(equals, key=lambda c: risk_key(self.tables, int(c)))

    def step(self, race: Race[Card], retire: bool) -> bool:
        if len(race.alive) < 2:
            return True
        choice, leader = self.choice(race), race.leader()
        done = True
        for card in list(race.alive):
            if card in (choice, leader):
                continue
            cost, se = _se(race.per_deal[choice], race.per_deal[card])
            if settled(cost, se):
                if retire:
                    race.alive.remove(card)
            else:
                done = False
        if choice != leader:
            cost, se = _se(race.per_deal[choice], race.per_deal[leader])
            done = done and settled(cost, se)
        return done


def _race(cards: Iterable[Card], tables: Tables) -> tuple[Race[Card], Settled]:
    rule = Settled(tables)
    return Race(cards, rule), rule


def _finish(
    race: Race[Card],
    rule: Settled,
    method: str,
    deals: int,
    work: int,
    lines: Lines | None = None,
    sure: dict[Card, int] | None = None,
) -> Evaluation:
    """Costs against the coach's card (:meth:`Settled.choice`), paired deal by deal."""
    per_deal = race.per_deal
    sure = sure or {}
    best = _at_once_first(rule.choice(race), sure, {c: sum(v) / len(v) for c, v in per_deal.items()})
    best_mean = sum(per_deal[best]) / len(per_deal[best])
    cards = {}
    for card, values in per_deal.items():
        if card == best:
            delta, se = 0.0, 0.0
        else:
            delta, se = _se(per_deal[best], values)
        win, loss = lines.shares(card) if lines is not None else (None, None)
        cards[card] = CardEstimate(
            best_mean - delta,
            round(max(delta, 0.0), 3),
            round(se, 3),
            len(values),
            sure.get(card, 0),
            win,
            loss,
            round(delta, 3),
            lines.stats(card) if lines is not None else None,
            sure.get(card, 0),
        )
    return Evaluation(cards, best, method, deals, work)


def _at_once_first(choice: Card, sure: dict[Card, int], means: dict[Card, float]) -> Card:
    """The coach's card with the juego decided at once first: a juego won at once, whatever the hidden cards,
    comes before any line that may win it later, and a juego lost at once is never advised while some card does
    not lose it at once (even a juego lost later under best play needs the other side to find that play)."""
    top = max(sure.get(c, 0) for c in means)
    if sure.get(choice, 0) == top:
        return choice
    return max((c for c in means if sure.get(c, 0) == top), key=lambda c: (means[c], -int(c)))


def _playout_evaluation(
    view: SeatView, know: Knowledge, cards: list[Card], rng: random.Random, budget: CoachBudget
) -> Evaluation:
    tables = tables_for(view.rules, view.trump)
    race, rule = _race(cards, tables)
    lines = Lines(cards)
    side = view.side
    trick_number = len(view.tricks)
    cantes_before = len(view.cantes)
    muestra_out = view.muestra is not None
    weigh = juego_near(view)
    sing = coach_sing(view, tables)
    cantes = None if sing is None else CanteLines(view, sing.suit, tables.cante_points[sing.suit], weigh, JUEGO_POINTS)

    def play(count: int, alive: list[Card]) -> None:
        for _ in range(count):
            check()  # the game quits: no deal more
            deal = sample_deal(view, know, rng)
            base = build_state(view, deal)
            start = base.points[side] - base.points[1 - side]
            for card in alive:
                state = base.copy()
                state.apply(PLAY[int(card)])
                playout(state, tables, seat_draws=True)
                juego = line_juego(state, side)
                points = (state.points[side] - state.points[1 - side] - start) / 2
                counted = weigh or (state.result is not None and state.result.reason is Termination.TUTE)
                value = points + (JUEGO_POINTS * juego if counted else 0.0)
                race.per_deal[card].append(value)
                if cantes is not None:
                    cantes.add(card, state, value)
                facts = line_facts(state, tables, side, trick_number, int(card), cantes_before)
                if not muestra_out:
                    facts = (*facts[:4], 0.0, *facts[5:])
                lines.add(card, juego, facts)

    race.run(RaceBudget(budget.min_deals, budget.batch, budget.max_playouts, budget.max_deals), play)
    found = _finish(race, rule, "playouts", race.deals, race.work, lines, _sure_juego(view, cards))
    found = replace(found, juego_counted=weigh)
    if cantes is None:
        return found
    return replace(found, delay=_delay(view, tables, cantes.suit, cantes.values, race.per_deal, cantes.share))


def coach_sing(view: SeatView, tables: Tables) -> Sing | None:
    """The cante the coach sings now (the bots' declaration, as :func:`~.advice.advise` takes it), if any."""
    action = settled_action(view.legal, view.stage, view.trump, view.muestra, tables)
    return action if isinstance(action, Sing) else None


def _delay(
    view: SeatView,
    tables: Tables,
    suit: int,
    sung: dict[Card, list[float]],
    plain: dict[Card, list[float]],
    later: Callable[[Card], float | None] | None = None,
    exact: bool = False,
) -> CanteDelay:
    """What each card played now costs against singing the cante in ``suit`` first, then the coach's card: the
    best of ``sung`` (each card's values with the cante sung first; ``plain`` without, on the same deals) among
    the cards valued on the most deals. Paired deal by deal (``exact``: no standard error); sampled, the cards
    after which no later window can come are left out (the cante is lost for good there: the exact rule)."""
    most = max(len(v) for v in sung.values())
    best = max((c for c, v in sung.items() if len(v) == most), key=lambda c: (sum(sung[c]) / most, -int(c)))
    cards = {}
    for card, values in plain.items():
        if not exact and not later_window(view, card, suit, tables):
            continue
        delta, se = _se(sung[best], values)
        share = later(card) if later is not None else None
        cards[card] = Delay(round(max(delta, 0.0), 3), 0.0 if exact else round(se, 3), round(delta, 3), share)
    return CanteDelay(suit, tables.cante_points[suit], best, cards)


def _sing_solver(view: SeatView, points: int, node_limit: int = 1 << 62) -> ArrastreSolver | None:
    """A solver for the lines with the seat's cante (``points``) sung first; None: singing wins the juego at once."""
    side = view.side
    if JuegoOutcome(view.rules, view.carried, view.first_of_juego).reaches(side, view.points[side] + points):
        return None
    solver = juego_solver_for_view(view, node_limit)
    solver.add_points(side, points)
    return solver


def _sung_values(
    solver: ArrastreSolver | None,
    view: SeatView,
    hands: list[int],
    trick: list[int],
    sing: Sing,
    points: int,
    cards: list[Card],
) -> dict[Card, float]:
    """Each card's value with the cante ``sing`` (``points``) sung before it (:func:`_sing_solver`)."""
    if solver is None:
        return dict.fromkeys(cards, points / 2 + JUEGO_POINTS)
    lines = solver.action_values(hands, view.leader, trick, sung_mask(view) | 1 << sing.suit, [int(c) for c in cards])
    juego = {c: _juego_of(lines[int(c)]) for c in cards}
    return {c: _coach_value(lines[int(c)] - JUEGO * juego[c] + points, juego[c]) for c in cards}


def juego_near(view: SeatView) -> bool:
    """Whether the first-phase lines are valued for the juego: de vueltas, or a side within
    :data:`JUEGO_NEAR` points of the target. Earlier in a juego's first hand the juego a playout happens to
    decide says little the points do not (a side that scores more is the one nearer the target) and its noise
    would hide the points: there a line counts its points, and a tute that ends the hand its juego."""
    if view.rules.vueltas and not view.first_of_juego:
        return True
    return any(view.carried[s] + view.points[s] >= view.rules.target - JUEGO_NEAR for s in (0, 1))


def _sure_juego(view: SeatView, cards: list[Card]) -> dict[Card, int]:
    """The cards whose juego is certain at once, whatever the hidden cards: 1 won, -1 lost."""
    tables = tables_for(view.rules, view.trump)
    ints = [int(c) for c in cards]
    sure = {Card(c): 1 for c in wins_at_once(view, ints, tables)}
    for c in loses_at_once(view, ints, tables):
        sure[Card(c)] = -1
    return sure


def _juego_of(value: float) -> int:
    """The juego in a line's value under the juego model (:data:`~guinote_tui.engine.JUEGO` plus the margin)."""
    if value >= JUEGO / 2:
        return 1
    if value <= -JUEGO / 2:
        return -1
    return 0


def _coach_value(points_diff: float, juego: int) -> float:
    """A solved line's value: half its point difference and the juego's :data:`JUEGO_POINTS`."""
    return points_diff / 2 + JUEGO_POINTS * juego


def _exact_evaluation(view: SeatView, know: Knowledge, cards: list[Card]) -> Evaluation:
    """Heads-up arrastre: open information, one exact solve for the juego and the points.

    The juego solver (:func:`~guinote_tui.ai.solver.juego_solver_for_view`) plays for the juego first and the
    points then (the outcome model): a card that wins the juego under best play beats any margin.
    """
    hands = [0, 0]
    hands[view.seat] = know.mine
    hands[1 - view.seat] = know.unseen
    trick = [int(c) for _, c in view.trick]
    lines = juego_solver_for_view(view).action_values(hands, view.leader, trick, sung_mask(view))
    juego = {c: _juego_of(lines[int(c)]) for c in cards}
    points = {int(c): lines[int(c)] - JUEGO * juego[c] for c in cards}
    value = {c: _coach_value(points[int(c)], juego[c]) for c in cards}
    tables = tables_for(view.rules, view.trump)
    sure = _sure_juego(view, cards)
    top_once = max(sure.get(c, 0) for c in cards)
    top = max(value[c] for c in cards if sure.get(c, 0) == top_once)
    best = min(
        (c for c in cards if value[c] == top and sure.get(c, 0) == top_once), key=lambda c: risk_key(tables, int(c))
    )
    estimates = {
        c: CardEstimate(
            value[c],
            max(0.0, top - value[c]),
            0.0,
            0,
            juego[c],
            float(juego[c] > 0),
            float(juego[c] < 0),
            top - value[c],
            at_once=sure.get(c, 0),
        )
        for c in cards
    }
    sing = coach_sing(view, tables)
    if sing is None:
        return Evaluation(estimates, best, "exact", 0, 1)
    # The solver sings at every later window the seat's side opens: a card's value already holds the cante sung
    # later where it can be; singing first is solved too.
    points_sung = tables.cante_points[sing.suit]
    sung = _sung_values(_sing_solver(view, points_sung), view, hands, trick, sing, points_sung, cards)
    delay = _delay(view, tables, sing.suit, {c: [sung[c]] for c in cards}, {c: [value[c]] for c in cards}, exact=True)
    return Evaluation(estimates, best, "exact", 0, 1, delay)


def _solved_evaluation(
    view: SeatView, know: Knowledge, cards: list[Card], rng: random.Random, budget: CoachBudget
) -> Evaluation | None:
    """Pairs arrastre: each sampled deal solved exactly for every card, for the juego and the points (the
    outcome model; None: too few solved in budget)."""
    solver = juego_solver_for_view(view, budget.arrastre_nodes)
    trick = [int(c) for _, c in view.trick]
    sung = sung_mask(view)
    tables = tables_for(view.rules, view.trump)
    race, rule = _race(cards, tables)
    lines = Lines(cards)
    # The lines with the coach's cante sung first, solved on the same deals (a budget of their own: when it is
    # spent they stop, the cards' solves go on).
    sing = coach_sing(view, tables)
    points_sung = tables.cante_points[sing.suit] if sing is not None else 0
    singer = _sing_solver(view, points_sung, budget.arrastre_nodes) if sing is not None else None
    sang: dict[Card, list[float]] = {c: [] for c in cards}
    solved = 0
    order = [int(c) for c in cards]
    every = enumerate_deals(view, know, budget.arrastre_deals)
    for number in range(budget.arrastre_deals if every is None else len(every)):
        check()  # the game quits: no deal more
        deal: Deal = sample_deal(view, know, rng) if every is None else every[number]
        hands = [know.mine if seat == view.seat else mask_of(deal.hands[seat]) for seat in range(view.players)]
        solver.table.clear()
        try:
            values = solver.action_values(hands, view.leader, trick, sung, order, exact=True)
        except OutOfBudget:
            break
        for card in cards:
            juego = _juego_of(values[int(card)])
            race.per_deal[card].append(_coach_value(values[int(card)] - JUEGO * juego, juego))
            lines.add(card, juego, ())
        if sing is not None and len(sang[cards[0]]) == solved:
            if singer is not None:
                singer.table.clear()
            with contextlib.suppress(OutOfBudget):
                for card, value in _sung_values(singer, view, hands, trick, sing, points_sung, cards).items():
                    sang[card].append(value)
        solved += 1
        # A solve values every card of the deal at once: nothing retires, the race only stops.
        if every is None and solved >= budget.arrastre_min_deals and race.step(retire=False):
            break
    if every is not None and solved == len(every):
        # Every consistent deal solved: the means are exact, nothing was sampled.
        found = _finish(race, rule, "enumerated", solved, solved, lines, _sure_juego(view, cards))
        found = replace(found, cards={c: replace(e, se=0.0, lines=None) for c, e in found.cards.items()})
    elif solved < budget.arrastre_min_deals:
        return None
    else:
        found = _finish(race, rule, "solved", solved, solved, lines, _sure_juego(view, cards))
        found = replace(found, cards={c: _without_lines(e) for c, e in found.cards.items()})
    if sing is None or len(sang[cards[0]]) < 2:
        return found
    exact = found.method == "enumerated" and len(sang[cards[0]]) == solved
    return replace(found, delay=_delay(view, tables, sing.suit, sang, race.per_deal, exact=exact))


def _without_lines(estimate: CardEstimate) -> CardEstimate:
    return replace(estimate, lines=None)


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
                return found
    return _playout_evaluation(view, know, cards, rng, budget)
