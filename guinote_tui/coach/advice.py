"""The coach's advice for the decision at hand, from the seat's view alone.

:func:`advise` returns an :class:`Advice`: the action the coach would take,
every card the seat may play with its cost against the best and that cost's
standard error (in the points of the seat's side, :mod:`.evaluate`), and a
:class:`Reason`.

The cards are valued by :func:`.evaluate.evaluate` within a
:class:`~.evaluate.CoachBudget`: paired playouts on sampled deals consistent
with the view, raced, in phase 1; the exact solver in the heads-up arrastre
(the unseen cards are the opponent's hand); an exact solve per sampled deal
in the pairs arrastre. Declarations (cantes, the change of the seven, tute,
letting a window go) follow the bots' rule-based policy. The same view with
a generator in the same state gives the same advice.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from ..ai.knowledge import Knowledge
from ..ai.policy import holder, settled_action
from ..ai.tables import Tables, tables_for
from ..engine import (
    PLAY,
    RANK_NAMES,
    TUTE_RANKS,
    Action,
    Card,
    DeclareTute,
    Obligation,
    Pass,
    Play,
    SeatView,
    Sing,
    Suit,
    Swap,
    allowed_cards,
    card_tables,
)
from .evaluate import COACH_BUDGET, MISTAKE_POINTS, CoachBudget, Evaluation, evaluate
from .reasons import Reason, ReasonCode

#: The coach's budget for a review, and for a hint analysed while the player thinks: deeper than
#: :data:`COACH_BUDGET` (a hint asked before that analysis is done), the same race carried further.
DEEP_BUDGET = CoachBudget(max_playouts=6000, max_deals=1000)


@dataclass(frozen=True)
class Advice:
    """What the coach would do, what every legal card is worth, and why."""

    action: Action
    #: Every card the seat may play -> its value in its side's points (empty when no card may be played;
    #: one scale per decision: only the differences between cards mean something).
    values: Mapping[Card, float]
    reason: Reason
    #: Only one legal action: nothing to decide.
    forced: bool
    #: Each cante the seat may sing -> its points (what leaving it unsung costs).
    cantes: Mapping[Action, int] = field(default_factory=dict)
    #: The cards' costs with their standard errors (None when fewer than two cards may be played).
    evaluation: Evaluation | None = None

    @property
    def best_card(self) -> Card | None:
        """The card the evaluation found best, if cards were weighed."""
        if self.evaluation is not None:
            return self.evaluation.best
        if not self.values:
            return None
        return max(self.values, key=lambda c: self.values[c])

    def _card_cost(self, action: Action) -> bool:
        return (
            not self.forced
            and self.evaluation is not None
            and isinstance(action, Play)
            and isinstance(self.action, Play)
            and Card(action.card) in self.evaluation.cards
        )

    def cost(self, action: Action) -> float:
        """What ``action`` loses against the coach's best, in the points of the seat's side (0 for the best).

        Cards are compared by the evaluation (paired costs). A declaration is
        not valued by the search: a cante left unsung costs its points (less
        those of the one sung instead); any other declaration choice costs 0.
        """
        if self.forced:
            return 0.0
        if self._card_cost(action):
            assert self.evaluation is not None and isinstance(action, Play)
            return self.evaluation.cost(Card(action.card))
        return max(0.0, float(self.cantes.get(self.action, 0) - self.cantes.get(action, 0)))

    def cost_se(self, action: Action) -> float:
        """The standard error of :meth:`cost` (0 where it is exact: a declaration, the heads-up arrastre)."""
        if self._card_cost(action):
            assert self.evaluation is not None and isinstance(action, Play)
            return self.evaluation.se(Card(action.card))
        return 0.0

    def about_same(self, action: Action) -> bool:
        """``action`` cannot be told apart from the coach's: a negligible cost, or one within its noise."""
        if self._card_cost(action):
            assert self.evaluation is not None and isinstance(action, Play)
            return self.evaluation.about_same(Card(action.card))
        return self.cost(action) == 0

    def mistake(self, action: Action) -> bool:
        """``action`` costs at least :data:`~.evaluate.MISTAKE_POINTS`, clearly more than its uncertainty."""
        if self._card_cost(action):
            assert self.evaluation is not None and isinstance(action, Play)
            return self.evaluation.mistake(Card(action.card))
        return self.cost(action) >= MISTAKE_POINTS


def advise(view: SeatView, rng: random.Random, budget: CoachBudget = COACH_BUDGET) -> Advice:
    """The coach's advice for ``view``'s seat, which must be to move."""
    if not view.legal:
        raise ValueError(f"seat {view.seat} is not to move")
    legal = view.legal
    tables = tables_for(view.rules, view.trump)
    forced = len(legal) == 1
    evaluation = evaluate(view, rng, budget)
    values: dict[Card, float] = dict(evaluation.values) if evaluation is not None else {}
    settled = settled_action(legal, view.stage, view.trump, view.muestra, tables)
    if settled is not None:
        action = settled
    elif evaluation is not None:
        action = PLAY[int(evaluation.best)]
    else:
        action = next(a for a in legal if isinstance(a, Play))
    if isinstance(action, Play):
        reason = card_reason(view, action.card, values, tables, forced)
    else:
        reason = declaration_reason(view, action, forced)
    cantes: dict[Action, int] = {a: sing_points(view, a.suit) for a in legal if isinstance(a, Sing)}
    return Advice(action, values, reason, forced, cantes, evaluation)


