"""The decision-time bench: percentiles and the command."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from guinote_lab.bench import main, percentiles, time_bot


def test_percentiles_are_nearest_rank_and_ordered() -> None:
    times = [float(n) for n in range(1, 101)]
    p = percentiles(times)
    assert (p["p50"], p["p95"], p["p99"], p["max"]) == (50.0, 95.0, 99.0, 100.0)
    one = percentiles([7.0])
    assert one == {"p50": 7.0, "p95": 7.0, "p99": 7.0, "max": 7.0}
    assert percentiles([]) == {"p50": 0.0, "p95": 0.0, "p99": 0.0, "max": 0.0}


def test_choices_only_skips_the_forced_moves() -> None:
    every = time_bot("normal", 2, "aragones", seed=2, hands=1, choices_only=False, cpu=True)
    chosen = time_bot("normal", 2, "aragones", seed=2, hands=1, choices_only=True, cpu=True)
    assert 0 < len(chosen) < len(every)
    assert all(t >= 0.0 for t in every)


def test_command_prints_a_row_per_bot_and_table_size() -> None:
    runner = CliRunner()
    result = runner.invoke(main, ["--bots", "random;normal", "--hands", "1", "--cpu", "--seed", "3"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert "(CPU ms)" in lines[0]
    rows = [line.split() for line in lines[1:]]
    assert [(row[0], row[1]) for row in rows] == [("random", "2"), ("random", "4"), ("normal", "2"), ("normal", "4")]
    for row in rows:
        p50, p95, p99, top = (float(x) for x in row[3:7])
        assert int(row[2]) > 0 and 0.0 <= p50 <= p95 <= p99 <= top


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--bots", "wizard", "--hands", "1"], "unknown bot 'wizard'"),
        (["--players", "3", "--hands", "1"], "--players"),
        (["--hands", "0"], "--hands"),
    ],
)
def test_command_refuses_bad_options_in_one_line(args: list[str], message: str) -> None:
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 2 and message in result.output
    assert "Traceback" not in result.output
