"""Does the playouts' rival take a led Tres or As with a small trump?

Phase-1 positions from bot hands (``lab.bench.random_positions``) where the
seat to move is the last of the trick, a non-trump Tres or As holds it for
the other side, and the seat holds a trump worth no points (2, 4, 5, 6, 7)
and nothing of the led suit above it. Prints how often the playouts' policy
(``ai.playouts.policy_action``, as hard's
playouts use it) trumps, and what it does otherwise.
"""

from __future__ import annotations

import sys
from collections import Counter

from guinote_lab.bench import random_positions
from guinote_tui.ai.bitmasks import tables_for
from guinote_tui.ai.playouts import policy_action
from guinote_tui.engine import Play


def main(players: int, hands: int) -> None:
    seen: Counter[str] = Counter()
    for state in random_positions(players, "aragones", seed=11, hands=hands):
        if state.muestra is None or state.to_move is None or len(state.trick) != players - 1:
            continue
        legal = [a for a in state.legal_actions() if isinstance(a, Play)]
        if len(legal) < 2:
            continue
        tables = tables_for(state.rules, state.trump)
        trick = state.trick
        # The card holding the trick, and whose side it is.
        best_i = 0
        for i in range(1, len(trick)):
            if tables.beaters[trick[best_i]] >> trick[i] & 1:
                best_i = i
        holding = trick[best_i]
        holder_side = (state.leader + best_i) % players & 1
        seat = state.to_move
        if holder_side == seat & 1 or holding // 10 == state.trump or tables.points[holding] < 10:
            continue
        hand = state.hands[seat]
        small = [c for c in hand if c // 10 == state.trump and tables.points[c] == 0]
        if not small:
            continue
        if any(tables.beaters[holding] >> c & 1 for c in hand if c // 10 == holding // 10):
            continue
        action = policy_action(state, tables)
        card = action.card  # type: ignore[union-attr]
        if card // 10 == state.trump:
            seen["trumps with a small trump" if tables.points[card] == 0 else "trumps with a counting trump"] += 1
        else:
            seen[
                f"lets it go ({tables.points[card]} points thrown)" if tables.points[card] else "lets it go (a blank)"
            ] += 1
    total = sum(seen.values())
    print(
        f"{players} players: {total} positions where a Tres or As of a plain suit holds the trick and the seat "
        "holds a small trump"
    )
    for what, count in seen.most_common():
        print(f"  {what}: {count} ({count / total:.0%})")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 2, int(sys.argv[2]) if len(sys.argv) > 2 else 400)
