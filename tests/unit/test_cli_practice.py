"""guinote practice: its help, and practice in plain text (--plain) through the command."""

from __future__ import annotations

from datetime import date

from click.testing import CliRunner

from guinote_tui.cli import main
from guinote_tui.game.choices import sorted_hand
from guinote_tui.game.practice_session import PracticeSession
from guinote_tui.practice import puzzle_of_the_day
from guinote_tui.records import Statistics, default_path


def test_guinote_practice_help_names_its_tabs_and_the_plain_mode() -> None:
    result = CliRunner().invoke(main, ["practice", "--help"], prog_name="guinote")
    assert result.exit_code == 0
    text = " ".join(result.output.split())
    assert text.startswith("Usage: guinote practice [OPTIONS]")
    assert "the costly decisions kept from the hands you reviewed" in text
    assert "--puzzles Open on the puzzles, the problem of the day first." in text
    assert "--plain Practise in plain text" in text
    assert "practice" in CliRunner().invoke(main, ["--help"]).output


def test_the_problem_of_the_day_in_plain_text_answered_right_then_a_puzzle_wrong_and_kept() -> None:
    daily = puzzle_of_the_day(date.today())
    shown = sorted_hand(daily.view())
    right = shown.index(min(daily.correct)) + 1
    answers = f"{right}\nl\n\nn\nm\nq\n"
    result = CliRunner().invoke(main, ["practice", "--plain", "--puzzles"], input=answers)
    assert result.exit_code == 0, result.output
    output = result.output
    assert "\x1b" not in output
    assert output.startswith("Practice: 1 problem due today.\n")
    assert "A puzzle · Problem of the day · " in output and "Your cards: 1 " in output
    assert "Right: " in output
    assert f"{'You' if daily.line[0][0] == daily.seat else 'Rival'}: play the " in output  # the line of best play
    assert "Nothing is due today in your mistakes." in output and output.rstrip().endswith("You leave practice.")
    with Statistics(default_path()) as stats:
        state = stats.practice_state("puzzle", daily.id)
        assert state is not None and state.right == 1
        following = PracticeSession(stats).puzzle_order()[0]
    # Once more: the problem of the day is no longer first (it was answered today); from the mistakes' tab
    # (nothing due) to the puzzles, a puzzle answered wrong is said so.
    assert following.puzzle is not None and following.ref != daily.id
    wrong = sorted_hand(following.view).index(following.puzzle.wrong[0]) + 1
    result = CliRunner().invoke(main, ["practice", "--plain"], input=f"z\n{wrong}\nq\n")
    assert result.exit_code == 0, result.output
    assert result.output.startswith("Practice: 0 problems due today.\n")
    assert "Problem of the day" not in result.output and "Not the best: " in result.output
