"""The coach-stability benchmark: its statistics on hand-built records, and the command on one small hand."""

from __future__ import annotations

import json
import math
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from guinote_lab.coach_stability import (
    best_agreement,
    cost_spread,
    decision_rows,
    flag_kept,
    hand_total_spread,
    main,
    report_lines,
    summarize,
)


def rec(best: str, cost: float, gap: float | None = 5.0, choices: int = 3, phase: str = "phase 1") -> dict[str, Any]:
    return {"best": best, "cost": cost, "gap": gap, "choices": choices, "phase": phase}


def hand(players: int, *runs: list[dict[str, Any]], seconds: float = 1.0) -> dict[str, Any]:
    return {
        "players": players,
        "number": 1,
        "history": None,
        "seeds": {str(i): {"seconds": seconds, "decisions": run} for i, run in enumerate(runs, start=1)},
    }


def test_rows_pair_the_same_decision_across_seeds_and_drop_forced_ones() -> None:
    h = hand(
        2,
        [rec("1O", 0.0), rec("5C", 0.0, choices=1), rec("3E", 2.0)],
        [rec("1O", 1.0), rec("5C", 0.0, choices=1), rec("4E", 0.0)],
    )
    rows = decision_rows(h)
    assert [[r["best"] for r in row] for row in rows] == [["1O", "1O"], ["3E", "4E"]]
    # Seeds are ordered by number, not as text: seed 10 comes after seed 2.
    many = hand(2, *[[rec(str(i), 0.0)] for i in range(1, 11)])
    assert [r["best"] for r in decision_rows(many)[0]] == [str(i) for i in range(1, 11)]
    with pytest.raises(ValueError):
        decision_rows(hand(2, [rec("1O", 0.0)], []))


def test_best_agreement_overall_and_on_clear_gaps() -> None:
    rows = [
        [rec("1O", 0, gap=4.0), rec("1O", 0, gap=3.0)],  # agrees, clear under both
        [rec("1O", 0, gap=5.0), rec("3O", 0, gap=1.0)],  # differs, clear under one only
        [rec("1O", 0, gap=0.5), rec("1O", 0, gap=None)],  # agrees, never clear
        [rec("sing:O", 0, gap=None), rec("sing:O", 0, gap=None)],  # a declaration: agrees, no gap
    ]
    assert best_agreement(rows) == (3, 4)
    assert best_agreement(rows, "any") == (1, 2)
    assert best_agreement(rows, "every") == (1, 1)


def test_flag_kept_counts_decisions_flagged_under_all_seeds_but_one() -> None:
    five = [
        [rec("a", c) for c in (2, 2, 3, 2, 0)],  # 4 of 5: kept
        [rec("a", c) for c in (2, 0, 0, 0, 1.99)],  # 1 of 5: not kept
        [rec("a", c) for c in (0, 0, 0, 0, 0)],  # never flagged: not counted
        [rec("a", c) for c in (5, 5, 5, 5, 5)],  # 5 of 5: kept
    ]
    assert flag_kept(five) == (2, 3)
    assert flag_kept(five, min_flags=5) == (1, 3)
    assert flag_kept([]) == (0, 0)


def test_cost_spread_and_hand_total_spread() -> None:
    rows = [[rec("a", 0.0), rec("a", 2.0)], [rec("a", 1.0), rec("a", 1.0)], [rec("a", 0.0), rec("a", 6.0)]]
    spread = cost_spread(rows)
    sds = [math.sqrt(2.0), 0.0, math.sqrt(18.0)]
    assert spread["sd_mean"] == pytest.approx(sum(sds) / 3)
    assert spread["sd_median"] == pytest.approx(math.sqrt(2.0))
    assert spread["swing_max"] == 6.0
    assert math.isnan(cost_spread([])["sd_mean"])
    # Totals count every decision, forced ones too: hand 1 totals 3 and 7 (spread 4), hand 2 totals 1 and 1.
    h1 = hand(2, [rec("a", 1.0), rec("b", 2.0, choices=1)], [rec("a", 7.0), rec("b", 0.0, choices=1)])
    h2 = hand(4, [rec("a", 1.0)], [rec("a", 1.0)])
    assert hand_total_spread([h1, h2]) == pytest.approx(2.0)


