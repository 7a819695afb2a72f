"""The arrastre solver against a plain minimax over the engine itself."""

from __future__ import annotations

import random

import pytest

from guinote_tui.ai.policy import declaration
from guinote_tui.ai.solver import ArrastreSolver
from guinote_tui.ai.tables import mask_of, tables_for
from guinote_tui.engine import PASS, HandState, Play, Stage
from guinote_tui.lab.bench import random_positions


def brute_force(state: HandState) -> int:
    """Side 0 minus side 1 over the rest of the hand, every card tried, cantes sung greedily."""
    if state.is_over:
        return 0
    legal = state.legal_actions()
    tables = tables_for(state.rules, state.trump)
    before = state.points[0] - state.points[1]
    if state.stage is not Stage.PLAY or any(not isinstance(a, Play) for a in legal):
        sing = declaration([a for a in legal if type(a).__name__ == "Sing"], state.trump, None, tables)
        child = state.copy()
        if sing is not None:
            child.apply(sing)
        elif state.stage is not Stage.PLAY:
            child.apply(PASS)
        else:
            return _best(state, [a for a in legal if isinstance(a, Play)], before)
        return child.points[0] - child.points[1] - before + brute_force(child)
    return _best(state, legal, before)


def _best(state: HandState, plays: list, before: int) -> int:
    seat = state.to_move
    assert seat is not None
    values = []
    for action in plays:
        child = state.copy()
        child.apply(action)
        values.append(child.points[0] - child.points[1] - before + brute_force(child))
    return max(values) if seat % 2 == 0 else min(values)


def arrastre_positions(players: int, preset: str, max_cards: int, count: int) -> list[HandState]:
    out = []
    for state in random_positions(players, preset, seed=11 + players, hands=60):
        if not (state.first_of_juego and state.muestra is None and state.stage is Stage.PLAY):
            continue
        small = sum(len(h) for h in state.hands) <= max_cards
        if small and all(isinstance(a, Play) for a in state.legal_actions()):
            out.append(state)
    random.Random(5).shuffle(out)
    return out[:count]


@pytest.mark.parametrize(
    ("players", "preset", "max_cards"),
    [(2, "aragones", 8), (2, "libre-100", 8), (4, "aragones", 9), (4, "libre-100", 9)],
)
def test_solver_matches_minimax_over_the_engine(players: int, preset: str, max_cards: int) -> None:
    positions = arrastre_positions(players, preset, max_cards, 25)
    assert len(positions) >= 10
    for state in positions:
        solver = ArrastreSolver(state.rules, state.trump, players)
        hands = [mask_of(h) for h in state.hands]
        values = solver.action_values(hands, state.leader, list(state.trick), state.sung)
        seat = state.to_move
        assert seat is not None
        sign = 1 if seat % 2 == 0 else -1
        assert set(values) == {a.card for a in state.legal_actions()}
        for action in state.legal_actions():
            child = state.copy()
            child.apply(action)
            expected = child.points[0] - child.points[1] - (state.points[0] - state.points[1]) + brute_force(child)
            assert values[action.card] == sign * expected, (state.describe(), str(action))
        best = max(values.values())
        assert solver.value(hands, state.leader, list(state.trick), state.sung) == sign * best


@pytest.mark.parametrize("players", [2, 4])
def test_cheap_values_keep_the_best_exact_and_bound_the_rest(players: int) -> None:
    positions = arrastre_positions(players, "aragones", 14, 20)
    assert len(positions) >= 10
    for state in positions:
        solver = ArrastreSolver(state.rules, state.trump, players)
        hands = [mask_of(h) for h in state.hands]
        exact = solver.action_values(hands, state.leader, list(state.trick), state.sung)
        cheap = ArrastreSolver(state.rules, state.trump, players).action_values(
            hands, state.leader, list(state.trick), state.sung, order=sorted(exact)[::-1], exact=False
        )
        best = max(exact.values())
        assert max(cheap.values()) == best
        for card, value in cheap.items():
            assert exact[card] <= value <= best
