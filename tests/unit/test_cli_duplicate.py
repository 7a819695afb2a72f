"""guinote practice --duplicate --plain: the day's deals played in plain text, compared, kept, and not dealt twice."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from guinote_tui.cli import main
from guinote_tui.game.duplicate import UNDECIDED, WON, DailyDeal, Score, load_results

ANSWERS = "1\n2\n3\n4\n5\n6\n" * 60


def test_the_daily_duplicate_is_played_compared_kept_and_shared(monkeypatch: pytest.MonkeyPatch) -> None:
    def fixed(deal: DailyDeal, preset: str) -> dict[str, Score]:  # the bots' replay is slow: its figures are fixed
        return {"hard": Score(WON, (101, 60)), "coach": Score(UNDECIDED, (50, 40))}

    monkeypatch.setattr("guinote_tui.plain.daily.bot_scores", fixed)
    result = CliRunner().invoke(main, ["practice", "--duplicate", "--plain", "--day", "2026-12-07"], input=ANSWERS)
    assert result.exit_code == 0, result.output
    said = result.output
    assert said.startswith("The daily duplicate of 2026-12-07: the same deals for everyone today")
    assert "Plain mode: Heads-up" in said and "Plain mode: Pairs" in said
    assert said.count("Hard and the coach now play the same deal from your seat…") == 2
    assert "The hard bot from your seat: juego won, 101 to 60; you did" in said
    assert "Streak: 1 day in a row." in said and "To share: guinote duplicate 2026-12-07 aragones | 1v1: you " in said
    kept = load_results()
    day = next(iter(kept.values()))
    assert {size: sorted(named) for size, named in day.scores.items()} == {
        2: ["coach", "hard", "you"],
        4: ["coach", "hard", "you"],
    }
    # Again the same day: nothing dealt again, the scores told, the same share line.
    again = CliRunner().invoke(main, ["practice", "--duplicate", "--plain", "--day", "2026-12-07"], input="")
    assert again.exit_code == 0 and "Plain mode:" not in again.output
    line = [x for x in said.splitlines() if x.startswith("To share: ")]
    assert line and line == [x for x in again.output.splitlines() if x.startswith("To share: ")]
    # A bad date is one line.
    bad = CliRunner().invoke(main, ["practice", "--duplicate", "--plain", "--day", "2026-02-30"])
    assert bad.exit_code == 2 and "'2026-02-30' is not a date (YYYY-MM-DD)." in bad.output
