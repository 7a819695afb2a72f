"""Probe: how much the coach's paired differences spread with the stock's draws in seat order (``seat_draws``).

Plays ``HANDS`` hands of normal bots at each table size (seeded), and at seat 0's phase-1 card decisions with two
or more legal cards plays every card out on ``DEALS`` sampled deals the way the coach's search does (the same deal
for every card, the rule-based playout, ``final_diff``), once with the draws as the rules give them (the trick's
winner first) and once in seat order. Prints the per-deal standard deviation of the difference between the two
best cards (by mean) under each, and their ratio decision by decision.

Usage, from the repository with the package installed:

    python docs/lab/scripts/seat_draws_spread.py [HANDS] [DEALS]
"""

from __future__ import annotations

import random
import statistics as st
import sys

from guinote_tui.ai import make_bot
from guinote_tui.ai.base import decide
from guinote_tui.ai.bitmasks import tables_for
from guinote_tui.ai.determinize import build_state, sample_deal
from guinote_tui.ai.knowledge import Knowledge
from guinote_tui.ai.playouts import final_diff, playout
from guinote_tui.engine import PLAY, Match, Play, seat_view


def gap_sd(view, deals: int, seed: int, seat_draws: bool) -> float:  # type: ignore[no-untyped-def]
    cards = [a.card for a in view.legal if isinstance(a, Play)]
    know = Knowledge.from_view(view)
    tables = tables_for(view.rules, view.trump)
    rng = random.Random(seed)
    values: dict[int, list[float]] = {c: [] for c in cards}
    for _ in range(deals):
        base = build_state(view, sample_deal(view, know, rng))
        for card in cards:
            state = base.copy()
            state.apply(PLAY[card])
            playout(state, tables, seat_draws=seat_draws)
            values[card].append(final_diff(state, view.side))
    best, second = sorted(cards, key=lambda c: -st.fmean(values[c]))[:2]
    return st.stdev([x - y for x, y in zip(values[best], values[second], strict=True)])


def main(hands: int, deals: int) -> None:
    bot = make_bot("normal")
    for players, label in ((2, "heads-up"), (4, "pairs")):
        before: list[float] = []
        after: list[float] = []
        for number in range(hands):
            match = Match(players, seed=1000 + number)
            hand = match.hand
            rng = random.Random(number)
            while not hand.is_over:
                seat = hand.to_move
                assert seat is not None
                if seat == 0 and hand.muestra is not None:
                    view = seat_view(hand, 0, events=False)
                    if sum(isinstance(a, Play) for a in view.legal) >= 2:
                        index = len(hand.log)
                        before.append(gap_sd(view, deals, index, False))
                        after.append(gap_sd(view, deals, index, True))
                hand.apply(decide(bot, hand, seat, rng), seat)
        ratios = [a / b for a, b in zip(after, before, strict=True) if b > 0]
        print(
            f"{label}: {len(before)} phase-1 decisions, {deals} deals each: per-deal SD of (best - second) "
            f"winner-first draws mean {st.fmean(before):.1f} (median {st.median(before):.1f}), seat-order draws "
            f"mean {st.fmean(after):.1f} (median {st.median(after):.1f}); ratio seat-order/winner-first, "
            f"decision by decision: median {st.median(ratios):.2f}"
        )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 4, int(sys.argv[2]) if len(sys.argv) > 2 else 100)
