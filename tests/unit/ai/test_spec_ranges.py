"""A bot spec is input like any other: every number has a range, an echo is cut.

The probe: ``hard:leaf_stock=99999`` was taken (every playout then solved
exactly: a deal took minutes), and an error echoed a 5,000-digit value in
full. (The laboratory's learned player reads a weights file as any file: tests/lab/test_learned_weights.py.)
"""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from guinote_tui.ai import REGISTRY, SPEC_RANGES, make_bot, spec_defaults
from guinote_tui.cli import main

NUMERIC = sorted(
    (name, key, default)
    for name in REGISTRY
    for key, default in spec_defaults(name).items()
    if isinstance(default, int | float) and not isinstance(default, bool)
)


def refusal(spec: str) -> str:
    with pytest.raises(ValueError) as caught:
        make_bot(spec)
    text = str(caught.value)
    assert "\n" not in text and len(text) < 600, text[:800]
    return text


def test_every_numeric_parameter_of_every_bot_has_a_range_holding_its_default() -> None:
    assert len(NUMERIC) >= 15  # easy's chances, the search settings, open's
    for name, key, default in NUMERIC:
        assert key in SPEC_RANGES, f"{name}: {key} has no range"
        low, high = SPEC_RANGES[key]
        assert low <= default <= high, (name, key, default)


@pytest.mark.parametrize(("name", "key", "default"), NUMERIC)
def test_a_value_past_a_range_is_refused_naming_it_and_the_bounds_are_taken(
    name: str, key: str, default: float
) -> None:
    low, high = SPEC_RANGES[key]
    step = 1 if isinstance(default, int) else 0.5
    for outside in (low - step, high + step):
        text = refusal(f"{name}:{key}={outside}")
        assert f"bot {name}: {key} must be " in text and " from " in text and f"not '{outside}'" in text
    if key in ("infer_eps", "resample_z"):  # more than 0: the search settings refuse 0 themselves
        low = 0.01
    for inside in (low, high):
        make_bot(f"{name}:{key}={inside}")  # (a bot is only built: nothing is played)


def test_the_probes_leaf_stock_is_refused_in_one_line() -> None:
    assert refusal("hard:leaf_stock=99999") == "bot hard: leaf_stock must be a whole number from 0 to 12, not '99999'"
    assert refusal("hard:arrastre_nodes=99999999") == (
        "bot hard: arrastre_nodes must be a whole number from 1 to 2,000,000, not '99999999'"
    )


@pytest.mark.parametrize(
    "spec",
    [
        "hard:samples=" + "9" * 5000,  # past Python's digits for int()
        "hard:samples=" + "9" * 4000,  # converted, past the range
        "easy:blunder=" + "9" * 5000,
        "hard:" + "x" * 5000 + "=1",
        "w" * 5000,
        "hard:" + "y" * 5000,
    ],
    ids=["int-5000-digits", "int-4000-digits", "float-5000-digits", "key-5000", "name-5000", "item-5000"],
)
def test_an_echo_of_a_long_value_is_cut(spec: str) -> None:
    text = refusal(spec)
    assert "…" in text and len(text) < 400


def test_the_tournament_refuses_a_spec_past_its_range_in_one_line() -> None:
    result = CliRunner().invoke(main, ["tournament", "--a", "hard:leaf_stock=99999", "--b", "random", "--deals", "1"])
    assert result.exit_code == 2
    assert "--a: bot hard: leaf_stock must be a whole number from 0 to 12, not '99999'" in result.output
