"""Two bot specs on the same suite positions and bench seeds, compared position by position.

Usage: python docs/lab/scripts/paired_suite.py SUITE SPEC_A SPEC_B SEED [SEED ...]
For each seed (the bench's generator per position, as ``python -m guinote_lab.exploit_suite bench --seed``) prints
each spec's matched count and the discordant positions (A acceptable and B not, and the reverse); then the sums over
the seeds with an exact two-sided sign test on the discordant positions (McNemar's test). Positions on different
seeds are not independent draws of positions (the same 68), so the pooled test speaks of these positions only.
"""

import sys
from math import comb
from pathlib import Path

from guinote_lab.exploit_positions import load
from guinote_lab.exploit_suite import matched, moves


def sign_test(wins: int, losses: int) -> float:
    """Two-sided exact binomial p of ``wins`` against ``losses`` at one half."""
    n = wins + losses
    if not n:
        return 1.0
    tail = sum(comb(n, k) for k in range(min(wins, losses) + 1)) / 2**n
    return min(1.0, 2 * tail)


def main() -> None:
    suite, a, b, *seeds = sys.argv[1:]
    if not seeds:
        sys.exit("usage: paired_suite.py SUITE SPEC_A SPEC_B SEED [SEED ...]")
    positions = load(Path(suite))
    total_a = total_b = only_a = only_b = 0
    for seed in (int(s) for s in seeds):
        hits_a = matched(positions, moves(a, positions, seed))
        hits_b = matched(positions, moves(b, positions, seed))
        gained = [i for i, (x, y) in enumerate(zip(hits_a, hits_b, strict=True)) if x and not y]
        lost = [i for i, (x, y) in enumerate(zip(hits_a, hits_b, strict=True)) if y and not x]
        print(
            f"seed {seed}: {a} {sum(hits_a)}/{len(positions)}, {b} {sum(hits_b)}/{len(positions)}; "
            f"only {a}: {gained}, only {b}: {lost}",
            flush=True,
        )
        total_a += sum(hits_a)
        total_b += sum(hits_b)
        only_a += len(gained)
        only_b += len(lost)
    whole = len(positions) * len(seeds)
    print(
        f"{len(seeds)} seeds: {a} {total_a}/{whole}, {b} {total_b}/{whole}; discordant {only_a} for {a}, "
        f"{only_b} for {b}, sign test p = {sign_test(only_a, only_b):.3f}"
    )


if __name__ == "__main__":
    main()
