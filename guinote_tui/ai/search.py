"""The search levels: ``hard``, ``expert`` and the open-card ``open`` ceiling.

``hard`` samples deals consistent with its view (:mod:`.determinize`) and
scores each card it may play by playing every sample to the end with the
rule-based policy (the same deals for every card, so the comparison is fair).
In the arrastre it solves exactly (:mod:`.solver`): heads-up the opponent's
hand is known, so one solve is the answer; in pairs it solves each sample.

``expert`` uses the same machinery with about twice the playouts (spent by
sequential halving), the exact arrastre solver at the end of its late
heads-up playouts, and samples weighted by inference (:mod:`.inference`).

Budgets are counted in samples, not seconds, so a decision is reproducible.
Cantes, tute and the swap follow the rule-based policy: they are nearly always
right and cost no search.
"""

from __future__ import annotations

import math
import random
from typing import Any, ClassVar

from ..engine import PLAY, Action, HandState, Play, SeatView, Stage, Termination, seat_view
from .base import Bot
from .determinize import Deal, build_state, sample_deal
from .inference import Inference, inferred_deals
from .knowledge import Knowledge
from .policy import Situation, choose_card, settled_action
from .rulebots import NormalBot
from .signals import SIGNAL_LEAK, SIGNAL_TRIES, is_throw, partner_signals, signal_card
from .solver import ArrastreSolver, JuegoSolver, OutOfBudget
from .tables import ALL_CARDS, Tables, mask_of, tables_for

# -- playouts -----------------------------------------------------------------------


def played_mask(state: HandState) -> int:
    """Cards seen to fall so far in ``state``."""
    played = 0
    for trick in state.tricks:
        for card in trick.cards:
            played |= 1 << card
    for card in state.trick:
        played |= 1 << card
    return played


def state_situation(
    state: HandState, tables: Tables, legal: list[Action], remaining: int, ev: bool = False
) -> Situation:
    """The policy's input for the seat to move, from its own perspective (no peeking).

    ``remaining`` is the mask of cards not yet played.
    """
    seat = state.to_move
    assert seat is not None
    hand = state.hands[seat]
    unseen = remaining
    for card in hand:
        unseen &= ~(1 << card)
    if state.muestra is not None:
        unseen &= ~(1 << state.muestra)
    players = state.players
    return Situation(
        seat=seat,
        players=players,
        tables=tables,
        hand=hand,
        legal=[a.card for a in legal],  # type: ignore[union-attr]
        trick=[((state.leader + i) % players, c) for i, c in enumerate(state.trick)],
        arrastre=state.muestra is None,
        possible=dict.fromkeys(range(players), unseen),
        unseen=unseen,
        sung=state.sung,
        stock_count=len(state.stock),
        sizes=[len(h) for h in state.hands] if ev else (),
        ev=ev,
    )


def policy_action(state: HandState, tables: Tables, remaining: int | None = None, ev: bool = False) -> Action:
    """The rule-based policy's action in a full state (the seat's own perspective)."""
    legal = state.legal_actions()
    action = settled_action(legal, state.stage, state.trump, state.muestra, tables)
    if action is not None:
        return action
    if remaining is None:
        remaining = ALL_CARDS & ~played_mask(state)
    return PLAY[choose_card(state_situation(state, tables, legal, remaining, ev))]


def playout(state: HandState, tables: Tables, solver: ArrastreSolver | None = None, ev: bool = False) -> None:
    """Play ``state`` to the end with the policy; with a solver, stop at the arrastre."""
    remaining = ALL_CARDS & ~played_mask(state)
    while not state.is_over:
        if (
            solver is not None
            and state.muestra is None
            and not state.trick
            and state.stage is Stage.PLAY
            and all(type(a) is Play for a in state.legal_actions())
        ):
            return
        action = policy_action(state, tables, remaining, ev)
        if type(action) is Play:
            remaining &= ~(1 << action.card)
        state.apply(action)


def final_diff(state: HandState, side: int, solver: ArrastreSolver | None = None, juego_bonus: float = 0.0) -> float:
    """Points of ``side`` minus the other side: at the end, or solved from the arrastre.

    A tute that ends the hand counts 100; ``juego_bonus`` is added (or taken
    off) when the hand decides the juego for (or against) ``side``.
    """
    points = state.points
    diff: float = points[side] - points[1 - side]
    if state.is_over:
        result = state.result
        if result is not None and result.juego_winner is not None:
            if result.reason is Termination.TUTE:
                diff += 100 if result.juego_winner == side else -100
            elif juego_bonus:
                diff += juego_bonus if result.juego_winner == side else -juego_bonus
        return diff
    assert solver is not None
    rest = solver.value([mask_of(h) for h in state.hands], state.leader, [], state.sung)
    return diff + (rest if side == 0 else -rest)


