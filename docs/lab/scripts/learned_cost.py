"""Probe: what a playout move costs with the learned network against the rule-based policy.

docs/lab/2026-12-learned-player.md. On random positions (every seat to move,
``--hands`` hands per table size), CPU microseconds (median) of:

* ``rule``: hard's playout move, ``policy_action`` on the full state from the
  seat's own perspective (what ``ai/playouts.py`` does per move);
* ``normal``: the normal bot's decision from a view (card counting included);
* ``view``: building the seat's view without events (what the network needs first);
* ``encode``: the network's features of every legal action (``encode``);
* ``net``: the network's batched product on those rows;
* ``net/row``: the same per (position, action).

Usage, from the repository with the package installed:

    OPENBLAS_NUM_THREADS=1 python docs/lab/scripts/learned_cost.py --hands 30 --seed 5
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from functools import partial

from guinote_lab.bench import random_positions
from guinote_lab.learned import encode
from guinote_tui.ai import LearnedBot, NormalBot
from guinote_tui.ai.bitmasks import Tables, tables_for
from guinote_tui.ai.playouts import policy_action
from guinote_tui.engine import HandState, seat_view


def rule_move(state: HandState, tables: Tables) -> object:
    """A playout's move: the policy on a copy of the state (the copy is timed apart and taken off)."""
    return policy_action(state.copy(), tables)


def median_us(samples: list[float]) -> float:
    return statistics.median(samples) * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=30)
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    bot = LearnedBot()
    normal = NormalBot()
    clock = time.process_time
    for players in (2, 4):
        states = [s for s in random_positions(players, "aragones", seed=args.seed, hands=args.hands)]
        states = [s for s in states if s.to_move is not None]
        net = bot.net(players)
        keys = ("rule", "copy", "normal", "view", "encode", "net", "net/row")
        timings: dict[str, list[float]] = {k: [] for k in keys}
        rows_seen = 0
        for state in states:
            seat = state.to_move
            assert seat is not None
            tables = tables_for(state.rules, state.trump)
            view = seat_view(state, seat, events=False)
            rows = encode(view)
            rows_seen += len(rows)
            calls: tuple[tuple[str, Callable[[], object]], ...] = (
                ("rule", partial(rule_move, state, tables)),
                ("copy", state.copy),
                ("normal", partial(normal.choose, view, random.Random(0))),
                ("view", partial(seat_view, state, seat, events=False)),
                ("encode", partial(encode, view)),
                ("net", partial(net.values, rows)),
            )
            for key, call in calls:
                started = clock()
                for _ in range(args.repeat):
                    call()
                timings[key].append((clock() - started) / args.repeat)
            timings["net/row"].append(timings["net"][-1] / len(rows))
            # policy_action's own time: the state's copy (so that the call cannot change it) is taken off.
            timings["rule"][-1] -= timings["copy"][-1]
        timings.pop("copy")
        figures = {k: median_us(v) for k, v in timings.items()}
        print(
            f"{players} players, {len(states)} positions, {rows_seen / len(states):.1f} actions a position: "
            + ", ".join(f"{k} {v:.1f} us" for k, v in figures.items())
        )


if __name__ == "__main__":
    main()
