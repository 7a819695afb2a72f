"""Exact when few: every layout of the unseen cards, with the stock's orders, instead of a sample."""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Iterator

import pytest

from guinote_lab.bench import random_positions
from guinote_tui.ai import make_bot
from guinote_tui.ai.bitmasks import cards_of
from guinote_tui.ai.determinize import build_state, enumerate_deals
from guinote_tui.ai.knowledge import Knowledge
from guinote_tui.engine import Play, SeatView, seat_view


def views(players: int, wanted: int, seed: int) -> Iterator[SeatView]:
    """Views of decisions with two legal cards or more where ``wanted(view)`` holds."""
    for state in random_positions(players, "aragones", seed=seed, hands=6):
        seat = state.to_move
        if seat is None or sum(type(a) is Play for a in state.legal_actions()) < 2:
            continue
        view = seat_view(state, seat, events=False)
        if view.stock_count == wanted and (players == 2 or view.in_arrastre):
            yield view


def brute_force(view: SeatView, know: Knowledge) -> set[tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]]:
    """Every consistent layout, found the slow way: each split of the free cards into the places, then the stock's
    orders (written here apart from the code it checks)."""
    seats = [s for s in range(view.players) if s != view.seat]
    free = know.unseen
    for mask in know.known.values():
        free &= ~mask
    pool = cards_of(free)
    rooms = [view.hand_sizes[s] - bin(know.known[s]).count("1") for s in seats]
    found = set()
    for places in itertools.product(range(len(seats) + 1), repeat=len(pool)):
        counts = [places.count(i) for i in range(len(seats) + 1)]
        if counts != [*rooms, view.stock_count]:
            continue
        if any(p < len(seats) and not know.possible[seats[p]] >> c & 1 for c, p in zip(pool, places, strict=True)):
            continue
        hands = tuple(
            tuple(sorted(cards_of(know.known[s]) + [c for c, p in zip(pool, places, strict=True) if p == i]))
            for i, s in enumerate(seats)
        )
        stock = [c for c, p in zip(pool, places, strict=True) if p == len(seats)]
        for order in itertools.permutations(stock):
            found.add((hands, order))
    return found


@pytest.mark.parametrize(("players", "stock", "seed"), [(2, 1, 5), (4, 0, 7)])
def test_every_layout_is_listed_once_and_builds_the_hand(players: int, stock: int, seed: int) -> None:
    checked = 0
    for view in views(players, stock, seed):
        know = Knowledge.from_view(view)
        deals = enumerate_deals(view, know, 400)
        if deals is None:
            continue
        seats = [s for s in range(players) if s != view.seat]
        listed = [(tuple(tuple(sorted(d.hands[s])) for s in seats), tuple(d.stock)) for d in deals]
        assert len(set(listed)) == len(listed)  # each once
        if sum(view.hand_sizes[s] for s in seats) <= 10:  # (small enough to list the slow way)
            assert set(listed) == brute_force(view, know)
        for deal in deals[:3]:
            assert set(build_state(view, deal).legal_actions()) == set(view.legal)
        checked += 1
        if checked == 6:
            break
    assert checked >= 3


def test_a_stock_multiplies_the_layouts_by_its_orders_and_the_limit_holds() -> None:
    view = next(views(2, 1, 5))
    know = Knowledge.from_view(view)
    deals = enumerate_deals(view, know, 1000)
    assert deals is not None
    free = bin(know.unseen).count("1") - sum(bin(m).count("1") for m in know.known.values())
    room = view.hand_sizes[1 - view.seat] - bin(know.known[1 - view.seat]).count("1")
    assert len(deals) == math.comb(free, room) * math.factorial(view.stock_count)
    assert enumerate_deals(view, know, len(deals)) is not None
    assert enumerate_deals(view, know, len(deals) - 1) is None  # more layouts than asked: sample instead


@pytest.mark.parametrize(
    ("spec", "players", "stock", "seed"), [("hard", 2, 1, 5), ("expert", 2, 1, 9), ("hard", 4, 0, 7)]
)
def test_with_every_layout_valued_the_seed_no_longer_changes_the_card(
    spec: str, players: int, stock: int, seed: int
) -> None:
    """Sampled, a close decision may flip with the seed; valued on every layout it cannot."""
    checked = 0
    for view in views(players, stock, seed):
        if enumerate_deals(view, Knowledge.from_view(view), 12) is None:
            continue
        bot = make_bot(f"{spec}:exact_few=true,samples=12,arrastre_samples=12")
        choices = {bot.choose(view, random.Random(s)) for s in range(4)}
        assert len(choices) == 1
        checked += 1
        if checked == 4:
            break
    assert checked >= 2