#: Scale of the first hand's point difference in the chance of winning the juego de vueltas,
#: by number of players: P(win) ~ 1 / (1 + exp(-diff / s)) with s = 15 heads-up and 19.5 in
#: pairs (``python -m guinote_tui.ai.calibrate`` when the objective was built; a later re-run
#: reads 14.0 heads-up, see ``docs/bots.md``); on a -1..+1 scale
#: that is tanh(diff / 2s).
VUELTAS_SCALE = {2: 30.0, 4: 39.0}


def juego_value(state: HandState, side: int, points_weight: float, solver: ArrastreSolver | None = None) -> float:
    """The hand's worth for ``side`` as the juego's outcome, on a -100..+100 scale.

    A hand that decides the juego is worth +-100 (whatever the margin); one that
    ends de vueltas is worth what the carried difference is worth in the next
    hand, ``100 tanh(diff / 2s)`` (``VUELTAS_SCALE``). ``points_weight`` mixes in the plain point
    difference (which keeps the samples' values informative when the outcome
    is far from decided). A playout stopped at the arrastre is finished by
    ``solver``, a :class:`~.solver.JuegoSolver`.
    """
    points = state.points
    diff = points[side] - points[1 - side]
    result = state.result
    if not state.is_over:
        # A playout stopped at the arrastre: solve the rest for the juego.
        assert isinstance(solver, JuegoSolver)
        solver.set_score(
            (points[0], points[1]), (state.card_points[0], state.card_points[1]), state.carried, state.first_of_juego
        )
        outcome, diff = solver.outcome([mask_of(h) for h in state.hands], state.leader, state.sung)
        if side == 1:
            outcome, diff = -outcome, -diff
        return (1.0 - points_weight) * 100.0 * outcome + points_weight * diff
    if result is not None and result.juego_winner is not None:
        outcome = 100.0 if result.juego_winner == side else -100.0
    else:
        totals = [state.carried[s] + points[s] for s in (0, 1)]
        outcome = 100.0 * math.tanh((totals[side] - totals[1 - side]) / VUELTAS_SCALE[state.players])
    return (1.0 - points_weight) * outcome + points_weight * diff


# -- the search bots ----------------------------------------------------------------------


