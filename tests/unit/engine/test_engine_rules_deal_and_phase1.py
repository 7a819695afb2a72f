"""docs/rules.md, sections 1-3 and 9, one scenario per rule: cards, deal, phase 1."""

from __future__ import annotations

import itertools

import pytest
from engine_setup import act, cards, deal, deck_order, legal_texts, pass_windows, playable

from guinote_tui.engine import CARDS, HandState, Match, Rules, card_tables, side_of

LIBRE = Rules.preset("libre-100")

# -- 1. Cards -------------------------------------------------------------------


def _winner_of_two(first: str, second: str, rules: Rules | None = None) -> str:
    """Heads-up, Bastos trumps: seat 1 (mano) leads ``first``, seat 0 answers ``second``."""
    state = deal({1: first, 0: second}, muestra="4B", dealer=0, players=2, rules=rules, avoid="12B 10B 11B")
    act(state, f"1 {first}", f"0 {second}")
    return first if state.tricks[-1].winner == 1 else second


@pytest.mark.parametrize("suit", ["O", "E"])
def test_card_order_as_3_rey_sota_caballo_7_6_5_4_2(suit: str) -> None:
    """Trick strength, high to low in every suit: As, 3, Rey, Sota, Caballo, 7, 6, 5, 4, 2."""
    order = [f"{rank}{suit}" for rank in (1, 3, 12, 10, 11, 7, 6, 5, 4, 2)]
    for higher, lower in itertools.pairwise(order):
        assert _winner_of_two(lower, higher) == higher
        assert _winner_of_two(higher, lower) == higher


def test_libre_100_caballo_above_sota() -> None:
    """libre-100: Caballo above Sota (As, 3, Rey, Caballo, Sota, 7...)."""
    assert _winner_of_two("10C", "11C", LIBRE) == "11C"
    assert _winner_of_two("11C", "10C", LIBRE) == "11C"
    assert _winner_of_two("10C", "11C") == "10C"  # and the default the other way round


def test_card_points_as_11_tres_10_rey_4_sota_3_caballo_2_others_0() -> None:
    """Points: As 11, 3 10, Rey 4, Sota 3, Caballo 2, others 0; 120 in the deck."""
    points = card_tables(Rules()).points
    by_rank = {CARDS[i].rank: points[i] for i in range(10)}
    assert by_rank == {1: 11, 3: 10, 12: 4, 10: 3, 11: 2, 7: 0, 6: 0, 5: 0, 4: 0, 2: 0}
    assert sum(points) == 120
    # A trick of As, 3, Rey and Sota of Copas is worth 11 + 10 + 4 + 3.
    state = deal({1: "3C", 2: "12C", 3: "10C", 0: "1C"}, muestra="4B", dealer=0, avoid="12B 10B")
    act(state, "1 3C", "2 12C", "3 10C", "0 1C")
    assert state.tricks[-1].winner == 0
    assert state.card_points == [28, 0]


def test_libre_100_caballo_3_sota_2_points() -> None:
    """libre-100: Caballo 3 and Sota 2 points (still 120 in the deck)."""
    points = card_tables(LIBRE).points
    assert points[CARDS[8]] == 3 and points[CARDS[7]] == 2  # 11O and 10O
    assert sum(points) == 120


# -- 2. Seats, deal, direction ---------------------------------------------------


def test_pairs_partners_sit_opposite() -> None:
    """Pairs: partners sit opposite, seats 0 & 2 against 1 & 3; a trick won by 2 scores for side 0."""
    assert [side_of(s) for s in range(4)] == [0, 1, 0, 1]
    state = deal({1: "4C", 2: "1C", 3: "5C", 0: "6C"}, muestra="4B", dealer=0)
    act(state, "1 4C", "2 1C", "3 5C", "0 6C")
    assert state.tricks[-1].winner == 2
    assert state.card_points == [11, 0]


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_deal_two_packets_of_three_starting_right_of_dealer(dealer: int) -> None:
    """The dealer deals 6 cards each in two rounds of 3, starting with the seat to the dealer's right."""
    order = list(range(40))
    state = HandState(order, dealer, Rules(), 4)
    for k in range(4):
        seat = (dealer + 1 + k) % 4
        expected = order[3 * k : 3 * k + 3] + order[12 + 3 * k : 12 + 3 * k + 3]
        assert state.hands[seat] == expected


def test_flag_deal_packet_1_deals_one_card_at_a_time() -> None:
    """deal_packet=1: the six cards are dealt one at a time, starting right of the dealer."""
    order = list(range(40))
    state = HandState(order, 2, Rules(deal_packet=1), 4)
    for k in range(4):
        seat = (2 + 1 + k) % 4
        assert state.hands[seat] == [order[k + 4 * i] for i in range(6)]


def test_deck_order_convention_muestra_after_the_deal_then_stock_in_order() -> None:
    """Deck order: 6×n cards dealt, the next is the muestra, the rest the stock drawn in order."""
    order = list(reversed(range(40)))
    state = HandState(order, 3, Rules(), 4)
    assert state.muestra == order[24]
    assert state.trump == order[24] // 10
    assert state.stock_count == 15
    # The first trick's winner draws order[25], then the next seats draw 26, 27, 28.
    leader = state.to_move
    assert leader == 0
    for _ in range(4):
        seat = state.to_move
        state.apply(state.legal_actions()[0], seat)
    winner = state.tricks[0].winner
    for k in range(4):
        assert state.hands[(winner + k) % 4][-1] == order[25 + k]


def test_heads_up_twelve_dealt_muestra_thirteenth_27_in_stock() -> None:
    """Heads-up: 6 cards each (12 dealt), the 13th card is the muestra, 27 stock cards."""
    order = list(range(40))
    state = HandState(order, 0, Rules(), 2)
    assert state.hands[1] == [0, 1, 2, 6, 7, 8]
    assert state.hands[0] == [3, 4, 5, 9, 10, 11]
    assert state.muestra == 12
    assert state.stock_count == 27


