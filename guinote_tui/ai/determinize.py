"""Determinisation: complete a view into a full hand the seat cannot tell from the real one.

:func:`sample_deal` deals the seat's unseen cards to the other hands and the
stock, respecting hand sizes, cards known to be held and the caps revealed in
the arrastre (:mod:`.knowledge`). :func:`build_state` turns the view plus such
a deal into a :class:`~guinote_tui.engine.HandState` the search can play on
(the engine builds and checks it: :func:`~guinote_tui.engine.position_from_view`):
the seat's own legal actions in it are exactly ``view.legal``.
"""

from __future__ import annotations

import itertools
import math
import random

from ..engine import HandState, SeatView, position_from_view
from .bitmasks import cards_of
from .knowledge import Knowledge

STOCK = -1


class Deal:
    """Hidden cards placed: a hand per other seat, and the face-down stock from its bottom (next card drawn last)."""

    __slots__ = ("hands", "stock")

    def __init__(self, hands: dict[int, list[int]], stock: list[int]) -> None:
        self.hands = hands
        self.stock = stock


def sample_deal(view: SeatView, know: Knowledge, rng: random.Random, tries: int = 30) -> Deal:
    """A random placement of the unseen cards consistent with everything the seat knows."""
    seats = [s for s in range(view.players) if s != view.seat]
    free_cards = know.unseen
    for mask in know.known.values():
        free_cards &= ~mask
    pool = cards_of(free_cards)
    for _ in range(tries):
        hands = {s: cards_of(know.known[s]) for s in seats}
        room = {s: view.hand_sizes[s] - len(hands[s]) for s in seats}
        room[STOCK] = view.stock_count
        stock: list[int] = []
        order = list(pool)
        rng.shuffle(order)
        # Most constrained cards first, so the caps rarely paint us into a corner.
        order.sort(key=lambda c: sum(1 for s in seats if know.possible[s] >> c & 1))
        ok = True
        for card in order:
            holders = [s for s in seats if room[s] > 0 and know.possible[s] >> card & 1]
            weights = [room[s] for s in holders]
            if room[STOCK] > 0:
                holders.append(STOCK)
                weights.append(room[STOCK])
            if not holders:
                ok = False
                break
            pick = rng.choices(holders, weights)[0] if len(holders) > 1 else holders[0]
            room[pick] -= 1
            if pick == STOCK:
                stock.append(card)
            else:
                hands[pick].append(card)
        if ok:
            return Deal(hands, stock)
    return _guarded_deal(view, know, rng, seats, pool)


def enumerate_deals(view: SeatView, know: Knowledge, limit: int) -> list[Deal] | None:
    """Every placement of the unseen cards consistent with what the seat knows, the face-down stock in each of its
    orders, when there are at most ``limit`` of them (None: more than that).

    Each placement once, in a fixed order: averaging over them gives the exact expectation over the consistent
    deals, all equally likely, with no sampling error. With a stock, a placement is the other hands and the set
    of stock cards, and each order of that set is its own deal (the order decides who draws what).
    """
    seats = [s for s in range(view.players) if s != view.seat]
    free_cards = know.unseen
    for mask in know.known.values():
        free_cards &= ~mask
    pool = cards_of(free_cards)
    room = {s: view.hand_sizes[s] - bin(know.known[s]).count("1") for s in seats}
    room[STOCK] = view.stock_count
    orders = math.factorial(view.stock_count)
    if orders > limit or any(r < 0 for r in room.values()) or sum(room.values()) != len(pool):
        return None
    places: dict[int, list[int]] = {s: [] for s in [*seats, STOCK]}
    out: list[Deal] = []
    # (A dead end costs nodes without deals: a search that wanders too long gives up.)
    nodes = [0, 16 * (limit + 1) * (len(pool) + 1)]

    def place(index: int) -> bool:
        nodes[0] += 1
        if nodes[0] > nodes[1]:
            return False
        if index == len(pool):
            hands = {s: cards_of(know.known[s]) + places[s] for s in seats}
            for order in itertools.permutations(places[STOCK]):
                out.append(Deal(hands, list(order)))
            return len(out) <= limit
        card = pool[index]
        for where in places:
            if room[where] > 0 and (where == STOCK or know.possible[where] >> card & 1):
                room[where] -= 1
                places[where].append(card)
                going = place(index + 1)
                places[where].pop()
                room[where] += 1
                if not going:
                    return False
        return True

    if not place(0) or not out:
        return None
    return out


def _guarded_deal(view: SeatView, know: Knowledge, rng: random.Random, seats: list[int], pool: list[int]) -> Deal:
    """A placement that cannot paint itself into a corner, for when the quick sampler keeps failing.

    Before a card goes somewhere, the rest must still fit: for every set of
    places (other hands and the stock), the cards that may only go to those
    places must not outnumber their room (Hall's condition).
    """
    places = [*seats, STOCK]
    hands = {s: cards_of(know.known[s]) for s in seats}
    room = [view.hand_sizes[s] - len(hands[s]) for s in seats] + [view.stock_count]
    stock: list[int] = []
    # Where each card may go, as a bit per place (the stock takes any card).
    where = {c: sum(1 << i for i, s in enumerate(seats) if know.possible[s] >> c & 1) | 1 << len(seats) for c in pool}
    subsets = range(1, 1 << len(places))

    def fits(rest: list[int]) -> bool:
        for subset in subsets:
            only = sum(1 for c in rest if where[c] & ~subset == 0)
            if only > sum(room[i] for i in range(len(places)) if subset >> i & 1):
                return False
        return True

    order = list(pool)
    rng.shuffle(order)
    for index, card in enumerate(order):
        rest = order[index + 1 :]
        options = [i for i in range(len(places)) if room[i] > 0 and where[card] >> i & 1]
        rng.shuffle(options)
        for i in options:
            room[i] -= 1
            if fits(rest):
                break
            room[i] += 1
        else:
            raise AssertionError("cannot place the unseen cards: the view is inconsistent")
        if places[i] == STOCK:
            stock.append(card)
        else:
            hands[places[i]].append(card)
    return Deal(hands, stock)


def build_state(view: SeatView, deal: Deal) -> HandState:
    """A full :class:`HandState` equal to the view, with the hidden cards from ``deal`` (checked by the engine)."""
    # Deal.stock lists the stock from its bottom: the next card drawn is last.
    return position_from_view(view, deal.hands, deal.stock[::-1])
