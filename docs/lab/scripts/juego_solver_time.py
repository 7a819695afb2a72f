"""Probe: what solving the heads-up arrastre for the juego costs (docs/lab/2026-12-juego-model.md).

Takes the heads-up positions at the first trick of the arrastre (six cards
each, nothing led) reached in ``HANDS`` hands of
:func:`guinote_lab.bench.random_positions` (seed 5) and solves each
twice, for the points and for the juego, timing every card's exact value
(``action_values``). Prints the mean time and nodes of each and the slowest
juego solve. Timings depend on the machine; the node counts do not.

Usage, from the repository with the package installed:

    python docs/lab/scripts/juego_solver_time.py [HANDS]
"""

from __future__ import annotations

import sys
import time

from guinote_lab.bench import random_positions
from guinote_tui.ai.bitmasks import mask_of
from guinote_tui.ai.solver import ArrastreSolver, juego_solver
from guinote_tui.engine import Play, Stage


def main(hands: int) -> None:
    positions = [
        s
        for s in random_positions(2, "aragones", seed=5, hands=hands)
        if s.muestra is None
        and s.stage is Stage.PLAY
        and not s.trick
        and sum(len(h) for h in s.hands) == 12
        and all(type(a) is Play for a in s.legal_actions())
    ]
    points_time = juego_time = worst = 0.0
    points_nodes = juego_nodes = 0
    for state in positions:
        args = ([mask_of(h) for h in state.hands], state.leader, [], state.sung)
        started = time.perf_counter()
        plain = ArrastreSolver(state.rules, state.trump, 2)
        plain.action_values(*args)
        points_time += time.perf_counter() - started
        points_nodes += plain.nodes
        started = time.perf_counter()
        juego = juego_solver(state)
        juego.action_values(*args)
        spent = time.perf_counter() - started
        juego_time += spent
        juego_nodes += juego.nodes
        worst = max(worst, spent)
    n = len(positions)
    print(
        f"{n} positions: points {points_time / n * 1000:.1f} ms, {points_nodes / n:.0f} nodes; "
        f"juego {juego_time / n * 1000:.1f} ms, {juego_nodes / n:.0f} nodes, slowest {worst * 1000:.0f} ms"
    )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 150)
