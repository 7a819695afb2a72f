"""``guinote simulate``: the self-play speed benchmark (and the old tournament form, deprecated)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from click.testing import CliRunner

from guinote_tui.cli import main

TIMINGS = {"seconds", "deals_per_second", "decision_ms", "jobs"}
DEPRECATION = "guinote simulate --a/--b is deprecated: use guinote tournament"


def _json(args: list[str]) -> dict[str, Any]:
    result = CliRunner().invoke(main, ["simulate", *args])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert isinstance(data, dict)
    return data


def test_self_play_benchmark_reports_speed_and_wins() -> None:
    data = _json(["--bots", "random", "--games", "5", "--players", "2", "--json"])
    assert {"hands", "seconds", "hands_per_second", "wins", "juegos"} <= set(data)
    wins = data["wins"]
    assert isinstance(wins, dict) and wins["side_0"] + wins["side_1"] == 5


def test_self_play_text_report_and_help_name_the_tournament_command() -> None:
    result = CliRunner().invoke(main, ["simulate", "--bots", "normal", "--games", "2", "--players", "2"])
    assert result.exit_code == 0, result.output
    assert "2 matches" in result.stdout and "juegos won" in result.stdout and not result.stderr
    help_text = CliRunner().invoke(main, ["simulate", "--help"]).output
    assert "guinote tournament" in help_text and "--a" not in help_text


def test_the_old_tournament_form_still_works_with_one_deprecation_line() -> None:
    args = ["--a", "random", "--b", "random", "--duplicate", "--deals", "6", "--players", "2", "--seed", "5", "--json"]
    old = CliRunner().invoke(main, ["simulate", *args])
    assert old.exit_code == 0, old.output
    assert old.stderr.strip().splitlines() == [old.stderr.strip()] and DEPRECATION in old.stderr
    new = CliRunner().invoke(main, ["tournament", *args])
    assert new.exit_code == 0, new.output
    assert not new.stderr
    figures = [{k: v for k, v in json.loads(r.stdout).items() if k not in TIMINGS} for r in (old, new)]
    assert figures[0] == figures[1] and figures[0]["deals"] == 6


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["--a", "random"], "both --a and --b"),
        (["--a", "random", "--b", "random", "--games", "3"], "--deals"),
        (["--deals", "3"], "use guinote tournament"),
        (["--bots", "grandmaster"], "choose from"),
        (["--games", "1000001"], "--games"),  # more would share matches with the next seed
    ],
)
def test_bad_options_are_one_readable_line(args: list[str], needle: str) -> None:
    result = CliRunner().invoke(main, ["simulate", *args])
    assert result.exit_code == 2, result.output
    errors = [line for line in result.output.splitlines() if line.startswith("Error")]
    assert len(errors) == 1 and needle in errors[0], result.output
    assert "Traceback" not in result.output
    assert isinstance(result.exception, SystemExit)


def test_self_play_runs_of_two_seeds_never_share_a_match() -> None:
    from guinote_tui.engine import Rules
    from guinote_tui.sim import SEED_STRIDE, simulate

    # Match i of seed s is seeded s * SEED_STRIDE + i: the cap keeps the ranges apart.
    for matches in (0, SEED_STRIDE + 1):
        with pytest.raises(ValueError, match="matches must be from 1 to 1,000,003"):
            simulate(2, matches, 0, Rules())
    assert simulate(2, 1, 0, Rules()).to_dict()["matches"] == 1
