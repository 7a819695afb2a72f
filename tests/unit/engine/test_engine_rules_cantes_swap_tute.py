"""docs/rules.md, sections 5, 6 and the tute of section 7: one scenario per rule and flag.

Most scenarios are pairs with seat 0 dealing, so seat 1 is mano. In the first
trick seat 1 leads 4C, seat 2 plays 5C, seat 3 wins with 1C and seat 0 plays
6C: side 1 (seats 1 and 3) has won the most recent trick. Reyes, sotas,
caballos and the 7/2 of trumps not named by a scenario are kept out of the
hands (they go to the end of the stock).
"""

from __future__ import annotations

import pytest
from engine_setup import act, arrastre, deal, legal_texts, pass_windows, snapshot

from guinote_tui.engine import IllegalAction, Rules, Stage, Suit, Termination, parse_action, seat_view
from guinote_tui.engine.hand import HandState

KEEP_OUT = "12O 12C 12E 12B 10O 10C 10E 10B 11O 11C 11E 11B 7B 2B 7O 2O"
LIBRE = Rules.preset("libre-100")


def hand_after_first_trick(
    seat3: str = "",
    seat1: str = "",
    seat2: str = "",
    seat0: str = "",
    muestra: str = "4B",
    rules: Rules | None = None,
    stock: str = "",
) -> HandState:
    """Deal, then play the first trick, won by seat 3 with the As of Copas.

    Seats 0, 1 and 2 also hold 4E, 5E and 6E for a second trick.
    """
    state = deal(
        {1: f"4C 5E {seat1}", 2: f"5C 6E {seat2}", 3: f"1C {seat3}", 0: f"6C 4E {seat0}"},
        muestra=muestra,
        dealer=0,
        rules=rules,
        avoid=KEEP_OUT,
        stock=stock,
    )
    act(state, "1 4C", "2 5C", "3 1C", "0 6C")
    assert state.tricks[-1].winner == 3
    return state


def assert_refused(state: HandState, move: str, *words: str) -> None:
    seat, text = move.split()
    before = snapshot(state)
    with pytest.raises(IllegalAction) as info:
        state.apply(parse_action(text), int(seat))
    for word in words:
        assert word in info.value.rule, info.value.rule
    assert snapshot(state) == before


# -- 5. Cantes ---------------------------------------------------------------------


def test_cante_rey_and_sota_score_twenty() -> None:
    """Rey + Sota of one suit held in hand: 20 points, counted in the hand score when sung."""
    state = hand_after_first_trick(seat3="12O 10O")
    assert state.stage is Stage.PLAY and state.to_move == 3
    assert "sing:O" in legal_texts(state)
    act(state, "3 sing:O")
    assert state.cante_points == [0, 20]
    assert state.points == [0, 11 + 20]
    assert [(c.seat, c.suit, c.points) for c in state.cantes] == [(3, Suit.OROS, 20)]


def test_cante_in_trumps_scores_forty() -> None:
    """Rey + Sota of trumps: 40 points."""
    state = hand_after_first_trick(seat3="12B 10B", muestra="5B")
    act(state, "3 sing:B")
    assert state.cante_points == [0, 40]


def test_cante_only_after_own_side_won_the_most_recent_trick() -> None:
    """Only a player whose side won the most recent trick may sing."""
    state = hand_after_first_trick(seat2="12E 10E", seat3="5O")
    act(state, "3 5O")  # the winner leads without singing
    act(state, "0 4E")
    assert "sing:E" not in legal_texts(state)  # not yet seat 2's turn, and side 0 lost the trick
    act(state, "1 5E")
    assert state.to_move == 2
    assert "sing:E" not in legal_texts(state)
    assert_refused(state, "2 sing:E", "most recent trick")


def test_cante_window_closes_at_the_first_card_of_the_next_trick() -> None:
    """The window runs from the trick until the first card of the next trick."""
    state = hand_after_first_trick(seat1="12O 10O", seat3="5O")
    # Seat 1's partner won: seat 1 is asked first (stage window) and passes.
    assert state.stage is Stage.WINDOW and state.to_move == 1
    assert legal_texts(state) == {"sing:O", "pass"}
    act(state, "1 pass", "3 5O", "0 4E")
    assert state.to_move == 1
    assert "sing:O" not in legal_texts(state)
    assert_refused(state, "1 sing:O", "before the next trick's first card")


