"""Speed of the engine and of what the search calls in it, before and after "the rules in one place".

    python docs/lab/scripts/rules_refactor_speed.py                      # one round, the installed package
    python docs/lab/scripts/rules_refactor_speed.py --alternate OLD NEW --rounds 15 [--only engine4 engine2]
    valgrind --tool=callgrind --callgrind-out-file=/dev/null \\
        python docs/lab/scripts/rules_refactor_speed.py --work hard --checkout OLD --reps 3

The figures, each timed in process CPU time (other work on the machine slows
the wall clock far more):

* ``engine4``, ``engine2``: random legal actions applied per CPU second,
  1,500 hands at four seats and at two (docs/lab/scripts/engine_speed.py);
* ``solver_points``, ``solver_juego``: milliseconds per exact solve of every
  card (``action_values``) at the first arrastre trick heads-up (six cards
  each; the 41 such positions of 60 hands), for the points and for the juego,
  and ``solver_pairs`` in pairs with five cards each (20 cards; 17 positions),
  for the points;
* ``knowledge``: card countings (``Knowledge.from_view``) per CPU second at
  the 726 arrastre decisions of 20 hands at each table size;
* ``hard``: milliseconds per decision of ``hard:samples=10`` over the 83
  positions of one hand at each table size.

With ``--alternate`` the two checkouts' packages (``OLD/guinote_tui`` and
``NEW/guinote_tui``) are copied under other names and imported side by side
into this one process; figure by figure, each round measures both, one right
after the other, in alternating order. It prints every figure's median and
best per checkout and the median of the rounds' ratios (new over old):
alternating in one process keeps the machine's load, the interpreter and its
hash seed the same for both.

With ``--work`` it prepares one figure in one checkout and does its work
``--reps`` times, untimed: under callgrind, the instructions of ``--reps 3``
less those of ``--reps 1`` are those of the work done twice, the
interpreter's start and the preparation cancelled; unlike a clock, the count
does not move with the machine's load. Only APIs present before and after
are used.
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
from engine_speed import deal_decks, play_random

#: A figure's work, ready to run: it returns how many items (actions, solves, views, decisions) it did.
Work = Callable[[], int]


def _module(package: str, name: str) -> ModuleType:
    return importlib.import_module(f"{package}.{name}")


def engine_work(package: str, players: int) -> Work:
    decks = deal_decks(1500)
    engine = _module(package, "engine")
    return lambda: play_random(decks, players, engine)


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


def solver_work(package: str, players: int, cards: int, hands: int, juego: bool, passes: int) -> Work:
    solver = _module(package, "ai.solver")
    tables = _module(package, "ai.tables")
    states = _arrastre_states(package, players, cards, hands)

    def work() -> int:
        for _ in range(passes):
            for state in states:
                made = solver.juego_solver(state) if juego else solver.ArrastreSolver(state.rules, state.trump, players)
                made.action_values([tables.mask_of(h) for h in state.hands], state.leader, [], state.sung)
        return passes * len(states)

    return work


def knowledge_work(package: str) -> Work:
    knowledge = _module(package, "ai.knowledge")
    engine = _module(package, "engine")
    bench = _module(package, "lab.bench")
    views = [
        engine.seat_view(s, s.to_move)
        for players in (2, 4)
        for s in bench.random_positions(players, "libre-100", seed=3, hands=20)
        if s.muestra is None and s.to_move is not None
    ]

    def work() -> int:
        for _ in range(10):
            for view in views:
                knowledge.Knowledge.from_view(view)
        return 10 * len(views)

    return work


def hard_work(package: str) -> Work:
    ai = _module(package, "ai")
    bench = _module(package, "lab.bench")
    bot = ai.make_bot("hard:samples=10")
    states = [s for players in (2, 4) for s in bench.random_positions(players, "aragones", seed=2, hands=1)]

    def work() -> int:
        for number, state in enumerate(states):
            ai.decide(bot, state, state.to_move, random.Random(number))
        return len(states)

    return work


FIGURES: dict[str, Callable[[str], Work]] = {
    "engine4": lambda package: engine_work(package, 4),
    "engine2": lambda package: engine_work(package, 2),
    "solver_points": lambda package: solver_work(package, 2, 12, 60, juego=False, passes=3),
    "solver_juego": lambda package: solver_work(package, 2, 12, 60, juego=True, passes=2),
    "solver_pairs": lambda package: solver_work(package, 4, 20, 20, juego=False, passes=1),
    "knowledge": knowledge_work,
    "hard": hard_work,
}
#: The figures that are rates (items per CPU second, higher is faster); the others are milliseconds per item.
RATES = ("engine4", "engine2", "knowledge")


def measure(name: str, package: str) -> float:
    work = FIGURES[name](package)
    started = time.process_time()
    items = work()
    spent = time.process_time() - started
    return items / spent if name in RATES else spent * 1000 / items


def one_round(package: str, only: list[str]) -> dict[str, float]:
    return {name: measure(name, package) for name in FIGURES if not only or name in only}


def _import_as(folder: str, name: str, place: Path) -> None:
    shutil.copytree(Path(folder) / "guinote_tui", place / name, ignore=shutil.ignore_patterns("__pycache__"))


def alternate(folders: list[str], rounds: int, only: list[str]) -> None:
    names = ["gt_old", "gt_new"]
    place = Path(tempfile.mkdtemp(prefix="rules-speed-"))
    for folder, name in zip(folders, names, strict=True):
        _import_as(folder, name, place)
    sys.path.insert(0, str(place))
    runs: dict[str, dict[str, list[float]]] = {name: {} for name in names}
    for key in FIGURES:
        if only and key not in only:
            continue
        for number in range(rounds):
            # Figure by figure, the two checkouts one right after the other, in alternating order.
            for name in names if number % 2 == 0 else names[::-1]:
                runs[name].setdefault(key, []).append(measure(key, name))
        old, new = runs["gt_old"][key], runs["gt_new"][key]
        print(f"{key}: old {[round(v, 2) for v in old]} new {[round(v, 2) for v in new]}", flush=True)
    shutil.rmtree(place)
    print(f"{'figure':<15}{'old median':>12}{'new median':>12}{'old best':>12}{'new best':>12}{'new/old':>10}")
    for key in runs["gt_old"]:
        old, new = runs["gt_old"][key], runs["gt_new"][key]
        best = max if key in RATES else min
        ratio = statistics.median(n / o for n, o in zip(new, old, strict=True))
        print(
            f"{key:<15}{statistics.median(old):>12.2f}{statistics.median(new):>12.2f}"
            f"{best(old):>12.2f}{best(new):>12.2f}{ratio:>10.3f}"
        )


def repeat_work(name: str, checkout: str, reps: int) -> None:
    place = Path(tempfile.mkdtemp(prefix="rules-work-"))
    _import_as(checkout, "gt_work", place)
    sys.path.insert(0, str(place))
    try:
        work = FIGURES[name]("gt_work")
        for _ in range(reps):
            work()
    finally:
        shutil.rmtree(place)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--alternate", nargs=2, metavar=("OLD", "NEW"), help="two checkouts to alternate")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--only", nargs="*", default=[], help=f"only these figures ({', '.join(FIGURES)})")
    parser.add_argument("--work", choices=list(FIGURES), help="do one figure's work, untimed (for callgrind)")
    parser.add_argument("--checkout", help="with --work: the checkout whose package does it")
    parser.add_argument("--reps", type=int, default=1, help="with --work: how many times")
    args = parser.parse_args()
    if args.work:
        repeat_work(args.work, args.checkout or ".", args.reps)
    elif args.alternate:
        alternate(list(args.alternate), args.rounds, args.only)
    else:
        print(json.dumps({k: round(v, 3) for k, v in one_round("guinote_tui", args.only).items()}))


if __name__ == "__main__":
    main()
