"""Decision cost counted in playout moves (load-independent), with the CPU time, on the bench's positions.

Usage: python docs/lab/scripts/decision_work.py SEED HANDS SPEC [SPEC ...]
The positions and generators are guinote_lab.bench's (``--seed SEED --hands HANDS``, both table sizes, forced
moves included). For each search bot spec and table size: the percentiles of the moves played in phase-1 playouts
per decision (each card played out on a deal counts the cards still to play: the hands and the stock), which
decide a phase-1 decision's time and do not move with the machine's load, and of the process's CPU ms.
"""

import random
import sys
import time

from guinote_lab.bench import percentiles, random_positions
from guinote_tui.ai import decide, make_bot
from guinote_tui.ai.search import HardBot


def main() -> None:
    seed, hands, specs = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3:]
    print(
        f"{'bot':<52}{'players':>8}{'n':>5}{'moves p50':>11}{'p95':>9}{'p99':>9}{'max':>9}"
        f"{'CPU ms p50':>12}{'p95':>7}{'p99':>7}{'max':>7}"
    )
    for spec in specs:
        for players in (2, 4):
            bot = make_bot(spec)
            assert isinstance(bot, HardBot)
            counted = [0]
            original = bot._play_deal

            def play_deal(view, deal, cards, tables, leaf, original=original, counted=counted):  # type: ignore[no-untyped-def]
                left = sum(len(h) for h in deal.hands.values()) + len(deal.stock) + len(view.hand)
                counted[0] += len(cards) * left
                return original(view, deal, cards, tables, leaf)

            bot._play_deal = play_deal  # type: ignore[method-assign]
            work: list[float] = []
            cpu: list[float] = []
            for number, state in enumerate(random_positions(players, "aragones", seed, hands)):
                seat = state.to_move
                assert seat is not None
                counted[0] = 0
                start = time.process_time()
                decide(bot, state, seat, random.Random(seed * 7919 + number))
                cpu.append((time.process_time() - start) * 1000.0)
                work.append(float(counted[0]))
            w, c = percentiles(work), percentiles(cpu)
            print(
                f"{spec:<52}{players:>8}{len(work):>5}{w['p50']:>11.0f}{w['p95']:>9.0f}{w['p99']:>9.0f}"
                f"{w['max']:>9.0f}{c['p50']:>12.0f}{c['p95']:>7.0f}{c['p99']:>7.0f}{c['max']:>7.0f}",
                flush=True,
            )


if __name__ == "__main__":
    main()
