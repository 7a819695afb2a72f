"""The rule-based levels: ``easy`` (a careless beginner) and ``normal`` (a card counter)."""

from __future__ import annotations

import random

from ..engine import PASS, PLAY, Action, Play, SeatView, Stage
from .base import Bot
from .bitmasks import tables_for
from .knowledge import Knowledge
from .policy import (
    DEFAULT_WEIGHTS,
    Situation,
    Weights,
    choose_card,
    declaration,
    holder,
    settled_action,
    window_action,
)


def sung_mask(view: SeatView) -> int:
    mask = 0
    for cante in view.cantes:
        mask |= 1 << cante.suit
    return mask


def situation_from_view(
    view: SeatView, know: Knowledge, counting: bool = True, weights: Weights = DEFAULT_WEIGHTS
) -> Situation:
    """The policy's input from the view; without ``counting`` every unseen card may be anywhere."""
    legal = [a.card for a in view.legal if isinstance(a, Play)]
    possible = know.possible if counting else {s: know.unseen for s in know.possible}
    return Situation(
        seat=view.seat,
        players=view.players,
        tables=know.tables,
        hand=list(view.hand),
        legal=legal,
        trick=[(s, c) for s, c in view.trick],
        arrastre=view.in_arrastre,
        possible=possible,
        unseen=know.unseen,
        sung=sung_mask(view),
        stock_count=view.stock_count,
        sizes=view.hand_sizes,
        weights=weights,
    )


class NormalBot(Bot):
    """A strong rule-based player: counts cards, reads voids, keeps trumps, helps its partner."""

    name = "normal"

    def __init__(self) -> None:
        #: The policy's numbers; tuning scripts replace them.
        self.weights = DEFAULT_WEIGHTS

    def choose(self, view: SeatView, rng: random.Random) -> Action:
        tables = tables_for(view.rules, view.trump)
        action = settled_action(view.legal, view.stage, view.trump, view.muestra, tables)
        if action is not None:
            return action
        know = Knowledge.from_view(view)
        return PLAY[choose_card(situation_from_view(view, know, weights=self.weights))]


class EasyBot(Bot):
    """A beginner: sensible plays, but misses cantes and swaps and spends trumps early."""

    name = "easy"

    def __init__(self, miss_cante: float = 0.5, miss_swap: float = 0.5, blunder: float = 0.3) -> None:
        for key, chance in (("miss_cante", miss_cante), ("miss_swap", miss_swap), ("blunder", blunder)):
            if not 0.0 <= chance <= 1.0:
                raise ValueError(f"bot {self.name}: {key} is a chance, between 0 and 1")
        self.miss_cante = miss_cante
        self.miss_swap = miss_swap
        self.blunder = blunder

    def choose(self, view: SeatView, rng: random.Random) -> Action:
        legal = view.legal
        if len(legal) == 1:
            return legal[0]
        tables = tables_for(view.rules, view.trump)
        roll = rng.random()
        action = declaration(legal, view.trump, view.muestra, tables)
        if action is not None:
            missed = self.miss_swap if type(action).__name__ == "Swap" else self.miss_cante
            if roll >= missed:
                return action
            if view.stage is not Stage.PLAY:
                return PASS if PASS in legal else legal[0]
        elif view.stage is not Stage.PLAY:
            return window_action(legal, view.trump, view.muestra, tables)
        cards = [a for a in legal if type(a) is Play]
        if rng.random() < self.blunder:
            return rng.choice(cards)
        know = Knowledge.from_view(view)
        s = situation_from_view(view, know, counting=False)
        if view.trick and not view.in_arrastre:
            # The beginner's habit: an opponent's trick with points gets trumped at once.
            trick = s.trick
            stake = sum(tables.points[c] for _, c in trick)
            winner_seat, _ = holder(trick, tables)
            trumps = [c for c in s.legal if c // 10 == view.trump]
            if stake > 0 and trumps and winner_seat & 1 != view.seat & 1:
                return PLAY[max(trumps, key=lambda c: tables.strength[c])]
        return PLAY[choose_card(s)]
