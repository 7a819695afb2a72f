"""What the coach says of each card against its own choice, in the same words at the table and in plain text."""

from __future__ import annotations

from typing import Any

from ..coach import Advice, Grade, Z
from ..coach.evaluate import BLUNDER_POINTS, INACCURACY_POINTS, MISTAKE_POINTS
from ..coach.loss import juego_but_points
from ..engine import PLAY, Card, Play, Sing
from ..i18n import _, estimate
from ..present.vocabulary import grade_word, juego_words, tier_legend, tier_meanings, verdict_words

__all__ = ["card_verdict", "juego_column", "juego_notes", "tiers_record", "verdict_of"]


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
    return verdict_words(grade.value, points)


def juego_column(advice: Advice) -> int | None:
    """Whether the hint's table shows the juego column, and what it rests on: the fewest deals of any card (0: exact,
    :attr:`~guinote_tui.coach.Evaluation.juego_deals`) where it is shown, None where it is not (too few deals, the
    cost not counting the juego, or every card doing the same for it)."""
    evaluation = advice.evaluation
    if evaluation is None or evaluation.juego_deals is None:
        return None
    if len({juego_words(e.win, e.loss) for e in evaluation.cards.values()}) < 2:
        return None
    return evaluation.juego_deals


def verdict_of(grade: str, cost: float, cost_se: float) -> str:
    """A decision's verdict in the hint's words (:func:`card_verdict`) from its tier, cost and standard error."""
    return verdict_words(grade, estimate(cost, Z * cost_se))


def tiers_record() -> dict[str, Any]:
    """The tiers as every screen words them, for the JSON of ``guinote review`` and ``guinote hint``: the hint's
    legend, and each tier's code -> its name, its meaning and its line in points (None: no line of its own)."""
    meanings = tier_meanings(INACCURACY_POINTS, MISTAKE_POINTS, BLUNDER_POINTS)
    lines = {Grade.INACCURACY: INACCURACY_POINTS, Grade.MISTAKE: MISTAKE_POINTS, Grade.BLUNDER: BLUNDER_POINTS}
    return {
        "legend": tier_legend(INACCURACY_POINTS, MISTAKE_POINTS, BLUNDER_POINTS),
        "tiers": {
            g.value: {"name": grade_word(g.value), "meaning": meanings[g.value], "line": lines.get(g)} for g in Grade
        },
    }
