"""Scenarios: the rule-based play a good partner expects, on exact deals."""

from __future__ import annotations

import random

from guinote_tui.ai import make_bot
from guinote_tui.engine import HandState, Rules, Sing, Swap, parse_action, parse_cards, seat_view

SEARCHERS = ["normal", "hard:samples=40,arrastre_samples=3,resample=6", "expert:samples=60,arrastre_samples=3"]


def table(hands: dict[int, str], muestra: str, dealer: int = 3, players: int = 4, stock: str = "") -> HandState:
    """A hand where seat ``s`` holds ``hands[s]`` (six cards each), ``stock`` drawn first."""
    held = {seat: parse_cards(text) for seat, text in hands.items()}
    assert sorted(held) == list(range(players)) and all(len(h) == 6 for h in held.values())
    top = parse_cards(stock)
    used = {c for h in held.values() for c in h} | set(top) | {parse_cards(muestra)[0]}
    rest = [c for c in range(40) if c not in used]
    order: list[int] = []
    for packet in range(2):
        for offset in range(1, players + 1):
            seat = (dealer + offset) % players
            order.extend(held[seat][3 * packet : 3 * packet + 3])
    order.append(parse_cards(muestra)[0])
    order.extend(top)
    order.extend(rest)
    return HandState(order, dealer, Rules(), players)


def play(state: HandState, *moves: str) -> None:
    for move in moves:
        state.apply(parse_action(move))


def decide(spec: str, state: HandState, seed: int = 1) -> str:
    seat = state.to_move
    assert seat is not None
    return str(make_bot(spec).choose(seat_view(state, seat), random.Random(seed)))


def test_forty_is_sung_before_twenty() -> None:
    # Trumps are Oros. Seat 0 holds rey and sota of Oros (forty) and of Copas (twenty).
    state = table(
        {0: "12O 10O 12C 10C 1E 2B", 1: "4E 5E 6E 4B 5B 6B", 2: "4C 5C 6C 7C 7E 7B", 3: "2E 11E 11B 2C 3C 11C"},
        muestra="3O",
    )
    play(state, "1E", "4E", "4C", "2E")  # seat 0 wins the trick with the As de Espadas
    assert {str(a) for a in state.legal_actions()} >= {"sing:O", "sing:C"}
    for spec in ("easy:miss_cante=0", *SEARCHERS):
        assert decide(spec, state) == "sing:O", spec


def test_the_seven_is_changed_for_a_high_muestra() -> None:
    # Muestra As de Bastos; seat 0 holds the 7 of Bastos and wins the first trick.
    state = table(
        {0: "7B 1E 4O 5O 6O 2C", 1: "4E 5E 6E 4C 5C 6C", 2: "7O 7C 7E 2O 2E 10E", 3: "11E 12E 3E 11O 12O 10O"},
        muestra="1B",
    )
    play(state, "1E", "4E", "7E", "11E")
    assert "swap:7B" in {str(a) for a in state.legal_actions()}
    for spec in ("normal", *SEARCHERS):
        action = make_bot(spec).choose(seat_view(state, 0), random.Random(2))
        assert isinstance(action, Swap), spec


def test_a_low_muestra_is_not_taken_for_the_seven() -> None:
    state = table(
        {0: "7B 1E 4O 5O 6O 2C", 1: "4E 5E 6E 4C 5C 6C", 2: "7O 7C 7E 2O 2E 10E", 3: "11E 12E 3E 11O 12O 10O"},
        muestra="4B",
    )
    play(state, "1E", "4E", "7E", "11E")
    assert "swap:7B" in {str(a) for a in state.legal_actions()}
    assert decide("normal", state) not in ("swap:7B", "pass")


def test_a_partners_sure_trick_gets_points_not_a_trump() -> None:
    # Seat 3 plays last and its partner, seat 1, holds the trick with the As of trumps:
    # nobody can take it, so seat 3 loads its 3 de Espadas onto it.
    state = table(
        {
            0: "4C 5C 6C 2E 4E 5E",
            1: "1O 2C 7C 6E 7E 2B",
            2: "11C 10C 12C 4B 5B 6B",
            3: "3E 2O 4O 7B 10B 11B",
        },
        muestra="5O",
    )
    play(state, "4C", "1O", "11C")  # seat 1 trumps with the As de Oros: nobody can beat it
    assert state.to_move == 3
    assert decide("normal", state) == "3E"


def test_a_partners_trick_is_not_overtaken_for_nothing() -> None:
    # Seat 0 leads the 3 de Bastos; seat 1 plays low; seat 2 holds the As de Bastos and small cards.
    # Overtaking the partner with the ace would only spend it (seat 3 could still trump): play low.
    state = table(
        {
            0: "3B 4O 5O 6O 7O 2O",
            1: "4B 4C 5C 6C 7C 2C",
            2: "1B 4E 5E 6E 7E 2E",
            3: "10E 11E 12E 10C 11C 12C",
        },
        muestra="3O",
    )
    play(state, "3B", "4B")
    for spec in SEARCHERS:
        assert decide(spec, state) != "1B", spec


def test_trumps_are_kept_in_phase_one_for_a_trick_without_points() -> None:
    # Heads-up: seat 1 leads the 4 de Copas (no points); seat 0 holds low trumps and a low Copas.
    state = table({0: "2O 6O 5C 1E 12B 7B", 1: "4C 6C 5E 6E 4B 5B"}, muestra="3O", dealer=0, players=2)
    play(state, "4C")
    assert state.to_move == 0
    assert decide("normal", state) not in ("2O", "6O")


def test_an_ace_led_in_phase_one_is_trumped_cheaply() -> None:
    state = table({0: "2O 12O 10C 4E 12B 7B", 1: "1C 6C 5E 6E 4B 5B"}, muestra="3O", dealer=0, players=2)
    play(state, "1C")
    assert decide("normal", state) == "2O"


def test_cante_halves_are_kept() -> None:
    # Seat 0 leads with rey and sota of Espadas in hand: it leads neither.
    state = table({0: "12E 10E 4C 1B 3B 6O", 1: "4E 5E 6E 4B 5B 6B"}, muestra="7O", dealer=1, players=2)
    assert state.to_move == 0
    assert decide("normal", state) not in ("12E", "10E")
    assert not isinstance(make_bot("normal").choose(seat_view(state, 0), random.Random(0)), Sing)
