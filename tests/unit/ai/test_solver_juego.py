"""The arrastre solver playing for the juego, against a plain minimax over the engine itself.

The brute force tries every legal action (cards, cantes, tute, passes) and
values each finished hand by the engine's own result
(:func:`guinote_tui.engine.line_value`): the juego it decided, and its points.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

from guinote_lab.bench import random_positions
from guinote_tui.ai.bitmasks import mask_of
from guinote_tui.ai.solver import juego_solver, juego_solver_for_view
from guinote_tui.engine import JUEGO, HandState, Play, Rules, Stage, line_value, parse_action, seat_view

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))
from engine_setup import arrastre
from solver_minimax import check_values


def brute_force(state: HandState) -> int:
    """The engine's line value (side 0) of the rest of the hand under best play by both sides."""
    if state.is_over:
        return line_value(state)
    seat = state.to_move
    assert seat is not None
    values = []
    for action in state.legal_actions():
        child = state.copy()
        child.apply(action)
        values.append(brute_force(child))
    return max(values) if seat % 2 == 0 else min(values)


def with_score(state: HandState, carried: tuple[int, int], first_of_juego: bool) -> HandState:
    """A copy of ``state`` as if the sides had carried ``carried`` into a hand (first of its juego or not)."""
    other = state.copy()
    other.carried = carried
    other.first_of_juego = first_of_juego
    other._instant = other.rules.vueltas and not first_of_juego
    return other


def check(state: HandState) -> bool:
    """The solver's value of every legal card equals the brute force; says whether a juego was at stake."""
    values = check_values(state, juego_solver(state), brute_force)
    return any(abs(v) > JUEGO // 2 for v in values.values())


def small_positions(players: int, preset: str, max_cards: int, seed: int, hands: int = 80) -> list[HandState]:
    out = []
    for state in random_positions(players, preset, seed=seed, hands=hands):
        if state.muestra is not None or state.stage is not Stage.PLAY:
            continue
        if sum(len(h) for h in state.hands) <= max_cards and all(isinstance(a, Play) for a in state.legal_actions()):
            out.append(state)
    random.Random(seed).shuffle(out)
    return out


@pytest.mark.parametrize(
    ("players", "preset", "max_cards"),
    [(2, "aragones", 8), (2, "libre-100", 8), (4, "aragones", 9), (4, "libre-100", 9)],
)
def test_juego_solver_matches_minimax_over_the_engine(players: int, preset: str, max_cards: int) -> None:
    rng = random.Random(players)
    at_stake = 0
    positions = small_positions(players, preset, max_cards, seed=21 + players)[:20]
    assert len(positions) >= 10
    for state in positions:
        at_stake += check(state)
        # The same cards near the target: de vueltas (each side a few points short) and the first hand.
        target = state.rules.target
        near = tuple(max(0, target - state.points[side] - rng.randrange(1, 25)) for side in (0, 1))
        at_stake += check(with_score(state, (near[0], near[1]), False))
        if not state.first_of_juego:
            at_stake += check(with_score(state, (0, 0), True))
    assert at_stake >= 10


@pytest.mark.parametrize("both_reach", ["last_trick", "higher_score"])
def test_juego_solver_with_both_sides_reaching(both_reach: str) -> None:
    rules = Rules(both_reach=both_reach)  # type: ignore[arg-type]
    positions = small_positions(2, "aragones", 8, seed=5)[:12]
    assert len(positions) >= 10
    for state in positions:
        # The same cards under the other rule, in a first hand and de vueltas with both sides close.
        moved = state.copy()
        moved.rules = rules
        check(with_score(moved, (0, 0), True))
        check(with_score(moved, (70, 70), False))


@pytest.mark.parametrize("tute", ["juego", "points40", "off"])
def test_juego_solver_declares_a_tute(tute: str) -> None:
    rules = Rules(tute=tute)  # type: ignore[arg-type]
    state = arrastre({0: "12O 12C 12E 12B 1B", 1: "4B 5E 6E 7E 4C 5C"}, muestra="2O", leader=1, players=2, rules=rules)
    state.apply(parse_action("4B"))
    # Seat 0 must take the 4B: with its As it keeps the four reyes and five cards, with the rey it breaks them.
    assert sorted(str(a) for a in state.legal_actions()) == ["12B", "1B"]
    check(state)
    values = juego_solver(state).action_values(
        [mask_of(h) for h in state.hands], state.leader, list(state.trick), state.sung
    )
    if tute == "juego":
        assert values[30] == JUEGO + 11
        assert values[39] < JUEGO // 2
    else:
        # The tute's forty (or nothing) is worth points only.
        assert all(-JUEGO // 2 < value < JUEGO // 2 for value in values.values())


def with_malas(state: HandState, side: int, points: int, card_points: int) -> HandState:
    """A copy of ``state`` as a first hand in which ``side`` has ``points``, ``card_points`` of them from cards
    (the rest sung): where treinta malas may refuse it."""
    other = with_score(state, (0, 0), True)
    other.points[side] = points
    other.card_points[side] = card_points
    other.cante_points[side] = points - card_points
    return other


def test_juego_solver_applies_treinta_malas() -> None:
    rng = random.Random(3)
    without = Rules(treinta_malas=False)
    bites = 0
    positions = small_positions(2, "aragones", 8, seed=9)[:40]
    assert len(positions) == 40
    for state in positions:
        side = rng.randrange(2)
        changed = with_malas(state, side, state.rules.target + rng.randrange(-10, 10), rng.randrange(5, 30))
        check(changed)
        # The rule changes the outcome here (so the check above is one that treinta malas decides).
        lax = changed.copy()
        lax.rules = without
        bites += brute_force(lax) != brute_force(changed)
    assert bites >= 5


def test_the_solver_from_a_view_is_the_solver_from_the_state() -> None:
    for state in small_positions(2, "aragones", 10, seed=13)[:15]:
        state = with_score(state, (state.rules.target - 30, 60), False) if state.first_of_juego else state
        seat = state.to_move
        assert seat is not None
        hands = [mask_of(h) for h in state.hands]
        from_view = juego_solver_for_view(seat_view(state, seat))
        from_state = juego_solver(state)
        assert from_view.acc == from_state.acc
        args = (hands, state.leader, list(state.trick), state.sung)
        assert from_view.action_values(*args) == from_state.action_values(*args)
