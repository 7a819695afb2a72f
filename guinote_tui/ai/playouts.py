"""Playouts: a full state played to the end of the hand by the rule-based policy.

The search bots (:mod:`.search`) and the open-card oracle (:mod:`.oracle`)
value a card by playing it and then every seat's moves with the policy
(:mod:`.policy`), each seat deciding from its own perspective in the sampled
world (its hand, the cards seen to fall: no peeking at the other hands).
With a solver a playout stops where the arrastre starts, and
:func:`final_diff` solves the rest exactly.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..engine import CARDS, PLAY, Action, HandState, Play, Stage, Termination
from .bitmasks import ALL_CARDS, Tables, mask_of
from .policy import Situation, choose_card, settled_action
from .solver import TUTE_HAND_POINTS, ArrastreSolver


def played_mask(state: HandState) -> int:
    """Cards seen to fall so far in ``state``."""
    played = 0
    for trick in state.tricks:
        for card in trick.cards:
            played |= 1 << card
    for card in state.trick:
        played |= 1 << card
    return played


def state_situation(state: HandState, tables: Tables, legal: Sequence[Action], remaining: int) -> Situation:
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
        sizes=[len(h) for h in state.hands],
    )


def policy_action(state: HandState, tables: Tables, remaining: int | None = None) -> Action:
    """The rule-based policy's action in a full state (the seat's own perspective)."""
    legal = state.legal_actions()
    action = settled_action(legal, state.stage, state.trump, state.muestra, tables)
    if action is not None:
        return action
    if remaining is None:
        remaining = ALL_CARDS & ~played_mask(state)
    return PLAY[choose_card(state_situation(state, tables, legal, remaining))]


def playout(state: HandState, tables: Tables, solver: ArrastreSolver | None = None, seat_draws: bool = False) -> None:
    """Play ``state`` to the end with the policy; with a solver, stop at the arrastre.

    ``seat_draws``: each round of draws from the stock gives its cards to the seats in a fixed order (the
    round's first card to seat 0, the next to seat 1...), whoever won the trick; the last round, which holds
    the muestra, is drawn as the rules say. The stock's order is unknown to every seat, so the cards each seat
    gets are as random as before; but two lines played on the same deal that differ in who wins a trick now
    hand every seat the same cards, so they differ only by what was played (:func:`seat_drawn`).
    """
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
        action = policy_action(state, tables, remaining)
        if type(action) is Play:
            remaining &= ~(1 << action.card)
        if seat_draws and len(state.trick) == state.players - 1:  # this action may close a trick and draw
            round_cards = state.stock[-state.players :][::-1]
            state.apply(action)
            seat_drawn(state, round_cards)
        else:
            state.apply(action)


def seat_drawn(state: HandState, round_cards: Sequence[int]) -> None:
    """After an action: if it drew ``round_cards`` (the stock's next cards before it, the next first; each seat's
    newest card is one of them) and the muestra is still out, give them to the seats in seat order instead of from
    the trick's winner on."""
    players = state.players
    if len(round_cards) < players or state.muestra is None:
        return  # the last round (with the muestra) is drawn as the rules say
    if state.stock[-players:][::-1] == list(round_cards):
        return  # nothing was drawn
    for seat in range(players):
        state.hands[seat][-1] = CARDS[round_cards[seat]]


def final_diff(state: HandState, side: int, solver: ArrastreSolver | None = None) -> float:
    """Points of ``side`` minus the other side: at the end, or solved from the arrastre (a solver for the points).

    A tute that ends the hand counts :data:`~.solver.TUTE_HAND_POINTS`, as in the solver.
    """
    points = state.points
    diff: float = points[side] - points[1 - side]
    if state.is_over:
        result = state.result
        if result is not None and result.juego_winner is not None and result.reason is Termination.TUTE:
            diff += TUTE_HAND_POINTS if result.juego_winner == side else -TUTE_HAND_POINTS
        return diff
    assert solver is not None
    solver.set_score(tricks_won=(state.tricks_won[0], state.tricks_won[1]), tute_declared=state.tute_declared)
    rest = solver.value([mask_of(h) for h in state.hands], state.leader, [], state.sung)
    return diff + (rest if side == 0 else -rest)
