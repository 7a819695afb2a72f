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
letting a window go) follow the bots' rule-based policy. A card played where
the coach would sing leaves the cante for a later window: its cost is
measured against singing first (:mod:`.lines`), or, where no later window
can come, is half the cante. The same view with a generator in the same
state gives the same advice.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from ..ai.bitmasks import tables_for
from ..ai.policy import settled_action
from ..engine import (
    PLAY,
    RANK_NAMES,
    TUTE_RANKS,
    Action,
    Card,
    DeclareTute,
    Pass,
    Play,
    SeatView,
    Sing,
    Suit,
    Swap,
)
from ..i18n import tenths
from .evaluate import COACH_BUDGET, CoachBudget, Evaluation, Grade, Z, evaluate, grade_of
from .lines import Delay
from .loss import loss_reason
from .reasons import JUEGO_LOSSES, Reason, ReasonCode
from .why import card_reason

#: The coach's budget for a review, and for a hint analysed while the player thinks: deeper than
#: :data:`COACH_BUDGET` (a hint asked before that analysis is done), the same race carried further.
DEEP_BUDGET = CoachBudget(max_playouts=3000, max_deals=600, arrastre_deals=96, arrastre_nodes=1_200_000)


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
    #: Each cante the seat may sing -> its points (leaving it unsung for good costs half of them).
    cantes: Mapping[Action, int] = field(default_factory=dict)
    #: The cards' costs with their standard errors (None when fewer than two cards may be played).
    evaluation: Evaluation | None = None
    #: The simple idea behind the coach's own card (:func:`~.why.card_reason`), where :attr:`reason` names the
    #: good cards together instead (:func:`good_reason`): what a lesson may teach of it, not why it is better.
    idea: Reason | None = None

    @property
    def good(self) -> frozenset[Action]:
        """The coach's action and every card it cannot tell apart from it (:meth:`~.evaluate.Evaluation.good`):
        playing any of them follows its advice."""
        evaluation = self.evaluation
        if evaluation is None or not isinstance(self.action, Play) or Card(self.action.card) != evaluation.best:
            return frozenset({self.action})
        return frozenset({self.action, *(PLAY[int(c)] for c in evaluation.good())})

    @property
    def best_card(self) -> Card | None:
        """The card the evaluation found best, if cards were weighed."""
        if self.evaluation is not None:
            return self.evaluation.best
        if not self.values:
            return None
        return max(self.values, key=lambda c: self.values[c])

    def _weighed(self, action: Action) -> Card | None:
        """The card ``action`` plays when the evaluation weighed it against the coach's card (else None)."""
        if self.forced or self.evaluation is None or not isinstance(action, Play) or not isinstance(self.action, Play):
            return None
        card = Card(action.card)
        return card if card in self.evaluation.cards else None

    def delayed(self, action: Action) -> Delay | None:
        """Where the coach would sing and ``action`` plays a card instead, leaving the cante for a later window: the
        measured cost of that delay (:attr:`~.evaluate.Evaluation.delay`); None elsewhere, and where no later
        window can come (the cante is then lost for good)."""
        evaluation = self.evaluation
        if self.forced or evaluation is None or evaluation.delay is None or not isinstance(action, Play):
            return None
        if not isinstance(self.action, Sing) or self.action.suit != evaluation.delay.suit:
            return None
        return evaluation.delay.cards.get(Card(action.card))

    def cost(self, action: Action) -> float:
        """What ``action`` loses against the coach's best, in the points of the seat's side (0 for the best).

        Cards are compared by the evaluation (paired costs). A card played
        where the coach would sing leaves the cante for a later window: where
        one may come, the cost is measured against singing first and then
        playing the coach's card (:meth:`delayed`). Otherwise a declaration is
        not valued by the search: a cante left unsung costs half its points
        (less those of the one sung instead: a cante adds to one side's score
        only, so in the side's points it counts half, as in the card costs);
        any other declaration choice costs 0.
        """
        if self.forced:
            return 0.0
        card = self._weighed(action)
        if card is not None and self.evaluation is not None:
            return self.evaluation.cost(card)
        delay = self.delayed(action)
        if delay is not None:
            return delay.cost
        return max(0.0, (self.cantes.get(self.action, 0) - self.cantes.get(action, 0)) / 2)

    def cost_se(self, action: Action) -> float:
        """The standard error of :meth:`cost` (0 where it is exact: a declaration, the heads-up arrastre)."""
        card = self._weighed(action)
        if card is not None and self.evaluation is not None:
            return self.evaluation.se(card)
        delay = self.delayed(action)
        return delay.se if delay is not None else 0.0

    def margin(self, action: Action) -> float:
        """Half the width of :meth:`cost`'s 95 % interval (0 where it is exact)."""
        return Z * self.cost_se(action)

    def about_same(self, action: Action) -> bool:
        """``action`` cannot be told apart from the coach's: a negligible cost, or one within its noise."""
        return self.grade(action) is Grade.SAME

    def juego(self, action: Action) -> str | None:
        """``"lost"`` when ``action`` loses a juego the coach's card does not, ``"missed"`` when the coach's card
        wins a juego ``action`` does not (:meth:`~.evaluate.Evaluation.juego_verdict`); None otherwise."""
        card = self._weighed(action)
        return self.evaluation.juego_verdict(card) if card is not None and self.evaluation is not None else None

    def grade(self, action: Action) -> Grade:
        """``action``'s tier against the coach's (:meth:`~.evaluate.Evaluation.grade`).

        A cante left for a later window is graded by its measured cost and standard error (:meth:`delayed`); a
        declaration is exact otherwise: a cante left unsung costs half its points, graded by the tiers' lines.
        """
        card = self._weighed(action)
        if card is not None and self.evaluation is not None:
            return self.evaluation.grade(card)
        if self.forced or action == self.action:
            return Grade.SAME
        delay = self.delayed(action)
        if delay is not None:
            return grade_of(delay.delta, delay.se)
        return grade_of(self.cost(action), 0.0)

    def mistake(self, action: Action) -> bool:
        """``action`` is graded: an inaccuracy or worse, its interval clear of the line."""
        return self.grade(action).graded


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
    idea = None
    if isinstance(action, Play):
        idea = card_reason(view, action.card, values, tables, forced, evaluation)
        card = Card(action.card)
        said = idea if idea.code in JUEGO_IDEAS else None
        reason = good_reason(evaluation, card) or said or juego_reason(view, evaluation, card) or idea
        reason = with_juego(reason, evaluation, card)
    else:
        reason = declaration_reason(view, action, forced)
    cantes: dict[Action, int] = {a: sing_points(view, a.suit) for a in legal if isinstance(a, Sing)}
    return Advice(action, values, reason, forced, cantes, evaluation, idea)


