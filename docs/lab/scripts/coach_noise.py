"""Probe: how noisy one phase-1 card value of the coach is (docs/lab/2026-12-coach-stability.md).

Reads the hands a ``python -m guinote_lab.coach_stability --out FILE`` run
kept and, at seat 0's phase-1 card decisions of the first ``HANDS`` hands of
each table size, plays every legal card out on ``DEALS`` sampled deals the
way the coach's search does (the same deal for every card, the rule-based
playout, ``final_diff``). Prints the per-deal standard deviation of a card's
value and of the difference between the two best cards, and what that makes
the standard error of the gap at the coach's 40 deals.

Usage, from the repository with the package installed:

    python docs/lab/scripts/coach_noise.py FILE [HANDS] [DEALS]
"""

from __future__ import annotations

import json
import math
import random
import statistics as st
import sys
from pathlib import Path

from guinote_tui.ai.bitmasks import tables_for
from guinote_tui.ai.determinize import build_state, sample_deal
from guinote_tui.ai.knowledge import Knowledge
from guinote_tui.ai.playouts import final_diff, playout
from guinote_tui.coach import COACH_BUDGET
from guinote_tui.engine import PLAY, Match, Play, load_history, seat_view


def main(path: str, hands: int, deals: int) -> None:
    stored = json.loads(Path(path).read_text(encoding="utf-8"))["hands"]
    for prefix, label in (("2:", "heads-up"), ("4:", "pairs")):
        chosen = [stored[k] for k in sorted(stored, key=lambda k: int(k[2:])) if k.startswith(prefix)][:hands]
        sd_card: list[float] = []
        sd_gap: list[float] = []
        for entry in chosen:
            match = load_history(entry["history"])
            record = match.records()[0]
            replay = Match(match.players, match.rules, seed=match.seed, dealer=record.dealer, deck=record.deck)
            for index, (who, action) in enumerate(record.actions):
                hand = replay.hand
                if who == 0 and hand.muestra is not None:
                    view = seat_view(hand, 0, events=False)
                    cards = [a.card for a in view.legal if isinstance(a, Play)]
                    if len(cards) >= 2:
                        know = Knowledge.from_view(view)
                        tables = tables_for(view.rules, view.trump)
                        rng = random.Random(index)
                        values: dict[int, list[float]] = {c: [] for c in cards}
                        for _ in range(deals):
                            base = build_state(view, sample_deal(view, know, rng))
                            for card in cards:
                                state = base.copy()
                                state.apply(PLAY[card])
                                playout(state, tables)
                                values[card].append(final_diff(state, view.side))
                        best, second = sorted(cards, key=lambda c: -st.fmean(values[c]))[:2]
                        sd_card.append(st.fmean(st.stdev(values[c]) for c in cards))
                        sd_gap.append(st.stdev([x - y for x, y in zip(values[best], values[second], strict=True)]))
                replay.apply(action, who)
        if not sd_card:
            continue
        se = [s / math.sqrt(COACH_BUDGET.samples) for s in sd_gap]
        print(
            f"{label}: {len(sd_card)} phase-1 decisions, {deals} deals each: per-deal SD of a card's value "
            f"{st.fmean(sd_card):.1f}, of (best - second) {st.fmean(sd_gap):.1f} (median {st.median(sd_gap):.1f}); "
            f"SE of the gap at {COACH_BUDGET.samples} deals {st.fmean(se):.2f} (median {st.median(se):.2f})"
        )


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 6, int(sys.argv[3]) if len(sys.argv) > 3 else 200)