def test_cante_needs_both_cards_in_hand() -> None:
    """A cante needs the Rey and the Sota of the suit, still held."""
    state = hand_after_first_trick(seat3="12O 5O")
    assert not any(t.startswith("sing") for t in legal_texts(state))
    assert_refused(state, "3 sing:O", "Rey and Sota")


def test_each_suit_sung_once_per_hand() -> None:
    """Each suit can be sung once per hand."""
    state = hand_after_first_trick(seat3="12O 10O 1E")
    act(state, "3 sing:O", "3 1E", "0 4E", "1 5E", "2 6E")
    assert state.tricks[-1].winner == 3
    pass_windows(state)
    assert "sing:O" not in legal_texts(state)
    assert_refused(state, "3 sing:O", "already been sung")


def test_one_cante_per_trick_won_per_side() -> None:
    """cante_limit=per_side: one cante per trick won by the side; the next won trick allows another."""
    state = hand_after_first_trick(seat3="12O 10O 12C 10C 1E")
    act(state, "3 sing:O")
    assert "sing:C" not in legal_texts(state)
    assert_refused(state, "3 sing:C", "one cante per trick")
    act(state, "3 1E", "0 4E", "1 5E", "2 6E")
    pass_windows(state)  # seat 1 may have drawn the 7 of trumps
    assert "sing:C" in legal_texts(state)
    act(state, "3 sing:C")
    assert state.cante_points == [0, 40]


def test_one_cante_per_trick_per_side_blocks_the_partner_too() -> None:
    """cante_limit=per_side: after the partner sings, the trick winner cannot sing after the same trick."""
    state = hand_after_first_trick(seat1="12E 10E", seat3="12O 10O")
    assert state.stage is Stage.WINDOW and state.to_move == 1
    act(state, "1 sing:E")
    assert state.to_move == 3 and state.stage is Stage.PLAY
    assert "sing:O" not in legal_texts(state)


def test_flag_cante_limit_per_player_lets_each_partner_sing_after_one_trick() -> None:
    """cante_limit=per_player: each partner may sing once after the same trick."""
    state = hand_after_first_trick(seat1="12E 10E", seat3="12O 10O", rules=Rules(cante_limit="per_player"))
    act(state, "1 sing:E", "3 sing:O")
    assert state.cante_points == [0, 40]
    assert not any(t.startswith("sing") for t in legal_texts(state))


def test_partner_decides_first_in_stage_window_then_pass_hands_back() -> None:
    """The winner's partner holding a cante decides first (stage window); pass hands over to the winner."""
    state = hand_after_first_trick(seat1="12E 10E")
    assert (state.stage, state.to_move) == (Stage.WINDOW, 1)
    assert_refused(state, "1 5O", "not your turn to play")
    act(state, "1 pass")
    assert (state.stage, state.to_move) == (Stage.PLAY, 3)
    assert state.cantes == []


def test_cantes_allowed_in_the_arrastre() -> None:
    """Cantes are allowed in both phases: here after the last phase-1 trick and after an arrastre trick."""
    state = arrastre({1: "12C 10C 12E 10E 1O 5O", 2: "4O", 3: "6O", 0: "7O"}, muestra="4B", leader=1)
    assert state.in_arrastre
    assert {"sing:C", "sing:E"} <= legal_texts(state)
    act(state, "1 sing:C", "1 1O", "2 4O", "3 6O", "0 7O")
    assert state.tricks[-1].winner == 1
    act(state, "1 sing:E")
    assert state.cante_points == [0, 40]


def test_cante_is_public_in_every_seats_view() -> None:
    """A cante is public: every seat's view shows the suit sung and who sang it."""
    state = hand_after_first_trick(seat3="12O 10O")
    act(state, "3 sing:O")
    for seat in range(4):
        view = seat_view(state, seat)
        assert [(c.seat, c.suit) for c in view.cantes] == [(3, Suit.OROS)]


