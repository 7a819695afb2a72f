"""The calibration command: the chance of winning a juego de vueltas against the first hand's difference."""

from __future__ import annotations

import math
import random

from click.testing import CliRunner

from guinote_tui.lab.calibrate import fit_scale, main, vueltas_outcomes


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
