"""Decision-time benchmark: ``python -m guinote_lab.bench``.

Plays hands from seeded deals (the seats moved by the rule-based policy with
some random moves, so positions vary) and times each bot level on the
decisions of the hands, heads-up and pairs. Prints p50/p95/p99/max in
milliseconds per level. Forced moves (one legal action) are timed too,
unless ``--choices-only`` is given.

:func:`random_positions` is shared with the tests: it yields positions (a
full state and the seat to move) reached by play from seeded deals.
"""

from __future__ import annotations

import math
import random
import sys
import time
from collections.abc import Iterator

import click

from guinote_tui.ai import NormalBot, decide, make_bot, spec_list
from guinote_tui.engine import HandState, Rules


def random_positions(players: int, preset: str, seed: int, hands: int, wildness: float = 0.3) -> Iterator[HandState]:
    """Every decision point of ``hands`` hands dealt from ``seed`` (states are copies).

    Moves are the normal bot's, with probability ``wildness`` a random legal one.
    The hands record no events: no bot reads them, so a decision is timed without them.
    """
    rules = Rules.preset(preset)
    rng = random.Random(seed)
    guide = NormalBot()
    for index in range(hands):
        deck = list(range(40))
        rng.shuffle(deck)
        vueltas = index % 3 == 2
        carried = (rng.randrange(0, 90), rng.randrange(0, 90)) if vueltas else (0, 0)
        state = HandState(
            deck, rng.randrange(players), rules, players, carried, first_of_juego=not vueltas, events=False
        )
        while not state.is_over:
            yield state.copy()
            seat = state.to_move
            assert seat is not None
            legal = state.legal_actions()
            wild = rng.random() < wildness
            state.apply(rng.choice(legal) if wild else decide(guide, state, seat, rng))


def percentiles(samples: list[float]) -> dict[str, float]:
    """p50, p95, p99 and max of ``samples`` (nearest rank)."""
    ordered = sorted(samples)
    if not ordered:
        return {"p50": 0.0, "p95": 0.0, "p99": 0.0, "max": 0.0}

    def rank(p: float) -> float:
        return ordered[min(len(ordered) - 1, max(0, math.ceil(p * len(ordered)) - 1))]

    return {"p50": rank(0.50), "p95": rank(0.95), "p99": rank(0.99), "max": ordered[-1]}


def time_bot(
    spec: str, players: int, preset: str, seed: int, hands: int, choices_only: bool, cpu: bool = False
) -> list[float]:
    """Milliseconds per decision of ``spec`` over the positions of ``hands`` hands.

    With ``cpu`` the process's CPU time is measured instead of the wall clock
    (useful when other work shares the machine).
    """
    clock = time.process_time if cpu else time.perf_counter
    bot = make_bot(spec)
    out: list[float] = []
    for number, state in enumerate(random_positions(players, preset, seed, hands)):
        seat = state.to_move
        assert seat is not None
        if choices_only and len(state.legal_actions()) == 1:
            continue
        rng = random.Random(seed * 7919 + number)
        started = clock()
        decide(bot, state, seat, rng)
        out.append((clock() - started) * 1000.0)
    return out


@click.command()
@click.option(
    "--bots",
    default="easy,normal,hard,expert",
    show_default=True,
    help="Bot specs separated by commas (by semicolons when a spec has parameters).",
)
@click.option("--players", type=click.Choice(["2", "4", "both"]), default="both", show_default=True)
@click.option("--rules", "preset", type=click.Choice(["aragones", "libre-100"]), default="aragones", show_default=True)
@click.option("--hands", type=click.IntRange(1, 10_000), default=10, show_default=True, help="Hands per table size.")
@click.option("--seed", type=int, default=1, show_default=True)
@click.option("--choices-only", is_flag=True, help="Skip forced moves (one legal action).")
@click.option("--cpu", is_flag=True, help="Measure CPU time of this process instead of wall-clock time.")
def main(bots: str, players: str, preset: str, hands: int, seed: int, choices_only: bool, cpu: bool) -> None:
    """Print decision-time percentiles (ms) per bot level, heads-up and pairs."""
    sizes = [2, 4] if players == "both" else [int(players)]
    try:
        specs = spec_list(bots)
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="--bots") from None
    clock = "CPU" if cpu else "wall-clock"
    click.echo(f"{'bot':<28}{'players':>8}{'n':>7}{'p50':>9}{'p95':>9}{'p99':>9}{'max':>9}   ({clock} ms)")
    for spec in specs:
        for size in sizes:
            times = time_bot(spec.strip(), size, preset, seed, hands, choices_only, cpu)
            p = percentiles(times)
            click.echo(
                f"{spec:<28}{size:>8}{len(times):>7}{p['p50']:>9.2f}{p['p95']:>9.2f}{p['p99']:>9.2f}{p['max']:>9.2f}"
            )
            sys.stdout.flush()


if __name__ == "__main__":
    main()