def test_libre_100_cantes_are_rey_and_caballo() -> None:
    """libre-100: cantes are Rey + Caballo (Rey + Sota is not a cante)."""
    state = hand_after_first_trick(seat3="12O 11O 12E 10E", rules=LIBRE)
    texts = legal_texts(state)
    assert "sing:O" in texts and "sing:E" not in texts
    act(state, "3 sing:O")
    assert state.cante_points == [0, 20]


# -- 6. Changing the seven ------------------------------------------------------------


def test_swap_seven_of_trumps_for_the_muestra() -> None:
    """The holder of the 7 of trumps may take the muestra, leaving the 7 face up under the stock."""
    state = hand_after_first_trick(seat3="7B", muestra="1B")
    assert "swap:7B" in legal_texts(state)
    act(state, "3 swap:7B")
    assert state.muestra == parse_action("7B").card  # type: ignore[union-attr]
    assert "1B" in [str(c) for c in state.hands[3]] and "7B" not in [str(c) for c in state.hands[3]]
    assert (state.swap.seat, str(state.swap.given), str(state.swap.taken)) == (3, "7B", "1B")  # type: ignore[union-attr]
    assert state.trump == Suit.BASTOS
    assert state.to_move == 3 and state.stage is Stage.PLAY


def test_swap_by_the_winners_partner_in_the_window() -> None:
    """The partner of the trick winner (same side) may change the seven in the window."""
    state = hand_after_first_trick(seat1="7B", muestra="1B")
    assert (state.stage, state.to_move) == (Stage.WINDOW, 1)
    assert legal_texts(state) == {"swap:7B", "pass"}
    act(state, "1 swap:7B")
    assert (state.stage, state.to_move) == (Stage.PLAY, 3)
    assert "1B" in [str(c) for c in state.hands[1]]


def test_swap_two_for_seven_when_the_muestra_is_the_seven() -> None:
    """two_for_seven=true: if the muestra is the 7, the holder of the 2 of trumps exchanges it."""
    state = hand_after_first_trick(seat3="2B", muestra="7B")
    assert "swap:2B" in legal_texts(state)
    act(state, "3 swap:2B")
    assert str(state.muestra) == "2B"


def test_flag_two_for_seven_false_the_seven_muestra_stays() -> None:
    """two_for_seven=false: a muestra that is the 7 cannot be changed."""
    state = hand_after_first_trick(seat3="2B", muestra="7B", rules=Rules(two_for_seven=False))
    assert not any(t.startswith("swap") for t in legal_texts(state))
    assert_refused(state, "3 swap:2B", "two_for_seven")


def test_swap_low_muestra_true_takes_a_muestra_lower_than_the_seven() -> None:
    """swap_low_muestra=true: a muestra lower than the 7 may still be taken."""
    state = hand_after_first_trick(seat3="7B", muestra="5B")
    assert "swap:7B" in legal_texts(state)


def test_flag_swap_low_muestra_false_refuses_a_low_muestra() -> None:
    """swap_low_muestra=false: a muestra lower than the 7 may not be taken (a higher one still may)."""
    rules = Rules(swap_low_muestra=False)
    state = hand_after_first_trick(seat3="7B", muestra="5B", rules=rules)
    assert "swap:7B" not in legal_texts(state)
    assert_refused(state, "3 swap:7B", "swap_low_muestra")
    state = hand_after_first_trick(seat3="7B", muestra="11B", rules=rules)
    assert "swap:7B" in legal_texts(state)


def test_swap_only_after_own_side_won_the_most_recent_trick() -> None:
    """The swap is allowed only in the window after the player's side won the most recent trick."""
    state = deal({1: "7B 4C"}, muestra="1B", dealer=0, avoid=KEEP_OUT)
    assert "swap:7B" not in legal_texts(state)  # mano, before any trick
    assert_refused(state, "1 swap:7B", "after your side won")
    state = hand_after_first_trick(seat0="7B", seat3="5O", muestra="1B")  # seat 0's side lost the trick
    act(state, "3 5O")
    assert state.to_move == 0
    assert "swap:7B" not in legal_texts(state)
    assert_refused(state, "0 swap:7B", "after your side won")


