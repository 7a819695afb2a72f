"""The coach's advice for the decision at hand, from the seat's view alone.

:func:`advise` returns an :class:`Advice`: the action the coach would take,
its value for every card the seat may play (points of the hand for the
seat's side; one scale for every card of a decision) and a :class:`Reason`.

The values come from the hard bot's search (:meth:`guinote_tui.ai.HardBot.card_values`)
with :data:`COACH_BUDGET`: playouts on sampled deals consistent with the view
in phase 1, the exact arrastre solver heads-up (the unseen cards are the
opponent's hand), an exact solve per sampled deal in the pairs arrastre.
Declarations (cantes, the change of the seven, tute, letting a window go)
follow the bots' rule-based policy. The same view with a generator in the
same state gives the same advice.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field

from ..ai import HardBot, SearchSettings
from ..ai.policy import settled_action
from ..ai.tables import tables_for
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
from .reasons import Reason, ReasonCode
from .why import card_reason

#: The coach's search budget: counted in samples, never seconds (p99 well under a second).
COACH_BUDGET = SearchSettings(samples=40, arrastre_samples=8, arrastre_nodes=60_000)


@dataclass(frozen=True)
class Advice:
    """What the coach would do, what every legal card is worth, and why."""

    action: Action
    #: Every card the seat may play -> its value in points of the hand (empty when no card may be played).
    values: Mapping[Card, float]
    reason: Reason
    #: Only one legal action: nothing to decide.
    forced: bool
    #: Each cante the seat may sing -> its points (what leaving it unsung costs).
    cantes: Mapping[Action, int] = field(default_factory=dict)

    @property
    def best_card(self) -> Card | None:
        """The card with the highest value (the first of equals in legal order), if any."""
        if not self.values:
            return None
        return max(self.values, key=lambda c: self.values[c])

    def cost(self, action: Action) -> float:
        """What ``action`` loses against the coach's best, in points of the hand (0 for the best).

        Cards are compared by their values. A declaration is not valued by the
        search: a cante left unsung costs its points (less those of the one
        sung instead); any other declaration choice costs 0.
        """
        if self.forced:
            return 0.0
        if isinstance(action, Play) and action.card in self.values:
            if isinstance(self.action, Play):
                return max(self.values.values()) - self.values[action.card]
        return max(0.0, float(self.cantes.get(self.action, 0) - self.cantes.get(action, 0)))


def advise(view: SeatView, rng: random.Random, budget: SearchSettings = COACH_BUDGET) -> Advice:
    """The coach's advice for ``view``'s seat, which must be to move."""
    if not view.legal:
        raise ValueError(f"seat {view.seat} is not to move")
    legal = view.legal
    tables = tables_for(view.rules, view.trump)
    forced = len(legal) == 1
    searcher = HardBot(budget)
    values: dict[Card, float] = {}
    if sum(1 for a in legal if isinstance(a, Play)) > 1:
        values = {Card(c): v for c, v in searcher.card_values(view, rng).items()}
    settled = settled_action(legal, view.stage, view.trump, view.muestra, tables)
    action = settled if settled is not None else PLAY[max(values, key=lambda c: values[c])]
    if isinstance(action, Play):
        reason = card_reason(view, action.card, values, tables, forced)
    else:
        reason = declaration_reason(view, action, forced)
    cantes: dict[Action, int] = {a: sing_points(view, a.suit) for a in legal if isinstance(a, Sing)}
    return Advice(action, values, reason, forced, cantes)


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
