"""The juego outcome model (guinote_tui.engine.outcome) at each boundary of docs/rules.md, section 7."""

from __future__ import annotations

from engine_setup import act, deal

from guinote_tui.engine import JUEGO, JuegoOutcome, Rules, Termination, juego_value, line_value

ARAGONES = Rules()


def first(rules: Rules = ARAGONES) -> JuegoOutcome:
    return JuegoOutcome(rules, (0, 0), True)


def test_a_decided_juego_outweighs_any_margin_and_the_margin_breaks_ties() -> None:
    assert juego_value(0, -200) > juego_value(None, 300) > juego_value(1, 200)
    assert juego_value(0, 5) > juego_value(0, 4)
    assert juego_value(None, 7) == 7
    assert juego_value(1, 3) == 3 - JUEGO


def test_first_hand_needs_101_not_100() -> None:
    model = first()
    assert model.at_end((101, 29), (101, 19), 0) == 0
    assert model.at_end((100, 30), (100, 20), 0) is None
    assert model.end_value((101, 29), (101, 19), 0) == JUEGO + 72
    assert model.end_value((100, 30), (100, 20), 0) == 70


def test_treinta_malas_29_refuses_and_30_counts() -> None:
    model = first()
    # 101 with cantes: 29 from cards and the last ten is refused, 30 is enough.
    assert model.at_end((101, 40), (29, 40), 1) is None
    assert model.at_end((101, 40), (30, 40), 1) == 0
    # Without the rule 29 is enough; de vueltas (not the first hand) it does not apply.
    assert JuegoOutcome(Rules(treinta_malas=False), (0, 0), True).at_end((101, 40), (29, 40), 1) == 0
    assert JuegoOutcome(Rules(vueltas=False), (60, 0), False).at_end((41, 40), (1, 40), 1) == 0


def test_both_reaching_last_trick_rule_gives_the_juego_to_the_last_trick() -> None:
    model = first()
    assert model.at_end((110, 105), (50, 85), 1) == 1
    assert model.at_end((110, 105), (50, 85), 0) == 0
    # Treinta malas first: a side refused does not count as reaching.
    assert model.at_end((110, 105), (25, 85), 0) == 1


def test_both_reaching_higher_score_rule() -> None:
    model = first(Rules(both_reach="higher_score"))
    assert model.at_end((110, 105), (50, 85), 1) == 0
    assert model.at_end((105, 110), (50, 85), 0) == 1
    assert model.at_end((105, 105), (50, 85), 0) is None


def test_de_vueltas_reaching_counts_at_once_from_the_carried_score() -> None:
    model = JuegoOutcome(ARAGONES, (95, 91), False)
    assert model.instant
    assert not model.reaches(0, 5)
    assert model.reaches(0, 6)
    assert model.reaches(1, 10)
    assert not model.reaches(1, 9)
    # The first hand never ends early; neither does a hand under vueltas=false.
    assert not first().reaches(0, 200)
    assert not JuegoOutcome(Rules(vueltas=False), (95, 91), False).reaches(0, 50)


def test_tute_wins_only_under_tute_juego() -> None:
    assert first().tute_wins
    assert not first(Rules(tute="points40")).tute_wins


def test_line_value_of_a_hand_ended_de_vueltas_mid_hand() -> None:
    # Side 1 carries 95 and takes a trick worth 11 on the first trick: the juego ends at once.
    state = deal(
        {0: "4O 5O 6O 7O 2E 4E", 1: "1C 5C 6C 7C 2B 4B"},
        muestra="2C",
        players=2,
        carried=(0, 95),
        first_of_juego=False,
        dealer=1,
    )
    assert state.to_move == 0
    act(state, "0 4O", "1 1C")
    assert state.is_over and state.result is not None
    assert state.result.reason is Termination.VUELTAS_TRICK and state.result.stopped_early
    assert line_value(state, 1) == JUEGO + 11
    assert line_value(state, 0) == -JUEGO - 11
    assert JuegoOutcome.of(state) == JuegoOutcome(ARAGONES, (0, 95), False)


def test_line_value_of_an_undecided_hand_is_its_points() -> None:
    state = deal({0: "4O 5O 6O 7O 2E 4E", 1: "1C 5C 6C 7C 2B 4B"}, muestra="2C", players=2, dealer=1)
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    assert state.result is not None
    points = state.result.points
    expected = juego_value(state.result.juego_winner, points[0] - points[1])
    assert line_value(state) == expected
    assert (
        JuegoOutcome.of(state).at_end(
            points,
            (
                state.card_points[0] + (10 if state.last_trick_side == 0 else 0),
                state.card_points[1] + (10 if state.last_trick_side == 1 else 0),
            ),
            state.last_trick_side,
        )
        == state.result.juego_winner
    )


def test_line_value_of_a_tute_is_the_juego() -> None:
    state = deal({0: "12O 12C 12E 12B 1O 4C", 1: "5C 6C 7C 2B 4B 5B"}, muestra="2C", players=2, dealer=1)
    act(state, "0 1O", "1 5B", "0 tute:12")
    assert state.is_over and state.result is not None and state.result.reason is Termination.TUTE
    assert line_value(state) == JUEGO + 11
