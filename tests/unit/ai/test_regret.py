"""The regret diagnostic: oracle values, and the command's report."""

from __future__ import annotations

import random

from click.testing import CliRunner

from guinote_tui.ai.bench import random_positions
from guinote_tui.ai.regret import main, oracle_values, phase_of
from guinote_tui.ai.search import OpenBot
from guinote_tui.engine import Play


def test_open_bot_has_no_regret_in_phase_one() -> None:
    """The open-card bot maximises the oracle's own values, so its choice is always the oracle's best."""
    bot = OpenBot()
    checked = 0
    for state in random_positions(2, "aragones", seed=3, hands=2):
        legal = state.legal_actions()
        if state.stage != "play" or state.muestra is None or any(type(a) is not Play for a in legal):
            continue
        if len(legal) < 2:
            continue
        values = oracle_values(state)
        assert set(values) == {a.card for a in legal}  # type: ignore[union-attr]
        seat = state.to_move
        assert seat is not None
        action = bot.choose_open(state, seat, random.Random(0))
        assert isinstance(action, Play)
        assert values[action.card] == max(values.values())
        checked += 1
    assert checked > 10


def test_phase_labels() -> None:
    labels = {phase_of(s) for s in random_positions(2, "aragones", seed=1, hands=2) if s.stage == "play"}
    assert {"phase 1 early lead", "phase 1 early follow", "arrastre lead"} <= labels


def test_command_reports_each_bot_and_refuses_bad_specs() -> None:
    result = CliRunner().invoke(main, ["--bot", "random", "--bot", "normal", "--hands", "1", "--seed", "2"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert "positions; mean regret" in lines[0]
    total = next(line for line in lines if line.startswith("all"))
    regret_random, regret_normal = (float(x) for x in total.split()[-2:])
    assert regret_random >= 0.0 and regret_normal >= 0.0
    bad = CliRunner().invoke(main, ["--bot", "nobody"])
    assert bad.exit_code != 0 and "unknown bot" in bad.output and "Traceback" not in bad.output
