"""Each bot spec's hits on a suite's positions at bench seeds, kept in a JSON file (resumable), for paired comparisons.

Usage: python docs/lab/scripts/suite_hits.py OUT.json SUITE SEEDS SPEC [SPEC ...]
SEEDS is comma-separated. For each (suite, seed, spec) not yet in OUT.json: the moves
(guinote_lab.exploit_suite.moves, the bench's generator per position), whether each is acceptable, and the CPU
seconds of the whole run, appended to OUT.json. Print the table with ``--show``:
python docs/lab/scripts/suite_hits.py OUT.json --show
"""

import json
import sys
import time
from pathlib import Path

from guinote_lab.exploit_positions import load
from guinote_lab.exploit_suite import matched, moves


def main() -> None:
    out = Path(sys.argv[1])
    kept = json.loads(out.read_text()) if out.exists() else []
    if sys.argv[2] == "--show":
        for row in kept:
            print(
                f"{row['suite']:<22} seed {row['seed']}  {row['spec']:<48} {sum(row['hits'])}/{len(row['hits'])}"
                f"  {row['cpu']:.0f}s"
            )
        return
    suite, seeds, specs = Path(sys.argv[2]), [int(s) for s in sys.argv[3].split(",")], sys.argv[4:]
    positions = load(suite)
    for seed in seeds:
        for spec in specs:
            if any(r["suite"] == suite.name and r["seed"] == seed and r["spec"] == spec for r in kept):
                continue
            start = time.process_time()
            hits = matched(positions, moves(spec, positions, seed))
            row = {
                "suite": suite.name,
                "seed": seed,
                "spec": spec,
                "hits": [int(h) for h in hits],
                "cpu": time.process_time() - start,
            }
            kept.append(row)
            out.write_text(json.dumps(kept, indent=0))
            print(f"{suite.name} seed {seed} {spec}: {sum(hits)}/{len(hits)} ({row['cpu']:.0f} s CPU)", flush=True)


if __name__ == "__main__":
    main()
