"""Decided hands played for the points: heads-up arrastre positions (everything known) where every card gives the
same juego outcome but not the same points, and the share where each bot plays a card worth the most.

Usage: python docs/lab/scripts/decided_suite.py SEED HANDS SPEC [SPEC ...]
The positions are the bench's (guinote_lab.bench.random_positions, heads-up, aragones) of HANDS hands from SEED;
a position is kept where the juego solver (its values are the juego's outcome, then the points within it) gives
every legal card the same outcome, not 0, and the cards different values. The verdict is exact: the acceptable
cards are those of the highest value. Each bot chooses with the generator random.Random(number of the position).
"""

import random
import sys

from guinote_lab.bench import random_positions
from guinote_tui.ai import make_bot
from guinote_tui.ai.knowledge import Knowledge
from guinote_tui.ai.rulebots import sung_mask
from guinote_tui.ai.solver import solver_for_view
from guinote_tui.engine import JUEGO, Play, seat_view
from guinote_tui.tournament.stats import wilson_ci95


def decided_positions(seed: int, hands: int) -> list[tuple[int, object, set[int]]]:
    """``(number, view, acceptable cards)`` of the decided positions."""
    found = []
    for number, state in enumerate(random_positions(2, "aragones", seed, hands)):
        if state.muestra is not None or state.to_move is None:
            continue
        view = seat_view(state, state.to_move)
        cards = [a.card for a in view.legal if isinstance(a, Play)]
        if len(cards) < 2 or len(cards) != len(view.legal):
            continue
        know = Knowledge.from_view(view)
        hands_ = [0, 0]
        hands_[view.seat], hands_[1 - view.seat] = know.mine, know.unseen
        values = solver_for_view(view).action_values(hands_, view.leader, [c for _, c in view.trick], sung_mask(view))
        outcomes = {round(values[c] / JUEGO) for c in cards}
        if len(outcomes) != 1 or outcomes == {0} or len({values[c] for c in cards}) < 2:
            continue
        top = max(values[c] for c in cards)
        found.append((number, view, {c for c in cards if values[c] == top}))
    return found


def main() -> None:
    seed, hands, specs = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3:]
    positions = decided_positions(seed, hands)
    print(f"seed {seed}, {hands} hands: {len(positions)} decided positions")
    for spec in specs:
        bot = make_bot(spec)
        hits = 0
        for number, view, acceptable in positions:
            chosen = bot.choose(view, random.Random(number))  # type: ignore[arg-type]
            hits += isinstance(chosen, Play) and chosen.card in acceptable
        low, high = wilson_ci95(hits / len(positions), len(positions)) if positions else (0.0, 0.0)
        print(f"  {spec}: {hits}/{len(positions)} [{low:.0%}, {high:.0%}]")


if __name__ == "__main__":
    main()
