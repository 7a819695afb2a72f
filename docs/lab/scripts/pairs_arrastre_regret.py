"""The pairs arrastre: what a search level's card costs on the real deal.

Pairs arrastre decisions (at least two legal cards) from bot hands
(``lab.bench.random_positions``, four seats). Each legal card is solved
exactly on the real deal (every hand open; points of the hand for the
seat's side); a bot's regret is the best card's value minus its card's. The
bots see only their seat's view and sample the hidden hands, so part of the
regret is the price of not seeing them. Prints, per spec, the mean regret
with its 95 % interval, how often it costs 10 points or more, and the
median time per decision.

    python docs/lab/scripts/pairs_arrastre_regret.py [hands] [spec;spec;...]
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections.abc import Iterator

from guinote_lab.bench import random_positions
from guinote_tui.ai import decide, make_bot
from guinote_tui.ai.bitmasks import mask_of
from guinote_tui.ai.solver import ArrastreSolver
from guinote_tui.engine import HandState, Play
from guinote_tui.tournament.stats import mean_ci95


def positions(hands: int) -> Iterator[tuple[HandState, dict[int, int]]]:
    for state in random_positions(4, "aragones", seed=31, hands=hands):
        if state.muestra is not None or state.to_move is None:
            continue
        legal = [a.card for a in state.legal_actions() if isinstance(a, Play)]
        if len(legal) < 2 or len(legal) != len(state.legal_actions()):
            continue
        solver = ArrastreSolver(state.rules, state.trump, 4)
        values = solver.action_values([mask_of(h) for h in state.hands], state.leader, list(state.trick), state.sung)
        yield state, values


def main(hands: int, specs: list[str]) -> None:
    cases = list(positions(hands))
    print(f"{len(cases)} pairs arrastre decisions from {hands} hands; exact values on the real deal")
    first: list[float] = []
    for spec in specs:
        bot = make_bot(spec)
        regrets: list[float] = []
        times = []
        for index, (state, values) in enumerate(cases):
            seat = state.to_move
            assert seat is not None
            start = time.process_time()
            action = decide(bot, state, seat, random.Random(index))
            times.append(time.process_time() - start)
            regrets.append(max(values.values()) - values[action.card])  # type: ignore[union-attr]
        low, high = mean_ci95(regrets)
        big = sum(1 for r in regrets if r >= 10) / len(regrets)
        print(
            f"{spec:<48} regret {statistics.fmean(regrets):5.2f} [{low:.2f}, {high:.2f}]"
            f"  >=10 points {big:5.1%}  p50 {1000 * statistics.median(times):6.1f} ms"
            f"  max {1000 * max(times):6.1f} ms"
        )
        if first:
            diffs = [r - f for r, f in zip(regrets, first, strict=True)]
            low, high = mean_ci95(diffs)
            print(f"{'':<48} paired minus {specs[0]}: {statistics.fmean(diffs):+.2f} [{low:+.2f}, {high:+.2f}]")
        else:
            first = regrets
        sys.stdout.flush()


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    bots = sys.argv[2].split(";") if len(sys.argv) > 2 else ["hard", "hard:arrastre_samples=24,arrastre_nodes=200000"]
    main(n, bots)