def test_summary_splits_by_table_and_phase() -> None:
    heads_up = hand(
        2,
        [rec("a", 3.0), rec("b", 0.0, phase="arrastre")],
        [rec("c", 0.0), rec("b", 0.0, phase="arrastre")],
        seconds=2.0,
    )
    pairs = hand(4, [rec("a", 0.0, phase="arrastre")], [rec("a", 0.0, phase="arrastre")], seconds=4.0)
    summary = summarize([heads_up, pairs])
    assert summary["all"]["decisions"] == 3 and summary["all"]["best_agrees"] == (2, 3)
    assert summary["heads-up, phase 1"]["best_agrees"] == (0, 1)
    assert summary["heads-up, phase 1"]["flag_kept"] == (1, 1)  # two seeds: flagged under 1 of 2 is "all but one"
    assert summary["all, arrastre"]["best_agrees"] == (2, 2)
    assert summary["pairs, phase 1"]["decisions"] == 0
    assert summary["pairs"]["review_seconds_mean"] == 4.0 and summary["all"]["review_seconds_mean"] == 3.0
    assert "review_seconds_mean" not in summary["heads-up, arrastre"]


def test_command_reviews_one_hand_under_two_seeds_and_resumes(tmp_path: Path) -> None:
    out = tmp_path / "run.json"
    # (a smaller budget than the review's and quicker rivals: the test is of the command, not of the coach)
    args = ["--hands", "1", "--seeds", "2", "--players", "2", "--playouts", "300", "--others", "normal"]
    args += ["--out", str(out)]
    runner = CliRunner()
    result = runner.invoke(main, [*args, "--json"])
    assert result.exit_code == 0, result.output
    figures = json.loads(result.output)["figures"]["heads-up"]
    assert figures["hands"] == 1 and figures["decisions"] > 0
    stored = json.loads(out.read_text(encoding="utf-8"))
    runs = stored["hands"]["2:1"]["seeds"]
    assert sorted(runs) == ["1", "2"]
    # The records are what `guinote review --seed 1` reports for the same history, plus the phase, choices and gap.
    from guinote_tui.coach import DEEP_BUDGET, review_match
    from guinote_tui.engine import load_history

    match = load_history(stored["hands"]["2:1"]["history"])
    expected = [d.to_dict() for d in review_match(match, 0, 1, replace(DEEP_BUDGET, max_playouts=300))]
    assert [{k: r[k] for k in expected[0]} for r in runs["1"]["decisions"]] == expected
    # A second run with the same options reads the file back instead of reviewing again.
    marked = stored["hands"]["2:1"]["seeds"]["1"]
    marked["seconds"] = 123.0
    out.write_text(json.dumps(stored), encoding="utf-8")
    again = runner.invoke(main, [*args, "--json"])
    assert again.exit_code == 0, again.output
    assert json.loads(again.output)["figures"]["heads-up"]["review_seconds_mean"] > 60
    # Another deal seed in the same file is refused in one line.
    other = runner.invoke(main, [*args, "--seed", "2"])
    assert other.exit_code != 0 and "holds another run" in other.output and "Traceback" not in other.output


def test_report_prints_the_goals_and_skips_the_repeated_overall_block_for_one_table() -> None:
    h = hand(4, [rec("a", 3.0), rec("b", 0.0, phase="arrastre")], [rec("a", 3.0), rec("c", 0.0, phase="arrastre")])
    lines = report_lines(summarize([h]), seeds=2)
    assert lines[0] == "pairs: 1 hands, 2 decisions with a choice"
    assert not any(line.startswith("all") for line in lines)
    assert any("best agrees under all 2 seeds: 1/2 (50.0%)" in line for line in lines)
    assert any("(goal <= 1.5)" in line for line in lines) and any("(goal >= 90%)" in line for line in lines)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--player", "wizard"], "unknown bot 'wizard'"),
        (["--others", "open"], "it is the oracle"),
        (["--player", "normal;hard"], "one bot spec only"),
    ],
)
def test_bad_bots_and_unreadable_files_get_one_line(args: list[str], message: str, tmp_path: Path) -> None:
    result = CliRunner().invoke(main, [*args, "--hands", "1"])
    assert result.exit_code != 0 and message in result.output and "Traceback" not in result.output
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    unreadable = CliRunner().invoke(main, ["--hands", "1", "--out", str(bad)])
    assert unreadable.exit_code != 0 and "cannot read it" in unreadable.output
