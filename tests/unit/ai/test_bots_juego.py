"""hard and expert play for the juego in the heads-up arrastre (the juego model, guinote_tui.engine.outcome)."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

from guinote_tui.ai import make_bot
from guinote_tui.ai.playouts import final_diff, final_value
from guinote_tui.engine import JUEGO, HandState, Play, parse_action, seat_view

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))
from engine_setup import arrastre


def vueltas_at(state: HandState, totals: tuple[int, int]) -> HandState:
    """A copy of ``state`` as a hand de vueltas in which the sides' running totals are ``totals``."""
    other = state.copy()
    other.carried = (totals[0] - other.points[0], totals[1] - other.points[1])
    other.first_of_juego = False
    other._instant = True
    return other


def last_two_tricks() -> HandState:
    """Heads-up arrastre, oros trumps: seat 0 at 95 holds the As de Oros and the Dos de Espadas, seat 1 at 91
    the Rey de Oros and the Tres de Espadas; seat 0 to lead."""
    state = arrastre({0: "1O 2E 1C 3C 12C 11C", 1: "12O 3E 4C 5C 6C 7C"}, muestra="12O", leader=0, players=2)
    for lead, follow in (("1C", "4C"), ("3C", "5C"), ("12C", "6C"), ("11C", "7C")):
        state.apply(parse_action(lead), 0)
        state.apply(parse_action(follow), 1)
    assert sorted(map(str, state.hands[0])) == ["1O", "2E"] and state.to_move == 0
    return vueltas_at(state, (95, 91))


@pytest.mark.parametrize("level", ["hard", "expert"])
def test_search_bots_lead_the_card_that_wins_the_juego(level: str) -> None:
    state = last_two_tricks()
    # The As takes the Rey (15 points: 110) and wins at once; the Dos gives the Tres (91 + 10 = 101) the juego,
    # though it wins more points if the juego went on.
    action = make_bot(level).choose(seat_view(state, 0), random.Random(1))
    assert action == parse_action("1O")


def test_without_the_juego_model_hard_leads_for_the_points() -> None:
    state = last_two_tricks()
    action = make_bot("hard:juego=false").choose(seat_view(state, 0), random.Random(1))
    assert action == parse_action("2E")


def test_final_value_is_the_juego_and_the_points() -> None:
    state = last_two_tricks()
    won = state.copy()
    won.apply(parse_action("1O"))
    won.apply(parse_action("12O"))
    assert won.is_over
    assert final_value(won, 0) == JUEGO + final_diff(won, 0)
    assert final_value(won, 1) == -final_value(won, 0)
    lost = state.copy()
    lost.apply(parse_action("2E"))
    # Stopped before the trick is done, solved for the juego: the Tres takes it and seat 1 reaches 101.
    assert not lost.is_over
    lost.apply(parse_action("3E"))
    assert lost.is_over and lost.result is not None and lost.result.juego_winner == 1
    assert final_value(lost, 0) < -JUEGO // 2
    assert all(isinstance(a, Play) for a in state.legal_actions())


def test_final_value_solves_a_hand_stopped_at_a_trick_boundary() -> None:
    state = last_two_tricks()
    # Seat 0 to lead: it wins the juego with the As (side 1's view: the same line, negated).
    value = final_value(state, 0, solve=True)
    assert value > JUEGO // 2
    assert final_value(state, 1, solve=True) == -value
    with pytest.raises(ValueError):
        final_value(state, 0)


@pytest.mark.parametrize("players", [2, 4])
def test_the_juego_options_play_legal_cards(players: int) -> None:
    from guinote_tui.lab.bench import random_positions

    bot = make_bot("hard:samples=4,arrastre_samples=3,juego_pairs=true,juego_playouts=true,leaf_stock=2")
    checked = 0
    for state in random_positions(players, "aragones", seed=3, hands=6):
        seat = state.to_move
        assert seat is not None
        if len(state.legal_actions()) < 2 or state.first_of_juego:
            continue
        action = bot.choose(seat_view(state, seat), random.Random(checked))
        assert action in state.legal_actions()
        checked += 1
        if checked == 12:
            break
    assert checked == 12


def test_in_pairs_the_juego_setting_changes_nothing_by_default() -> None:
    """``juego`` is the heads-up arrastre's: in pairs hard plays exactly as without it (juego_pairs is off)."""
    from guinote_tui.lab.bench import random_positions

    with_model = make_bot("hard:samples=3,arrastre_samples=2")
    without = make_bot("hard:samples=3,arrastre_samples=2,juego=false")
    checked = 0
    for state in random_positions(4, "aragones", seed=8, hands=2):
        seat = state.to_move
        assert seat is not None
        if len(state.legal_actions()) < 2:
            continue
        view = seat_view(state, seat)
        assert with_model.choose(view, random.Random(checked)) == without.choose(view, random.Random(checked))
        checked += 1
    assert checked >= 20
