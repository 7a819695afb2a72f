"""Shared by the honesty tests of the bots and the coach: reshuffle what one seat cannot see."""

from __future__ import annotations

import random

from guinote_tui.engine import CARDS, RANKS, HandState


def reshuffled(state: HandState, seat: int, rng: random.Random, swaps: int) -> HandState:
    """A copy where hidden cards changed places: other hands and the face-down stock.

    Sizes stay the same. Cards whose place the seat knows (a cante's pair, the
    muestra taken by the swap or drawn last) are left alone.
    """
    other = state.copy()
    known: set[int] = set()
    pair = (RANKS.index(12), RANKS.index(state.rules.cante_rank))
    for cante in state.cantes:
        known.update(cante.suit * 10 + index for index in pair)
    if state.swap is not None:
        known.add(state.swap.taken)
    known.add(state.muestra_card)
    places: list[tuple[list, int]] = []
    for who in range(state.players):
        if who != seat:
            places.extend((other.hands[who], i) for i in range(len(other.hands[who])))
    places.extend((other.stock, i) for i in range(len(other.stock)))
    places = [(cards, i) for cards, i in places if cards[i] not in known]
    for _ in range(swaps):
        if len(places) < 2:
            break
        (a, i), (b, j) = rng.sample(places, 2)
        a[i], b[j] = CARDS[b[j]], CARDS[a[i]]
    other._legal = None
    return other
