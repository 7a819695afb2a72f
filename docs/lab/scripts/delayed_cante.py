"""A cante left for later in the coach's review (docs/lab/2026-12-delayed-cante.md).

    python docs/lab/scripts/delayed_cante.py OUT.json [--matches N] [--pairs-matches M] [--jobs J]

Plays ``N`` seeded matches heads-up and ``M`` in pairs (two hands each: the
second is often de vueltas) with normal bots in every seat, except that seat
0 never sings: its bot chooses among the cards alone, as a player who
forgets the cante would. Every decision of seat 0 where the coach would sing
and a card was played is then priced as ``guinote review`` prices it (the
review's budget, the decision's own generator): the cost, its standard
error, the tier, whether the card broke the pair, and the share of the
lines that sang the cante later (where the checkout measures it). Run it
on a checkout before the change and after: the decisions are the same (the
play does not depend on the coach), only their prices differ. Prints the
tiers per table size.
"""

from __future__ import annotations

import argparse
import json
import random
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace
from pathlib import Path
from typing import Any

from guinote_tui.ai import make_bot
from guinote_tui.ai.bitmasks import tables_for
from guinote_tui.coach import DEEP_BUDGET, advise, decision_rng
from guinote_tui.coach.verdict import judge
from guinote_tui.engine import Match, Play, Rules, Sing, seat_view

HANDS_PER_MATCH = 2


def play_match(players: int, seed: int) -> list[dict[str, Any]]:
    """The decisions to price in one match: seat 0 played a card where it could sing."""
    match = Match(players, Rules.preset("aragones"), seed=seed)
    bots = {seat: make_bot("normal") for seat in range(players)}
    rngs = {seat: random.Random(seed * 16 + seat) for seat in range(players)}
    found = []
    for number in range(HANDS_PER_MATCH):
        if number:
            if match.is_over:
                break
            match.next_hand()
        hand = match.hand
        while not hand.is_over:
            seat = hand.to_move
            assert seat is not None
            view = seat_view(hand, seat, events=False)
            if seat == 0:
                cards = tuple(a for a in view.legal if not isinstance(a, Sing))
                action = bots[0].choose(replace(view, legal=cards), rngs[0]) if len(cards) > 1 else cards[0]
                if isinstance(action, Play) and any(isinstance(a, Sing) for a in view.legal):
                    found.append(
                        {
                            "players": players,
                            "seed": seed,
                            "hand": number + 1,
                            "trick": len(hand.tricks) + 1,
                            "deck": [int(c) for c in hand.deck],
                            "actions": len(hand.log),
                            "vueltas": not hand.first_of_juego,
                            "arrastre": hand.muestra is None,
                            "state": hand.copy(),
                            "played": action,
                        }
                    )
            else:
                action = bots[seat].choose(view, rngs[seat])
            match.apply(action, seat)
    return found


def price(task: dict[str, Any]) -> dict[str, Any]:
    """One decision priced as the review prices it."""
    state = task.pop("state")
    played = task.pop("played")
    view = seat_view(state, 0, events=False)
    advice = advise(view, decision_rng(0, state.deck, task["actions"]), DEEP_BUDGET)
    verdict = judge(advice, played, view=view)
    delayed = getattr(advice, "delayed", None)
    delay = delayed(played) if delayed is not None else None
    best = advice.action
    tables = tables_for(view.rules, view.trump)
    broken = isinstance(best, Sing) and bool(tables.cante_pairs[best.suit] >> int(played.card) & 1)
    evaluation = advice.evaluation
    return {
        **{k: v for k, v in task.items() if k != "deck"},
        "played": str(played),
        "best": str(best),
        "cost": verdict.cost,
        "cost_se": verdict.cost_se,
        "grade": verdict.grade.value,
        "broken": broken,
        "later": None if delay is None else delay.later,
        "method": None if evaluation is None else evaluation.method,
        "loss": None if verdict.loss is None else verdict.loss.code.value,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--matches", type=int, default=20, help="heads-up matches")
    parser.add_argument("--pairs-matches", type=int, default=40, help="matches in pairs")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    counts = {2: args.matches, 4: args.pairs_matches}
    tasks = [t for players in (2, 4) for seed in range(1, counts[players] + 1) for t in play_match(players, seed)]
    with ProcessPoolExecutor(args.jobs) as pool:
        rows = list(pool.map(price, tasks))
    args.out.write_text(json.dumps(rows, indent=1) + "\n", encoding="utf-8")
    for players in (2, 4):
        mine = [r for r in rows if r["players"] == players]
        for label, chosen in (
            ("kept the pair", [r for r in mine if not r["broken"]]),
            ("broke it", [r for r in mine if r["broken"]]),
        ):
            tiers = Counter(r["grade"] for r in chosen)
            print(players, label, len(chosen), dict(sorted(tiers.items())))


if __name__ == "__main__":
    main()
