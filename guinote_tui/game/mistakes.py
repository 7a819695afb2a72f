"""The graded decisions of a reviewed hand as the statistics keep them for practice: each with its whole position.

The review (:class:`~guinote_tui.coach.ahead.Reviewed`) names each decision
by its place in the hand's log; the statistics keep, for each graded one,
the whole hand just before it in the engine's notation
(:func:`~guinote_tui.engine.format_position`: every hand and the stock as
they lay), so that practice can deal the same cards again, and the coach's
analysis the review judged it by (:mod:`guinote_tui.coach.stored`), so that
practice shows the review's verdict again. A decision where
the player followed the hint shown is never graded, so never kept.

    >>> from guinote_tui.engine import HandState
    >>> hand = HandState(list(range(40)), dealer=1, players=2, events=False)
    >>> graded_decisions(hand, [])
    []
"""

from __future__ import annotations

import logging
from collections.abc import Sequence

from ..coach.ahead import HandSpec, Reviewed
from ..coach.stored import analysis_text
from ..engine import HandState, format_position
from ..records import GradedDecision

logger = logging.getLogger(__name__)

__all__ = ["graded_decisions"]


def graded_decisions(hand: HandState, reviewed: Sequence[Reviewed]) -> list[GradedDecision]:
    """The graded decisions of ``reviewed`` (the review of ``hand``), each with the hand's position before it.

    The hand is replayed from its deal once; a decision that cannot be kept
    (a position the notation cannot write, a grade that is not a graded tier:
    none the game makes) is logged and left out.
    """
    wanted = {r.index: r for r in reviewed if r.mistake and not r.followed_hint}
    if not wanted:
        return []
    state = HandSpec.of(hand).replay(())
    out = []
    for index, (seat, action) in enumerate(hand.log):
        decision = wanted.get(index)
        if decision is not None:
            try:
                out.append(
                    GradedDecision(
                        index=index,
                        trick=decision.trick,
                        seat=seat,
                        position=format_position(state),
                        played=str(decision.played),
                        best=str(decision.best),
                        grade=decision.grade,
                        cost=decision.cost,
                        cost_se=decision.cost_se,
                        reason=decision.reason.code.value,
                        reason_params=dict(decision.reason.params),
                        juego=decision.juego,
                        analysis=analysis_text(decision.advice) if decision.advice is not None else None,
                    )
                )
            except ValueError:  # (a PositionError too): never the review's end for the player
                logger.exception("decision %d of the hand cannot be kept for practice", index)
        if index >= max(wanted):
            break
        state.apply(action, seat)
    return out
