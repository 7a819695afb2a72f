"""The arrastre solver against a plain minimax over the engine itself."""

from __future__ import annotations

import dataclasses
import math
import random

import pytest

from guinote_tui.ai.bench import random_positions
from guinote_tui.ai.policy import declaration
from guinote_tui.ai.search import VUELTAS_SCALE, juego_value
from guinote_tui.ai.solver import ArrastreSolver, JuegoSolver
from guinote_tui.ai.tables import mask_of, tables_for
from guinote_tui.engine import PASS, HandState, Play


def brute_force(state: HandState) -> int:
    """Side 0 minus side 1 over the rest of the hand, every card tried, cantes sung greedily."""
    if state.is_over:
        return 0
    legal = state.legal_actions()
    tables = tables_for(state.rules, state.trump)
    before = state.points[0] - state.points[1]
    if state.stage != "play" or any(not isinstance(a, Play) for a in legal):
        sing = declaration([a for a in legal if type(a).__name__ == "Sing"], state.trump, None, tables)
        child = state.copy()
        if sing is not None:
            child.apply(sing)
        elif state.stage != "play":
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
        if not (state.first_of_juego and state.muestra is None and state.stage == "play"):
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


def juego_brute_force(state: HandState, scale: float) -> int:
    """The juego solver's value of ``state`` by minimax over the engine: every card tried, cantes sung greedily."""
    if state.is_over:
        result = state.result
        assert result is not None
        if result.juego_winner is not None:
            outcome = 1.0 if result.juego_winner == 0 else -1.0
        else:
            outcome = math.tanh((result.totals[0] - result.totals[1]) / scale)
        return round(1000 * outcome) * JuegoSolver.OUTCOME + state.points[0] - state.points[1]
    legal = state.legal_actions()
    if state.stage != "play" or any(not isinstance(a, Play) for a in legal):
        tables = tables_for(state.rules, state.trump)
        sing = declaration([a for a in legal if type(a).__name__ == "Sing"], state.trump, None, tables)
        if sing is not None or state.stage != "play":
            child = state.copy()
            child.apply(sing if sing is not None else PASS)
            return juego_brute_force(child, scale)
        legal = [a for a in legal if isinstance(a, Play)]
    values = []
    for action in legal:
        child = state.copy()
        child.apply(action)
        values.append(juego_brute_force(child, scale))
    seat = state.to_move
    assert seat is not None
    return max(values) if seat % 2 == 0 else min(values)


@pytest.mark.parametrize(("players", "max_cards"), [(2, 8), (4, 9)])
def test_juego_solver_matches_minimax_over_the_engine(players: int, max_cards: int) -> None:
    # First hands (the target, treinta malas, the last trick) and hands de vueltas (the race).
    found = {True: 0, False: 0}
    for state in random_positions(players, "aragones", seed=23 + players, hands=90):
        if state.muestra is not None or state.stage != "play" or sum(len(h) for h in state.hands) > max_cards:
            continue
        if not all(isinstance(a, Play) for a in state.legal_actions()) or found[state.first_of_juego] >= 12:
            continue
        found[state.first_of_juego] += 1
        scale = 30.0
        solver = JuegoSolver(state.rules, state.trump, players, scale)
        solver.set_score(
            (state.points[0], state.points[1]),
            (state.card_points[0], state.card_points[1]),
            state.carried,
            state.first_of_juego,
        )
        hands = [mask_of(h) for h in state.hands]
        values = solver.action_values(hands, state.leader, list(state.trick), state.sung)
        seat = state.to_move
        assert seat is not None
        sign = 1 if seat % 2 == 0 else -1
        for action in state.legal_actions():
            child = state.copy()
            child.apply(action)
            assert values[action.card] == sign * juego_brute_force(child, scale), (state.describe(), str(action))
    assert found[True] >= 8 and found[False] >= 8, found


def test_juego_value_of_a_playout_stopped_at_the_arrastre_is_the_solved_juego() -> None:
    # hard's playouts stop where the stock runs out; with the juego objective the rest is solved for the juego.
    checked = 0
    for state in random_positions(2, "aragones", seed=41, hands=40):
        small = sum(len(h) for h in state.hands) <= 8
        if state.muestra is not None or state.stage != "play" or state.trick or not small or checked >= 12:
            continue
        if not all(isinstance(a, Play) for a in state.legal_actions()):
            continue
        checked += 1
        scale = VUELTAS_SCALE[2]
        exact = juego_brute_force(state, scale)
        thousandths = round(exact / JuegoSolver.OUTCOME)
        outcome, diff = thousandths / 1000, exact - thousandths * JuegoSolver.OUTCOME
        solver = JuegoSolver(state.rules, state.trump, 2, scale)
        for side, sign in ((0, 1), (1, -1)):
            expected = 0.7 * 100 * sign * outcome + 0.3 * sign * diff
            assert juego_value(state, side, 0.3, solver) == pytest.approx(expected), state.describe()
    assert checked >= 8


def test_juego_solver_applies_treinta_malas() -> None:
    # One side has 95 points but only 8 from cards (the counters are set by hand): reaching 101 is not
    # enough unless its cards plus the last ten come to 30.
    checked = differs = 0
    for state in random_positions(2, "aragones", seed=29, hands=150):
        if not state.first_of_juego or state.muestra is not None or state.stage != "play" or state.trick:
            continue
        if sum(len(h) for h in state.hands) != 8 or not all(isinstance(a, Play) for a in state.legal_actions()):
            continue
        side = checked % 2
        state.card_points[side] = 8
        state.cante_points[side] = 87
        state.points[side] = 95
        checked += 1
        values = []
        for rules in (state.rules, dataclasses.replace(state.rules, treinta_malas=False)):
            solver = JuegoSolver(rules, state.trump, 2, 30.0)
            solver.set_score(
                (state.points[0], state.points[1]),
                (state.card_points[0], state.card_points[1]),
                state.carried,
                state.first_of_juego,
            )
            values.append(solver.value([mask_of(h) for h in state.hands], state.leader, [], state.sung))
        assert values[0] == juego_brute_force(state, 30.0), state.describe()
        differs += values[0] != values[1]
    assert checked >= 20
    # Without the rule some of these would be won outright.
    assert differs >= 2
