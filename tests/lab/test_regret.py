"""The phase-1 regret screen: positions, oracle values, regrets and the command."""

from __future__ import annotations

import random

import pytest
from click.testing import CliRunner

from guinote_lab.regret import main, paired, phase1_positions, regrets
from guinote_tui.ai import make_bot
from guinote_tui.engine import Play, Stage, seat_view


@pytest.mark.parametrize("players", [2, 4])
def test_positions_are_phase1_card_choices_valued_reproducibly(players: int) -> None:
    positions = phase1_positions(players, "aragones", seed=3, hands=1, orders=3)
    assert len(positions) >= 4
    for position in positions:
        state = position.state
        assert state.muestra is not None and state.stage is Stage.PLAY
        legal = state.legal_actions()
        assert all(type(a) is Play for a in legal) and len(legal) >= 2
        assert sorted(position.values) == sorted(a.card for a in legal if isinstance(a, Play))
        assert position.best == max(position.values.values())
    again = phase1_positions(players, "aragones", seed=3, hands=1, orders=3)
    assert [p.values for p in again] == [p.values for p in positions]


def test_regret_is_the_oracles_best_minus_the_value_of_the_bots_card() -> None:
    positions = phase1_positions(2, "aragones", seed=4, hands=1, orders=3)
    values, times = regrets("normal", positions, seed=4)
    assert len(values) == len(times) == len(positions)
    normal = make_bot("normal")
    for position, regret in zip(positions, values, strict=True):
        state = position.state
        assert state.to_move is not None
        action = normal.choose(seat_view(state, state.to_move), random.Random(f"bot:4:{position.number}"))
        assert isinstance(action, Play)
        assert regret == position.best - position.values[action.card] >= 0.0
    # Random play is worse than normal's on these positions, and positions exist where normal is not best.
    worse, _ = regrets("random", positions, seed=4)
    assert sum(worse) > sum(values) > 0.0


def test_paired_difference_and_interval() -> None:
    diff, (low, high) = paired([1.0, 2.0, 3.0, 4.0], [2.0, 2.0, 5.0, 4.0])
    assert diff == pytest.approx(0.75)
    assert low < 0.75 < high
    with pytest.raises(ValueError):
        paired([1.0, 2.0], [1.0])


def test_command_prints_regrets_and_refuses_bad_bots_in_one_line() -> None:
    runner = CliRunner()
    result = runner.invoke(main, ["--bots", "random;normal", "--hands", "1", "--orders", "2", "--seed", "3"])
    assert result.exit_code == 0, result.output
    assert "phase-1 positions" in result.output and "paired: normal minus random" in result.output
    for bots, message in [("wizard", "unknown bot 'wizard'"), ("open", "it is the oracle"), (";", "at least one bot")]:
        bad = runner.invoke(main, ["--bots", bots, "--hands", "1"])
        assert bad.exit_code == 2 and message in bad.output
        assert "Traceback" not in bad.output
    for wildness in ("1.5", "nan"):
        bad = runner.invoke(main, ["--wildness", wildness, "--hands", "1"])
        assert bad.exit_code == 2 and "--wildness" in bad.output and "Traceback" not in bad.output


def test_wildness_changes_the_screened_positions() -> None:
    calm = phase1_positions(2, "aragones", seed=4, hands=1, orders=1, wildness=0.0)
    wild = phase1_positions(2, "aragones", seed=4, hands=1, orders=1, wildness=1.0)
    assert calm and wild
    assert [p.state.describe() for p in calm] != [p.state.describe() for p in wild]


def test_the_end_of_phase_1_and_the_arrastre_can_be_screened_alone() -> None:
    from guinote_lab.regret import arrastre_positions

    late = phase1_positions(2, "aragones", seed=3, hands=3, orders=2, stock=1)
    assert late and all(len(p.state.stock) <= 1 for p in late)
    arrastre = arrastre_positions(4, "aragones", seed=3, hands=1)
    assert len(arrastre) >= 4
    for position in arrastre:
        state = position.state
        assert state.muestra is None and state.in_arrastre
        assert sorted(position.values) == sorted(a.card for a in state.legal_actions() if isinstance(a, Play))
    values, _ = regrets("random", arrastre, seed=3)
    assert all(v >= 0.0 for v in values) and sum(values) > 0.0  # the best card on the real hands is never beaten
    result = CliRunner().invoke(main, ["--bots", "normal", "--players", "4", "--hands", "1", "--arrastre"])
    assert result.exit_code == 0 and "arrastre positions" in result.output
