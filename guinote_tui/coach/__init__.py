"""The coach: advice for the decision at hand and the review of a played match.

Pure Python on the engine and the bots (never an interface library):
:func:`advise` gives, from one seat's view alone, the coach's action, the
value of every legal card and a :class:`Reason` (a :class:`ReasonCode` with
parameters; :func:`reason_text` makes its sentence); :func:`review_match`
asks the coach at every decision one seat took in a match and prices each
one (``guinote review``); :func:`loss_reason` says what a card the player
chose loses against the coach's.
"""

from .advice import COACH_SEED, DEEP_BUDGET, Advice, advise, decision_rng
from .evaluate import (
    COACH_BUDGET,
    JUEGO_POINTS,
    MISTAKE_POINTS,
    CardEstimate,
    CoachBudget,
    Evaluation,
    Grade,
    Z,
    evaluate,
)
from .loss import loss_reason
from .reasons import Reason, ReasonCode, reason_text
from .review import Decision, review_match

__all__ = [
    "COACH_BUDGET",
    "COACH_SEED",
    "DEEP_BUDGET",
    "JUEGO_POINTS",
    "MISTAKE_POINTS",
    "Advice",
    "CardEstimate",
    "CoachBudget",
    "Decision",
    "Evaluation",
    "Grade",
    "Reason",
    "ReasonCode",
    "Z",
    "advise",
    "decision_rng",
    "evaluate",
    "loss_reason",
    "reason_text",
    "review_match",
]
