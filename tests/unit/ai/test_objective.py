"""The search's juego objective and the calibration command behind its scale."""

from __future__ import annotations

import math
import random

import pytest
from click.testing import CliRunner

from guinote_tui.ai import make_bot
from guinote_tui.ai.bench import random_positions
from guinote_tui.ai.calibrate import fit_scale, main, vueltas_outcomes
from guinote_tui.ai.rulebots import NormalBot
from guinote_tui.ai.search import VUELTAS_SCALE, juego_value
from guinote_tui.engine import HandState, Rules, seat_view


def finished_hands(players: int, seed: int, count: int, carried: tuple[int, int] = (0, 0)) -> list[HandState]:
    rules = Rules.preset("aragones")
    rng = random.Random(seed)
    bot = NormalBot()
    out = []
    for _ in range(count):
        deck = list(range(40))
        rng.shuffle(deck)
        state = HandState(deck, rng.randrange(players), rules, players, carried, first_of_juego=carried == (0, 0))
        while not state.is_over:
            seat = state.to_move
            assert seat is not None
            state.apply(bot.choose(seat_view(state, seat), rng))
        out.append(state)
    return out


@pytest.mark.parametrize("players", [2, 4])
def test_juego_value_is_the_outcome_when_the_hand_decides(players: int) -> None:
    decided = vueltas = 0
    for state in finished_hands(players, seed=3, count=40):
        result = state.result
        assert result is not None
        diff = result.points[0] - result.points[1]
        for side in (0, 1):
            value = juego_value(state, side, points_weight=0.0)
            if result.juego_winner is not None:
                assert value == (100.0 if result.juego_winner == side else -100.0)
            else:
                sign = 1 if side == 0 else -1
                assert value == pytest.approx(100 * math.tanh(sign * diff / VUELTAS_SCALE[players]))
            mixed = juego_value(state, side, points_weight=0.25)
            assert mixed == pytest.approx(0.75 * value + 0.25 * (diff if side == 0 else -diff))
        decided += result.juego_winner is not None
        vueltas += result.juego_winner is None
    # Both kinds of ending occur in 40 hands, so both branches were checked.
    assert decided and vueltas


def test_vueltas_hand_is_won_or_lost_whatever_the_margin() -> None:
    for state in finished_hands(2, seed=5, count=10, carried=(80, 85)):
        result = state.result
        assert result is not None and result.juego_winner is not None
        winner = result.juego_winner
        assert juego_value(state, winner, 0.0) == 100.0
        assert juego_value(state, 1 - winner, 0.0) == -100.0


def test_objective_is_checked_and_reproducible() -> None:
    with pytest.raises(ValueError, match="objective"):
        make_bot("hard:objective=elo")
    with pytest.raises(ValueError, match="points_weight"):
        make_bot("hard:points_weight=2")
    bot = make_bot("hard:samples=4,objective=juego")
    rules = Rules.preset("aragones")
    deck = list(range(40))
    random.Random(4).shuffle(deck)
    start = HandState(deck, 0, rules, 2)
    view = seat_view(start, start.to_move or 0)
    assert bot.choose(view, random.Random(2)) == bot.choose(view, random.Random(2))


def test_fit_recovers_a_known_scale() -> None:
    rng = random.Random(7)
    data = []
    for _ in range(4000):
        diff = rng.randrange(-60, 61)
        won = 1 if rng.random() < 1 / (1 + math.exp(-diff / 12)) else 0
        data.append((diff, won))
    assert abs(fit_scale(data) - 12) <= 2


def test_vueltas_outcomes_and_command() -> None:
    data = vueltas_outcomes(2, "aragones", games=40, seed=2)
    assert data and all(won in (0, 1) for _, won in data)
    result = CliRunner().invoke(main, ["--games", "60", "--players", "2"])
    assert result.exit_code == 0, result.output
    assert "logistic scale s =" in result.output
    bad = CliRunner().invoke(main, ["--rules", "nope"])
    assert bad.exit_code != 0
    assert "unknown rules preset" in bad.output
    assert "Traceback" not in bad.output


def test_vueltas_objective_plays_for_points_in_a_first_hand_and_for_the_juego_after() -> None:
    with pytest.raises(ValueError, match="arrastre_objective"):
        make_bot("hard:arrastre_objective=elo")
    vueltas = make_bot("hard:samples=6,objective=vueltas,leaf_stock=4")
    points = make_bot("hard:samples=6,leaf_stock=4")
    juego = make_bot("hard:samples=6,objective=juego,leaf_stock=4")
    seen = {True: 0, False: 0}
    differs = 0
    for number, state in enumerate(random_positions(2, "aragones", seed=8, hands=6)):
        if state.muestra is None or state.stage != "play" or len(state.legal_actions()) < 2 or number % 3:
            continue
        seat = state.to_move
        assert seat is not None
        view = seat_view(state, seat)
        seed = f"objective:{number}"
        chosen = vueltas.choose(view, random.Random(seed))
        twin = points if state.first_of_juego else juego
        assert chosen == twin.choose(view, random.Random(seed))
        other = juego if state.first_of_juego else points
        differs += chosen != other.choose(view, random.Random(seed))
        seen[state.first_of_juego] += 1
    assert seen[True] >= 5 and seen[False] >= 5, seen
    assert differs >= 1