def test_swap_once_per_hand() -> None:
    """Once per hand: after the 7 went under the stock, the 2 may not take it back."""
    state = hand_after_first_trick(seat3="7B 2B 1E", muestra="1B")
    act(state, "3 swap:7B", "3 1E", "0 4E", "1 5E", "2 6E")
    assert state.tricks[-1].winner == 3 and str(state.muestra) == "7B"
    assert not any(t.startswith("swap") for t in legal_texts(state))
    assert_refused(state, "3 swap:2B", "already been changed")


def test_swap_only_while_the_muestra_is_under_the_stock() -> None:
    """Once the muestra has been drawn, the seven can no longer be changed."""
    state = arrastre({1: "7B 1O", 2: "4O", 3: "5O", 0: "6O"}, muestra="1B", leader=1)
    assert "swap:7B" not in legal_texts(state)
    assert_refused(state, "1 swap:7B", "already been drawn")


def _phase1_won_by_seat1(seat1: str, seat2: str = "", muestra: str = "1B", rules: Rules | None = None) -> HandState:
    """Seat 1 (mano) wins all four drawing tricks with 1O, 3O, 12O, 10O; the others throw Copas/Espadas."""
    state = deal(
        {1: f"1O 3O 12O 10O {seat1}", 2: f"4C 5C 6C 4E {seat2}", 3: "2C 7C 5E 6E", 0: "2E 7E 5O 6O"},
        muestra=muestra,
        dealer=0,
        avoid=KEEP_OUT,
        rules=rules,
    )
    for lead, *rest in (
        ("1O", "4C", "2C", "2E"),
        ("3O", "5C", "7C", "7E"),
        ("12O", "6C", "5E", "5O"),
        ("10O", "4E", "6E", "6O"),
    ):
        pass_windows(state)
        act(state, f"1 {lead}", f"2 {rest[0]}", f"3 {rest[1]}", f"0 {rest[2]}")
    return state


def test_swap_window_just_before_the_final_draw_stage_predraw() -> None:
    """The swap window includes the moment just before the final draw (stage predraw)."""
    state = _phase1_won_by_seat1(seat1="7B")
    assert state.stock_count == 3 and state.muestra is not None
    assert (state.stage, state.to_move) == (Stage.PREDRAW, 1)
    assert legal_texts(state) == {"swap:7B", "pass"}
    assert_refused(state, "1 5B", "before the final draw")
    act(state, "1 swap:7B")
    assert state.in_arrastre
    assert "1B" in [str(c) for c in state.hands[1]]
    assert "7B" in [str(c) for c in state.hands[0]] and state.muestra_taker == 0  # the last to draw takes the 7


def test_predraw_pass_leaves_the_muestra_to_the_last_drawer() -> None:
    """Passing at stage predraw: the draw goes on and the last drawer takes the muestra."""
    state = _phase1_won_by_seat1(seat1="7B")
    act(state, "1 pass")
    assert state.in_arrastre
    assert "1B" in [str(c) for c in state.hands[0]] and "7B" in [str(c) for c in state.hands[1]]


def test_no_predraw_for_the_side_that_lost_the_trick() -> None:
    """The pre-draw swap belongs to the side that won the most recent trick only."""
    state = _phase1_won_by_seat1(seat1="", seat2="7B")
    assert state.stage is not Stage.PREDRAW
    assert state.in_arrastre


def test_flag_swap_window_own_turn_swap_on_the_holders_turn_in_phase1() -> None:
    """swap_window=own_turn (libre-100): the swap is allowed on the holder's own turn during phase 1."""
    state = deal({1: "4C", 2: "7B 5C"}, muestra="1B", dealer=0, rules=LIBRE, avoid=KEEP_OUT)
    assert "swap:7B" not in legal_texts(state)  # seat 1 does not hold it
    act(state, "1 4C")
    assert "swap:7B" in legal_texts(state)  # mid-trick, without having won a trick
    act(state, "2 swap:7B")
    assert state.to_move == 2 and str(state.muestra) == "7B"
    act(state, "2 5C")


