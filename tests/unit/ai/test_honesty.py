"""Honesty: a bot's action depends only on its view, never on the cards hidden from it.

For many positions (seeds, heads-up and pairs, both presets) the cards the
deciding seat cannot see are reshuffled between the other hands and the stock
in several ways; each reshuffle leaves the seat's view identical (asserted),
and every bot, with the same seed, must then take the same action.
"""

from __future__ import annotations

import random

import pytest
from hidden_cards import reshuffled

import guinote_lab  # noqa: F401  (registers the laboratory's players, checked here too)
from guinote_lab.bench import random_positions
from guinote_tui.ai import make_bot
from guinote_tui.engine import seat_view

BOTS = [
    "random",
    "easy",
    "normal",
    "hard:samples=3,arrastre_samples=2,arrastre_nodes=3000,resample=6",
    "expert:samples=3,arrastre_samples=2,arrastre_nodes=3000,leaf_stock=0",
    "expert:samples=2,arrastre_samples=1,arrastre_nodes=3000",
    # The card-play inference reads the other seats' past plays: still from the view only.
    "hard:samples=3,arrastre_samples=2,arrastre_nodes=3000,infer=true,infer_eps=0.5,resample=6",
    "hard:samples=3,arrastre_samples=2,arrastre_nodes=3000,infer=true,infer_eps=0.3,infer_depth=2,resample=6",
    # The laboratory's players: the value network reads its features (voids, known cards, cantes still
    # possible) from the view only, and so does the play model of the inference.
    "learned",
    "playmodel:samples=3,arrastre_samples=2,arrastre_nodes=3000,infer=true,infer_eps=0.3,resample=6",
]


TABLES = [(2, "aragones"), (4, "aragones"), (2, "libre-100"), (4, "libre-100")]


@pytest.mark.parametrize(("players", "preset"), TABLES)
def test_actions_do_not_depend_on_hidden_cards(players: int, preset: str) -> None:
    rng = random.Random(77)
    states = [s for s in random_positions(players, preset, seed=300 + players, hands=3) if len(s.legal_actions()) > 1]
    states = states[::4]
    assert len(states) >= 8
    changed_worlds = 0
    open_bot_moved = 0
    for number, state in enumerate(states):
        seat = state.to_move
        assert seat is not None
        view = seat_view(state, seat)
        worlds = [reshuffled(state, seat, rng, swaps) for swaps in (1, 3, 20)]
        for world in worlds:
            assert seat_view(world, seat) == view
            if [world.hands, world.stock] != [state.hands, state.stock]:
                changed_worlds += 1
        for spec in BOTS:
            expected = make_bot(spec).choose(view, random.Random(number))
            for world in worlds:
                got = make_bot(spec).choose(seat_view(world, seat), random.Random(number))
                assert got == expected, (spec, state.describe(), world.describe())
        # The open-card bot does see the hidden cards: the reshuffles are real enough to move it.
        opened = make_bot("open:arrastre_nodes=3000,stock_samples=4")
        first = opened.choose_open(state.copy(), seat, random.Random(number))
        open_bot_moved += any(opened.choose_open(w, seat, random.Random(number)) != first for w in worlds)
    assert changed_worlds > 2 * len(states)
    assert open_bot_moved > 0


@pytest.mark.parametrize("players", [2, 4])
def test_the_open_card_ceiling_sees_the_hands_but_not_the_stock_order(players: int) -> None:
    """By default the open bot plays as if every hand were face up, the stock still face down.

    Reordering the face-down stock never changes its action; the variant that
    also sees the stock (``see_stock=true``) is moved by the same reorderings,
    so the reorderings are real enough to matter.
    """
    rng = random.Random(5)
    states = [
        s
        for s in random_positions(players, "aragones", seed=40 + players, hands=6)
        if len(s.stock) >= 4 and len(s.legal_actions()) > 1
    ]
    states = states[:16]
    assert len(states) >= 8
    # Without the exact leaf solve heads-up: cheaper, and the stock order matters as much.
    blind = make_bot("open:stock_samples=3,leaf_solve=false")
    seeing = make_bot("open:see_stock=true,leaf_solve=false")
    seeing_moved = 0
    for number, state in enumerate(states):
        seat = state.to_move
        assert seat is not None
        orders = []
        for _ in range(3):
            other = state.copy()
            rng.shuffle(other.stock)
            orders.append(other)
        expected = blind.choose_open(state.copy(), seat, random.Random(number))
        for other in orders:
            assert blind.choose_open(other.copy(), seat, random.Random(number)) == expected, state.describe()
        first = seeing.choose_open(state.copy(), seat, random.Random(number))
        seeing_moved += any(seeing.choose_open(o.copy(), seat, random.Random(number)) != first for o in orders)
    assert seeing_moved > 0
