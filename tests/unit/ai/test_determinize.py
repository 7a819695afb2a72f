"""Determinisation on the engine's position builder: the same deals as before, and no second tute."""

from __future__ import annotations

import random

import pytest

from guinote_tui.ai.determinize import Deal, build_state, sample_deal
from guinote_tui.ai.knowledge import Knowledge
from guinote_tui.engine import (
    CARDS,
    DeclareTute,
    HandState,
    Rules,
    SeatView,
    beat_table,
    parse_position,
    rule_tables,
    seat_view,
    winner_index,
)

TABLES = [
    (2, Rules.preset("aragones")),
    (4, Rules.preset("aragones")),
    (2, Rules.preset("libre-100")),
    (4, Rules.preset("libre-100")),
    (2, Rules.preset("aragones", tute="points40", swap_window="own_turn")),
    (4, Rules.preset("aragones", tute="points40")),
]
#: Fields the two constructions may leave differently without changing play: the count of cards
#: told by the events (no events here) and the cache of legal actions.
BOOKKEEPING = {"_played", "_legal"}


def reference_build(view: SeatView, deal: Deal) -> HandState:
    """How determinisation built a hand before the engine owned it (field by field), for comparison."""
    rules, players = view.rules, view.players
    state = HandState(tuple(range(40)), view.dealer, rules, players, view.carried, view.first_of_juego, events=False)
    state.deck = ()
    state.hands = [list(view.hand) if s == view.seat else [CARDS[c] for c in deal.hands[s]] for s in range(players)]
    state.stock = [CARDS[c] for c in deal.stock]
    state.muestra, state.muestra_card, state.muestra_taker = view.muestra, view.muestra_card, view.muestra_taker
    state.trump, state._beaters = view.trump, beat_table(rules, view.trump)
    state._tables = rule_tables(rules, view.trump)
    state.stage, state.to_move, state.leader = view.stage, view.to_move, view.leader
    state.trick = [c for _, c in view.trick]
    state.win_index = winner_index(state.trick, beat_table(rules, view.trump))
    state.tricks = list(view.tricks)
    state.points, state.card_points = list(view.points), list(view.card_points)
    state.cante_points = [view.points[s] - view.card_points[s] for s in (0, 1)]
    state.tricks_won = [sum(1 for t in view.tricks if t.winner & 1 == side) for side in (0, 1)]
    state.last_winner = view.tricks[-1].winner if view.tricks else None
    state.window_open = view.window_open
    state.cante_used = [False] * players
    state.sung = 0
    for cante in view.cantes:
        state.sung |= 1 << cante.suit
        if view.window_open and cante.trick_number == len(view.tricks):
            state.cante_used[cante.seat] = True
    state.cantes, state.swap = list(view.cantes), view.swap
    state.tute_declared = False  # what the view could not tell
    return state


def played_positions(players: int, rules: Rules, seed: int, hands: int) -> list[HandState]:
    """Every decision point of ``hands`` hands of random play (copies)."""
    rng = random.Random(seed)
    out: list[HandState] = []
    for index in range(hands):
        deck = list(range(40))
        rng.shuffle(deck)
        vueltas = index % 3 == 2
        carried = (rng.randrange(0, 60), rng.randrange(0, 60)) if vueltas else (0, 0)
        state = HandState(deck, rng.randrange(players), rules, players, carried, not vueltas, events=False)
        while not state.is_over:
            out.append(state.copy())
            state.apply(rng.choice(state.legal_actions()))
    return out


@pytest.mark.parametrize(("players", "rules"), TABLES)
def test_sampled_deals_build_the_same_hands_as_before(players: int, rules: Rules) -> None:
    compared = 0
    for tries in (30, 0):
        rng = random.Random(players * 10 + tries)
        for state in played_positions(players, rules, seed=players, hands=3)[:: 2 + tries % 3]:
            seat = state.to_move
            assert seat is not None
            view = seat_view(state, seat)
            know = Knowledge.from_view(view)
            deal = sample_deal(view, know, rng, tries)
            built, before = build_state(view, deal), reference_build(view, deal)
            for name in HandState.__slots__:
                if name == "tute_declared":
                    assert built.tute_declared == state.tute_declared
                    assert before.tute_declared is False
                elif name not in BOOKKEEPING:
                    assert getattr(built, name) == getattr(before, name), name
            assert built.legal_actions() == view.legal
            compared += 1
    assert compared > 100


def test_sampling_draws_the_same_numbers_for_the_same_seed() -> None:
    # The builder draws nothing: two runs from one seed give equal deals and equal hands.
    state = played_positions(4, Rules(), seed=5, hands=1)[9]
    assert state.to_move is not None
    view = seat_view(state, state.to_move)
    know = Knowledge.from_view(view)
    runs = []
    for _ in range(2):
        rng = random.Random(11)
        deals = [sample_deal(view, know, rng) for _ in range(5)]
        runs.append([(d.hands, d.stock, build_state(view, d).describe()) for d in deals])
    assert runs[0] == runs[1]


# Tute for forty points: seat 0 declared the reyes after trick 1, then led two of them; after
# trick 3 it holds the four sotas, a second tute the rules do not allow (one a hand).
SECOND_TUTE = (
    "dealer 1; hands 10O 10C 10E 10B 12O 12C / 3O 4C 5C 6C 7C 1B; muestra 7O; "
    "stock 1O 2O 4O 5O 6O 11O 1C 2C 3C 11C 3E 5E 6E 7E 11E 2B 3B 4B 6B 7B 11B; "
    "tricks 1E 2E / 12E 4E / 12B 5B; tute 0"
)


def test_a_sampled_deal_does_not_offer_a_second_tute() -> None:
    rules = Rules.preset("aragones", tute="points40")
    state = parse_position(SECOND_TUTE, rules)
    view = seat_view(state, 0)
    assert view.tute_declared and not any(isinstance(a, DeclareTute) for a in view.legal)
    know = Knowledge.from_view(view)
    rng = random.Random(3)
    for _ in range(20):
        deal = sample_deal(view, know, rng)
        built = build_state(view, deal)
        assert built.tute_declared
        assert built.legal_actions() == view.legal
        assert any(isinstance(a, DeclareTute) for a in reference_build(view, deal).legal_actions())