#: The coach's seed wherever it is asked (hint, the review in the game, ``guinote review``): with
#: :func:`decision_rng` the same decision always gets the same deals, and the same verdict.
COACH_SEED = 0


def decision_rng(seed: int, deck: Sequence[Card], actions: int) -> random.Random:
    """The generator for the decision after ``actions`` actions of the hand dealt from ``deck``.

    A pure function of the hand and the point in it, so the three places that
    ask the coach about one decision draw the same deals.
    """
    cards = ".".join(str(int(c)) for c in deck)
    return random.Random(f"coach:{seed}:{cards}:{actions}")


def sing_points(view: SeatView, suit: int) -> int:
    return 40 if suit == view.trump else 20


def declaration_reason(view: SeatView, action: Action, forced: bool = False) -> Reason:
    """Why a declaration (or a pass) is the right answer."""
    if isinstance(action, Sing):
        return Reason(ReasonCode.SING_NOW, {"suit": Suit(action.suit).title, "points": sing_points(view, action.suit)})
    if isinstance(action, Swap):
        return Reason(ReasonCode.CHANGE_SEVEN, {"card": str(action.card)})
    if isinstance(action, DeclareTute):
        return Reason(ReasonCode.DECLARE_TUTE, {"ranks": TUTE_RANKS.get(action.rank, RANK_NAMES[action.rank])})
    if isinstance(action, Pass) and not forced:
        return Reason(ReasonCode.LET_GO, {})
    return Reason(ReasonCode.ONLY_CARD, {"card": str(action)})


def _obligation(view: SeatView) -> Obligation:
    """The arrastre rule limiting the seat's cards now (FREE when none does)."""
    if not view.in_arrastre or not view.trick:
        return Obligation.FREE
    base = card_tables(view.rules)
    trick = list(view.trick)
    win_seat, win_card = holder([(s, int(c)) for s, c in trick], tables_for(view.rules, view.trump))
    partner_winning = view.rules.partner_exemption and view.players == 4 and win_seat == view.partner
    _, obligation = allowed_cards(
        list(view.hand),
        trick[0][1] // 10,
        win_card,
        partner_winning,
        view.trump,
        [c // 10 for c in range(40)],
        list(base.strength),
        view.rules.must_undertrump,
    )
    return obligation


_FORCED = {
    Obligation.FOLLOW_SUIT: ReasonCode.MUST_FOLLOW,
    Obligation.BEAT: ReasonCode.MUST_BEAT,
    Obligation.TRUMP: ReasonCode.MUST_TRUMP,
    Obligation.OVERTRUMP: ReasonCode.MUST_TRUMP,
    Obligation.UNDERTRUMP: ReasonCode.MUST_TRUMP,
}


def card_reason(
    view: SeatView, card: int, values: Mapping[Card, float], tables: Tables, forced: bool = False
) -> Reason:
    """The simple idea behind playing ``card`` now (BEST_BY_SEARCH when no rule says it)."""
    text = str(Card(card))
    if forced or len(values) < 2:
        return Reason(_FORCED.get(_obligation(view), ReasonCode.ONLY_CARD), {"card": text})
    points = tables.points
    beaters = tables.beaters
    know = Knowledge.from_view(view)
    unseen = know.unseen
    trump_mask = tables.trump_mask
    legal = [int(c) for c in values]
    trick = [(s, int(c)) for s, c in view.trick]
    trick_points = sum(points[c] for _, c in trick)
    last = len(trick) == view.players - 1
    if trick:
        hold_seat, hold_card = holder(trick, tables)
        takes = bool(beaters[hold_card] >> card & 1)
    else:
        hold_seat, hold_card, takes = view.seat, card, True
    winner = card if takes else hold_card

    def sure(win: int) -> bool:
        return last or not beaters[win] & unseen

    if trick and not takes and hold_seat == view.partner and points[card] >= 10 and sure(hold_card):
        return Reason(ReasonCode.LOAD_PARTNER, {"card": text, "points": points[card]})
    if not trick and view.in_arrastre and trump_mask >> card & 1 and unseen & trump_mask:
        return Reason(ReasonCode.LEAD_TRUMPS, {"card": text})
    if takes and sure(winner):
        if not trick:
            return Reason(ReasonCode.MASTER_CARD, {"card": text})
        if trick_points + points[card] > 0:
            return Reason(ReasonCode.WIN_POINTS, {"card": text, "points": trick_points + points[card]})
    if trick and not takes:
        if hold_seat != view.partner and trick_points == 0:
            return Reason(ReasonCode.DUCK, {"card": text})
        if (
            not view.in_arrastre
            and not trump_mask >> card & 1
            and any(trump_mask >> c & 1 and beaters[hold_card] >> c & 1 for c in legal)
        ):
            return Reason(ReasonCode.KEEP_TRUMPS, {"card": text})
    elif trick and takes and trick_points + points[card] > 0:
        return Reason(ReasonCode.WIN_POINTS, {"card": text, "points": trick_points + points[card]})
    cheapest = min(legal, key=lambda c: (points[c], bool(trump_mask >> c & 1), tables.strength[c]))
    if card == cheapest and not trick:
        return Reason(ReasonCode.LEAD_LOW, {"card": text})
    if card == cheapest and not takes:
        return Reason(ReasonCode.THROW_LOWEST, {"card": text})
    others = [v for c, v in values.items() if c != card]
    margin = values[Card(card)] - max(others) if others else 0.0
    return Reason(ReasonCode.BEST_BY_SEARCH, {"card": text, "margin": round(margin, 1)})
