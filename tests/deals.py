"""Deals arranged in advance and hands played through at random, for the tests of every layer."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

from guinote_tui.engine import CARDS, Card, parse_cards

__all__ = ["arranged_deck", "play_through"]


def arranged_deck(
    players: int,
    dealer: int,
    hands: Mapping[int, str],
    muestra: str,
    stock: str = "",
) -> list[Card]:
    """A deck order that deals ``hands`` (6 cards per listed seat) with ``muestra`` turned up.

    Seats not listed and the rest of the stock get the remaining cards in
    deck order; ``stock`` fixes the first cards drawn.
    """
    wanted = {seat: parse_cards(text) for seat, text in hands.items()}
    fixed = [c for cards in wanted.values() for c in cards] + parse_cards(muestra) + parse_cards(stock)
    assert len(set(fixed)) == len(fixed), "a card is listed twice"
    spare = [c for c in CARDS if c not in fixed]
    for seat in range(players):
        if seat not in wanted:
            wanted[seat] = [spare.pop(0) for _ in range(6)]
    order: list[Card] = []
    for packet in range(2):
        for offset in range(1, players + 1):
            seat = (dealer + offset) % players
            order.extend(wanted[seat][packet * 3 : packet * 3 + 3])
    order.extend(parse_cards(muestra))
    order.extend(parse_cards(stock))
    order.extend(spare)
    assert sorted(order) == list(range(40))
    return order


def play_through(session: Any, rng: random.Random, stop: Callable[[], bool] | None = None) -> None:
    """Random legal moves through ``session`` (so its log is built live) until ``stop()``, or the hand's end."""
    done = stop or (lambda: session.hand_over)
    while not done():
        seat = session.match.hand.to_move
        assert seat is not None
        session.apply(seat, rng.choice(session.match.hand.legal_actions()))
