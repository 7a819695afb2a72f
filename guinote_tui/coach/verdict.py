"""One decision judged: the action taken against the coach's, in the words every review uses.

:func:`judge` turns an :class:`~.advice.Advice` and the action taken into a
:class:`Verdict`: the cost in the points of the seat's side with its
standard error, the tier (:class:`~.evaluate.Grade`), and the juego shares
of the card played and of the coach's card. The review in the game
(:mod:`.ahead`) and ``guinote review`` (:mod:`.review`) both judge with it,
so they say the same of the same decision.

**A window is judged as a whole.** A seat that wins a trick may declare
several things before it leads (change the seven, sing, declare tute). A
declaration is not charged for the coach's declaration that the seat may
still make in the same window: it is judged where the window's chance is
taken or lost (:func:`deferred`). Changing the seven and then singing the
cante the coach would sing first costs nothing; letting the window close
without that cante costs it once, where it closes.

**A followed hint is never graded** (:func:`~.ahead.followed`): the player
who plays what the coach's hint advised did what the coach said, whatever a
deeper analysis found since.

    >>> from guinote_tui.engine import parse_action
    >>> from .reasons import Reason, ReasonCode
    >>> sing = parse_action("sing:B")
    >>> advice = Advice(sing, {}, Reason(ReasonCode.SING_NOW, {}), False, {sing: 20})
    >>> judge(advice, parse_action("swap:7E")).grade, judge(advice, parse_action("swap:7E"), deferred=True).grade
    (<Grade.BLUNDER: 'blunder'>, <Grade.SAME: 'same'>)
"""

from __future__ import annotations

from dataclasses import dataclass

from ..ai.bitmasks import tables_for
from ..engine import Action, Card, DeclareTute, Play, SeatView, Sing, Swap
from .advice import Advice, with_juego
from .evaluate import Grade
from .loss import delay_reason, loss_reason
from .reasons import JUEGO_LOSSES, Reason, ReasonCode

__all__ = ["Verdict", "declaration", "judge", "said_reason"]


@dataclass(frozen=True)
class Verdict:
    """What one decision cost, how sure the coach is, and its tier."""

    #: Points of the seat's side lost against the coach's action (0: as good, or judged elsewhere).
    cost: float = 0.0
    #: The standard error of ``cost`` (0 where it is exact).
    cost_se: float = 0.0
    grade: Grade = Grade.SAME
    #: ``"lost"`` / ``"missed"``: a juego certainly given up (:meth:`~.advice.Advice.juego`).
    juego: str | None = None
    #: The share of the played card's lines that win / lose the juego in this hand (None: not measured).
    played_win: float | None = None
    played_loss: float | None = None
    #: The same shares for the coach's card.
    best_win: float | None = None
    best_loss: float | None = None
    #: Why the card played is worse than the coach's (what it loses), where the evaluation can name it.
    loss: Reason | None = None

    @property
    def mistake(self) -> bool:
        """Listed by a review: an inaccuracy or worse (:attr:`~.evaluate.Grade.graded`)."""
        return self.grade.graded

    @property
    def about_same(self) -> bool:
        return self.grade is Grade.SAME


def said_reason(advice: Advice, played: Action, view: SeatView) -> Reason:
    """The coach's reason as said beside ``played``: where it warns against leading a big card (KEEP_BIG_CARD) and
    the card played is another such card, graded worse, the warning names the card played, not one still in hand;
    beside any other card led it is said as the coach's plan ("The coach leads the Seis de Espadas and keeps your
    Tres de Bastos back…"), not as a warning against a lead the player did not make.
    Where it compares the coach's card with the next best card for the juego and another card was played, the
    coach's own idea is said instead (with its juego figures): a third card named out of nowhere beside the card
    played read as if the player had played it, and what the card played loses is said beside it already.
    The good cards named together, beside a card not among them, are said without a verdict's words.
    """
    reason = advice.reason
    if reason.code is ReasonCode.ANY_OF and played not in advice.good:
        return Reason(ReasonCode.ANY_OF, {**reason.params, "aside": 1})
    if reason.code in JUEGO_LOSSES and isinstance(played, Play) and reason.params.get("card") != str(Card(played.card)):
        if advice.idea is not None and isinstance(advice.action, Play):
            return with_juego(advice.idea, advice.evaluation, Card(advice.action.card))
    if reason.code is not ReasonCode.KEEP_BIG_CARD or not isinstance(played, Play) or view.trick:
        return reason
    card = Card(played.card)
    if str(card) == reason.params.get("big") or played == advice.action:
        return reason
    tables = tables_for(view.rules, view.trump)
    big = tables.points[int(card)] >= 10 and not tables.trump_mask >> int(card) & 1
    if big and advice.grade(played).graded:
        return Reason(ReasonCode.KEEP_BIG_CARD, {**reason.params, "big": str(card)})
    # Another card was led: the warning against leading the big card, said as the coach's plan (it read as if the
    # player had led the big card).
    return Reason(ReasonCode.KEEP_BIG_CARD, {**reason.params, "aside": 1})


def declaration(action: Action) -> bool:
    """A cante, a change of the seven (or two) or a tute: an action after which the seat may act again."""
    return isinstance(action, (Sing, Swap, DeclareTute))


def _shares(advice: Advice, action: Action) -> tuple[float | None, float | None]:
    evaluation = advice.evaluation
    if evaluation is None or not isinstance(action, Play) or not evaluation.juego_counted:
        return None, None  # not measured, or not counted in the cost: no juego figure beside its grade
    estimate = evaluation.cards.get(Card(action.card))
    if estimate is None or estimate.win is None or estimate.loss is None:
        return None, None
    return round(estimate.win, 3), round(estimate.loss, 3)


def judge(advice: Advice, played: Action, deferred: bool = False, view: SeatView | None = None) -> Verdict:
    """``played`` against ``advice`` (the coach's word on the position before it).

    ``deferred``: the coach's declaration is still open to the seat later in the same window, so this
    decision costs nothing (the window is judged where it closes). ``view``: the seat's view of that position;
    with it a graded card gets the reason it is worse (:func:`~.loss.loss_reason`; where the coach would sing,
    :func:`~.loss.delay_reason`).
    """
    played_win, played_loss = _shares(advice, played)
    best_win, best_loss = _shares(advice, advice.action)
    if deferred or played == advice.action:
        return Verdict(0.0, 0.0, Grade.SAME, None, played_win, played_loss, best_win, best_loss)
    grade = advice.grade(played)
    loss = None
    evaluation = advice.evaluation
    if view is not None and evaluation is not None and grade.graded and isinstance(played, Play):
        card = Card(played.card)
        if isinstance(advice.action, Play) and card in evaluation.cards:
            loss = loss_reason(view, evaluation, card, Card(advice.action.card))
        elif isinstance(advice.action, Sing):
            loss = delay_reason(view, evaluation, advice.action.suit, card, advice.cost(played))
    return Verdict(
        round(advice.cost(played), 2),
        round(advice.cost_se(played), 2),
        grade,
        advice.juego(played),
        played_win,
        played_loss,
        best_win,
        best_loss,
        loss,
    )
