"""What the solver tests share: every legal card's exact value against a minimax over the engine itself."""

from __future__ import annotations

from collections.abc import Callable

from guinote_tui.ai.bitmasks import mask_of
from guinote_tui.ai.solver import ArrastreSolver
from guinote_tui.engine import HandState


def check_values(state: HandState, solver: ArrastreSolver, final: Callable[[HandState], int]) -> dict[int, int]:
    """The solver's value of every legal card (for the seat to move) is the minimax's: ``final`` of the position
    after the card (side 0's value of the line at its end) less side 0's lead so far; returns the solver's values."""
    hands = [mask_of(h) for h in state.hands]
    values = solver.action_values(hands, state.leader, list(state.trick), state.sung)
    seat = state.to_move
    assert seat is not None
    sign = 1 if seat % 2 == 0 else -1
    before = state.points[0] - state.points[1]
    assert set(values) == {a.card for a in state.legal_actions()}
    for action in state.legal_actions():
        child = state.copy()
        child.apply(action)
        expected = final(child) - before
        assert values[action.card] == sign * expected, (state.describe(), state.carried, str(action))
    assert solver.value(hands, state.leader, list(state.trick), state.sung) == sign * max(values.values())
    return values
