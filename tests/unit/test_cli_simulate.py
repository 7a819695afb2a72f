"""``guinote simulate``: the self-play speed benchmark."""

from __future__ import annotations

import json
from typing import Any

import pytest
from click.testing import CliRunner

from guinote_tui.cli import main


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


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        # Bot against bot is guinote tournament's job: simulate has no such options.
        (["--a", "random", "--b", "random"], "No such option '--a'"),
        (["--deals", "3"], "No such option '--deals'"),
        (["--bots", "grandmaster"], "choose one of"),
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
