"""Probe: hard's search with a stronger playout (docs/lab/2026-12-stronger-playouts.md).

The search bot ``slow`` is hard's phase-1 search in which every move inside
a playout is chosen by a small search bot of hard's kind
(``hard:samples=INNER``) from the moving seat's own view of the sampled
world, instead of by the rule-based policy. Everything else (the samples
drawn, the exact arrastre) is hard's.

Usage, from the repository with the package installed:

    python docs/lab/scripts/stronger_playouts.py time  --inner 4 --outer 10 --positions 12 --seed 3
    python docs/lab/scripts/stronger_playouts.py match --inner 0 --outer 100 --b hard --deals 200 --seed 48 \\
        --out random.json
    python docs/lab/scripts/stronger_playouts.py match --a normal --b randomcards --deals 1000 --seed 49 \\
        --out randomcards.json
    python docs/lab/scripts/stronger_playouts.py match --inner 4 --outer 10 --b hard:samples=10 \\
        --deals 40 --seed 46 --jobs 1 --out slow.json

``time`` prints the CPU time of ``slow``'s decisions on heads-up phase-1
positions next to hard's at the same outer budget. ``match`` plays a
duplicate heads-up tournament of bot A (``--a``, by default ``slow``;
``randomcards`` is the random playouts' policy as a player) against bot B,
through the library calls of ``guinote tournament``, and writes the report
of the deals finished so far after every chunk (the figures ``guinote
tournament --json`` would print for that many deals).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import time
from array import array
from typing import Any, ClassVar

from guinote_lab.bench import random_positions
from guinote_tui.ai import REGISTRY
from guinote_tui.ai.base import Bot
from guinote_tui.ai.bitmasks import Tables, tables_for
from guinote_tui.ai.determinize import build_state
from guinote_tui.ai.knowledge import Knowledge
from guinote_tui.ai.playouts import final_diff
from guinote_tui.ai.policy import settled_action
from guinote_tui.ai.search import HardBot, SearchSettings
from guinote_tui.engine import PLAY, Action, HandState, Play, Rules, SeatView, Stage
from guinote_tui.engine.views import seat_view
from guinote_tui.tournament.report import TournamentReport
from guinote_tui.tournament.runner import TournamentConfig, run_chunks


class SlowBot(HardBot):
    """Hard's search; inside its playouts every seat moves as ``hard:samples=INNER`` from its own view.

    With ``INNER`` 0 the playouts play a random legal card instead (the cantes
    and the change of the seven still as hard's playouts make them).
    """

    name = "slow"
    SETTINGS: ClassVar[SearchSettings] = SearchSettings()
    #: Samples per card of the search that chooses each move inside a playout.
    INNER: ClassVar[int] = 4

    def _playout_values(
        self, view: SeatView, know: Knowledge, cards: list[int], tables: Tables, rng: random.Random
    ) -> dict[int, float]:
        inner = HardBot(samples=self.INNER, arrastre_samples=2, arrastre_nodes=20_000) if self.INNER else None
        side = view.side
        totals = dict.fromkeys(cards, 0.0)
        for deal in self._deals(view, know, rng, self.settings.samples):
            base = build_state(view, deal)
            for card in cards:
                state = base.copy()
                state.apply(PLAY[card])
                searched_playout(state, tables, inner, rng)
                totals[card] += final_diff(state, side)
        return {c: totals[c] / self.settings.samples for c in cards}


def searched_playout(state: HandState, tables: Tables, inner: HardBot | None, rng: random.Random) -> None:
    """Play ``state`` to the end, each seat choosing with ``inner`` from its own view (None: at random)."""
    while not state.is_over:
        legal = state.legal_actions()
        action = settled_action(legal, state.stage, state.trump, state.muestra, tables)
        if action is None:
            if len(legal) == 1:
                action = legal[0]
            elif inner is None:
                action = rng.choice(legal)
            else:
                seat = state.to_move
                assert seat is not None
                action = inner.choose(seat_view(state, seat, events=False), rng)
        state.apply(action)


class RandomCardsBot(Bot):
    """The random playouts' policy as a player: cantes and the seven as hard's playouts, a random card."""

    name = "randomcards"

    def choose(self, view: SeatView, rng: random.Random) -> Action:
        tables = tables_for(view.rules, view.trump)
        action = settled_action(view.legal, view.stage, view.trump, view.muestra, tables)
        return action if action is not None else rng.choice(view.legal)


def configure(inner: int, outer: int) -> None:
    SlowBot.INNER = inner
    SlowBot.SETTINGS = SearchSettings(samples=outer)
    REGISTRY["slow"] = SlowBot
    REGISTRY["randomcards"] = RandomCardsBot


def phase1_positions(seed: int, count: int) -> list[HandState]:
    out: list[HandState] = []
    for state in random_positions(2, "aragones", seed, 40, 0.1):
        if state.muestra is None or state.stage is not Stage.PLAY:
            continue
        legal = state.legal_actions()
        if len(legal) >= 2 and all(type(a) is Play for a in legal):
            out.append(state)
    random.Random(seed).shuffle(out)
    return out[:count]


def time_decisions(args: argparse.Namespace) -> None:
    configure(args.inner, args.outer)
    bots: dict[str, Any] = {"slow": SlowBot(), f"hard:samples={args.outer}": HardBot(samples=args.outer)}
    for name, bot in bots.items():
        spent = []
        for number, state in enumerate(phase1_positions(args.seed, args.positions)):
            view = seat_view(state, state.to_move)  # type: ignore[arg-type]
            started = time.process_time()
            bot.choose(view, random.Random(number))
            spent.append(time.process_time() - started)
        print(
            f"{name:<18} positions {len(spent):3d}  CPU s per decision: "
            f"median {statistics.median(spent):8.3f}  max {max(spent):8.3f}"
        )


def match(args: argparse.Namespace) -> None:
    configure(args.inner, args.outer)
    config = TournamentConfig(args.a, args.b, 2, Rules.preset("aragones"), args.deals, args.seed, True)
    started = time.perf_counter()
    by_deal: dict[int, Any] = {}
    times: dict[str, array[float]] = {}
    for chunk in run_chunks(config, args.jobs):
        by_deal.update(chunk.deals)
        for spec, spent in chunk.times.items():
            times.setdefault(spec, array("d")).extend(spent)
        done = 0
        while done in by_deal:
            done += 1
        partial = TournamentConfig(args.a, args.b, 2, config.rules, done, args.seed, True)
        report = TournamentReport(
            partial,
            [by_deal[d] for d in range(done)],
            {s: list(v) for s, v in times.items()},
            time.perf_counter() - started,
            args.jobs,
        )
        found = report.to_dict()
        if args.a == "slow":
            found["a"] = f"slow:inner={args.inner},outer={args.outer}"
        with open(args.out + ".tmp", "w") as handle:
            handle.write(json.dumps(found) + "\n")
        os.replace(args.out + ".tmp", args.out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", choices=("time", "match"))
    parser.add_argument("--inner", type=int, default=4)
    parser.add_argument("--outer", type=int, default=10)
    parser.add_argument("--positions", type=int, default=12)
    parser.add_argument("--a", default="slow")
    parser.add_argument("--b", default="hard")
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--seed", type=int, default=46)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--out", default="slow.json")
    args = parser.parse_args()
    (time_decisions if args.what == "time" else match)(args)


if __name__ == "__main__":
    main()
