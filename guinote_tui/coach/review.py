"""The review of a played match: the coach asked at every decision of one seat.

:func:`review_match` replays the match hand by hand; before each action of
the seat it asks :func:`~.advice.advise` from that seat's view at that moment
and prices the action taken: ``cost = value(best) - value(played)`` in points
of the hand (0 when the action was the best or the only one). Each decision
gets its own generator seeded from ``seed``, the hand and the action's index,
so a review is repeatable.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..ai import SearchSettings
from ..engine import Action, Match, seat_view
from .advice import COACH_BUDGET, advise
from .reasons import Reason


@dataclass(frozen=True)
class Decision:
    """One decision of the reviewed seat, priced by the coach."""

    hand: int  # 1-based
    trick: int  # 1-based: the trick being played (a window before a lead: the trick it leads)
    seat: int
    played: Action  # the action taken
    best: Action  # the coach's action
    cost: float
    reason: Reason  # why the coach's action is best
    forced: bool

    def to_dict(self) -> dict[str, Any]:
        """The JSON object of ``guinote review --json``: the reason as its code."""
        return {
            "hand": self.hand,
            "trick": self.trick,
            "seat": self.seat,
            "played": str(self.played),  # the engine's notation ("5C", "sing:O", "pass")
            "best": str(self.best),
            "cost": self.cost,
            "reason": self.reason.code.value,
        }


def review_match(
    match: Match,
    seat: int,
    seed: int = 0,
    budget: SearchSettings = COACH_BUDGET,
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
                    advice = advise(view, random.Random(f"coach:{seed}:{number}:{index}"), budget)
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
                        )
                    )
                    if progress is not None:
                        progress(len(out))
            replay.apply(action, who)
    return out
