"""The coach's benchmark: ``python -m guinote_lab.coach_bench``.

Prints, for the coach's advice (:func:`guinote_tui.coach.advise` with its
default budget):

* the hint latency (wall-clock p50/p95/p99/max, ms) heads-up and in pairs over
  decisions with a choice taken from self-play (:func:`.bench.random_positions`);
* the agreement of its best card with the exact arrastre solver on heads-up
  arrastre positions (every hand seen: the true values), goal 100 %;
* its mean phase-1 regret against the open-card oracle
  (:func:`.regret.phase1_positions`), beside the hard bot's on the same positions.

A measurement, not a test: the figures depend on the machine (latency) and on
the positions drawn (the seeds make them repeatable).
"""

from __future__ import annotations

import random
import time

import click

from guinote_lab.bench import percentiles, random_positions
from guinote_lab.regret import phase1_positions
from guinote_tui.ai import decide, make_bot
from guinote_tui.ai.bitmasks import mask_of
from guinote_tui.ai.solver import points_solver
from guinote_tui.coach import COACH_BUDGET, advise
from guinote_tui.coach.ahead import HandSpec, advise_at
from guinote_tui.engine import Play, Stage, seat_view
from guinote_tui.tournament.stats import mean, mean_ci95


def latencies(players: int, count: int, seed: int) -> list[float]:
    """Milliseconds per hint on ``count`` decisions with a choice (spread over several hands).

    Timed as the table asks for a hint when nothing was analysed ahead:
    :func:`~guinote_tui.coach.ahead.advise_at` with the quick budget
    (:data:`~guinote_tui.coach.COACH_BUDGET`), which replays the hand's log to
    the position and advises from the seat's view.
    """
    states = [
        s for s in random_positions(players, "aragones", seed, hands=max(4, count // 8)) if len(s.legal_actions()) > 1
    ]
    step = max(1, len(states) // count)
    out = []
    for number, state in enumerate(states[::step][:count]):
        seat = state.to_move
        assert seat is not None
        spec, actions = HandSpec.of(state), tuple(state.log)
        started = time.perf_counter()
        advise_at(spec, actions, seat, number, COACH_BUDGET)
        out.append((time.perf_counter() - started) * 1000.0)
    return out


def solver_agreement(count: int, seed: int) -> tuple[int, int]:
    """(optimal, positions): heads-up arrastre positions where the coach's card is an exact best."""
    optimal = total = 0
    for state in random_positions(2, "aragones", seed, hands=count, wildness=0.3):
        if total == count:
            break
        legal = state.legal_actions()
        if state.muestra is not None or state.stage is not Stage.PLAY or len(legal) < 2:
            continue
        if not all(type(a) is Play for a in legal):
            continue
        seat = state.to_move
        assert seat is not None
        advice = advise(seat_view(state, seat, events=False), random.Random(total))
        solver = points_solver(state)
        exact = solver.action_values([mask_of(h) for h in state.hands], state.leader, list(state.trick), state.sung)
        total += 1
        optimal += isinstance(advice.action, Play) and exact[advice.action.card] == max(exact.values())
    return optimal, total


def phase1_regret(players: int, hands: int, orders: int, seed: int) -> tuple[list[float], list[float]]:
    """The coach's and the hard bot's regrets on the same phase-1 positions."""
    coach: list[float] = []
    hard: list[float] = []
    bot = make_bot("hard")
    for position in phase1_positions(players, "aragones", seed, hands, orders):
        state = position.state
        seat = state.to_move
        assert seat is not None
        advice = advise(seat_view(state, seat, events=False), random.Random(f"coach:{seed}:{position.number}"))
        assert isinstance(advice.action, Play)
        coach.append(position.best - position.values[advice.action.card])
        action = decide(bot, state, seat, random.Random(f"bot:{seed}:{position.number}"))
        assert isinstance(action, Play)
        hard.append(position.best - position.values[action.card])
    return coach, hard


@click.command()
@click.option("--positions", type=click.IntRange(1, 100_000), default=300, show_default=True, help="Latency positions.")
@click.option("--arrastre", type=click.IntRange(1, 100_000), default=500, show_default=True, help="Solver positions.")
@click.option("--hands", type=click.IntRange(1, 10_000), default=6, show_default=True, help="Regret: hands per table.")
@click.option("--orders", type=click.IntRange(1, 10_000), default=40, show_default=True, help="Regret: oracle orders.")
@click.option("--seed", type=int, default=1, show_default=True)
def main(positions: int, arrastre: int, hands: int, orders: int, seed: int) -> None:
    """Print the coach's hint latency, its agreement with the exact solver and its phase-1 regret."""
    for players, label in ((2, "heads-up"), (4, "pairs")):
        times = latencies(players, positions, seed)
        p = percentiles(times)
        click.echo(
            f"latency {label}: {len(times)} hints, p50 {p['p50']:.0f} ms, p95 {p['p95']:.0f} ms, "
            f"p99 {p['p99']:.0f} ms, max {p['max']:.0f} ms"
        )
    optimal, total = solver_agreement(arrastre, seed)
    click.echo(
        f"heads-up arrastre: best card optimal for the exact solver in {optimal}/{total} ({optimal / total:.1%})"
    )
    for players, label in ((2, "heads-up"), (4, "pairs")):
        coach, hard = phase1_regret(players, hands, orders, seed)
        low, high = mean_ci95(coach)
        click.echo(
            f"phase-1 regret {label} ({len(coach)} positions, oracle over {orders} stock orders): "
            f"coach {mean(coach):.2f} [{low:.2f}, {high:.2f}], hard {mean(hard):.2f} points of the hand"
        )


if __name__ == "__main__":
    main()
