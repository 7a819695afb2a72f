"""The reason-share count: every decision with a choice of cards is counted once, by phase."""

from __future__ import annotations

from click.testing import CliRunner

from guinote_lab.reason_share import main, reason_counts
from guinote_tui.coach import ReasonCode


def test_each_decision_with_a_choice_gets_one_reason() -> None:
    counts = reason_counts(2, decisions=12, seed=3, samples=2)
    assert set(counts) == {"phase 1", "arrastre"}
    assert sum(sum(c.values()) for c in counts.values()) == 12
    assert all(isinstance(code, ReasonCode) for c in counts.values() for code in c)
    # The same seed, the same count.
    assert reason_counts(2, decisions=12, seed=3, samples=2) == counts


def test_the_command_prints_a_share_per_reason() -> None:
    result = CliRunner().invoke(main, ["--decisions", "4", "--samples", "2"])
    assert result.exit_code == 0, result.output
    assert "heads-up: 4 decisions with a choice of cards" in result.output
    assert "pairs: 4 decisions with a choice of cards" in result.output
    assert "%" in result.output