def good_reason(evaluation: Evaluation | None, card: Card) -> Reason | None:
    """Where the coach cannot tell its ``card`` apart from others (:meth:`~.evaluate.Evaluation.good`), the
    reason that names them together, said as a close call when one is; None where ``card`` is settled best."""
    if evaluation is None or card != evaluation.best:
        return None
    good = evaluation.good()
    if len(good) < 2:
        return None
    close = any(evaluation.grade(c) is Grade.CLOSE for c in good)
    # ``close`` as a number (1 / 0): the statistics keep a kept mistake's parameters as strings and numbers.
    return Reason(ReasonCode.ANY_OF, {"cards": " ".join(str(c) for c in good), "close": int(close)})


#: The reasons of :func:`~.why.card_reason` that name the juego the card decides at once (given before its shares).
JUEGO_IDEAS = frozenset({ReasonCode.WIN_JUEGO, ReasonCode.SAVE_JUEGO})


def juego_reason(view: SeatView, evaluation: Evaluation | None, card: Card) -> Reason | None:
    """Where the juego decides: ``card`` is the coach's, settled better than every other card, and what the next
    best card loses against it is the juego (it explains at least half that cost, :func:`~.loss.loss_reason`):
    that comparison, in the juego's words, so the juego comes before the points. None elsewhere."""
    if evaluation is None or card != evaluation.best or len(evaluation.good()) > 1:
        return None
    following = min((c for c in evaluation.cards if c != card), key=lambda c: (evaluation.cards[c].delta, int(c)))
    loss = loss_reason(view, evaluation, following, card)
    return loss if loss is not None and loss.code in JUEGO_LOSSES else None


