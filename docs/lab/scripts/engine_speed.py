"""Random self-play actions per CPU second: the engine alone (no bots, no views), four seats.

    python docs/lab/scripts/engine_speed.py [HANDS]

Deals HANDS hands (1,500 by default) from fixed shuffles and plays each out with uniformly random
legal actions, counting the actions applied per second of process CPU time. Run it alternately
with an older checkout and compare medians: single runs vary by tens of percent on a shared
machine.
"""

from __future__ import annotations

import random
import sys
import time
from types import ModuleType


def deal_decks(hands: int) -> list[list[int]]:
    """``hands`` shuffled deck orders, from a fixed seed."""
    rng = random.Random(1)
    decks = []
    for _ in range(hands):
        deck = list(range(40))
        rng.shuffle(deck)
        decks.append(deck)
    return decks


def play_random(decks: list[list[int]], players: int, engine: ModuleType) -> int:
    """Play a hand from each deck with uniformly random legal actions; returns how many actions were applied."""
    rules = engine.Rules()
    applied = 0
    for number, deck in enumerate(decks):
        state = engine.HandState(deck, number % players, rules, players, events=False)
        choose = random.Random(number)
        while not state.is_over:
            state.apply(choose.choice(state.legal_actions()))
            applied += 1
    return applied


def actions_per_cpu_second(hands: int = 1500, players: int = 4, engine: ModuleType | None = None) -> float:
    """Random legal actions applied per CPU second over ``hands`` hands at ``players`` seats (``engine``: the
    engine package to measure, by default this checkout's)."""
    if engine is None:
        from guinote_tui import engine
    decks = deal_decks(hands)
    started = time.process_time()
    applied = play_random(decks, players, engine)
    return applied / (time.process_time() - started)


if __name__ == "__main__":
    print(round(actions_per_cpu_second(int(sys.argv[1]) if len(sys.argv) > 1 else 1500)))
