"""Playouts with the stock's rounds given in seat order (``seat_draws``): the coach's paired lines share draws.

Two lines played on one deal that differ in who wins a trick used to hand the
seats different stock cards (the trick's winner draws first), so the lines
diverged at once and the pairing of the coach's cards bought little. With
``seat_draws`` every round of the stock goes to the seats in seat order,
whoever won the trick, so each seat gets the same cards in every line.
"""

from __future__ import annotations

import random

import pytest

from guinote_tui.ai.bitmasks import tables_for
from guinote_tui.ai.playouts import playout
from guinote_tui.engine import PLAY, HandState, Play


def _stock_cards_played(line: HandState, stock: list[int], players: int, leave_out: set[int]) -> list[list[int]]:
    """Which of the stock's cards (its full rounds, before the muestra's) each seat played, in stock order, but
    ``leave_out`` (a seven or two of trumps changed for the muestra goes with the muestra)."""
    rounds = len(stock) // players
    seat_of = {int(card): trick.seat_of(i, players) for trick in line.tricks for i, card in enumerate(trick.cards)}
    kept = [c for c in stock[: rounds * players] if c not in leave_out]
    return [[c for c in kept if seat_of[c] == seat] for seat in range(players)]


def _played_out(hand: HandState, first: int | None) -> HandState:
    line = hand.copy()
    if first is not None:
        line.apply(PLAY[first])
    playout(line, tables_for(line.rules, line.trump), seat_draws=True)
    assert line.is_over and sorted(c for t in line.tricks for c in t.cards) == list(range(40))
    return line


def _swapped(lines: list[HandState]) -> set[int]:
    return {int(line.swap.given) for line in lines if line.swap is not None}


def _lines(players: int, seed: int) -> list[list[list[int]]]:
    """For each card the seat to move may lead, played out: which stock cards each seat played."""
    hand = HandState(random.Random(seed).sample(range(40), 40), dealer=players - 1, players=players, events=False)
    stock = [int(c) for c in reversed(hand.stock)]
    lines = [_played_out(hand, a.card) for a in hand.legal_actions() if isinstance(a, Play)]
    return [_stock_cards_played(line, stock, players, _swapped(lines)) for line in lines]


@pytest.mark.parametrize("players", [2, 4])
def test_every_line_hands_each_seat_the_same_stock_cards(players: int) -> None:
    for seed in range(6):
        lines = _lines(players, seed)
        assert all(line == lines[0] for line in lines), seed


@pytest.mark.parametrize("players", [2, 4])
def test_each_round_goes_to_the_seats_in_seat_order(players: int) -> None:
    hand = HandState(random.Random(3).sample(range(40), 40), dealer=0, players=players, events=False)
    stock = [int(c) for c in reversed(hand.stock)]
    rounds = len(stock) // players
    line = _played_out(hand, None)
    swapped = _swapped([line])
    expected = [[stock[r * players + s] for r in range(rounds)] for s in range(players)]
    assert _stock_cards_played(line, stock, players, swapped) == [
        [c for c in cards if c not in swapped] for cards in expected
    ]


def test_without_seat_draws_the_winner_of_a_trick_draws_first() -> None:
    """The rules' own order is unchanged where the flag is not given (the bots' playouts): there the lines of one
    deal hand the seats different stock cards."""
    hand = HandState(random.Random(0).sample(range(40), 40), dealer=1, players=2, events=False)
    stock = [int(c) for c in reversed(hand.stock)]
    seen = set()
    for action in hand.legal_actions():
        line = hand.copy()
        line.apply(action)
        playout(line, tables_for(line.rules, line.trump))
        seen.add(str(_stock_cards_played(line, stock, 2, set())))
    assert len(seen) > 1
