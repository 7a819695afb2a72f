"""How stable a mistake verdict can be, from the records of ``python -m guinote_lab.coach_stability``.

    python docs/lab/scripts/flag_line.py hu.json pairs.json

For the decisions of the given ``--out`` files (every hand with all 5 seeds):

* the share of flagged decisions kept (flagged under >= 4 of 5 seeds) under
  other verdict rules, from the recorded costs and standard errors;
* how often a decision flagged under one seed is called clearly fine (its
  cost plus two standard errors under 2 points) under another;
* a simulation: taking the mean cost over the 5 seeds as a decision's true
  cost, the share kept if each seed's estimate had a given standard error
  (normal noise), with the game's rule (cost >= 2 and cost > 2 SE).
"""

from __future__ import annotations

import json
import random
import sys

from guinote_lab.coach_stability import decision_rows

RULES = {
    "cost >= 2 and cost > 2 SE (the game's)": lambda c, s: c >= 2 and c > 2 * s,
    "cost - 2 SE >= 2": lambda c, s: c - 2 * s >= 2,
    "cost - SE >= 2": lambda c, s: c - s >= 2,
    "cost >= 3 and cost > 2 SE": lambda c, s: c >= 3 and c > 2 * s,
}


def main(paths: list[str]) -> None:
    rows = []
    for path in paths:
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
        for hand in data["hands"].values():
            if len(hand["seeds"]) >= 5:
                rows.extend(decision_rows(hand))
    print(f"{len(rows)} decisions with a choice")
    for name, rule in RULES.items():
        flagged = kept = 0
        for row in rows:
            flags = sum(1 for r in row if rule(r["cost"], r["cost_se"]))
            if flags:
                flagged += 1
                kept += flags >= 4
        print(f"  {name}: kept {kept}/{flagged} ({kept / flagged:.1%})")
    game = RULES["cost >= 2 and cost > 2 SE (the game's)"]
    flagged = contradicted = 0
    for row in rows:
        if any(game(r["cost"], r["cost_se"]) for r in row):
            flagged += 1
            contradicted += any(r["cost"] + 2 * r["cost_se"] < 2 for r in row)
    print(f"  flagged under one seed, clearly under 2 points under another: {contradicted}/{flagged}")
    means = [sum(r["cost"] for r in row) / len(row) for row in rows]
    rng = random.Random(1)
    for se in (0.8, 0.5, 0.3, 0.2, 0.1):
        flagged = kept = 0
        for _ in range(200):
            for mean in means:
                flags = 0
                for _ in range(5):
                    cost = mean + rng.gauss(0, se)
                    flags += cost >= 2 and cost > 2 * se
                if flags:
                    flagged += 1
                    kept += flags >= 4
        print(f"  simulated with a standard error of {se}: kept {kept / flagged:.1%}")


if __name__ == "__main__":
    main(sys.argv[1:])
