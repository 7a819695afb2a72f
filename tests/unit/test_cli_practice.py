"""guinote practice: its help, and practice in plain text (--plain) through the command."""

from __future__ import annotations

import re
from datetime import date

from click.testing import CliRunner

from guinote_tui.cli import main
from guinote_tui.game.choices import sorted_hand
from guinote_tui.game.practice_session import PracticeSession
from guinote_tui.practice import Puzzle, puzzle_of_the_day, shipped_puzzles
from guinote_tui.records import Statistics, default_path


def aragones_puzzles() -> list[Puzzle]:
    return [p for p in shipped_puzzles() if p.preset == "aragones"]


def test_the_puzzles_are_in_the_rules_the_player_plays_first_and_name_them_with_the_other_rules_a_key_away() -> None:
    result = CliRunner().invoke(main, ["practice", "--plain", "--puzzles"], input="n\no\nn\nq\n")
    assert result.exit_code == 0, result.output
    said = result.output.split("\n")
    rules = [line for line in said if line.startswith("Rules: ")]
    aragones = "Rules: aragonés (sota over caballo, cantes rey + sota, 101 to win)."
    libre = "Rules: libre-100 (caballo over sota, cantes rey + caballo, 100 to win)."
    # The first puzzle in the default preset's rules, named; o: the other preset's puzzles, named too.
    assert rules[0] == aragones and libre in rules[1:] and rules[-1] == libre
    first = next(line for line in said if line.startswith("A puzzle · "))
    assert "Problem of the day" in first


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
    daily = puzzle_of_the_day(date.today(), aragones_puzzles())  # the default rules: aragonés
    shown = sorted_hand(daily.view())
    right = shown.index(min(daily.correct)) + 1
    answers = f"{right}\nl\n\nn\nm\nq\n"
    result = CliRunner().invoke(main, ["practice", "--plain", "--puzzles"], input=answers)
    assert result.exit_code == 0, result.output
    output = result.output
    assert "\x1b" not in output
    assert output.startswith("Practice: 1 problem due today.\n")
    assert "A puzzle · Problem of the day · " in output and "Your cards: 1 " in output
    assert "Rules: aragonés (sota over caballo, cantes rey + sota, 101 to win)." in output
    assert "Right: " in output
    # The rating after the answer, with its change from a newcomer's 1500 and the puzzle's own rating.
    from guinote_tui.practice.puzzles import puzzle_rating

    found = re.search(r"Rating (\d+) ± \d+ \(\+(\d+)\)  ·  this puzzle (\d+)\.", output)
    assert found is not None, output
    assert int(found[1]) - 1500 == int(found[2]) > 0 and int(found[3]) == round(puzzle_rating(daily).rating)
    # The line of best play, each move a sentence.
    assert f"{'You play' if daily.line[0][0] == daily.seat else 'Rival plays'} the " in output
    assert "Rival: play the " not in output and "You: play the " not in output
    assert "Nothing is due today in your mistakes." in output and output.rstrip().endswith("You leave practice.")
    with Statistics(default_path()) as stats:
        state = stats.practice_state("puzzle", daily.id)
        assert state is not None and state.right == 1
        following = PracticeSession(stats, preset="aragones").puzzle_order()[0]
    # Once more: the problem of the day is no longer first (it was answered today); from the mistakes' tab
    # (nothing due) to the puzzles, a puzzle answered wrong is said so.
    assert following.puzzle is not None and following.ref != daily.id
    wrong = sorted_hand(following.view).index(following.puzzle.wrong[0]) + 1
    result = CliRunner().invoke(main, ["practice", "--plain"], input=f"z\n{wrong}\nq\n")
    assert result.exit_code == 0, result.output
    assert result.output.startswith("Practice: nothing is due today.\n")
    assert "Problem of the day" not in result.output and "Not the best: " in result.output


def test_the_help_key_and_leaving_work_on_the_practice_menu() -> None:
    result = CliRunner().invoke(main, ["--lang", "en", "practice", "--plain"], input="?\nq\n")
    assert result.exit_code == 0, result.output
    assert "is not an answer here" not in result.output
    assert result.output.count("z: the puzzles, with the problem of the day") == 2
    assert result.output.rstrip().endswith("You leave practice.")


def test_the_puzzle_help_has_no_placeholder_dash() -> None:
    result = CliRunner().invoke(main, ["--lang", "en", "practice", "--plain", "--puzzles"], input="?\n\nq\n")
    assert result.exit_code == 0, result.output
    assert "—" not in result.output and "A card's number plays it;" in result.output
    assert "is not an answer here" not in result.output


def test_a_puzzle_s_stars_are_said_in_words() -> None:
    result = CliRunner().invoke(main, ["--lang", "en", "practice", "--plain", "--puzzles"], input="q\n")
    assert result.exit_code == 0, result.output
    assert "★" not in result.output and "☆" not in result.output
    assert re.search(r" · [1-5] of 5 stars\.", result.output), result.output


def test_a_card_a_puzzle_does_not_allow_is_refused_naming_the_rule() -> None:
    """As at the table: the card's name and the rule it breaks, then the same puzzle is asked again."""
    import io

    from guinote_tui.engine import Play
    from guinote_tui.plain.practice_dialogue import PlainPractice

    with Statistics(default_path()) as stats:
        practice = PracticeSession(stats, preset="aragones")
        for problem in practice.puzzle_order():
            shown = sorted_hand(problem.view)
            barred = [card for card in shown if Play(card) not in problem.view.legal]
            if barred:
                break
        else:
            raise AssertionError("no puzzle with a card the rules forbid")
        written = io.StringIO()
        dialogue = PlainPractice(practice, io.StringIO(f"{shown.index(barred[0]) + 1}\nn\n"), written, echo=True)
        dialogue._ask(problem)
    said = written.getvalue()
    refused = re.search(rf"^{barred[0].name} is not allowed: (.+)\.$", said, re.M)
    assert refused is not None and len(refused.group(1)) > 10, said[-800:]
    asked = said.split(refused.group(0), 1)[1]
    assert "What do you play?" in asked  # the same puzzle again, not a verdict
    assert "Right" not in asked and "Not the best" not in asked


def test_the_last_draw_chosen_as_a_theme_in_plain_text_says_what_its_puzzles_are_exact_about() -> None:
    with Statistics(default_path()) as stats:
        themes = PracticeSession(stats, preset="aragones").themes()
    steps = themes.index("last-draw") + 1
    result = CliRunner().invoke(main, ["practice", "--plain", "--puzzles"], input="f\n" * steps + "q\n")
    assert result.exit_code == 0, result.output
    after = result.output.split("\nThe last draw.\n", 1)[1]
    asked = after.split("\n")
    assert asked[0].startswith("A puzzle · ") and "The last draw" in asked[0]
    assert asked[1] == "Rules: aragonés (sota over caballo, cantes rey + sota, 101 to win)."
    assert asked[2] == "At the last draw: right whichever unseen card lies in the stock, and exact to the end."
