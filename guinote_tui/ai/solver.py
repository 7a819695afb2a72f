"""An exact open-card solver for the arrastre.

Once the stock is gone there is no chance left: with every hand known, the
remaining tricks form a finite two-sided game. Heads-up this is the real
position (the opponent's hand is exactly the cards the seat has not seen);
in pairs the search samples the hidden hands and solves each sample.

The solver plays by the engine's own rules on bit masks
(:mod:`guinote_tui.engine.masks`): the arrastre obligations
(:func:`~guinote_tui.engine.allowed_mask`), who takes a trick (the beat
table), the cantes and the tute, the capote and the juego
(:class:`~guinote_tui.engine.JuegoOutcome`). After each trick the winner's
side sings the best cante open to it (forty before twenty: singing never
costs anything when every card is known) and declares a tute it holds (the
bots always do); the last trick adds its ten. It runs alpha-beta with a
transposition table keyed at trick boundaries.

Values are points of the rest of the hand, side 0 minus side 1: cards, the
last ten, cantes, a tute's forty (``tute=points40``) and a capote's bonus
(given which sides took a trick so far, :meth:`ArrastreSolver.set_score`).
A tute that wins the juego (``tute=juego``) ends the hand and counts
:data:`TUTE_HAND_POINTS`, as in the playouts.

With an ``outcome`` (a :class:`~guinote_tui.engine.JuegoOutcome`, and the
hand's score so far given by :meth:`ArrastreSolver.set_score`) the solver
plays for the juego instead: a line's value is ``±JUEGO`` when it decides
the juego (de vueltas the moment a side reaches the target, with cards still
in hand; a hand played to its end judged with treinta malas and the last
trick, after the capote; a tute under ``tute=juego``) plus the rest of the
hand's point difference, which breaks ties between lines with the same
outcome.
"""

from __future__ import annotations

from collections.abc import Callable

from ..engine import (
    JUEGO,
    LAST_TRICK_POINTS,
    SUIT_MASK,
    TUTE_POINTS,
    HandState,
    JuegoOutcome,
    Rules,
    SeatView,
    TuteDeclared,
    allowed_mask,
    best_cante,
    rule_tables,
    tutes_held,
    winner_index,
)

INF = 1 << 40
#: What a tute that wins the juego (``tute=juego``) counts for the points: it ends the hand at once.
TUTE_HAND_POINTS = 100


class OutOfBudget(Exception):
    """The solver visited more nodes than it was allowed."""


