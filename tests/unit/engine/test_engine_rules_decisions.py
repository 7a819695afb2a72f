"""Where docs/rules.md is silent the engine decides; docs/rules-decisions.md lists each decision, tested here."""

from __future__ import annotations

import pytest
from engine_setup import act, deal, deck_order, legal_texts, snapshot

from guinote_tui.engine import HandState, IllegalAction, Match, Rules, Stage, parse_action

KEEP_OUT = "12O 12C 12E 12B 10O 10C 10E 10B 11O 11C 11E 11B 7B 2B 7O 2O"


def test_decision_window_spans_the_draw_sing_with_a_card_just_drawn() -> None:
    """The window runs from the trick to the next first card, so it spans the draw: a card just drawn may sing."""
    state = deal({1: "4C", 2: "5C", 3: "1C 12O", 0: "6C"}, muestra="4B", stock="10O", dealer=0, avoid=KEEP_OUT)
    act(state, "1 4C", "2 5C", "3 1C", "0 6C")
    assert "10O" in [str(c) for c in state.hands[3]]  # drawn first, by the winner
    assert "sing:O" in legal_texts(state)


def test_decision_no_cante_at_stage_predraw() -> None:
    """Stage predraw offers only the swap or pass; cantes wait for the window after the final draw."""
    state = deal(
        {1: "1O 3O 12O 10O 7B 12C", 2: "4C 5C 6C 4E", 3: "2C 7C 5E 6E", 0: "2E 7E 5O 6O"},
        muestra="1B",
        dealer=0,
        stock="10C",
        avoid=KEEP_OUT,
    )
    # Seat 1 wins the first three tricks (passing any window) and keeps the 7 of trumps.
    for lead, a, b, c in (("1O", "4C", "2C", "2E"), ("3O", "5C", "7C", "7E"), ("12O", "6C", "5E", "5O")):
        while state.stage is Stage.WINDOW:
            act(state, f"{state.to_move} pass")
        act(state, f"1 {lead}", f"2 {a}", f"3 {b}", f"0 {c}")
    assert "10C" in [str(c) for c in state.hands[1]]  # seat 1 now holds Rey and Sota of Copas
    while state.stage is Stage.WINDOW:
        act(state, f"{state.to_move} pass")
    act(state, "1 10O", "2 4E", "3 6E", "0 6O")
    assert (state.stage, state.to_move) == (Stage.PREDRAW, 1)
    assert legal_texts(state) == {"swap:7B", "pass"}
    act(state, "1 pass")
    assert state.in_arrastre and "sing:C" in legal_texts(state)


def test_decision_partner_who_passed_cannot_come_back_in_the_same_window() -> None:
    """The winner's partner decides first; after passing, the window belongs to the winner until the first card."""
    state = deal({1: "4C 12E 10E", 2: "5C", 3: "1C", 0: "6C"}, muestra="4B", dealer=0, avoid=KEEP_OUT)
    act(state, "1 4C", "2 5C", "3 1C", "0 6C")
    act(state, "1 pass")
    before = snapshot(state)
    with pytest.raises(IllegalAction, match="not your turn"):
        state.apply(parse_action("sing:E"), 1)
    assert snapshot(state) == before


def test_decision_own_turn_swap_does_not_use_up_the_turn() -> None:
    """swap_window=own_turn: after swapping, the same seat still plays its card."""
    state = deal({1: "7B 4C"}, muestra="1B", dealer=0, rules=Rules(swap_window="own_turn"), avoid=KEEP_OUT)
    assert "swap:7B" in legal_texts(state)  # even before any trick
    act(state, "1 swap:7B")
    assert state.to_move == 1 and "1B" in legal_texts(state)


def test_decision_tute_ranks_follow_the_cante_pair() -> None:
    """A tute is four reyes or four of the cante's other card: sotas, or caballos under rey_caballo."""
    rules = Rules(cante_pair="rey_caballo")
    state = deal(
        {1: "4C", 2: "5C", 3: "1C 11O 11C 11E 11B", 0: "6C"}, muestra="4B", dealer=0, rules=rules, avoid=KEEP_OUT
    )
    act(state, "1 4C", "2 5C", "3 1C", "0 6C")
    assert "tute:11" in legal_texts(state)
    state = deal(
        {1: "4C", 2: "5C", 3: "1C 10O 10C 10E 10B", 0: "6C"}, muestra="4B", dealer=0, rules=rules, avoid=KEEP_OUT
    )
    act(state, "1 4C", "2 5C", "3 1C", "0 6C")
    assert not any(t.startswith("tute") for t in legal_texts(state))


def test_decision_one_tute_per_hand() -> None:
    """tute=points40: one tute per hand, even if another seat later holds four of a rank."""
    rules = Rules(tute="points40")
    state = deal({1: "4C 5E", 2: "5C 6E", 3: "1C 12O 12C 12E 12B", 0: "6C 4E"}, muestra="4B", dealer=0, rules=rules)
    act(state, "1 4C", "2 5C", "3 1C", "0 6C", "3 tute:12")
    assert state.tute_declared
    assert all(not t.startswith("tute") for t in legal_texts(state))


def test_decision_libre_100_tie_carries_the_scores_into_another_hand() -> None:
    """libre-100 tie over 100: another hand is dealt and both scores carry into it."""
    rules = Rules.preset("libre-100")
    match = Match(players=4, rules=rules, seed=2)
    while not match.hand.is_over:
        match.apply(match.legal_actions()[0])
    points = match.hand.result.points  # type: ignore[union-attr]
    assert points[0] < 100 and points[1] < 100
    # Replay the same deal carrying scores that make a tie at 120.
    hand = HandState(match.hand.deck, match.hand.dealer, rules, 4, (120 - points[0], 120 - points[1]), False)
    for seat, action in match.hand.log:
        hand.apply(action, seat)
    assert hand.result is not None and hand.result.totals == (120, 120) and hand.result.juego_winner is None


def test_decision_next_dealer_last_trick_winner_after_an_early_stop() -> None:
    """next_dealer=last_trick_winner after a hand stopped early (tute): the winner of the most recent trick deals."""
    rules = Rules(next_dealer="last_trick_winner")
    order = deck_order({1: "4C 5E", 2: "5C 6E", 3: "1C 12O 12C 12E 12B", 0: "6C 4E"}, muestra="4B", dealer=0)
    match = Match(players=4, rules=rules, seed=1, dealer=0, deck=order)
    act(match, "1 4C", "2 5C", "3 1C", "0 6C", "3 tute:12")
    assert match.hand.is_over and match.hand.result is not None and match.hand.result.stopped_early
    assert match.next_hand().dealer == 3
