"""The open-card measurement bots: ``open`` (every hand seen) and ``team`` (the partner's hand seen).

Neither is ever offered as an opponent: they are the ceilings the honest
bots are measured against (docs/dev/bots.md), asked through
:meth:`~.base.OpenCardBot.choose_open` with the full state.
"""

from __future__ import annotations

import random
from typing import ClassVar

from ..engine import PLAY, Action, HandState, Play, SeatView, seat_view
from .base import OpenCardBot
from .bitmasks import mask_of, tables_for
from .knowledge import Knowledge
from .playouts import final_diff, playout
from .policy import settled_action
from .rulebots import NormalBot
from .search import HardBot, SearchSettings
from .solver import ArrastreSolver, OutOfBudget, points_solver


class TeamBot(HardBot, OpenCardBot):
    """hard that also sees its partner's hand (pairs; measurement only).

    Both partners of a team seeing each other's hands is the most any
    convention between them could tell: this bot bounds what partner signals
    can gain. Heads-up it plays exactly as hard.
    """

    name = "team"
    offered = False
    SETTINGS: ClassVar[SearchSettings] = HardBot.SETTINGS

    def __init__(self, settings: SearchSettings | None = None, **params: object) -> None:
        super().__init__(settings, **params)
        self._partner_hand = 0

    def choose_open(self, state: HandState, seat: int, rng: random.Random) -> Action:
        if state.players == 4:
            self._partner_hand = mask_of(state.hands[(seat + 2) % 4])
        try:
            return self.choose(seat_view(state, seat), rng)
        finally:
            self._partner_hand = 0

    def _knowledge(self, view: SeatView) -> Knowledge:
        know = Knowledge.from_view(view)
        if self._partner_hand:
            partner = (view.seat + 2) % 4
            know.known[partner] = self._partner_hand
            know.possible[partner] = self._partner_hand
            for seat in know.possible:
                if seat != partner:
                    know.possible[seat] &= ~self._partner_hand
        return know


class OpenBot(OpenCardBot):
    """Sees every hand (measurement only): exact in the arrastre, playouts before it.

    By default it sees the hands but not the order of the face-down stock: it
    plays each card out on ``stock_samples`` random orders of the stock, as a
    player who could see every hand would have to. With ``see_stock`` it also
    knows the order of the stock and plays each card out once on the real deal
    (the ceiling measured before the hands-only one existed). ``sees`` limits
    the sight to one phase (``phase1`` or ``arrastre``), playing as normal in
    the other: it splits the value of open cards between the phases.
    """

    name = "open"

    def __init__(
        self,
        arrastre_nodes: int = 300_000,
        leaf_solve: bool = True,
        see_stock: bool = False,
        stock_samples: int = 40,
        sees: str = "always",
    ) -> None:
        if arrastre_nodes < 1 or stock_samples < 1:
            raise ValueError(f"bot {self.name}: arrastre_nodes and stock_samples must be at least 1")
        if sees not in ("always", "phase1", "arrastre"):
            raise ValueError(f"bot {self.name}: sees must be always, phase1 or arrastre")
        self.sees = sees
        self.arrastre_nodes = arrastre_nodes
        self.leaf_solve = leaf_solve
        self.see_stock = see_stock
        self.stock_samples = stock_samples
        self.fallback = NormalBot()

    def choose(self, view: SeatView, rng: random.Random) -> Action:
        # Asked with a view only (outside the measuring tools): play as normal does.
        return self.fallback.choose(view, rng)

    def choose_open(self, state: HandState, seat: int, rng: random.Random) -> Action:
        if self.sees != "always" and (self.sees == "arrastre") != (state.muestra is None):
            # Blind in this phase: decide from the seat's view as normal does.
            return self.fallback.choose(seat_view(state, seat), rng)
        legal = state.legal_actions()
        tables = tables_for(state.rules, state.trump)
        action = settled_action(legal, state.stage, state.trump, state.muestra, tables)
        if action is not None:
            return action
        cards: list[int] = [a.card for a in legal if isinstance(a, Play)]
        if state.muestra is None:
            solver = points_solver(state, node_limit=self.arrastre_nodes)
            hands = [mask_of(h) for h in state.hands]
            try:
                exact = solver.action_values(hands, state.leader, list(state.trick), state.sung)
                return PLAY[max(cards, key=lambda c: exact[c])]
            except OutOfBudget:
                pass
        values = self.playout_values(state, seat, cards, rng)
        return PLAY[max(cards, key=lambda c: values[c])]

    def playout_values(self, state: HandState, seat: int, cards: list[int], rng: random.Random) -> dict[int, float]:
        """Mean result for ``seat``'s side of each card played out with every hand seen.

        The stock stays face down (random orders) unless ``see_stock``.
        """
        tables = tables_for(state.rules, state.trump)
        leaf = None
        if self.leaf_solve and state.players == 2:
            leaf = ArrastreSolver(state.rules, state.trump, state.players)
        orders = 1 if self.see_stock or len(state.stock) < 2 else self.stock_samples
        totals = dict.fromkeys(cards, 0.0)
        for _ in range(orders):
            base = state.copy()
            if orders > 1:
                # Sorted first, so the real order cannot leak into the sampled ones.
                base.stock.sort()
                rng.shuffle(base.stock)
            for card in cards:
                child = base.copy()
                child.apply(PLAY[card])
                playout(child, tables, leaf)
                totals[card] += final_diff(child, seat & 1, leaf)
        return {card: total / orders for card, total in totals.items()}
