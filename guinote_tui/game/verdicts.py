"""What the coach says of each card against its own choice, in the same words at the table and in plain text."""

from __future__ import annotations

from ..coach import Advice, Grade
from ..coach.loss import juego_but_points
from ..engine import PLAY, Card, Play, Sing
from ..i18n import _, estimate
from ..present.vocabulary import grade_word

__all__ = ["card_verdict", "juego_notes"]


def juego_notes(advice: Advice) -> list[str]:
    """Why a graded card whose juego figures are better than the coach's card's is graded all the same: a sentence
    each (:func:`~guinote_tui.coach.loss.juego_but_points`), so a tier never stands unexplained beside a better
    juego column."""
    evaluation = advice.evaluation
    if evaluation is None or not isinstance(advice.action, Play) or Card(advice.action.card) != evaluation.best:
        return []
    best = evaluation.best
    notes = (juego_but_points(evaluation, card, best) for card in sorted(evaluation.cards, key=evaluation.cost))
    return [note.text for note in notes if note is not None]


def card_verdict(advice: Advice, card: Card) -> str:
    """What the coach says of ``card`` against its own: "best", "about the same", "close call: 3 ± 2", or the
    tier with its cost ("mistake: 7 ± 2"), in points, the cost ± its 95 % margin (none when exact).

    Where the coach would sing, a card played now leaves the cante for later: its cost is against singing first
    (:meth:`~guinote_tui.coach.Advice.cost`), and no card is "best"."""
    evaluation = advice.evaluation
    chosen = advice.action.card if isinstance(advice.action, Play) else None
    sing = isinstance(advice.action, Sing)
    if evaluation is None or card == chosen or (chosen is None and not sing and card == evaluation.best):
        return _("best")
    if sing:
        grade = advice.grade(PLAY[card])
        points = estimate(advice.cost(PLAY[card]), advice.margin(PLAY[card]))
    else:
        grade = evaluation.grade(card)
        points = estimate(evaluation.cost(card), evaluation.margin(card))
    if grade is Grade.SAME:
        return _("about the same")
    if grade is Grade.CLOSE:
        return _("close call: {points}").format(points=points)
    return _("{grade}: {points}").format(grade=grade_word(grade.value), points=points)
