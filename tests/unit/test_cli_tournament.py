"""``guinote tournament``: bot A against bot B over seeded deals."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from click.testing import CliRunner

from guinote_tui.ai import REGISTRY, Bot
from guinote_tui.cli import main
from guinote_tui.engine import PLAY, Action, SeatView

TOURNAMENT_KEYS = {
    "deals",
    "mean_point_diff",
    "mean_point_diff_ci95",
    "juego_share_a",
    "juego_share_a_ci95",
    "elo_a_minus_b",
    "decision_ms",
    "seconds",
    "players",
    "rules",
    "a",
    "b",
    "duplicate",
    "seed",
}
TIMINGS = {"seconds", "deals_per_second", "decision_ms", "jobs"}


def _json(args: list[str]) -> dict[str, Any]:
    result = CliRunner().invoke(main, ["tournament", *args])
    assert result.exit_code == 0, result.output
    assert not result.stderr
    data = json.loads(result.stdout)
    assert isinstance(data, dict)
    return data


def test_tournament_json_has_every_key_and_is_reproducible() -> None:
    args = ["--a", "random", "--b", "random", "--duplicate", "--deals", "30", "--players", "4", "--seed", "5", "--json"]
    first = _json(args)
    assert set(first) >= TOURNAMENT_KEYS
    assert first["deals"] == 30 and first["games"] == 60 and first["duplicate"] is True
    low, high = first["mean_point_diff_ci95"]
    assert low <= first["mean_point_diff"] <= high
    share_low, share_high = first["juego_share_a_ci95"]
    assert 0 <= share_low <= first["juego_share_a"] <= share_high <= 1
    timing = first["decision_ms"]["random"]
    assert timing["p50"] <= timing["p95"] <= timing["p99"] <= timing["max"]
    second = _json([*args, "--jobs", "2"])
    assert {k: v for k, v in first.items() if k not in TIMINGS} == {k: v for k, v in second.items() if k not in TIMINGS}


def test_defaults_are_pairs_200_deals_seed_0_single() -> None:
    data = _json(["--a", "random", "--b", "random", "--json", "--deals", "3"])
    assert (data["players"], data["seed"], data["duplicate"], data["rules"]) == (4, 0, False, "aragones")
    help_text = CliRunner().invoke(main, ["tournament", "--help"]).output
    assert "(default: 200)" in help_text and "--duplicate" in help_text


def test_tournament_text_report() -> None:
    result = CliRunner().invoke(
        main,
        ["tournament", "--a", "random", "--b", "random", "--deals", "10", "--players", "2", "--rules", "libre-100"],
    )
    assert result.exit_code == 0, result.output
    assert "10 deals, 10 games" in result.output
    assert "point difference per deal" in result.output and "Elo A - B" in result.output
    assert "p99" in result.output and "rules libre-100" in result.output


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["--a", "grandmaster", "--b", "random"], "unknown bot"),
        (["--a", "random", "--b", "random", "--jobs", "0"], "--jobs"),
        (["--a", "random", "--b", "random", "--deals", "-5"], "--deals"),
        (["--a", "random", "--b", "random", "--rule", "nonsense=1"], "unknown rules flag"),
        (["--a", "random", "--b", "random", "--rule", "tute"], "--rule"),
        (["--a", "hard:samples=0", "--b", "random"], "samples must be a whole number from 1 to 2000"),
        (["--a", "random"], "--b"),
        (["--a", "random", "--b", "random", "--games", "3"], "--games"),
    ],
)
def test_bad_options_are_one_readable_line(args: list[str], needle: str) -> None:
    result = CliRunner().invoke(main, ["tournament", *args])
    assert result.exit_code == 2, result.output
    errors = [line for line in result.output.splitlines() if line.startswith("Error")]
    assert len(errors) == 1 and needle in errors[0], result.output
    assert "Traceback" not in result.output
    assert isinstance(result.exception, SystemExit)


class _Cheat(Bot):
    name = "cheat-cli-test"
    offered = False

    def choose(self, view: SeatView, rng: random.Random) -> Action:
        return PLAY[next(c for c in range(40) if c not in view.hand)]


def test_a_bot_that_breaks_the_rules_stops_the_run_with_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(REGISTRY, _Cheat.name, _Cheat)
    result = CliRunner().invoke(main, ["tournament", "--a", _Cheat.name, "--b", "random", "--deals", "2"])
    assert result.exit_code == 1
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and "illegal action" in lines[0] and _Cheat.name in lines[0]


def test_a_progress_line_with_the_time_left_on_a_terminal_only(monkeypatch: pytest.MonkeyPatch) -> None:
    import importlib

    lab = importlib.import_module("guinote_tui.cli.tournament")  # (the package's "tournament" is the command)

    args = ["tournament", "--a", "random", "--b", "random", "--deals", "4", "--players", "2", "--json"]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0 and "playing:" not in result.output + result.stderr
    # The report goes to a file or a pipe; the error stream is a terminal: the line is shown there.
    monkeypatch.setattr(lab, "on_terminal", lambda stream: True)
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0 and "playing:" not in result.stdout
    empty, full = "[" + "-" * 24 + "]", "[" + "#" * 24 + "]"
    assert f"\rplaying: {empty} 0 of 4 deals" in result.stderr
    assert " 1 of 4 deals, about 0:" in result.stderr
    assert f"\rplaying: {full} 4 of 4 deals" in result.stderr
    json.loads(result.stdout)