def test_pairs_24_dealt_15_stock_and_muestra() -> None:
    """Pairs: 24 dealt, 15 face-down stock cards plus the muestra."""
    state = HandState(list(range(40)), 0, Rules(), 4)
    assert sum(len(h) for h in state.hands) == 24
    assert state.stock_count == 15 and state.muestra is not None


def test_muestra_suit_is_trumps_for_the_whole_hand() -> None:
    """The muestra's suit is trumps: a 2 of trumps beats the As of the suit led."""
    state = deal({1: "1C", 2: "2B", 3: "3C", 0: "4C"}, muestra="6B", dealer=0)
    act(state, "1 1C", "2 2B", "3 3C", "0 4C")
    assert state.tricks[-1].winner == 2


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_mano_right_of_dealer_leads_the_first_trick(dealer: int) -> None:
    """The player to the dealer's right (the mano) leads the first trick."""
    state = HandState(list(range(40)), dealer, Rules(), 4)
    assert state.to_move == state.leader == (dealer + 1) % 4


def test_dealer_rotation_passes_counterclockwise() -> None:
    """next_dealer=rotate: the deal passes counterclockwise (to the right) each hand."""
    match = Match(players=4, seed=5)
    dealers = [match.hand.dealer]
    for _ in range(5):
        while not match.hand.is_over:
            match.apply(match.legal_actions()[0])
        if match.is_over:
            break
        match.next_hand()
        dealers.append(match.hand.dealer)
    assert len(dealers) >= 3
    assert all(b == (a + 1) % 4 for a, b in itertools.pairwise(dealers))


def test_flag_next_dealer_last_trick_winner() -> None:
    """next_dealer=last_trick_winner: whoever won the last trick deals the next hand."""
    match = Match(players=4, rules=Rules(next_dealer="last_trick_winner"), seed=11)
    seen = 0
    for _ in range(6):
        while not match.hand.is_over:
            match.apply(match.legal_actions()[-1])
        if match.is_over:
            break
        last = match.hand.tricks[-1].winner
        match.next_hand()
        assert match.hand.dealer == last
        seen += 1
    assert seen >= 2


# -- 3. Phase 1 ------------------------------------------------------------------


def test_phase1_no_obligations_any_card_may_be_played() -> None:
    """Phase 1: no obligations; a player holding the suit led may play any card."""
    state = deal({1: "4C", 2: "1C 3C 1B 5E 6O 7O"}, muestra="6B", dealer=0)
    act(state, "1 4C")
    assert playable(state) == {"1C", "3C", "1B", "5E", "6O", "7O"}
    act(state, "2 5E")  # a card of another suit, though Copas were held
    assert state.trick == cards("4C 5E")


def test_phase1_trick_goes_to_highest_card_of_suit_led_without_trumps() -> None:
    """Without trumps the highest card of the suit led wins; an As of another suit does not."""
    state = deal({1: "5C", 2: "1O", 3: "7C", 0: "6C"}, muestra="4B", dealer=0)
    act(state, "1 5C", "2 1O", "3 7C", "0 6C")
    assert state.tricks[-1].winner == 3


def test_phase1_trick_goes_to_highest_trump() -> None:
    """A trick goes to the highest trump in it."""
    state = deal({1: "1C", 2: "2B", 3: "7B", 0: "3C"}, muestra="4B", dealer=0)
    act(state, "1 1C", "2 2B", "3 7B", "0 3C")
    assert state.tricks[-1].winner == 3
    assert state.card_points == [0, 21]


def test_draw_winner_first_then_counterclockwise() -> None:
    """After each trick every player draws one card, the trick winner first, then the others in turn."""
    state = deal({1: "4C", 2: "5C", 3: "1C", 0: "6C"}, muestra="4B", stock="2O 2C 2E 5O", dealer=0)
    act(state, "1 4C", "2 5C", "3 1C", "0 6C")
    assert state.tricks[-1].winner == 3
    assert [state.hands[s][-1] for s in (3, 0, 1, 2)] == cards("2O 2C 2E 5O")


def test_trick_winner_leads_the_next_trick() -> None:
    """The trick winner leads the next trick."""
    state = deal({1: "4C", 2: "5C", 3: "1C", 0: "6C"}, muestra="4B", dealer=0)
    act(state, "1 4C", "2 5C", "3 1C", "0 6C")
    pass_windows(state)
    assert state.leader == state.to_move == 3


@pytest.mark.parametrize(("players", "drawing"), [(4, 4), (2, 14)])
def test_phases_pairs_4_plus_6_heads_up_14_plus_6(players: int, drawing: int) -> None:
    """Pairs: 4 drawing tricks then 6 arrastre tricks; heads-up: 14 then 6. The muestra is drawn last."""
    state = HandState(deck_order(players=players), 0, Rules(), players)
    muestra = state.muestra
    drawn_after: int | None = None
    while not state.is_over:
        state.apply(state.legal_actions()[0])
        if drawn_after is None and state.in_arrastre:
            drawn_after = len(state.tricks)
            assert state.stock_count == 0
            last_drawer = (state.tricks[-1].winner - 1) % players
            assert muestra in state.hands[last_drawer]
            assert state.muestra_taker == last_drawer
    assert drawn_after == drawing
    assert len(state.tricks) == drawing + 6


def test_no_window_before_the_first_trick() -> None:
    """Before anyone has won a trick nobody may sing or change the seven."""
    state = deal({1: "12O 10O 7B"}, muestra="1B", dealer=0)
    assert legal_texts(state) == {str(c) for c in state.hands[1]}
