"""CPU time of a bot's decisions by the stock left, heads-up (decisions with a choice only).

Usage: python docs/lab/scripts/decision_times.py SPEC SEED HANDS
(process time, so a loaded machine changes it little; positions from guinote_lab.bench.random_positions).
"""

import collections
import random
import sys
import time

from guinote_lab.bench import random_positions
from guinote_tui.ai import decide, make_bot

spec, seed, hands = (sys.argv[1:] + ["expert", "77", "8"][len(sys.argv) - 1 :])[:3]
bot = make_bot(spec)
by_stock: dict[str, list[float]] = collections.defaultdict(list)
for number, state in enumerate(random_positions(2, "aragones", seed=int(seed), hands=int(hands))):
    if len(state.legal_actions()) < 2:
        continue
    started = time.process_time()
    decide(bot, state, state.to_move, random.Random(number))
    spent = time.process_time() - started
    by_stock["arrastre" if state.muestra is None else f"stock{len(state.stock)}"].append(spent)
every = sorted(t for times in by_stock.values() for t in times)
p50, p99 = every[len(every) // 2], every[int(len(every) * 0.99)]
print(f"all n={len(every)} p50={p50:.3f} p99={p99:.3f} max={every[-1]:.3f}")
for key in sorted(by_stock, key=lambda k: -max(by_stock[k]))[:8]:
    times = sorted(by_stock[key])
    print(key, len(times), f"p50={times[len(times) // 2]:.3f} max={times[-1]:.3f}")