class HardBot(Bot):
    """Samples deals consistent with the view; plays each card out; solves the arrastre exactly."""

    name = "hard"

    def __init__(
        self,
        samples: int = 100,
        arrastre_samples: int = 12,
        arrastre_nodes: int = 100_000,
        leaf_stock: int = 0,
        playout_ev: bool = True,
        halving: bool = False,
        exact_arrastre: bool = True,
        juego_bonus: float = 0.0,
        infer: bool = False,
        infer_eps: float = 0.5,
        infer_depth: int = 4,
        oversample: int = 3,
        infer_weights: bool = False,
        infer_classes: bool = False,
        objective: str = "points",
        points_weight: float = 0.3,
        arrastre_objective: str = "points",
        signals: bool = False,
        signal_margin: float = 1.0,
    ) -> None:
        counts = {"samples": samples, "arrastre_samples": arrastre_samples, "arrastre_nodes": arrastre_nodes}
        for key, count in counts.items():
            if count < 1:
                raise ValueError(f"bot {self.name}: {key} must be at least 1")
        if leaf_stock < 0:
            raise ValueError(f"bot {self.name}: leaf_stock must not be negative")
        self.samples = samples
        self.arrastre_samples = arrastre_samples
        self.arrastre_nodes = arrastre_nodes
        self.leaf_stock = leaf_stock
        self.playout_ev = playout_ev
        self.halving = halving
        self.exact_arrastre = exact_arrastre
        self.juego_bonus = juego_bonus
        if not 0.0 < infer_eps <= 1.0:
            raise ValueError(f"bot {self.name}: infer_eps must be more than 0 and at most 1")
        if infer_depth < 1 or oversample < 1:
            raise ValueError(f"bot {self.name}: infer_depth and oversample must be at least 1")
        if objective not in ("points", "juego", "vueltas"):
            raise ValueError(f"bot {self.name}: objective must be points, juego or vueltas")
        if not 0.0 <= points_weight <= 1.0:
            raise ValueError(f"bot {self.name}: points_weight must be between 0 and 1")
        if arrastre_objective not in ("points", "juego"):
            raise ValueError(f"bot {self.name}: arrastre_objective must be points or juego")
        self.objective = objective
        self.points_weight = points_weight
        self.arrastre_objective = arrastre_objective
        self.infer = infer
        self.infer_eps = infer_eps
        self.infer_depth = infer_depth
        self.oversample = oversample
        self.infer_weights = infer_weights
        self.infer_classes = infer_classes
        if not signal_margin >= 0.0:
            raise ValueError(f"bot {self.name}: signal_margin must not be negative")
        self.signals = signals
        self.signal_margin = signal_margin
        #: Unplayed as and tres the partner signalled it lacks (pairs, ``signals``); set per decision.
        self._denied = 0
        #: Built once per decision, on the first inferred sample.
        self._inference: Inference | None = None

    def _deals(self, view: SeatView, know: Knowledge, rng: random.Random, count: int) -> list[tuple[Deal, float]]:
        """``count`` sampled deals with their weights.

        Uniform over the consistent deals (weight 1); with inference either
        resampled in proportion to the inferred likelihoods (weight 1), or with
        ``infer_weights`` drawn uniformly and weighted by them (importance
        sampling: every distinct deal is kept).
        """
        if not self.infer:
            return [(self._sample(view, know, rng), 1.0) for _ in range(count)]
        if self._inference is None:
            self._inference = Inference(view, know, self.infer_depth, self.infer_eps, self.infer_classes)
        inference = self._inference
        if not self.infer_weights:
            deals = inferred_deals(view, know, rng, count, inference, self.oversample, self._sample)
            return [(deal, 1.0) for deal in deals]
        deals = [self._sample(view, know, rng) for _ in range(count)]
        if not inference.informative:
            return [(deal, 1.0) for deal in deals]
        weights = [inference.weight(deal, rng) for deal in deals]
        top = max(weights)
        if top <= 0.0:
            return [(deal, 1.0) for deal in deals]
        return [(deal, weight / top) for deal, weight in zip(deals, weights, strict=True)]

    def _knowledge(self, view: SeatView) -> Knowledge:
        """What the seat knows about the hidden cards (from the view alone)."""
        return Knowledge.from_view(view)

    def _sample(self, view: SeatView, know: Knowledge, rng: random.Random) -> Deal:
        """One deal consistent with the view; with partner signals, mostly one that agrees with them."""
        deal = sample_deal(view, know, rng)
        denied = self._denied
        if not denied:
            return deal
        partner = view.partner
        assert partner is not None  # signals are read in pairs only
        for _ in range(SIGNAL_TRIES):
            if not mask_of(deal.hands[partner]) & denied or rng.random() < SIGNAL_LEAK:
                break
            deal = sample_deal(view, know, rng)
        return deal

    def choose(self, view: SeatView, rng: random.Random) -> Action:
        legal = view.legal
        tables = tables_for(view.rules, view.trump)
        action = settled_action(legal, view.stage, view.trump, view.muestra, tables)
        if action is not None:
            return action
        cards: list[int] = [a.card for a in legal if isinstance(a, Play)]
        know = self._knowledge(view)
        self._inference = None
        signalling = self.signals and view.players == 4
        self._denied = partner_signals(view, tables) if signalling else 0
        totals = None
        if view.in_arrastre:
            totals = self._arrastre_values(view, know, cards, rng)
        if totals is None:
            totals = self._playout_values(view, know, cards, tables, rng)
        best = max(cards, key=lambda c: totals[c])
        if signalling and view.trick and not view.in_arrastre and is_throw(best, tables):
            # Among throws about as good as the best, the one that tells the partner where we are weak.
            floor = totals[best] - self.signal_margin
            close = [c for c in cards if is_throw(c, tables) and totals[c] >= floor]
            best = signal_card(close, view.hand, tables)
        return PLAY[best]

    def _arrastre_values(
        self, view: SeatView, know: Knowledge, cards: list[int], rng: random.Random
    ) -> dict[int, float] | None:
        """Exact values: heads-up one solve; in pairs a solve per sampled deal within the node budget."""
        trick: list[int] = [c for _, c in view.trick]
        sung = 0
        for cante in view.cantes:
            sung |= 1 << cante.suit
        if view.players == 2:
            # Heads-up arrastre is open information: the unseen cards are the opponent's hand.
            solver = self._solver(view, 1 << 62)
            hands = [0, 0]
            hands[view.seat] = know.mine
            hands[1 - view.seat] = know.unseen
            values = solver.action_values(hands, view.leader, trick, sung)
            return {c: float(values[c]) for c in cards}
        solver = self._solver(view, self.arrastre_nodes)
        totals = dict.fromkeys(cards, 0.0)
        solved = 0
        for deal, weight in self._deals(view, know, rng, self.arrastre_samples):
            hands = [know.mine if seat == view.seat else mask_of(deal.hands[seat]) for seat in range(view.players)]
            solver.table.clear()
            order = sorted(cards, key=lambda c: -totals[c])
            try:
                values = solver.action_values(hands, view.leader, trick, sung, order, exact=self.exact_arrastre)
            except OutOfBudget:
                break
            for card in cards:
                totals[card] += weight * values[card]
            solved += 1
        return totals if solved else None

    def _solver(self, view: SeatView, node_limit: int) -> ArrastreSolver:
        """The arrastre solver for this decision: for the points, or for the juego."""
        if self.arrastre_objective == "points":
            return ArrastreSolver(view.rules, view.trump, view.players, node_limit)
        solver = JuegoSolver(view.rules, view.trump, view.players, VUELTAS_SCALE[view.players], node_limit)
        solver.set_score(view.points, view.card_points, view.carried, view.first_of_juego)
        return solver

    def _playout_values(
        self, view: SeatView, know: Knowledge, cards: list[int], tables: Tables, rng: random.Random
    ) -> dict[int, float]:
        """Mean result of each card played out to the end of the hand on the same sampled deals.

        With ``halving`` the same number of playouts is spent in rounds: after
        each round the worse half of the cards is dropped, so the close
        candidates get the most samples (sequential halving).
        """
        side = view.side
        by_juego = self.objective == "juego" or (self.objective == "vueltas" and not view.first_of_juego)
        solver: ArrastreSolver | None = None
        if view.players == 2 and view.stock_count <= self.leaf_stock:
            if by_juego:
                solver = JuegoSolver(view.rules, view.trump, view.players, VUELTAS_SCALE[view.players])
            else:
                solver = ArrastreSolver(view.rules, view.trump, view.players)
        totals = dict.fromkeys(cards, 0.0)
        counts = dict.fromkeys(cards, 0.0)
        alive = list(cards)
        budget = self.samples * len(cards)
        rounds = max(1, (len(cards) - 1).bit_length()) if self.halving else 1
        for round_number in range(rounds):
            share = budget // (rounds * len(alive)) if self.halving else self.samples
            for deal, weight in self._deals(view, know, rng, max(1, share)):
                base = build_state(view, deal)
                for card in alive:
                    state = base.copy()
                    state.apply(PLAY[card])
                    playout(state, tables, solver, self.playout_ev)
                    if by_juego:
                        totals[card] += weight * juego_value(state, side, self.points_weight, solver)
                    else:
                        totals[card] += weight * final_diff(state, side, solver, self.juego_bonus)
                    counts[card] += weight
            if round_number + 1 < rounds:
                alive.sort(key=lambda c: totals[c] / counts[c], reverse=True)
                alive = alive[: max(2, (len(alive) + 1) // 2)]
        # Dropped cards rank below every survivor.
        return {c: totals[c] / counts[c] - (0.0 if c in alive else 1000.0) for c in cards}


class ExpertBot(HardBot):
    """Hard's search with a bigger budget spent by sequential halving."""

    name = "expert"

    #: Expert's defaults where they differ from hard's (any of hard's parameters may be given).
    DEFAULTS: ClassVar[dict[str, Any]] = {
        "samples": 220,
        "arrastre_samples": 24,
        "arrastre_nodes": 200_000,
        "leaf_stock": 3,
        "halving": True,
        "exact_arrastre": False,
        "infer": True,
        "infer_eps": 1.0,
        "oversample": 2,
    }

    def __init__(self, **params: Any) -> None:
        super().__init__(**{**self.DEFAULTS, **params})


class TeamBot(HardBot):
    """hard that also sees its partner's hand (pairs; measurement only).

    Both partners of a team seeing each other's hands is the most any
    convention between them could tell: this bot bounds what partner signals
    (:mod:`.signals`) can gain. Heads-up it plays exactly as hard.
    """

    name = "team"
    offered = False
    omniscient = True

    def __init__(self, **params: Any) -> None:
        super().__init__(**params)
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


class OpenBot(Bot):
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
    offered = False
    omniscient = True

    def __init__(
        self,
        arrastre_nodes: int = 300_000,
        leaf_solve: bool = True,
        see_stock: bool = False,
        stock_samples: int = 40,
        playout_ev: bool = True,
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
        self.playout_ev = playout_ev
        self.fallback = NormalBot()

    def choose(self, view: SeatView, rng: random.Random) -> Action:
        # Only reached outside the harness's omniscient path: play as normal does.
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
            solver = ArrastreSolver(state.rules, state.trump, state.players, node_limit=self.arrastre_nodes)
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
                playout(child, tables, leaf, self.playout_ev)
                totals[card] += final_diff(child, seat & 1, leaf)
        return {card: total / orders for card, total in totals.items()}
