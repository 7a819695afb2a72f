"""guinote stats: the learning curve and practice's accuracy, as text and JSON, worked out by hand (learning_data)."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from learning_data import ACCURACY_LINES, RATE_ROWS, TIER_ROWS, fill_learning

from guinote_tui.cli import main
from guinote_tui.records import Statistics, default_path


def row_of(lines: list[str], cells: tuple[str, ...]) -> str:
    """The one line holding ``cells`` in order, apart (the columns' widths are the report's)."""
    found = [line for line in lines if line.split()[:1] == [cells[0]] and all(cell in line for cell in cells)]
    assert len(found) == 1, (cells, found)
    line = found[0]
    places = [line.index(cell) for cell in cells]
    assert places == sorted(places)
    return line


def test_nothing_reviewed_yet_says_how_to_start() -> None:
    result = CliRunner().invoke(main, ["stats"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert "Your learning curve" in lines
    assert "  Review a hand (v after it) to start your learning curve." in lines
    assert "Practice (answers given unaided)" not in lines
    figures = json.loads(CliRunner().invoke(main, ["stats", "--json"]).output)
    assert figures["learning"] == {
        "curves": {"2": {"block": 20, "left_out": 0, "points": []}, "4": {"block": 20, "left_out": 0, "points": []}},
        "practice": [],
    }


def test_the_text_has_the_curve_and_the_accuracy_worked_out_by_hand() -> None:
    fill_learning()
    with Statistics(default_path()) as stats:
        last = {size: [p.last_played[:10] for p in stats.mistake_curve(size).points] for size in (2, 4)}
    result = CliRunner().invoke(main, ["stats"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert "Review a hand (v after it)" not in result.output
    start = lines.index("Your learning curve")
    lines = lines[start:]
    assert "  Heads-up: 22 reviewed hands, in blocks of 20" in lines
    assert "  Pairs: 3 reviewed hands, in blocks of 20" in lines
    pairs = lines.index("  Pairs: 3 reviewed hands, in blocks of 20")
    for size, part in ((2, lines[:pairs]), (4, lines[pairs:])):
        for (hands, graded, lost), day in zip(RATE_ROWS[size], last[size], strict=True):
            row_of(part, (hands, day, graded, lost))
        for row in TIER_ROWS[size]:
            row_of(part, row)
    assert [line.strip() for line in lines[lines.index("Practice (answers given unaided)") + 1 :]] == ACCURACY_LINES


def test_players_keeps_one_table_size() -> None:
    fill_learning()
    output = CliRunner().invoke(main, ["stats", "--players", "4"]).output
    assert "Pairs: 3 reviewed hands" in output and "Heads-up:" not in output
    # The puzzles were answered heads-up; the pairs mistake's answer was wrong.
    assert "Your own mistakes: 0 of 1 right" in output and "Count the trumps" not in output


def test_the_json_has_the_same_figures_with_the_intervals_bounds() -> None:
    fill_learning()
    result = CliRunner().invoke(main, ["stats", "--json"])
    assert result.exit_code == 0, result.output
    learning = json.loads(result.output)["learning"]
    heads_up = learning["curves"]["2"]
    assert heads_up["block"] == 20 and heads_up["left_out"] == 0
    first, second = heads_up["points"]
    assert (first["first"], first["hands"], second["first"], second["hands"]) == (1, 20, 21, 2)
    assert first["mistakes"] == {
        "count": 3,
        "hands": 20,
        "per_hand": 0.15,
        "low": pytest.approx(1.020270 / 20, abs=1e-6),
        "high": pytest.approx(8.821188 / 20, abs=1e-6),
    }
    assert {tier: rate["count"] for tier, rate in first["tiers"].items()} == {
        "inaccuracy": 1,
        "mistake": 1,
        "blunder": 1,
    }
    assert second["tiers"]["mistake"]["low"] == 0.0
    assert second["tiers"]["mistake"]["high"] == pytest.approx(3.841459 / 2, abs=1e-6)
    # The points lost per hand: 0.9 ± 1.286807, floored at 0.
    assert first["cost_per_hand"] == {
        "n": 20,
        "mean": pytest.approx(0.9),
        "se": pytest.approx(0.656546, abs=1e-6),
        "low": 0.0,
        "high": pytest.approx(2.186807, abs=1e-6),
    }
    # The mean cost of a graded decision: (12 + 5 + 1) / 3 = 6.
    assert first["cost"]["n"] == 3 and first["cost"]["mean"] == pytest.approx(6.0)
    (pairs,) = learning["curves"]["4"]["points"]
    assert pairs["cost_per_hand"]["low"] == pytest.approx(0.024422, abs=1e-6)
    assert pairs["tiers"]["blunder"]["low"] == pytest.approx(0.548472 / 3, abs=1e-6)
    assert learning["practice"] == [
        {
            "kind": "puzzle",
            "theme": "count-trumps",
            "answers": 10,
            "correct": 7,
            "share": 0.7,
            "low": pytest.approx(0.396778, abs=1e-6),
            "high": pytest.approx(0.892209, abs=1e-6),
        },
        {
            "kind": "mistake",
            "theme": None,
            "answers": 2,
            "correct": 1,
            "share": 0.5,
            "low": pytest.approx(0.094531, abs=1e-6),
            "high": pytest.approx(0.905469, abs=1e-6),
        },
    ]


def test_a_curve_of_more_points_than_a_screen_shows_is_read_in_larger_blocks(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from guinote_tui.present import learningreport

    fill_learning()
    monkeypatch.setattr(learningreport, "MOST_POINTS", 1)  # (12 by default: 22 hands make 2 points, 1 too many)
    output = CliRunner().invoke(main, ["stats"]).output
    assert "Heads-up: 22 reviewed hands, in blocks of 40" in output
    # One point of 4 graded decisions in 22 hands: 4 + 1.920729 ± 1.959964 × √4.960365, over 22.
    assert any(line.split()[:1] == ["1–22"] and "0.18 (0.07–0.47)" in line for line in output.splitlines())
