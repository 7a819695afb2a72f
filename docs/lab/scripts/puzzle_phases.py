"""Probe: how often the last draw and treinta malas give exact puzzles (docs/lab/2026-12-puzzles.md).

* ``lastdraw HANDS``: plays HANDS heads-up hands as ``python -m
  guinote_lab.make_puzzles`` does (normal bots, a fifth of the moves random,
  the presets and a juego's first and later hands in turn; seed 5) and counts
  the decisions at the last draw (the seat completing the last trick before
  the stock runs out), those exact on every layout of the unseen cards
  (:func:`~guinote_tui.practice.exact.lastdraw_outcomes`) and those worth a
  puzzle, with the time.
* ``malas HANDS``: plays HANDS ``aragones`` first hands dealt so that one seat
  holds the rey and sota of three suits (seed 3), and counts the heads-up
  arrastre and last-draw decisions, those with a side at 60 or more in
  cantes, and those among them whose correct cards differ with
  ``treinta_malas`` off (:func:`~guinote_tui.practice.themes.treinta_malas_decides`).

Usage, from the repository with the package installed:

    python docs/lab/scripts/puzzle_phases.py lastdraw 60
    python docs/lab/scripts/puzzle_phases.py malas 300
"""

from __future__ import annotations

import random
import sys
import time
from collections import Counter

from guinote_lab.make_puzzles import WILDNESS, _play_hand, worth_a_puzzle
from guinote_tui.ai import NormalBot, decide
from guinote_tui.engine import Card, HandState, Rules
from guinote_tui.practice.exact import (
    correct_cards,
    exact_outcomes,
    is_arrastre_decision,
    is_lastdraw_decision,
    lastdraw_outcomes,
)
from guinote_tui.practice.themes import treinta_malas_decides


def last_draw(hands: int) -> Counter[str]:
    rng = random.Random(5)
    bot = NormalBot()
    counts: Counter[str] = Counter()
    for number in range(hands):
        preset = ("aragones", "libre-100")[number % 2]
        later = number // 2 % 2 == 1
        deck = list(range(40))
        rng.shuffle(deck)
        carried = (rng.randrange(0, 91), rng.randrange(0, 91)) if later else (0, 0)
        state = HandState(
            deck, rng.randrange(2), Rules.preset(preset), 2, carried, first_of_juego=not later, events=False
        )
        while not state.is_over:
            if is_lastdraw_decision(state):
                counts["decisions"] += 1
                outcomes = lastdraw_outcomes(state)
                if outcomes is not None:
                    counts["exact"] += 1
                    counts["worth a puzzle"] += worth_a_puzzle(outcomes)
            seat = state.to_move
            assert seat is not None
            legal = state.legal_actions()
            state.apply(rng.choice(legal) if rng.random() < WILDNESS else decide(bot, state, seat, rng), seat)
    return counts


def dealt_with_cantes(rng: random.Random) -> tuple[list[int], int]:
    """A deck (and its dealer) giving one seat the rey and sota of three suits."""
    deck = list(range(40))
    rng.shuffle(deck)
    dealer = rng.randrange(2)
    seat = rng.randrange(2)
    slots = [deck.index(card) for card in HandState(deck, dealer, Rules(), 2, events=False).hands[seat]]
    wanted = [int(Card.of(rank, suit)) for suit in rng.sample(range(4), 3) for rank in (12, 10)]
    free = [slot for slot in slots if deck[slot] not in wanted]
    for card in wanted:
        if deck.index(card) not in slots:
            slot = free.pop(0)
            where = deck.index(card)
            deck[slot], deck[where] = deck[where], deck[slot]
    return deck, dealer


def malas(hands: int) -> Counter[str]:
    rng = random.Random(3)
    bot = NormalBot()
    counts: Counter[str] = Counter()
    for _ in range(hands):
        deck, dealer = dealt_with_cantes(rng)
        hand = HandState(deck, dealer, Rules.preset("aragones"), 2, events=False)
        for state in _play_hand(hand, rng, bot):
            if not (is_arrastre_decision(state) or is_lastdraw_decision(state)):
                continue
            counts["decisions"] += 1
            if max(state.cante_points) < 60:
                continue
            counts["a side at 60+ in cantes"] += 1
            found = exact_outcomes(state)
            if found is not None and worth_a_puzzle(found[1]):
                counts["decided by treinta malas"] += treinta_malas_decides(state, correct_cards(found[1]))
    return counts


def main() -> None:
    what, hands = sys.argv[1], int(sys.argv[2])
    start = time.process_time()
    counts = last_draw(hands) if what == "lastdraw" else malas(hands)
    print(dict(counts), f"({time.process_time() - start:.0f} s of CPU)")


if __name__ == "__main__":
    main()
