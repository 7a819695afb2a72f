"""The review of a played match: the coach asked at every decision of one seat.

:func:`review_match` replays the match hand by hand; before each action of
the seat it asks :func:`~.advice.advise` from that seat's view at that moment
and prices the action taken: its cost against the coach's best in the points
of the seat's side, with that cost's standard error (0 when the action was
the best or the only one). Each decision gets its own generator from
``seed``, the hand's deal and the action's index (:func:`~.advice.decision_rng`,
as the hint and the review in the game), so a review is repeatable and agrees
with them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..engine import Action, Match, seat_view
from .advice import COACH_SEED, DEEP_BUDGET, advise, decision_rng
from .evaluate import CoachBudget
from .reasons import Reason


@dataclass(frozen=True)
class Decision:
    """One decision of the reviewed seat, priced by the coach."""

    hand: int  # 1-based
    trick: int  # 1-based: the trick being played (a window before a lead: the trick it leads)
    seat: int
    played: Action  # the action taken
    best: Action  # the coach's action
    cost: float  # points of the seat's side lost against the coach's best
    reason: Reason  # why the coach's action is best
    forced: bool
    cost_se: float = 0.0  # the standard error of ``cost`` (0 where exact)
    mistake: bool = False  # a cost of at least 2 points, clearly above its standard error
    about_same: bool = True  # the played action cannot be told apart from the coach's
    juego: str | None = None  # "lost": loses a juego the coach's does not; "missed": the coach's wins one it does not

    def to_dict(self) -> dict[str, Any]:
        """The JSON object of ``guinote review --json``: the reason as its code."""
        return {
            "hand": self.hand,
            "trick": self.trick,
            "seat": self.seat,
            "played": str(self.played),  # the engine's notation ("5C", "sing:O", "pass")
            "best": str(self.best),
            "cost": self.cost,
            "cost_se": self.cost_se,
            "mistake": self.mistake,
            "about_same": self.about_same,
            "juego": self.juego,
            "reason": self.reason.code.value,
        }


def review_match(
    match: Match,
    seat: int,
    seed: int = COACH_SEED,
    budget: CoachBudget = DEEP_BUDGET,
    progress: Callable[[int], None] | None = None,
) -> list[Decision]:
    """Every decision ``seat`` took in ``match`` (a loaded history), in order, with its cost.

    Raises ``ValueError`` when ``seat`` is not a seat of the match's table.
    """
    if not 0 <= seat < match.players:
        raise ValueError(f"no seat {seat} at a table of {match.players}: choose 0 to {match.players - 1}")
    records = match.records()
    replay = Match(match.players, match.rules, seed=match.seed, dealer=records[0].dealer, deck=records[0].deck)
    out: list[Decision] = []
    for number, record in enumerate(records, start=1):
        if number > 1:
            replay.next_hand(record.deck)
        for index, (who, action) in enumerate(record.actions):
            hand = replay.hand
            if who == seat and hand.to_move == seat:
                view = seat_view(hand, seat, events=False)
                if action in view.legal:
                    advice = advise(view, decision_rng(seed, hand.deck, index), budget)
                    out.append(
                        Decision(
                            hand=number,
                            trick=len(hand.tricks) + 1,
                            seat=seat,
                            played=action,
                            best=advice.action,
                            cost=round(advice.cost(action), 2),
                            reason=advice.reason,
                            forced=advice.forced,
                            cost_se=round(advice.cost_se(action), 2),
                            mistake=advice.mistake(action),
                            about_same=advice.about_same(action),
                            juego=advice.juego(action),
                        )
                    )
                    if progress is not None:
                        progress(len(out))
            replay.apply(action, who)
    return out