def test_flag_swap_window_own_turn_has_no_predraw_stage() -> None:
    """swap_window=own_turn: the swap is a turn action, so there is no pre-draw stage."""
    state = _phase1_won_by_seat1(seat1="7B", rules=Rules(swap_window="own_turn"))
    assert state.stage is not Stage.PREDRAW
    assert state.in_arrastre


# -- Tute (section 7) -----------------------------------------------------------------


def test_tute_four_reyes_wins_the_juego_at_once() -> None:
    """tute=juego: all four reyes announced in a cante window win the juego at once."""
    state = hand_after_first_trick(seat3="12O 12C 12E 12B")
    assert "tute:12" in legal_texts(state)
    act(state, "3 tute:12")
    assert state.is_over
    result = state.result
    assert result is not None
    assert result.juego_winner == 1 and result.reason is Termination.TUTE and result.stopped_early


def test_tute_four_sotas() -> None:
    """All four sotas are a tute too."""
    state = hand_after_first_trick(seat3="10O 10C 10E 10B")
    act(state, "3 tute:10")
    assert state.result is not None and state.result.juego_winner == 1


def test_tute_only_in_a_cante_window() -> None:
    """Tute is announced in a cante window: not before the side has won a trick."""
    state = deal({1: "12O 12C 12E 12B"}, muestra="4B", dealer=0, avoid=KEEP_OUT)
    assert "tute:12" not in legal_texts(state)
    assert_refused(state, "1 tute:12", "after your side won")


def test_flag_tute_points40_scores_forty_and_play_goes_on() -> None:
    """tute=points40: the tute scores 40 and the hand goes on; once per hand."""
    state = hand_after_first_trick(seat3="12O 12C 12E 12B", rules=Rules(tute="points40"))
    act(state, "3 tute:12")
    assert not state.is_over
    assert state.cante_points == [0, 40]
    assert "tute:12" not in legal_texts(state)
    assert_refused(state, "3 tute:12", "already been declared")


def test_flag_tute_off() -> None:
    """tute=off: four reyes are no tute."""
    state = hand_after_first_trick(seat3="12O 12C 12E 12B", rules=Rules(tute="off"))
    assert "tute:12" not in legal_texts(state)
    assert_refused(state, "3 tute:12", "not played")


def test_tute_is_apart_from_the_one_cante_limit() -> None:
    """Decision: the tute is not a cante; it may follow a cante after the same trick."""
    state = hand_after_first_trick(seat3="12O 12C 12E 12B 10O", rules=Rules(tute="points40"))
    act(state, "3 sing:O", "3 tute:12")
    assert state.cante_points == [0, 60]


def test_tute_with_exactly_four_cards_in_hand() -> None:
    """The four reyes and nothing else (late in the arrastre) are a tute too."""
    state = arrastre({0: "12O 12C 12E 12B 1B 3B", 1: "4O 5O 6O 4C 5C"}, muestra="4B", players=2)
    pass_windows(state)
    for lead in ("1B", "3B"):
        act(state, f"0 {lead}")
        act(state, f"1 {state.legal_actions()[0].card}")
        assert state.tricks[-1].winner == 0
    assert len(state.hands[0]) == 4
    assert "tute:12" in legal_texts(state)
    act(state, "0 tute:12")
    assert state.result is not None and state.result.reason is Termination.TUTE


def test_no_capote_bonus_for_a_hand_stopped_early() -> None:
    """A side that won every trick so far and ends the hand with a tute gets no capote bonus."""
    state = hand_after_first_trick(seat3="12O 12C 12E 12B", rules=Rules(capote_bonus=100))
    act(state, "3 tute:12")
    result = state.result
    assert result is not None and result.stopped_early and result.juego_winner == 1
    assert result.capote_side is None and result.capote_bonus == 0
    assert result.points == (0, 11)
