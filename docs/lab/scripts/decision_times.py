"""CPU time of a bot's decisions by the stock left, heads-up (decisions with a choice only).

Usage: python docs/lab/scripts/decision_times.py SPEC SEED HANDS
(process time, so a loaded machine changes it little; positions from guinote_tui.lab.bench.random_positions).
"""

import random, time, sys, collections
from guinote_tui.ai import make_bot, decide
from guinote_tui.lab.bench import random_positions
bot = make_bot(sys.argv[1] if len(sys.argv) > 1 else "expert")
by = collections.defaultdict(list)
for n, state in enumerate(random_positions(2, "aragones", seed=int(sys.argv[2]) if len(sys.argv) > 2 else 77, hands=int(sys.argv[3]) if len(sys.argv) > 3 else 8)):
    if len(state.legal_actions()) < 2: continue
    seat = state.to_move
    t = time.process_time(); decide(bot, state, seat, random.Random(n)); dt = time.process_time() - t
    key = "arrastre" if state.muestra is None else f"stock{len(state.stock)}"
    by[key].append(dt)
allt = sorted(t for v in by.values() for t in v)
print("all n=%d p50=%.3f p99=%.3f max=%.3f" % (len(allt), allt[len(allt)//2], allt[int(len(allt)*0.99)], allt[-1]))
for k in sorted(by, key=lambda k: -max(by[k]))[:8]:
    v = sorted(by[k]); print(k, len(v), "p50=%.3f max=%.3f" % (v[len(v)//2], v[-1]))
