"""Probe: how often each puzzle theme decides a heads-up arrastre decision (docs/lab/2026-12-puzzles.md).

Plays ``HANDS`` heads-up hands of each kind (``aragones`` and ``libre-100``, a
juego's first hand and a later one with the scores carried in drawn from 0 to
90) the way ``python -m guinote_lab.make_puzzles`` does (normal bots, a
fifth of the moves random, seeded), and at every arrastre decision among two
or more cards solves it exactly. Prints per kind the decisions, those worth a
puzzle (a card gives away the juego or 6 points of margin), and how many of
those each theme applies to, and how many would have had treinta malas or a
capote in a line (no theme: too rare); and, de vueltas, the phase-1 replies
completing a trick and those where every card wins the juego at once or loses
it at once, some of each (the phase-1 puzzles).

Usage, from the repository with the package installed:

    python docs/lab/scripts/puzzle_themes.py [HANDS]
"""

from __future__ import annotations

import random
import sys
from collections import Counter

from guinote_lab.make_puzzles import _play_hand, worth_a_puzzle
from guinote_tui.ai import NormalBot
from guinote_tui.engine import HandState, Rules
from guinote_tui.practice.exact import (
    arrastre_outcomes,
    correct_cards,
    is_arrastre_decision,
    is_phase1_decision,
    phase1_outcomes,
)
from guinote_tui.practice.themes import THEMES, analyse, themes_of


def main(hands: int) -> None:
    bot = NormalBot()
    for preset in ("aragones", "libre-100"):
        for later in (False, True):
            rng = random.Random(f"themes:{preset}:{later}")
            decisions = worth = replies = decided = 0
            found: Counter[str] = Counter()
            for _ in range(hands):
                deck = list(range(40))
                rng.shuffle(deck)
                carried = (rng.randrange(0, 91), rng.randrange(0, 91)) if later else (0, 0)
                hand = HandState(deck, rng.randrange(2), Rules.preset(preset), 2, carried, not later, events=False)
                for state in _play_hand(hand, rng, bot):
                    if is_phase1_decision(state):
                        replies += 1
                        outcomes = phase1_outcomes(state)
                        decided += outcomes is not None and len(correct_cards(outcomes)) < len(outcomes)
                    if not is_arrastre_decision(state):
                        continue
                    decisions += 1
                    if not worth_a_puzzle(arrastre_outcomes(state)):
                        continue
                    worth += 1
                    analysis = analyse(state)
                    assert analysis is not None
                    found.update(themes_of(analysis))
                    ends = [line.end.result for line in analysis.lines.values()]
                    if any(r is not None and r.treinta_malas_denied for r in ends):
                        found["(treinta malas denied in a line)"] += 1
                    if any(r is not None and r.capote_side is not None for r in ends):
                        found["(a capote in a line)"] += 1
            kind = f"{preset}, {'a later hand' if later else 'a first hand'}"
            print(f"{kind}: {decisions} decisions, {worth} worth a puzzle")
            if replies:
                print(
                    f"  phase 1 de vueltas: {replies} replies completing a trick, {decided} where every card"
                    " wins or loses the juego at once (some each)"
                )
            extra = [k for k in found if k not in THEMES]
            print("  " + ", ".join(f"{theme} {found[theme]}" for theme in (*THEMES, *extra)))


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 300)
