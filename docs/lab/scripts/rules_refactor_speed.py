"""Speed of the engine and of what the search calls in it, before and after "the rules in one place".

    python docs/lab/scripts/rules_refactor_speed.py                      # one round, the installed package
    python docs/lab/scripts/rules_refactor_speed.py --alternate OLD NEW --rounds 9 [--only engine4 engine2]

One round measures, in process CPU time (other work on the machine slows the
wall clock far more):

* ``engine4``, ``engine2``: random legal actions applied per CPU second,
  200 hands at four seats and at two (as docs/lab/scripts/engine_speed.py);
* ``solver_points``, ``solver_juego``: milliseconds per exact solve of every
  card (``action_values``) at the first arrastre trick heads-up (six cards
  each), for the points and for the juego, and ``solver_pairs`` in pairs with
  five cards each (20 cards), for the points;
* ``knowledge``: card countings (``Knowledge.from_view``) per CPU second at
  every arrastre decision of some hands, both table sizes;
* ``hard``: milliseconds per decision of ``hard:samples=10`` over the
  positions of a few hands, both table sizes.

With ``--alternate`` the two checkouts' packages (``OLD/guinote_tui`` and
``NEW/guinote_tui``) are copied under other names and imported side by side
into this one process; figure by figure, each round measures both, one right
after the other, in alternating order. It prints every figure's median and
best per checkout and the median of the rounds' ratios (new over old):
alternating in one process keeps the machine's load, the interpreter and its
hash seed the same for both. Only APIs present before and after are used.
"""

from __future__ import annotations

import argparse
import importlib
import json
import random
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))
from engine_speed import actions_per_cpu_second


def _module(package: str, name: str) -> ModuleType:
    return importlib.import_module(f"{package}.{name}")


def engine_rate(package: str, players: int, hands: int = 200) -> float:
    return actions_per_cpu_second(hands, players, _module(package, "engine"))


def _arrastre_states(package: str, players: int, cards: int, hands: int) -> list[Any]:
    engine = _module(package, "engine")
    bench = _module(package, "lab.bench")
    return [
        s
        for s in bench.random_positions(players, "aragones", seed=5, hands=hands)
        if s.muestra is None
        and s.stage is engine.Stage.PLAY
        and not s.trick
        and sum(len(h) for h in s.hands) == cards
        and all(type(a) is engine.Play for a in s.legal_actions())
    ]


def solver_ms(package: str, players: int, cards: int, hands: int, juego: bool) -> float:
    solver = _module(package, "ai.solver")
    tables = _module(package, "ai.tables")
    states = _arrastre_states(package, players, cards, hands)
    started = time.process_time()
    for state in states:
        made = solver.juego_solver(state) if juego else solver.ArrastreSolver(state.rules, state.trump, players)
        made.action_values([tables.mask_of(h) for h in state.hands], state.leader, [], state.sung)
    return (time.process_time() - started) * 1000 / len(states)


def knowledge_rate(package: str) -> float:
    knowledge = _module(package, "ai.knowledge")
    engine = _module(package, "engine")
    bench = _module(package, "lab.bench")
    views = [
        engine.seat_view(s, s.to_move)
        for players in (2, 4)
        for s in bench.random_positions(players, "libre-100", seed=3, hands=40)
        if s.muestra is None and s.to_move is not None
    ]
    started = time.process_time()
    for _ in range(5):
        for view in views:
            knowledge.Knowledge.from_view(view)
    return 5 * len(views) / (time.process_time() - started)


def hard_ms(package: str) -> float:
    ai = _module(package, "ai")
    bench = _module(package, "lab.bench")
    bot = ai.make_bot("hard:samples=10")
    spent = 0.0
    count = 0
    for players in (2, 4):
        for number, state in enumerate(bench.random_positions(players, "aragones", seed=2, hands=4)):
            seat = state.to_move
            assert seat is not None
            started = time.process_time()
            ai.decide(bot, state, seat, random.Random(number))
            spent += time.process_time() - started
            count += 1
    return spent * 1000 / count


FIGURES: dict[str, Callable[[str], float]] = {
    "engine4": lambda package: engine_rate(package, 4),
    "engine2": lambda package: engine_rate(package, 2),
    "solver_points": lambda package: solver_ms(package, 2, 12, 150, juego=False),
    "solver_juego": lambda package: solver_ms(package, 2, 12, 150, juego=True),
    "solver_pairs": lambda package: solver_ms(package, 4, 20, 40, juego=False),
    "knowledge": knowledge_rate,
    "hard": hard_ms,
}


#: The figures that are rates (higher is faster); the others are times.
RATES = ("engine4", "engine2", "knowledge")


def one_round(package: str, only: list[str]) -> dict[str, float]:
    return {name: figure(package) for name, figure in FIGURES.items() if not only or name in only}


def alternate(folders: list[str], rounds: int, only: list[str]) -> None:
    names = ["gt_old", "gt_new"]
    place = Path(tempfile.mkdtemp(prefix="rules-speed-"))
    for folder, name in zip(folders, names, strict=True):
        shutil.copytree(Path(folder) / "guinote_tui", place / name, ignore=shutil.ignore_patterns("__pycache__"))
    sys.path.insert(0, str(place))
    runs: dict[str, dict[str, list[float]]] = {name: {} for name in names}
    for key, figure in FIGURES.items():
        if only and key not in only:
            continue
        for number in range(rounds):
            # Figure by figure, the two checkouts one right after the other, in alternating order.
            for name in names if number % 2 == 0 else names[::-1]:
                runs[name].setdefault(key, []).append(figure(name))
        old, new = runs["gt_old"][key], runs["gt_new"][key]
        print(f"{key}: old {[round(v, 2) for v in old]} new {[round(v, 2) for v in new]}", flush=True)
    shutil.rmtree(place)
    print(f"{'figure':<15}{'old median':>12}{'new median':>12}{'old best':>12}{'new best':>12}{'new/old':>10}")
    for key in runs["gt_old"]:
        old, new = runs["gt_old"][key], runs["gt_new"][key]
        # Rates: the best is the highest; times: the lowest.
        best = max if key in RATES else min
        ratio = statistics.median(n / o for n, o in zip(new, old, strict=True))
        print(
            f"{key:<15}{statistics.median(old):>12.2f}{statistics.median(new):>12.2f}"
            f"{best(old):>12.2f}{best(new):>12.2f}{ratio:>10.3f}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--alternate", nargs=2, metavar=("OLD", "NEW"), help="two checkouts to alternate")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--only", nargs="*", default=[], help=f"only these figures ({', '.join(FIGURES)})")
    args = parser.parse_args()
    if args.alternate:
        alternate(list(args.alternate), args.rounds, args.only)
        return
    print(json.dumps({k: round(v, 3) for k, v in one_round("guinote_tui", args.only).items()}))


if __name__ == "__main__":
    main()
