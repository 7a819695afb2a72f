"""The arrastre solver playing for the points, against a plain minimax over the engine itself.

The minimax tries every card and makes the declarations as the bots do
(:func:`~guinote_tui.ai.policy.declaration`: a tute at once, then the best
cante); a line is worth the engine's own points of the hand (cards, the last
ten, cantes, a tute's forty, a capote's bonus), and a tute that ends the hand
:data:`~guinote_tui.ai.solver.TUTE_HAND_POINTS`.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

from guinote_lab.bench import random_positions
from guinote_tui.ai.bitmasks import mask_of, tables_for
from guinote_tui.ai.policy import declaration
from guinote_tui.ai.solver import TUTE_HAND_POINTS, ArrastreSolver, points_solver
from guinote_tui.engine import CARDS, PASS, Card, HandState, Play, Rules, Stage, Termination

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))
from engine_setup import arrastre
from solver_minimax import check_values


def final(state: HandState) -> int:
    """Side 0 minus side 1 at the end of the hand under best play (declarations as the bots make them)."""
    if state.is_over:
        diff = state.points[0] - state.points[1]
        result = state.result
        if result is not None and result.reason is Termination.TUTE:
            diff += TUTE_HAND_POINTS if result.juego_winner == 0 else -TUTE_HAND_POINTS
        return diff
    legal = state.legal_actions()
    plays = [a for a in legal if isinstance(a, Play)]
    others = [a for a in legal if not isinstance(a, Play)]
    if others:
        action = declaration(others, state.trump, None, tables_for(state.rules, state.trump))
        if action is not None or state.stage is not Stage.PLAY:
            child = state.copy()
            child.apply(action if action is not None else PASS)
            return final(child)
    seat = state.to_move
    assert seat is not None
    values = []
    for action in plays:
        child = state.copy()
        child.apply(action)
        values.append(final(child))
    return max(values) if seat % 2 == 0 else min(values)


def check(state: HandState) -> dict[int, int]:
    """The points solver's value of every legal card equals the minimax's; returns the values."""
    return check_values(state, points_solver(state), final)


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
        check(state)


def with_capote_at_stake(state: HandState, side: int) -> HandState:
    """A copy of ``state`` in which ``side`` took every trick so far (the other side none)."""
    other = state.copy()
    other.tricks_won = [0, 0]
    other.tricks_won[side] = len(state.tricks)
    return other


@pytest.mark.parametrize(("players", "max_cards"), [(2, 8), (4, 9)])
def test_the_points_solver_counts_the_capote(players: int, max_cards: int) -> None:
    positions = arrastre_positions(players, "libre-100", max_cards, 12)
    assert len(positions) >= 10
    decided = 0
    for number, state in enumerate(positions):
        capote = check(with_capote_at_stake(state, number % 2))
        # Without the capote at stake the same cards are worth less to the side that may take every trick.
        plain = check(state)
        decided += capote != plain
    assert decided >= 3


def tute_positions(rules: Rules, count: int, seed: int) -> list[HandState]:
    """Heads-up arrastre positions after the first lead (a low trump), seat 0 holding four of a tute's rank, the
    muestra and a high trump."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        rank = rng.choice(rules.tute_ranks)
        fours = [Card.of(rank, suit) for suit in range(4)]
        rest = [c for c in CARDS if c not in fours]
        rng.shuffle(rest)
        muestra = rest.pop()
        # A high trump besides, to take a trick with; the other seat leads a low trump.
        high = Card.of(1 if muestra.rank != 1 else 3, muestra.suit)
        low = Card.of(2 if muestra.rank != 2 else 4, muestra.suit)
        rest.remove(high)
        rest.remove(low)
        hands = {0: " ".join(str(c) for c in [*fours, high]), 1: " ".join(str(c) for c in [low, *rest[:5]])}
        state = arrastre(hands, muestra=str(muestra), leader=1, players=2, rules=rules)
        state.apply(Play(low))
        if state.stage is Stage.PLAY and all(isinstance(a, Play) for a in state.legal_actions()):
            out.append(state)
    return out


@pytest.mark.parametrize("tute", ["juego", "points40"])
def test_the_points_solver_declares_a_tute(tute: str) -> None:
    seed = len(tute)
    # The same cards without the tute: it changes what some cards are worth.
    plain = [check(state) for state in tute_positions(Rules(tute="off"), 5, seed)]
    tutes = [check(state) for state in tute_positions(Rules(tute=tute), 5, seed)]  # type: ignore[arg-type]
    assert sum(a != b for a, b in zip(plain, tutes, strict=True)) >= 3


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