def with_juego(reason: Reason, evaluation: Evaluation | None, card: Card) -> Reason:
    """``reason`` for the coach's ``card``, with the card's juego figures (``juego_won``, ``juego_lost``: deals of
    10) where the juego is at stake and the reason speaks of something else: the juego comes before the points, so
    a reason in points never leaves it out. At stake: the cost counts the juego, the shares rest on enough deals
    (or every consistent deal, :attr:`~.evaluate.Evaluation.juego_deals`), and some line of the card decides the
    juego or some card does differently for it. Not with every card known (the juego is then won or lost, as
    the hint's column says), nor beside the good cards named together."""
    if evaluation is None or card != evaluation.best or reason.code in _JUEGO_SAID:
        return reason
    if evaluation.exact or evaluation.juego_deals is None:
        return reason
    shares = {
        c: (tenths(e.win), tenths(e.loss))
        for c, e in evaluation.cards.items()
        if e.win is not None and e.loss is not None
    }
    mine = shares.get(card)
    if mine is None or (mine == (0, 0) and len(set(shares.values())) < 2):
        return reason
    return Reason(reason.code, {**reason.params, "juego_won": mine[0], "juego_lost": mine[1]})


#: The reasons that speak of the juego already, or name the good cards together (no figure of one card).
_JUEGO_SAID = JUEGO_IDEAS | JUEGO_LOSSES | {ReasonCode.ANY_OF}


#: The coach's seed wherever it is asked (hint, the review in the game, ``guinote review``, Try it, practice):
#: with :func:`decision_rng` the same decision always gets the same deals, and the same verdict.
COACH_SEED = 0


def information_key(view: SeatView) -> str:
    """What ``view``'s seat knows at this decision, as a short key: its view (without the events, which say
    nothing more), its legal actions and the rules. Two ways of reaching the same decision (the table, a saved
    history, a kept mistake's position) give the same key; a hidden card never changes it.
    """
    known = repr(replace(view, events=()))
    return hashlib.sha256(known.encode()).hexdigest()[:32]


def decision_rng(seed: int, view: SeatView) -> random.Random:
    """The generator for the decision ``view`` stands at: a pure function of what the seat knows there
    (:func:`information_key`), so every place that asks the coach about one decision (hint, review, Try it,
    practice, ``guinote review``, ``guinote hint``) draws the same deals and gets one analysis of it.
    """
    return random.Random(f"coach:{seed}:{information_key(view)}")


def sing_points(view: SeatView, suit: int) -> int:
    return tables_for(view.rules, view.trump).cante_points[suit]


def swap_reason(view: SeatView, card: Card) -> Reason:
    """Why change ``card`` (the seven or two of trumps) for the muestra, in words true of the two cards: worth
    more (its points), a higher trump, or else only that the muestra comes to the seat's hand now."""
    muestra = view.muestra
    if muestra is None:
        return Reason(ReasonCode.CHANGE_SEVEN, {"card": str(card)})
    tables = tables_for(view.rules, view.trump)
    if tables.points[int(muestra)] > tables.points[int(card)]:
        return Reason(ReasonCode.CHANGE_SEVEN, {"card": str(card)})
    higher = bool(tables.beaters[int(card)] >> int(muestra) & 1)
    return Reason(ReasonCode.CHANGE_SEVEN, {"card": str(card), "muestra": str(muestra), "higher": higher})


def declaration_reason(view: SeatView, action: Action, forced: bool = False) -> Reason:
    """Why a declaration (or a pass) is the right answer."""
    if isinstance(action, Sing):
        return Reason(ReasonCode.SING_NOW, {"suit": Suit(action.suit).title, "points": sing_points(view, action.suit)})
    if isinstance(action, Swap):
        return swap_reason(view, Card(action.card))
    if isinstance(action, DeclareTute):
        return Reason(ReasonCode.DECLARE_TUTE, {"ranks": TUTE_RANKS.get(action.rank, RANK_NAMES[action.rank])})
    if isinstance(action, Pass) and not forced:
        return Reason(ReasonCode.LET_GO, {})
    return Reason(ReasonCode.ONLY_CARD, {"card": str(action)})
