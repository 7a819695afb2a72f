"""guinote play --plain: the match as a text dialogue on standard input and output, through the command."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from click.testing import CliRunner

from guinote_tui.cli import main
from guinote_tui.engine import Match, save_history
from guinote_tui.game import resume
from guinote_tui.records import Statistics, default_path

#: Cards tried in turn: a card the rules forbid is refused and the question asked again, so the next
#: number is tried; a whole hand goes by like this.
EVERY_CARD = "1\n2\n3\n4\n5\n6\n" * 45


def plain(*options: str, answers: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["play", "--plain", *options], input=answers)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.output


def test_a_whole_hand_through_the_command_is_recorded_and_the_match_kept() -> None:
    status, output = plain("--players", "2", "--level", "easy", "--seed", "3", answers=EVERY_CARD)
    assert status == 0
    assert "\x1b" not in output
    assert output.startswith("Plain mode: Heads-up, bots at level easy, rules aragones, seed 3.\n")
    assert "Trick 20 to " in output and "Hand 1 is over" in output and "This hand: You " in output
    assert " is not allowed: you must " in output
    assert output.rstrip().endswith("(guinote play --continue at the table).")
    # Recorded as the table records it, and kept for --continue.
    with Statistics(default_path()) as stats:
        assert stats.totals().hands == 1
    assert resume.exists()


def test_continue_goes_on_with_the_kept_match_and_without_one_deals_a_new_match() -> None:
    status, output = plain("--continue", "--players", "2", "--level", "easy", answers="q\n")
    assert status == 0
    assert "There is no match in progress to continue: deal a new one." in output
    assert "Plain mode: Heads-up" in output and "You leave the game." in output
    first = resume.load()
    assert first is not None
    status, output = plain("--continue", answers="1\n")
    assert status == 0 and "End of input: you leave the game." in output
    kept = resume.load()
    assert kept is not None and kept.seed == first.seed and len(kept.hand.log) > len(first.hand.log)


def test_a_saved_history_is_resumed_in_plain_mode(tmp_path: Path) -> None:
    match = Match(4, seed=11)
    for _ in range(5):
        match.apply(match.legal_actions()[0])
    path = tmp_path / "match.json"
    save_history(match, path, names=["You", "Right", "Partner", "Left"], table={"seats": {"1": "easy"}})
    status, output = plain("--load", str(path), answers="r\nq\n")
    assert status == 0
    assert "Plain mode: Pairs, bots at level easy" in output
    assert "Hand 1: the tricks so far" in output
    # What was played before is told again, the player's turn where the bots have taken it since.
    assert "You play the As de Copas." in output and "Trick 1 to you: As de Copas wins" in output
    assert "Trick 3. Trumps: Espadas" in output


def test_the_language_of_the_command_line_is_spoken() -> None:
    result = CliRunner().invoke(main, ["--lang", "es", "play", "--plain", "--players", "2", "--seed", "3"], input="")
    assert result.exit_code == 0
    assert "Your cards:" not in result.output and "Plain mode" not in result.output
    assert result.output.count("\n") > 3


def test_a_history_that_cannot_be_resumed_is_one_line(tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_text(json.dumps({"format": "nonsense"}))
    result = CliRunner().invoke(main, ["play", "--plain", "--load", str(path)], input="")
    assert result.exit_code == 1 and len(result.output.strip().splitlines()) == 1


def test_the_command_line_never_replaces_a_kept_match_silently(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """A new deal from the command line asks on a terminal and, elsewhere, refuses in one line naming --new."""
    status, _output = plain("--players", "2", "--level", "easy", "--seed", "3", answers="1\n")
    kept = resume.load()
    assert status == 0 and kept is not None and kept.seed == 3
    for options in (("play", "--plain", "--seed", "303"), ("play", "--players", "4", "--seed", "202")):
        result = CliRunner().invoke(main, list(options), input="1\n")
        assert result.exit_code == 1
        lines = result.output.strip().splitlines()
        assert len(lines) == 1 and "--new" in lines[0] and "--continue" in lines[0], result.output
        still = resume.load()
        assert still is not None and still.seed == 3
    # At a terminal the question is asked; "no" keeps the match.
    monkeypatch.setattr(sys.modules["guinote_tui.cli.play"], "_on_terminal", lambda: True)
    result = CliRunner().invoke(main, ["play", "--plain", "--seed", "303"], input="n\n")
    assert result.exit_code == 0 and "Deal a new one in its place" in result.output
    still = resume.load()
    assert still is not None and still.seed == 3
    # --new deals the new match in its place.
    status, output = plain("--new", "--seed", "303", answers="q\n")
    replaced = resume.load()
    assert status == 0 and replaced is not None and replaced.seed == 303, output
