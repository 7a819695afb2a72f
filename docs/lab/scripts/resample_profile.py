"""How hard's resampling of near-ties ends, decision by decision, on the bench's positions.

Usage: python docs/lab/scripts/resample_profile.py SPEC PLAYERS SEED HANDS
For each phase-1 decision that resampled: the cards resampled, the extra deals drawn, how it ended (one card left,
or the cap), the CPU seconds of the whole decision; then a summary (the share of decisions ending on the cap and the
CPU percentiles of those that did and did not resample), and for the cap-ended ones the final paired cost and SE
of each card still in the race against the leader.
"""

import random
import sys
import time

from guinote_lab.bench import percentiles, random_positions
from guinote_tui.ai import decide, make_bot
from guinote_tui.ai.search import HardBot


def main() -> None:
    spec, players, seed, hands = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
    bot = make_bot(spec)
    assert isinstance(bot, HardBot)
    log: list[dict[str, object]] = []
    original = bot._resample

    def traced(view, know, tables, rng, race):  # type: ignore[no-untyped-def]
        before = race.deals
        alive_before = list(race.alive)
        original(view, know, tables, rng, race)
        leader = race.leader()
        costs = [race.cost(leader, c) for c in race.alive if c != leader]
        log.append({"start": len(alive_before), "extra": race.deals - before, "left": len(race.alive), "costs": costs})

    bot._resample = traced  # type: ignore[method-assign]
    times_yes: list[float] = []
    times_no: list[float] = []
    cap = []
    for number, state in enumerate(random_positions(players, "aragones", seed, hands)):
        rng = random.Random(seed * 7919 + number)  # the bench's generator for this position
        seat = state.to_move
        assert seat is not None
        if len(state.legal_actions()) < 2:
            continue
        n = len(log)
        start = time.process_time()
        decide(bot, state, seat, rng)
        spent = time.process_time() - start
        if len(log) > n and log[-1]["extra"]:
            times_yes.append(spent)
            entry = log[-1]
            if entry["left"] > 1:  # type: ignore[operator]
                cap.append((spent, entry))
        else:
            times_no.append(spent)
    drew = [e for e in log if e["extra"]]
    print(
        f"{spec} {players}p seed {seed}: {len(times_yes) + len(times_no)} choices, {len(drew)} resampled, "
        f"{len(cap)} ended on the cap"
    )
    print("  CPU resampled", {k: round(v, 3) for k, v in percentiles(times_yes).items()})
    print("  CPU not", {k: round(v, 3) for k, v in percentiles(times_no).items()})
    for spent, entry in sorted(cap, key=lambda x: -x[0])[:15]:
        costs = ", ".join(f"{c:.2f}±{s:.2f}" for c, s in entry["costs"])  # type: ignore[union-attr]
        print(f"  cap {spent:.2f}s start {entry['start']} left {entry['left']}: {costs}")


if __name__ == "__main__":
    main()