class ArrastreSolver:
    """Solve arrastre positions for one rule set, trump suit and table size."""

    def __init__(
        self,
        rules: Rules,
        trump: int,
        players: int,
        node_limit: int = 1 << 62,
        outcome: JuegoOutcome | None = None,
    ) -> None:
        #: The engine's tables of the rules with this trump (the rules the search plays by).
        self.tables = tables = rule_tables(rules, trump)
        self.rules = rules
        self.players = players
        self.trump = trump
        self.points = tables.points
        self.strength = tables.strength
        #: beaters[w]: the cards that take the trick from ``w`` (the engine's beat table).
        self.beaters = tables.beaters
        self.per_player = rules.cante_limit == "per_player"
        self.by_strength_desc = [
            sorted(range(suit * 10, suit * 10 + 10), key=lambda c: -self.strength[c]) for suit in range(4)
        ]
        self.suit_order = sorted(range(4), key=lambda s: s != trump)
        self.table: dict[tuple[int, ...], tuple[int, int, int]] = {}
        self.nodes = 0
        #: Searching more nodes than this raises :class:`OutOfBudget` (a count, not a clock).
        self.node_limit = node_limit
        #: Playing for the juego: how lines are judged (None: for the points).
        self.outcome = outcome
        #: The hand's score so far: points, malas (card points and the last ten), which sides took a trick
        #: (bits), whether a tute was declared. The points objective reads only the last two.
        self.acc = [0, 0, 0, 0, 3, 0]
        #: ``acc`` as the part of a transposition key above the four bits of the sung mask.
        self.score_key = 0
        #: How lines are judged: the outcome model, or one for the capote alone (the points objective).
        self.judge = outcome if outcome is not None else JuegoOutcome(rules)
        self.target = rules.target
        self.carried = self.judge.carried
        self.instant = outcome is not None and outcome.instant
        self.tute_on = bool(tables.tute_masks)
        self.tute_juego = rules.tute == "juego"
        #: What a tute that wins the juego is worth: the juego, or for the points :data:`TUTE_HAND_POINTS`.
        self.tute_value = JUEGO if outcome is not None else TUTE_HAND_POINTS
        # For the points only the capote and the tute are in the key; de vueltas the malas decide nothing.
        self.key_points = outcome is not None
        self.key_malas = outcome is not None and outcome.first_of_juego and rules.treinta_malas
        self.key_took = rules.capote_bonus > 0
        if outcome is not None and outcome.rules != rules:
            raise ValueError("the outcome model must be for the solver's rules")
        #: What :meth:`_node` calls when a trick is complete: :meth:`_close_hand` (every rule of the hand) for the
        #: juego, and for the points where a capote or a tute may still happen; else :meth:`_close_points`.
        self._close: Callable[[list[int], int, int, int, int, int], int] = (
            self._close_hand if outcome is not None else self._close_points
        )
        self._rekey()

    def set_score(
        self,
        points: tuple[int, int] = (0, 0),
        card_points: tuple[int, int] = (0, 0),
        tricks_won: tuple[int, int] = (1, 1),
        tute_declared: bool = False,
    ) -> None:
        """The hand's score so far: each side's points and card points (for the juego objective), tricks won
        (only whether a side took none matters, for a capote) and whether a tute was declared."""
        took = (1 if tricks_won[0] else 0) | (2 if tricks_won[1] else 0)
        self.acc = [points[0], points[1], card_points[0], card_points[1], took, int(tute_declared)]
        if self.outcome is not None:
            self.table.clear()
        self._rekey()

    def add_points(self, side: int, points: int) -> None:
        """Add ``points`` to ``side``'s score so far: a cante sung before the position's first card."""
        self.acc[side] += points
        if self.outcome is not None:
            self.table.clear()
        self._rekey()

    def _rekey(self) -> None:
        p0, p1, m0, m1, took, tute = self.acc
        if not self.key_points:
            p0 = p1 = 0
        if not self.key_malas:
            m0 = m1 = 0
        if not self.key_took:
            took = 0
        self.score_key = (p0 | p1 << 10 | m0 << 20 | m1 << 30 | took << 40 | tute << 42) << 4

    def _hand_rules_live(self, hands: list[int]) -> bool:
        """Whether a capote or a tute may still happen from ``hands`` (the arrastre draws no card)."""
        acc = self.acc
        if self.key_took and acc[4] != 3:
            return True
        return self.tute_on and not acc[5] and any(tutes_held(hand, self.tables) for hand in hands)

    # -- rules ------------------------------------------------------------------

    def _cante(self, hands: list[int], winner: int, sung: int) -> tuple[int, int]:
        """Points the winner's side sings after a trick, and the new sung mask."""
        gained = 0
        tables = self.tables
        # As at the table: the winner's partner is asked first, then the winner.
        seats = ((winner + 2) % 4, winner) if self.players == 4 else (winner,)
        for seat in seats:
            suit = best_cante(hands[seat], sung, tables)
            if suit >= 0:
                sung |= 1 << suit
                gained += tables.cante_points[suit]
                if not self.per_player:
                    break
        return gained, sung

    # -- search -------------------------------------------------------------------

    def value(self, hands: list[int], leader: int, trick: list[int], sung: int) -> int:
        """Exact value (side 0 minus side 1) of the rest of the hand."""
        return self._enter(list(hands), leader, trick, sung, None)

    def action_values(
        self,
        hands: list[int],
        leader: int,
        trick: list[int],
        sung: int,
        order: list[int] | None = None,
        exact: bool = True,
    ) -> dict[int, int]:
        """Value of each legal card for the seat to move, from its side's point of view.

        With ``exact`` every value is exact. Otherwise only the best card's
        value is: the others are searched against the best found so far and
        get an upper bound no higher than it (much cheaper; ``order`` says
        which cards to try first).
        """
        seat = (leader + len(trick)) % self.players
        sign = 1 if seat & 1 == 0 else -1
        hands = list(hands)
        hand = hands[seat]
        if trick:
            win_card, win_seat = self._winner(leader, trick)
            hand, _ = allowed_mask(hand, trick[0] // 10, win_card, win_seat == (seat + 2) % 4, self.tables)
        cards = []
        mask = hand
        while mask:
            low = mask & -mask
            cards.append(low.bit_length() - 1)
            mask ^= low
        if order:
            rank = {c: i for i, c in enumerate(order)}
            cards.sort(key=lambda c: rank.get(c, len(rank)))
        out: dict[int, int] = {}
        best = -INF
        for card in cards:
            if exact or best == -INF:
                value = sign * self._enter(hands, leader, trick, sung, card)
            elif sign > 0:
                value = self._enter(hands, leader, trick, sung, card, best, INF)
            else:
                value = -self._enter(hands, leader, trick, sung, card, -INF, -best)
            out[card] = value
            best = max(best, value)
        return out

    def _winner(self, leader: int, trick: list[int]) -> tuple[int, int]:
        """The card holding the trick in progress and the seat that played it."""
        win = winner_index(trick, self.beaters)
        return trick[win], (leader + win) % self.players

    def _enter(
        self,
        hands: list[int],
        leader: int,
        trick: list[int],
        sung: int,
        first: int | None,
        alpha: int = -INF,
        beta: int = INF,
    ) -> int:
        """Search from a position given as a trick in progress, optionally forcing the next card."""
        if self.outcome is None:
            # The points: the full judge only where a capote or a tute may still change a line.
            self._close = self._close_hand if self._hand_rules_live(hands) else self._close_points
        live = 0
        for hand in hands:
            live |= hand
        points = 0
        for card in trick:
            live |= 1 << card
            points += self.points[card]
        if trick:
            win_card, win_seat = self._winner(leader, trick)
            led = trick[0] // 10
        else:
            win_card = win_seat = led = -1
        return self._node(hands, leader, len(trick), points, win_card, win_seat, led, live, sung, alpha, beta, first)

    def _ordered(self, allowed: int, live: int) -> list[int]:
        """The cards worth trying, trumps then strongest first.

        Cards of one suit with equal points and no other live card between them
        in strength are interchangeable: only the strongest of such a run is kept.
        """
        out: list[int] = []
        points = self.points
        for suit in self.suit_order:
            if not allowed & SUIT_MASK[suit]:
                continue
            run = False
            run_points = -1
            for card in self.by_strength_desc[suit]:
                if not live >> card & 1:
                    continue
                if allowed >> card & 1:
                    if run and points[card] == run_points:
                        continue
                    out.append(card)
                    run = True
                    run_points = points[card]
                else:
                    run = False
        return out

    def _node(
        self,
        hands: list[int],
        leader: int,
        count: int,
        trick_points: int,
        win_card: int,
        win_seat: int,
        led: int,
        live: int,
        sung: int,
        alpha: int,
        beta: int,
        first: int | None = None,
    ) -> int:
        """Value (side 0 minus side 1) with ``count`` cards of the trick already played."""
        self.nodes += 1
        if self.nodes > self.node_limit:
            raise OutOfBudget
        players = self.players
        seat = (leader + count) % players
        hand = hands[seat]
        key: tuple[int, ...] | None = None
        hint = -1
        if count:
            # (Heads-up no seat is ever ``seat + 2``: no partner holds the trick.)
            allowed, _ = allowed_mask(hand, led, win_card, win_seat == (seat + 2) % 4, self.tables)
        else:
            allowed = hand
            if first is None:
                key = (*hands, leader, sung | self.score_key)
                entry = self.table.get(key)
                if entry is not None:
                    low, high, hint = entry
                    if low >= beta:
                        return low
                    if high <= alpha:
                        return high
                    if low == high:
                        return low
                    alpha = max(alpha, low)
                    beta = min(beta, high)
        alpha0, beta0 = alpha, beta
        maximise = seat & 1 == 0
        best = -INF if maximise else INF
        beaters = self.beaters
        points = self.points
        if first is not None:
            moves = [first]
        else:
            moves = self._ordered(allowed, live)
            if hint >= 0 and hint in moves:
                moves.remove(hint)
                moves.insert(0, hint)
        best_card = -1
        last = count + 1 == players
        for card in moves:
            hands[seat] = hand ^ (1 << card)
            if count == 0:
                new_card, new_seat, new_led = card, seat, card // 10
            elif beaters[win_card] >> card & 1:
                new_card, new_seat, new_led = card, seat, led
            else:
                new_card, new_seat, new_led = win_card, win_seat, led
            gained = trick_points + points[card]
            if last:
                value = self._close(hands, new_seat, gained, sung, alpha, beta)
            else:
                value = self._node(
                    hands, leader, count + 1, gained, new_card, new_seat, new_led, live, sung, alpha, beta
                )
            hands[seat] = hand
            if maximise:
                if value > best:
                    best = value
                    best_card = card
                    if best > alpha:
                        alpha = best
            elif value < best:
                best = value
                best_card = card
                if best < beta:
                    beta = best
            if alpha >= beta:
                break
        if key is not None:
            low, high, _ = self.table.get(key, (-INF, INF, -1))
            if best <= alpha0:
                high = min(high, best)
            elif best >= beta0:
                low = max(low, best)
            else:
                low = high = best
            self.table[key] = (low, high, best_card)
        return best

    def _close_points(self, hands: list[int], winner: int, gained: int, sung: int, alpha: int, beta: int) -> int:
        """:meth:`_close` for the points where neither a capote nor a tute can happen: score, sing, search on."""
        if not hands[winner]:
            gained += LAST_TRICK_POINTS
            return gained if winner & 1 == 0 else -gained
        sung_points, sung = self._cante(hands, winner, sung)
        gained += sung_points
        sign = 1 if winner & 1 == 0 else -1
        live = 0
        for hand in hands:
            live |= hand
        rest = self._node(hands, winner, 0, 0, -1, -1, -1, live, sung, alpha - sign * gained, beta - sign * gained)
        return sign * gained + rest

    def _close_hand(self, hands: list[int], winner: int, gained: int, sung: int, alpha: int, beta: int) -> int:
        """:meth:`_close` with every rule of the hand: the target de vueltas (for the juego), the tute, the capote,
        and the judge at the end (for the juego)."""
        acc = self.acc
        saved = acc.copy()
        saved_key = self.score_key
        side = winner & 1
        sign = 1 if side == 0 else -1
        last = not hands[winner]
        if last:
            gained += LAST_TRICK_POINTS
        acc[side] += gained
        acc[2 + side] += gained
        acc[4] |= 1 << side
        try:
            if self.instant and self.carried[side] + acc[side] >= self.target:
                return sign * (gained + JUEGO)
            if last:
                won, points = self.judge.played_out((acc[0], acc[1]), (acc[2], acc[3]), acc[4], side)
                # The capote's bonus, if any, is the last trick's winner's.
                gained += points[side] - acc[side]
                if won is None or self.outcome is None:
                    return sign * gained
                return sign * gained + (JUEGO if won == 0 else -JUEGO)
            if self.tute_on and not acc[5]:
                seats = (winner, (winner + 2) % 4) if self.players == 4 else (winner,)
                for seat in seats:
                    hand = hands[seat]
                    if hand.bit_count() >= 4 and tutes_held(hand, self.tables):
                        if self.tute_juego:
                            return sign * (gained + self.tute_value)
                        acc[5] = 1
                        acc[side] += TUTE_POINTS
                        gained += TUTE_POINTS
                        if self.instant and self.carried[side] + acc[side] >= self.target:
                            return sign * (gained + JUEGO)
                        break
            sung_points, sung = self._cante(hands, winner, sung)
            if sung_points:
                gained += sung_points
                acc[side] += sung_points
                if self.instant and self.carried[side] + acc[side] >= self.target:
                    return sign * (gained + JUEGO)
            self._rekey()
            live = 0
            for hand in hands:
                live |= hand
            rest = self._node(hands, winner, 0, 0, -1, -1, -1, live, sung, alpha - sign * gained, beta - sign * gained)
            return sign * gained + rest
        finally:
            acc[:] = saved
            self.score_key = saved_key


def solver_for_state(state: HandState, node_limit: int = 1 << 62, juego: bool = True) -> ArrastreSolver:
    """A solver from the position ``state`` is in, with its score so far (the scores carried in, for the
    ``juego``; which sides took a trick and whether a tute was declared, for the capote and the tute)."""
    outcome = JuegoOutcome.of(state) if juego else None
    solver = ArrastreSolver(state.rules, state.trump, state.players, node_limit, outcome)
    solver.set_score(
        (state.points[0], state.points[1]),
        (state.card_points[0], state.card_points[1]),
        (state.tricks_won[0], state.tricks_won[1]),
        state.tute_declared,
    )
    return solver


def juego_solver(state: HandState, node_limit: int = 1 << 62) -> ArrastreSolver:
    """A solver playing for the juego from the position ``state`` is in (its scores, carried and so far)."""
    return solver_for_state(state, node_limit)


def points_solver(state: HandState, node_limit: int = 1 << 62) -> ArrastreSolver:
    """A solver playing for the points from the position ``state`` is in (its capote and tute so far)."""
    return solver_for_state(state, node_limit, juego=False)


def solver_for_view(view: SeatView, node_limit: int = 1 << 62, juego: bool = True) -> ArrastreSolver:
    """:func:`solver_for_state` from what a seat sees (the scores, the tricks' winners, a tute declared)."""
    outcome = JuegoOutcome(view.rules, view.carried, view.first_of_juego) if juego else None
    solver = ArrastreSolver(view.rules, view.trump, view.players, node_limit, outcome)
    won = [0, 0]
    for trick in view.tricks:
        won[trick.winner & 1] += 1
    tute = any(type(event) is TuteDeclared for event in view.events)
    solver.set_score(view.points, view.card_points, (won[0], won[1]), tute)
    return solver


def juego_solver_for_view(view: SeatView, node_limit: int = 1 << 62) -> ArrastreSolver:
    """:func:`juego_solver` from what a seat sees."""
    return solver_for_view(view, node_limit)
