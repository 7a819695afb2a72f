"""How quickly a hint answers after the player has thought for a while: ``python docs/lab/scripts/hint_after_wait.py``.

Plays hands by the normal bot; at each decision of seat 0 with a choice it
does what the table does on the player's turn (:meth:`ReviewAhead.submit`
with ``quick``), waits ``--wait`` seconds (the player thinking), then asks
for the hint as the table does: the analysis made ahead if one is ready,
else the quick analysis worked out there and then. Prints the share answered
from the analysis made ahead (and how many with the review's own analysis,
which the hint then shows: the hint and the review say the same) and the
latency percentiles (ms) from the key press. The previous decision's deep analysis may still be running, as in play.
"""

from __future__ import annotations

import random
import sys
import time

import click

from guinote_lab.bench import percentiles
from guinote_tui.ai import decide, make_bot
from guinote_tui.coach import COACH_BUDGET, COACH_SEED
from guinote_tui.coach.ahead import HandSpec, ReviewAhead, advise_at, stop_workers
from guinote_tui.engine import Match


@click.command()
@click.option("--players", type=click.Choice(["2", "4"]), default="2", show_default=True)
@click.option("--decisions", type=int, default=40, show_default=True)
@click.option("--wait", type=float, default=2.0, show_default=True, help="Seconds the player thinks.")
@click.option("--seed", type=int, default=1, show_default=True)
def main(players: str, decisions: int, wait: float, seed: int) -> None:
    ahead = ReviewAhead(0)
    bot = make_bot("normal")
    rng = random.Random(seed)
    latencies: list[float] = []
    ahead_hits = refined = 0
    number = 0
    try:
        while len(latencies) < decisions:
            match = Match(int(players), seed=seed * 1000 + number)
            number += 1
            hand = match.hand
            while not hand.is_over and len(latencies) < decisions:
                seat = hand.to_move
                assert seat is not None
                if seat == 0 and len(hand.legal_actions()) > 1:
                    ahead.submit(hand, quick=True)
                    time.sleep(wait)
                    started = time.perf_counter()
                    refined += ahead.refined(hand) is not None  # the review's own analysis is the hint's
                    advice = ahead.ready(hand)
                    if advice is None:
                        advice = advise_at(HandSpec.of(hand), tuple(hand.log), 0, COACH_SEED, COACH_BUDGET)
                    else:
                        ahead_hits += 1
                    latencies.append((time.perf_counter() - started) * 1000)
                match.apply(decide(bot, hand, seat, rng), seat)
            ahead.forget()
    finally:
        stop_workers()
    p = percentiles(latencies)
    click.echo(
        f"{'heads-up' if players == '2' else 'pairs'}, {len(latencies)} hints after {wait:g} s: "
        f"{ahead_hits} answered from the analysis made ahead, {refined} of them the review's own; "
        f"p50 {p['p50']:.0f} ms, p95 {p['p95']:.0f} ms, p99 {p['p99']:.0f} ms, max {p['max']:.0f} ms"
    )
    sys.stdout.flush()


if __name__ == "__main__":
    main()
